import type { QuestionType, QuizQuestion } from '../../api/quiz';
import {
  answerKeys,
  countBlanks,
  MAX_OPTIONS,
  MIN_OPTIONS,
  OPTION_KEYS,
  parseBlankAnswer,
} from '../../components/quiz/quiz-logic';

/**
 * The question editor's model (题库管理): what the form holds for each type and how it becomes the contract's
 * question (quiz-contract §1). These checks run in the form so that a user sees a problem before the server says it;
 * the server checks the same again.
 */

/** one option in the editor: its content (HTML) and whether it is a right answer; the key follows the position */
export interface EditorOption {
  content: string;
  right: boolean;
}

export interface QuestionFormValues {
  subjectId?: string;
  type?: QuestionType;
  stem?: string;
  options?: EditorOption[];
  /** 判断: '1' 正确 / '0' 错误 */
  judge?: '1' | '0';
  /** 填空: the accepted answers of each blank */
  blankAnswers?: string[][];
  /** 简答: the reference answer */
  reference?: string;
  analysis?: string;
  difficulty?: number;
  score?: number;
  tags?: string;
  status?: '0' | '1';
}

/** the text of rich text (tags dropped, entities decoded, spaces collapsed): the emptiness check of a rich field */
export function plainText(html: string | null | undefined): string {
  if (!html) return '';
  return html
    .replace(/<[^>]*>/g, ' ')
    .replace(/&nbsp;/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/[\s\u3000]+/g, ' ')
    .trim();
}

/** rich text that holds something: text or an image */
export function hasContent(html: string | null | undefined): boolean {
  return plainText(html) !== '' || /<img\s/i.test(html ?? '');
}

/** plain text typed in a one-line option → its HTML (escaped) */
export function textToHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** an option's HTML that is plain text (no tags other than one paragraph): editable in a one-line field */
export function isPlainOption(html: string | null | undefined): boolean {
  const s = (html ?? '').trim().replace(/^<p>([\s\S]*)<\/p>$/, '$1');
  return !/<[a-z!/]/i.test(s);
}

/** the text of a plain option's HTML (the inverse of textToHtml, one paragraph unwrapped) */
export function optionText(html: string | null | undefined): string {
  const s = (html ?? '').trim().replace(/^<p>([\s\S]*)<\/p>$/, '$1');
  return s
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&nbsp;/g, ' ')
    .replace(/&amp;/g, '&');
}

// ---- the option editor's operations (2–8 options, keys A… by position)

export const newOptions = (n = 4): EditorOption[] => Array.from({ length: n }, () => ({ content: '', right: false }));

export function addOption(list: readonly EditorOption[]): EditorOption[] {
  return list.length >= MAX_OPTIONS ? [...list] : [...list, { content: '', right: false }];
}

export function removeOption(list: readonly EditorOption[], i: number): EditorOption[] {
  return list.length <= MIN_OPTIONS ? [...list] : list.filter((_, j) => j !== i);
}

/** moves option i by delta (−1 up, +1 down); its right mark travels with it */
export function moveOption(list: readonly EditorOption[], i: number, delta: number): EditorOption[] {
  const j = i + delta;
  if (j < 0 || j >= list.length) return [...list];
  const out = [...list];
  [out[i], out[j]] = [out[j] as EditorOption, out[i] as EditorOption];
  return out;
}

/** marks option i right: 单选 keeps only it, 多选 toggles it */
export function markRight(list: readonly EditorOption[], i: number, type: QuestionType | undefined): EditorOption[] {
  return list.map((o, j) => (type === '2' ? (j === i ? { ...o, right: !o.right } : o) : { ...o, right: j === i }));
}

/** what is wrong with the options of a choice question (first problem), or null */
export function optionsProblem(
  list: readonly EditorOption[] | undefined,
  type: QuestionType | undefined,
): string | null {
  const options = list ?? [];
  if (options.length < MIN_OPTIONS) return `至少要有 ${MIN_OPTIONS} 个选项`;
  if (options.length > MAX_OPTIONS) return `选项不能超过 ${MAX_OPTIONS} 个（A–H）`;
  const empty = options.findIndex((o) => !hasContent(o.content));
  if (empty >= 0) return `选项 ${OPTION_KEYS[empty]} 的内容不能为空`;
  const seen = new Map<string, number>();
  for (let i = 0; i < options.length; i += 1) {
    const o = options[i] as EditorOption;
    const norm = `${plainText(o.content)}\n${/<img\s/i.test(o.content) ? o.content : ''}`;
    const dup = seen.get(norm);
    if (dup !== undefined) return `选项 ${OPTION_KEYS[dup]} 与选项 ${OPTION_KEYS[i]} 的内容相同`;
    seen.set(norm, i);
  }
  const right = options.filter((o) => o.right).length;
  if (type === '1' && right !== 1) return right === 0 ? '请标出正确答案' : '单选题只能有一个正确答案';
  if (type === '2' && right < 2) return '多选题至少要有两个正确答案';
  return null;
}

