import type { QuestionType, QuizDrawRule, QuizPaper, QuizSection } from '../../api/quiz';
import { QUESTION_TYPE_TEXT, round2 } from '../../components/quiz/quiz-logic';

/**
 * The paper editor's model (试卷编辑): sections (大题) that are fixed (picked questions, ordered) or drawn (rules
 * subject × difficulty × count), the live totals, the checks a user sees before the server's, and the save body
 * (quiz-contract §1: `sections: [{title, type, score, questionIds?, rules?}]`).
 */

export const PAPER_LIST_PATH = '/answer/paper';
export const PAPER_FORM_PATH = '/answer/paper/form';
/** the server's limits (ADR 063) */
export const MAX_SECTIONS = 20;
export const MAX_PAPER_QUESTIONS = 500;

export interface EditorRule {
  key: string;
  subjectId?: string;
  difficulty?: number | null;
  count?: number | null;
}

export interface EditorSection {
  key: string;
  title: string;
  type: QuestionType;
  score: number | null;
  mode: 'fixed' | 'drawn';
  questionIds: string[];
  rules: EditorRule[];
}

let seq = 0;
/** a client key for new rows (sections, rules) */
export const newKey = (prefix: string) => `${prefix}${Date.now().toString(36)}${(seq++).toString(36)}`;

export function newRule(): EditorRule {
  return { key: newKey('r'), subjectId: undefined, difficulty: null, count: 1 };
}

export function newSection(type: QuestionType = '1', mode: 'fixed' | 'drawn' = 'fixed'): EditorSection {
  return {
    key: newKey('s'),
    title: QUESTION_TYPE_TEXT[type] ?? '',
    type,
    score: 2,
    mode,
    questionIds: [],
    rules: mode === 'drawn' ? [newRule()] : [],
  };
}

const positiveInt = (n: unknown) => (typeof n === 'number' && Number.isInteger(n) && n > 0 ? n : 0);

/** the questions a section holds: the picked ones, or the sum of its rules' counts */
export function sectionCount(s: Pick<EditorSection, 'mode' | 'questionIds' | 'rules'>): number {
  return s.mode === 'fixed' ? s.questionIds.length : s.rules.reduce((n, r) => n + positiveInt(r.count), 0);
}

/** the section's score: score per question × its questions */
export function sectionScore(s: EditorSection): number {
  return round2((s.score ?? 0) * sectionCount(s));
}

/** the paper's live totals */
export function paperTotals(sections: readonly EditorSection[]): { count: number; total: number } {
  let count = 0;
  let total = 0;
  for (const s of sections) {
    count += sectionCount(s);
    total += sectionScore(s);
  }
  return { count, total: round2(total) };
}

/** moves an item from one position to another (drag and drop, up / down) */
export function moveItem<T>(list: readonly T[], from: number, to: number): T[] {
  if (from === to || from < 0 || from >= list.length || to < 0 || to >= list.length) return [...list];
  const out = [...list];
  const [x] = out.splice(from, 1);
  out.splice(to, 0, x as T);
  return out;
}

/** the problems of the sections (each message names its section), [] when it may be saved */
export function sectionProblems(sections: readonly EditorSection[]): string[] {
  const out: string[] = [];
  if (!sections.length) out.push('请至少添加一个大题');
  if (sections.length > MAX_SECTIONS) out.push(`大题不能超过 ${MAX_SECTIONS} 个`);
  const seen = new Map<string, number>();
  sections.forEach((s, i) => {
    const name = `第 ${i + 1} 大题${s.title.trim() ? `「${s.title.trim()}」` : ''}`;
    if (!s.title.trim()) out.push(`${name}：请输入大题标题`);
    if (!s.score || s.score <= 0) out.push(`${name}：每题分值必须大于 0`);
    if (s.mode === 'fixed') {
      if (!s.questionIds.length) out.push(`${name}：请选择题目`);
      for (const id of s.questionIds) {
        const at = seen.get(id);
        if (at !== undefined && at !== i) out.push(`${name}：有题目与第 ${at + 1} 大题重复`);
        seen.set(id, i);
      }
    } else {
      if (!s.rules.length) out.push(`${name}：请添加抽题规则`);
      s.rules.forEach((r, j) => {
        if (!r.subjectId) out.push(`${name}：规则 ${j + 1} 请选择题目分类`);
        if (!positiveInt(r.count)) out.push(`${name}：规则 ${j + 1} 的题数必须是正整数`);
      });
    }
  });
  const { count } = paperTotals(sections);
  if (count > MAX_PAPER_QUESTIONS) out.push(`一张试卷最多 ${MAX_PAPER_QUESTIONS} 道题，当前 ${count} 道`);
  return [...new Set(out)];
}

