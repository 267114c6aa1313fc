/**
 * Pure helpers of the quiz renderer (no React, no antd): shared by the console (题库 preview, 试卷 preview / print)
 * and the candidate answering page, whose bundle budget is tight — keep this file free of heavy imports.
 * The rules follow ../shared/reference/quiz-contract.md §1; the server is the authority.
 */

/** question_type values and texts */
export const QUESTION_TYPE_TEXT: Readonly<Record<string, string>> = {
  '1': '单选题',
  '2': '多选题',
  '3': '判断题',
  '4': '填空题',
  '5': '简答题',
};

/** option keys in order: a choice question has 2–8 options keyed A… without gaps */
export const OPTION_KEYS = ['A', 'B', 'C', 'D', 'E', 'F', 'G', 'H'] as const;
export const MIN_OPTIONS = 2;
export const MAX_OPTIONS = 8;

/**
 * Blanks of a 填空 stem: full-width parentheses holding only spaces `（ ）` / `（）`, half-width ones holding at least
 * one space `( )`, or a run of three or more underscores `___`; on the HTML or the plain text (`&nbsp;` is a space).
 * The same expression as the server's (packages/contract quiz rules).
 */
const BLANK = /（(?:\s|&nbsp;|\u3000)*）|\((?:\s|&nbsp;|\u3000)+\)|_{3,}/g;

/** the number of blanks marked in a stem */
export function countBlanks(stem: string | null | undefined): number {
  if (!stem) return 0;
  return stem.match(BLANK)?.length ?? 0;
}

/** the stem's HTML cut around its blanks: n blanks → n + 1 parts (each part is HTML of its own) */
export function splitBlanks(stem: string): string[] {
  return stem.split(BLANK);
}

/** 判断 answers */
export const JUDGE_TEXT: Readonly<Record<string, string>> = { '1': '正确', '0': '错误' };

/** the keys of a stored choice answer ("A,C" → ['A', 'C']) */
export function answerKeys(answer: string | null | undefined): string[] {
  return (answer ?? '')
    .split(',')
    .map((k) => k.trim())
    .filter(Boolean);
}

/** a stored 填空 answer (JSON of the accepted answers per blank) → the lists; [] when it is not one */
export function parseBlankAnswer(answer: string | null | undefined): string[][] {
  if (!answer) return [];
  try {
    const v = JSON.parse(answer) as unknown;
    return Array.isArray(v) ? v.map((b) => (Array.isArray(b) ? b.map(String) : [String(b)])) : [];
  } catch {
    return [];
  }
}

/** a right answer as a person reads it: B · A、C · 正确 · 北京 / Beijing；1949 · the reference text */
export function answerText(type: string, answer: string | null | undefined): string {
  if (answer === null || answer === undefined || answer === '') return '';
  if (type === '1' || type === '2') return answerKeys(answer).join('、');
  if (type === '3') return JUDGE_TEXT[answer] ?? answer;
  if (type === '4')
    return parseBlankAnswer(answer)
      .map((b, i) => `（${i + 1}）${b.join(' / ')}`)
      .join('；');
  return answer;
}

/** two-decimal rounding of scores (0.1 + 0.2 → 0.3) */
export function round2(n: number): number {
  return Math.round((n + Number.EPSILON) * 100) / 100;
}