/** blanks with at least one accepted answer */
export const filledBlanks = (answers: readonly string[][] | undefined) =>
  (answers ?? []).filter((b) => b.some((a) => a.trim() !== '')).length;

/**
 * the 填空 count rule, as the server words it: `题干中有 3 个空，答案只有 2 个` (or `…答案却有 4 个`); no blank in the
 * stem, or an empty blank, is a problem too
 */
export function blanksProblem(stem: string | undefined, answers: readonly string[][] | undefined): string | null {
  const blanks = countBlanks(stem);
  const list = answers ?? [];
  if (blanks === 0) return '填空题的题干中没有空，请用（ ）或 ___ 标出填空的位置';
  const given = filledBlanks(list);
  if (given < blanks) return `题干中有 ${blanks} 个空，答案只有 ${given} 个`;
  if (given > blanks) return `题干中有 ${blanks} 个空，答案却有 ${given} 个`;
  const empty = list.findIndex((b) => !b.some((a) => a.trim() !== ''));
  if (empty >= 0 && empty < blanks) return `第 ${empty + 1} 个空没有答案`;
  return null;
}

/**
 * the answer rows the editor shows for a stem: one per blank, the typed answers kept; rows beyond the blanks stay
 * while they hold answers (so a removed blank does not silently drop its answers — the count message says so)
 */
export function fitBlankAnswers(stem: string | undefined, answers: readonly string[][] | undefined): string[][] {
  const blanks = countBlanks(stem);
  const list = (answers ?? []).map((b) => [...b]);
  while (list.length < blanks) list.push([]);
  while (list.length > blanks && !(list[list.length - 1] as string[]).some((a) => a.trim() !== '')) list.pop();
  return list;
}

/** a stored question → the form's values */
export function toFormValues(q: Partial<QuizQuestion>): QuestionFormValues {
  const type = (q.type ?? '1') as QuestionType;
  const keys = new Set(answerKeys(q.answer));
  return {
    subjectId: q.subjectId,
    type,
    stem: q.stem ?? '',
    options:
      type === '1' || type === '2'
        ? (q.options ?? []).map((o) => ({ content: o.content, right: keys.has(o.key) }))
        : newOptions(),
    judge: type === '3' ? (q.answer === '0' ? '0' : '1') : undefined,
    blankAnswers: type === '4' ? parseBlankAnswer(q.answer) : [],
    reference: type === '5' ? (q.answer ?? '') : '',
    analysis: q.analysis ?? '',
    difficulty: q.difficulty ?? 3,
    score: q.score ?? 1,
    tags: q.tags ?? undefined,
    status: q.status ?? '1',
  };
}

/** the contract's answer of the form's values */
export function answerOf(v: QuestionFormValues): string {
  switch (v.type) {
    case '1':
    case '2':
      return (v.options ?? [])
        .map((o, i) => (o.right ? OPTION_KEYS[i] : null))
        .filter(Boolean)
        .join(',');
    case '3':
      return v.judge ?? '';
    case '4':
      return JSON.stringify(
        (v.blankAnswers ?? [])
          .map((b) => b.map((a) => a.trim()).filter(Boolean))
          .filter((b, i) => b.length > 0 || i < countBlanks(v.stem)),
      );
    default:
      return (v.reference ?? '').trim();
  }
}

/** the form's values → the body of add / edit */
export function toQuestionBody(v: QuestionFormValues, id?: string): Record<string, unknown> {
  const choice = v.type === '1' || v.type === '2';
  return {
    ...(id ? { id } : {}),
    subjectId: v.subjectId,
    type: v.type,
    stem: v.stem ?? '',
    options: choice ? (v.options ?? []).map((o, i) => ({ key: OPTION_KEYS[i], content: o.content })) : null,
    answer: answerOf(v),
    analysis: hasContent(v.analysis) ? v.analysis : null,
    difficulty: v.difficulty ?? 3,
    score: v.score ?? 1,
    tags: v.tags?.trim() || null,
    status: v.status ?? '1',
  };
}

/** the question as the preview shows it (the form's current values) */
export function previewOf(v: QuestionFormValues) {
  const body = toQuestionBody(v);
  return {
    type: String(v.type ?? '1'),
    stem: v.stem ?? '',
    options: body.options as { key: string; content: string }[] | null,
    score: v.score,
    answer: String(body.answer ?? ''),
    analysis: v.analysis ?? null,
  };
}
