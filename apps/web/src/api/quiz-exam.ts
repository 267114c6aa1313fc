import { http, type RequestOptions } from './http';

/** 考试管理, 阅卷, 成绩 and statistics (quiz contract §4) */
export const EXAM_URLS = {
  list: '/answer/exam/list',
  add: '/answer/exam/add',
  edit: '/answer/exam/edit',
  delete: '/answer/exam/delete',
  queryById: '/answer/exam/queryById',
  publish: '/answer/exam/publish',
  close: '/answer/exam/close',
  publishResult: '/answer/exam/publishResult',
  statistics: '/answer/exam/statistics',
  passRates: '/answer/exam/passRates',
} as const;

export const GRADING_URLS = {
  questions: '/answer/grading/questions',
  list: '/answer/grading/list',
  grade: '/answer/grading/grade',
  history: '/answer/grading/history',
} as const;

export const RESULT_URLS = {
  list: '/answer/result/list',
  sheet: '/answer/result/sheet',
  exportXls: '/answer/result/exportXls',
} as const;

/** quiz_exam_status */
export type ExamStatus = '0' | '1' | '2' | '3';

export interface ExamOverride {
  id?: string;
  userId?: string | null;
  reservationId?: string | null;
  candidateName?: string | null;
  extraMinutes?: number | null;
  startTime?: string | null;
  endTime?: string | null;
  remark?: string | null;
}

export interface QuizExam {
  id: string;
  name: string;
  paperId: string;
  paperName?: string | null;
  startTime: string;
  endTime: string;
  duration: number;
  attempts: number;
  userIds?: string | null;
  departIds?: string | null;
  sessionId?: string | null;
  sessionName?: string | null;
  shuffleQuestions?: number;
  shuffleOptions?: number;
  drawPerCandidate?: number;
  partialScore?: number;
  showResult?: string;
  maxSwitches?: number;
  instructions?: string | null;
  totalScore?: number | null;
  passScore?: number | null;
  published?: number;
  closed?: number;
  resultsPublished?: number;
  status: ExamStatus;
  status_dictText?: string;
  attemptCount?: number;
  submittedCount?: number;
  questionCount?: number | null;
  overrides?: ExamOverride[];
  createTime?: string;
}

export interface GradingQuestion {
  questionId: string;
  stem: string;
  referenceAnswer: string;
  score: number;
  total: number;
  graded: number;
  pending: number;
}

export interface GradingAnswer {
  answerId: string;
  attemptId: string;
  questionId: string;
  stem: string;
  referenceAnswer: string;
  fullScore: number;
  candidateName: string | null;
  attemptNo: number;
  attemptStatus: string;
  answer: string;
  score: number | null;
  graded: boolean;
  comment: string | null;
  grader: string | null;
  gradedAt: string | null;
}

export interface GradingPage {
  records: GradingAnswer[];
  total: number;
  current: number;
  size: number;
  progress: { total: number; graded: number; pending: number };
}

export interface GradeHistory {
  oldScore: number | null;
  newScore: number;
  oldComment: string | null;
  newComment: string | null;
  grader: string;
  graderName: string | null;
  createTime: string;
}

export interface ResultRow {
  id: string;
  attemptId: string;
  rank: number | null;
  candidateName: string | null;
  username: string | null;
  candidateType: string;
  departName: string | null;
  attemptNo: number;
  status: string;
  status_dictText?: string;
  totalScore: number | null;
  objectiveScore: number | null;
  subjectiveScore: number | null;
  pass: number | null;
  pass_dictText: string;
  startTime: string | null;
  submitTime: string | null;
  submitBy: string | null;
  usedSeconds?: number | null;
  usedText?: string | null;
  switchCount: number;
}

export interface SheetQuestion {
  answerId: string;
  id: string;
  type: string;
  stem: string;
  options: { key: string; content: string }[] | null;
  section: number;
  fullScore: number;
  rightAnswer: string;
  analysis: string | null;
  answer: string;
  score: number | null;
  auto: number;
  comment: string | null;
  grader: string | null;
  gradedAt: string | null;
}

export interface AnswerSheet {
  attemptId: string;
  examId: string;
  examName: string;
  candidateName: string | null;
  username: string | null;
  attemptNo: number;
  status: string;
  status_dictText?: string;
  startTime: string | null;
  deadline: string | null;
  submitTime: string | null;
  submitBy: string | null;
  usedText: string | null;
  switchCount: number;
  totalScore: number | null;
  objectiveScore: number | null;
  subjectiveScore: number | null;
  pass: number | null;
  passScore: number;
  fullScore: number;
  sections: { title: string; type: string; score: number; count: number }[];
  questions: SheetQuestion[];
}

export interface QuestionStat {
  questionId: string;
  type: string;
  stem: string;
  score: number;
  answered: number;
  correctRate: number | null;
  discrimination: number | null;
  optionCounts: Record<string, number> | null;
  flag: string | null;
}

export interface DepartStat {
  orgCode: string | null;
  departName: string;
  submitted: number;
  mean: number | null;
  max: number | null;
  min: number | null;
  passRate: number | null;
}

export interface ExamStatistics {
  examId: string;
  examName: string;
  fullScore: number;
  passScore: number;
  participants: number;
  started: number;
  submitted: number;
  mean: number | null;
  median: number | null;
  max: number | null;
  min: number | null;
  stdDev: number | null;
  passRate: number | null;
  distribution: { from: number; to: number; count: number }[];
  questions: QuestionStat[];
  departments?: DepartStat[];
}

export interface PassRate {
  examId: string;
  name: string;
  startTime: string | null;
  submitted: number;
  passed: number;
  passRate: number | null;
}

export const queryExam = (id: string) => http.get<QuizExam>(EXAM_URLS.queryById, { id });
export const publishExam = (id: string) => http.put<null>(EXAM_URLS.publish, { id });
export const closeExam = (id: string) => http.put<{ submitted: number }>(EXAM_URLS.close, { id });
export const publishResult = (id: string) => http.put<{ notified: number }>(EXAM_URLS.publishResult, { id });
export const examOptions = (params: Record<string, unknown> = {}) =>
  http.get<{ records: QuizExam[] }>(EXAM_URLS.list, { pageNo: 1, pageSize: 200, ...params });

export const gradingQuestions = (examId: string) => http.get<GradingQuestion[]>(GRADING_URLS.questions, { examId });
export const gradingList = (params: {
  examId: string;
  questionId?: string;
  graded?: string;
  pageNo: number;
  pageSize: number;
}) => http.get<GradingPage>(GRADING_URLS.list, params);
export const gradeAnswer = (body: { answerId: string; score: number; comment: string }) =>
  http.post<{ status: string }>(GRADING_URLS.grade, body);
export const gradeHistory = (answerId: string) => http.get<GradeHistory[]>(GRADING_URLS.history, { answerId });

export const answerSheet = (attemptId: string) => http.get<AnswerSheet>(RESULT_URLS.sheet, { attemptId });
export const examStatistics = (examId: string) => http.get<ExamStatistics>(EXAM_URLS.statistics, { examId });
export const passRates = (limit = 6, opts?: RequestOptions) =>
  http.get<PassRate[]>(EXAM_URLS.passRates, { limit }, opts);