/** the pass score must be within the total */
export function passScoreProblem(pass: number | null | undefined, total: number): string | null {
  if (pass === null || pass === undefined) return null;
  if (pass < 0) return '及格分不能小于 0';
  if (total > 0 && pass > total) return `及格分不能超过总分 ${total} 分`;
  return null;
}

/** a loaded paper's sections → the editor's */
export function toEditorSections(sections: readonly QuizSection[] | undefined): EditorSection[] {
  return (sections ?? []).map((s) => {
    const drawn = s.mode === 'drawn' || (!s.questionIds?.length && !!s.rules?.length);
    return {
      key: newKey('s'),
      title: s.title,
      type: s.type,
      score: s.score,
      mode: drawn ? 'drawn' : 'fixed',
      questionIds: drawn ? [] : [...(s.questionIds ?? [])],
      rules: drawn
        ? (s.rules ?? []).map((r) => ({
            key: newKey('r'),
            subjectId: r.subjectId,
            difficulty: r.difficulty ?? null,
            count: r.count,
          }))
        : [],
    };
  });
}

/** the editor's sections → the wire's */
export function toWireSections(sections: readonly EditorSection[]): QuizSection[] {
  return sections.map((s) =>
    s.mode === 'fixed'
      ? { title: s.title.trim(), type: s.type, score: s.score ?? 0, mode: 'fixed', questionIds: [...s.questionIds] }
      : {
          title: s.title.trim(),
          type: s.type,
          score: s.score ?? 0,
          mode: 'drawn',
          rules: s.rules.map(
            (r): QuizDrawRule => ({
              subjectId: r.subjectId ?? '',
              ...(r.difficulty ? { difficulty: r.difficulty } : {}),
              count: positiveInt(r.count),
            }),
          ),
        },
  );
}

export interface PaperFormValues {
  name?: string;
  passScore?: number | null;
  duration?: number | null;
  remark?: string;
}

export function toPaperBody(
  v: PaperFormValues,
  sections: readonly EditorSection[],
  id?: string,
): Record<string, unknown> {
  return {
    ...(id ? { id } : {}),
    name: (v.name ?? '').trim(),
    passScore: v.passScore ?? 0,
    duration: v.duration ?? 0,
    remark: v.remark?.trim() || null,
    sections: toWireSections(sections),
  };
}

export function toPaperValues(p: QuizPaper): PaperFormValues {
  return { name: p.name, passScore: p.passScore, duration: p.duration, remark: p.remark ?? undefined };
}

/** the server's refusal of a rule that can not be met: `规则「…」题目不足：需要 5 道，只有 3 道` */
export function isShortRuleMessage(message: string | undefined): boolean {
  return /规则「.*」题目不足/.test(message ?? '');
}

/** saves made on the form page, so the kept-alive list reloads when it shows again */
let saves = 0;
const listeners = new Set<() => void>();
export const papersSaved = () => saves;
export function paperChanged(): void {
  saves += 1;
  for (const l of listeners) l();
}
export function onPapersChanged(l: () => void): () => void {
  listeners.add(l);
  return () => listeners.delete(l);
}
