import { http, type RequestOptions } from './http';

/**
 * The quiz content (issue 24; ../shared/reference/quiz-contract.md §1, §4): 题目分类 (subjects), 题库 (questions) and
 * 试卷 (papers) of modules/quiz-bank on the server.
 */

export const SUBJECT_URLS = {
  list: '/answer/subject/list',
  add: '/answer/subject/add',
  edit: '/answer/subject/edit',
  delete: '/answer/subject/delete',
} as const;

export const QUESTION_URLS = {
  list: '/answer/question/list',
  add: '/answer/question/add',
  edit: '/answer/question/edit',
  delete: '/answer/question/delete',
  deleteBatch: '/answer/question/deleteBatch',
  queryById: '/answer/question/queryById',
  exportXls: '/answer/question/exportXls',
  importExcel: '/answer/question/importExcel',
  template: '/answer/question/template',
  status: '/answer/question/status',
  copy: '/answer/question/copy',
  checkStem: '/answer/question/checkStem',
  wordPreview: '/answer/question/importWord/preview',
  wordImport: '/answer/question/importWord',
  wordSample: '/answer/question/wordSample',
} as const;

export const PAPER_URLS = {
  list: '/answer/paper/list',
  add: '/answer/paper/add',
  edit: '/answer/paper/edit',
  delete: '/answer/paper/delete',
  deleteBatch: '/answer/paper/deleteBatch',
  queryById: '/answer/paper/queryById',
  preview: '/answer/paper/preview',
  copy: '/answer/paper/copy',
} as const;

/** '1' 单选, '2' 多选, '3' 判断, '4' 填空, '5' 简答 (dictionary question_type) */
export type QuestionType = '1' | '2' | '3' | '4' | '5';

export interface QuizSubject {
  id: string;
  name: string;
  code: string | null;
  parentId: string;
  sortNo?: number;
  /** questions directly in the subject, when the server counts them */
  questionCount?: number;
  children?: QuizSubject[];
}

export interface QuizOption {
  key: string;
  content: string;
}

export interface QuizQuestion {
  id: string;
  subjectId: string;
  subjectName?: string | null;
  subjectId_dictText?: string | null;
  type: QuestionType;
  type_dictText?: string;
  stem: string;
  stemText?: string;
  options: QuizOption[] | null;
  answer: string;
  analysis: string | null;
  difficulty: number;
  difficulty_dictText?: string;
  score: number;
  tags: string | null;
  status: '0' | '1';
  status_dictText?: string;
  blanks?: number;
  createBy?: string | null;
  createTime?: string | null;
  updateTime?: string | null;
}

export interface QuizDrawRule {
  subjectId: string;
  difficulty?: number | null;
  count: number;
}

export interface QuizSection {
  id?: string;
  title: string;
  type: QuestionType;
  score: number;
  mode?: 'fixed' | 'drawn';
  questionIds?: string[];
  rules?: QuizDrawRule[];
  /** the questions of a fixed section as the server answers them with queryById (for the editor) */
  questions?: QuizQuestion[];
}

export interface QuizPaper {
  id: string;
  name: string;
  passScore: number;
  duration: number;
  totalScore: number;
  questionCount: number;
  status?: string;
  remark?: string | null;
  sections?: QuizSection[];
  createBy?: string | null;
  createTime?: string | null;
  updateTime?: string | null;
}

/** a question of a paper preview / snapshot: no answer, as a candidate sees it (answers kept when the server sends them) */
export interface PreviewQuestion {
  id: string;
  type: QuestionType;
  stem: string;
  options?: QuizOption[] | null;
  blanks?: number;
  score: number;
  answer?: string | null;
  analysis?: string | null;
}

export interface PreviewSection {
  title: string;
  type: QuestionType;
  score: number;
  questions: PreviewQuestion[];
}

export interface PaperPreview {
  paperId?: string;
  name?: string;
  passScore?: number;
  duration?: number;
  totalScore: number;
  questionCount?: number;
  sections: PreviewSection[];
}

