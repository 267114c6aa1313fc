/**
 * Quiz content rules shared by the server (which enforces them) and the web app (which shows them live):
 * ../shared/reference/quiz-contract.md §1. The server is the authority; these functions only keep both sides in step.
 */

/** question_type dictionary values */
export const QUESTION_TYPES = ['1', '2', '3', '4', '5'] as const;
export type QuestionType = (typeof QUESTION_TYPES)[number];
export const QUESTION_TYPE_TEXT: Record<QuestionType, string> = {
  '1': '单选题',
  '2': '多选题',
  '3': '判断题',
  '4': '填空题',
  '5': '简答题',
};
/** question_difficulty dictionary texts */
export const DIFFICULTY_TEXT: Record<number, string> = { 1: '很易', 2: '较易', 3: '中等', 4: '较难', 5: '很难' };

/** option keys in order; a choice question has 2–8 options keyed A.. without gaps */
export const OPTION_KEYS = ['A', 'B', 'C', 'D', 'E', 'F', 'G', 'H'] as const;
export const MIN_OPTIONS = 2;
export const MAX_OPTIONS = 8;

/**
 * Blanks of a 填空 stem: full-width parentheses holding only spaces `（ ）` / `（）`, half-width ones holding at least
 * one space `( )`, or a run of three or more underscores `___`. Works on the HTML or the plain text of the stem
 * (`&nbsp;` counts as a space).
 */
const BLANK = /（(?:\s|&nbsp;|\u3000)*）|\((?:\s|&nbsp;|\u3000)+\)|_{3,}/g;

export function countBlanks(stem: string | null | undefined): number {
  if (!stem) return 0;
  return stem.match(BLANK)?.length ?? 0;
}

/** the stem split around its blanks (for renderers): n blanks → n + 1 parts */
export function splitBlanks(stem: string): string[] {
  return stem.split(BLANK);
}