/** a question read from a Word document that passed every check (as the preview answers it) */
export interface WordQuestion {
  /** its number in the document */
  no: number;
  subjectName?: string | null;
  type: QuestionType;
  stem: string;
  options?: QuizOption[] | null;
  answer: string;
  analysis?: string | null;
  difficulty?: number;
  score?: number;
}

/** the preview of a Word import: nothing is stored; `errors` lists every problem of the refused questions */
export interface WordPreview {
  total: number;
  valid: number;
  errors: { no: number; message: string }[];
  questions: WordQuestion[];
}

/** an unsaved paper drawn (POST preview) or a saved one (GET preview?id=) */
export type PaperPreviewInput = string | Record<string, unknown>;

export const subjectTree = (opts?: RequestOptions) => http.get<QuizSubject[]>(SUBJECT_URLS.list, undefined, opts);
export const addSubject = (body: Partial<QuizSubject>) => http.post<string>(SUBJECT_URLS.add, body);
export const editSubject = (body: Partial<QuizSubject>) => http.put<null>(SUBJECT_URLS.edit, body);
export const deleteSubject = (id: string) => http.delete<null>(SUBJECT_URLS.delete, { id });

export const queryQuestion = (id: string) => http.get<QuizQuestion>(QUESTION_URLS.queryById, { id });
export const addQuestion = (body: Record<string, unknown>) => http.post<string>(QUESTION_URLS.add, body);
export const editQuestion = (body: Record<string, unknown>) => http.put<null>(QUESTION_URLS.edit, body);
export const listQuestions = (params: Record<string, unknown>, opts?: RequestOptions) =>
  http.get<{ records: QuizQuestion[]; total: number }>(QUESTION_URLS.list, params, opts);
/** 启用 ('1') / 停用 ('0') of one or several questions */
export const setQuestionStatus = (ids: readonly string[], status: '0' | '1') =>
  http.post<null>(QUESTION_URLS.status, { ids: ids.join(','), status });
export const copyQuestion = (id: string) => http.post<string>(QUESTION_URLS.copy, { id });
/** the same-stem check of the form: the questions of the subject with this stem (the edited one left out) */
export const checkStem = (body: { subjectId: string; stem: string; id?: string }) =>
  http.post<{ duplicate: boolean; questions: { id: string; stemText?: string }[] }>(QUESTION_URLS.checkStem, body, {
    silent: true,
  });
export const downloadTemplate = () => http.download(QUESTION_URLS.template, undefined, '题目导入模板.xlsx');
export const downloadWordSample = () => http.download(QUESTION_URLS.wordSample, undefined, '题目导入示例.docx');
const wordForm = (file: File) => {
  const fd = new FormData();
  fd.append('file', file, file.name);
  return fd;
};
/** reads the document and checks every question; nothing is stored */
export const previewWord = (file: File, onProgress?: (p: number) => void) =>
  http.upload<WordPreview>(
    QUESTION_URLS.wordPreview,
    wordForm(file),
    onProgress ? { onUploadProgress: onProgress } : {},
  );
/** imports the good questions of the document (code 201 + an error file when some were refused) */
export const importWord = (file: File, onProgress?: (p: number) => void) =>
  http.upload<unknown>(QUESTION_URLS.wordImport, wordForm(file), onProgress ? { onUploadProgress: onProgress } : {});

export const queryPaper = (id: string) => http.get<QuizPaper>(PAPER_URLS.queryById, { id });
export const addPaper = (body: Record<string, unknown>) => http.post<string>(PAPER_URLS.add, body);
export const editPaper = (body: Record<string, unknown>) => http.put<null>(PAPER_URLS.edit, body);
export const copyPaper = (id: string) => http.post<string>(PAPER_URLS.copy, { id });
/** a saved paper (its id) or the editor's unsaved body, drawn as a candidate would get it */
export const previewPaper = (input: PaperPreviewInput) =>
  typeof input === 'string'
    ? http.get<PaperPreview>(PAPER_URLS.preview, { id: input })
    : http.post<PaperPreview>(PAPER_URLS.preview, input);
