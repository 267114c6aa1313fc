/**
 * Drawing a paper (试卷抽题) — the one function exams build on (docs/decisions/063-quiz-snapshots.md).
 *
 * ```ts
 * drawPaper(db, paperId, { tenantId, random? }): Promise<PaperSnapshot>
 * ```
 * - `tenantId`: the caller's tenant (null = every tenant: platform administrator, server jobs). The paper must belong
 *   to it; questions are always taken from the PAPER's tenant.
 * - fixed sections: their questions in the stored order (a deleted question is left out — deleting one that a fixed
 *   section uses is refused, so this only happens to rows deleted behind the API);
 * - drawn sections: for each rule, `count` enabled (status '1', not deleted) questions of the section's type from the
 *   rule's subject and its whole sub-tree (and the rule's difficulty when given), uniformly at random;
 * - no question twice in one paper (fixed questions are excluded from every pool, each draw from the later pools);
 * - a rule that cannot be met throws bizError('规则「…」题目不足：需要 5 道，只有 3 道');
 * - `random` (default Math.random) makes draws reproducible in tests.
 *
 * The result is a self-contained snapshot (stems, options, answers, scores): exams store it at publish, attempts at
 * start, so later edits of questions or papers never change them. `checkPaperRules` is the same availability check
 * run when a paper is saved.
 */
import { DIFFICULTY_TEXT, QUESTION_TYPE_TEXT, type QuestionType } from '@answer/contract';
import { and, asc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { type QuizDrawRule, quizPaper, quizPaperSection, quizQuestion, quizSubject } from '../../db/schema/index.ts';
import { bizError } from '../../platform/errors.ts';

export interface QuestionSnapshot {
  id: string;
  type: QuestionType;
  stem: string;
  options: { key: string; content: string }[] | null;
  answer: string;
  analysis: string | null;
  difficulty: number;
  /** the section's score per question */
  score: number;
  /** type 4: count of blanks, else 0 */
  blanks: number;
}

export interface SectionSnapshot {
  title: string;
  type: string;
  /** score per question */
  score: number;
  questions: QuestionSnapshot[];
}

export interface PaperSnapshot {
  paperId: string;
  name: string;
  passScore: number;
  /** minutes */
  duration: number;
  /** Σ section score × question count */
  totalScore: number;
  sections: SectionSnapshot[];
}

export interface DrawOptions {
  /** the caller's tenant; null = every tenant */
  tenantId: number | null;
  /** a [0, 1) generator; Math.random by default */
  random?: () => number;
}

/** A section as drawing needs it (stored rows and not-yet-saved paper forms alike). */
export interface SectionSpec {
  title: string;
  type: string;
  score: number;
  mode: 'fixed' | 'drawn';
  questionIds: string[];
  rules: QuizDrawRule[];
}

export async function drawPaper(db: Db, paperId: string, opts: DrawOptions): Promise<PaperSnapshot> {
  const where: SQL[] = [eq(quizPaper.id, paperId)];
  if (opts.tenantId !== null) where.push(eq(quizPaper.tenantId, opts.tenantId));
  const [paper] = await db
    .select()
    .from(quizPaper)
    .where(and(...where));
  if (!paper) throw bizError('试卷不存在');
  const rows = await db
    .select()
    .from(quizPaperSection)
    .where(eq(quizPaperSection.paperId, paper.id))
    .orderBy(asc(quizPaperSection.sortNo));
  const sections: SectionSpec[] = rows.map((r) => ({
    title: r.title,
    type: r.type,
    score: Number(r.score),
    mode: r.mode === 'drawn' ? 'drawn' : 'fixed',
    questionIds: r.questionIds ?? [],
    rules: r.rules ?? [],
  }));
  const drawn = await drawSections(db, paper.tenantId, sections, opts.random ?? Math.random);
  return {
    paperId: paper.id,
    name: paper.name,
    passScore: Number(paper.passScore),
    duration: paper.duration,
    totalScore: round2(drawn.reduce((s, x) => s + x.score * x.questions.length, 0)),
    sections: drawn,
  };
}

/** Draws `sections` against the questions of `tenantId` (the paper's tenant). */
export async function drawSections(
  db: Db,
  tenantId: number,
  sections: SectionSpec[],
  random: () => number = Math.random,
): Promise<SectionSnapshot[]> {
  const fixedIds = [...new Set(sections.flatMap((s) => (s.mode === 'fixed' ? s.questionIds : [])))];
  const used = new Set<string>(fixedIds);
  const picked: string[][] = [];
  const tree = sections.some((s) => s.mode === 'drawn') ? await subjectTree(db, tenantId) : null;
  for (const s of sections) {
    if (s.mode === 'fixed') {
      picked.push(s.questionIds);
      continue;
    }
    const ids: string[] = [];
    for (const rule of s.rules) {
      const pool = (await poolOf(db, tenantId, tree as SubjectTree, s.type, rule)).filter((id) => !used.has(id));
      if (pool.length < rule.count) throw bizError(shortOf(s, rule, tree as SubjectTree, pool.length));
      for (const id of sample(pool, rule.count, random)) {
        used.add(id);
        ids.push(id);
      }
    }
    picked.push(ids);
  }
  const all = [...new Set(picked.flat())];
  const byId = new Map<string, QuestionSnapshot>();
  for (let i = 0; i < all.length; i += 1000) {
    const chunk = all.slice(i, i + 1000);
    const qs = await db
      .select()
      .from(quizQuestion)
      .where(and(inArray(quizQuestion.id, chunk), eq(quizQuestion.tenantId, tenantId), eq(quizQuestion.delFlag, 0)));
    for (const q of qs) {
      byId.set(q.id, {
        id: q.id,
        type: q.type as QuestionType,
        stem: q.stem,
        options: q.options ?? null,
        answer: q.answer,
        analysis: q.analysis ?? null,
        difficulty: q.difficulty,
        score: 0,
        blanks: q.type === '4' ? q.blanks : 0,
      });
    }
  }
  return sections.map((s, i) => ({
    title: s.title,
    type: s.type,
    score: s.score,
    questions: picked[i]
      .map((id) => byId.get(id))
      .filter((q): q is QuestionSnapshot => !!q)
      .map((q) => ({ ...q, score: s.score })),
  }));
}

/**
 * Checks that every rule of `sections` can be met (the paper form's save): the same pools and exclusions as a draw,
 * counted instead of drawn. Throws the first shortfall as bizError; fixed sections are checked elsewhere.
 */
export async function checkPaperRules(db: Db, tenantId: number, sections: SectionSpec[]): Promise<void> {
  if (!sections.some((s) => s.mode === 'drawn')) return;
  // a draw with a fixed seed meets the rules iff the rules can be met in this order (pools are counted the same way)
  await drawRulesOnly(db, tenantId, sections);
}

async function drawRulesOnly(db: Db, tenantId: number, sections: SectionSpec[]): Promise<void> {
  const used = new Set<string>(sections.flatMap((s) => (s.mode === 'fixed' ? s.questionIds : [])));
  const tree = await subjectTree(db, tenantId);
  let seed = 1;
  const random = () => {
    seed = (seed * 16807) % 2147483647;
    return seed / 2147483647;
  };
  for (const s of sections) {
    if (s.mode !== 'drawn') continue;
    for (const rule of s.rules) {
      const pool = (await poolOf(db, tenantId, tree, s.type, rule)).filter((id) => !used.has(id));
      if (pool.length < rule.count) throw bizError(shortOf(s, rule, tree, pool.length));
      for (const id of sample(pool, rule.count, random)) used.add(id);
    }
  }
}

// ---------------------------------------------------------------- subjects

export interface SubjectTree {
  names: Map<string, string>;
  children: Map<string, string[]>;
}

/** every subject of a tenant, as parent → children */
export async function subjectTree(db: Db, tenantId: number): Promise<SubjectTree> {
  const rows = await db
    .select({ id: quizSubject.id, parentId: quizSubject.parentId, name: quizSubject.name })
    .from(quizSubject)
    .where(eq(quizSubject.tenantId, tenantId));
  const names = new Map<string, string>();
  const children = new Map<string, string[]>();
  for (const r of rows) {
    names.set(r.id, r.name);
    const list = children.get(r.parentId);
    if (list) list.push(r.id);
    else children.set(r.parentId, [r.id]);
  }
  return { names, children };
}

/** a subject and all its descendants (cycle-safe) */
export function subTreeIds(tree: SubjectTree, rootId: string): string[] {
  const out: string[] = [];
  const seen = new Set<string>();
  const stack = [rootId];
  while (stack.length) {
    const id = stack.pop() as string;
    if (seen.has(id)) continue;
    seen.add(id);
    out.push(id);
    for (const c of tree.children.get(id) ?? []) stack.push(c);
  }
  return out;
}

async function poolOf(db: Db, tenantId: number, tree: SubjectTree, type: string, rule: QuizDrawRule) {
  if (!tree.names.has(rule.subjectId)) return [];
  const subjects = subTreeIds(tree, rule.subjectId);
  const where: SQL[] = [
    eq(quizQuestion.tenantId, tenantId),
    eq(quizQuestion.delFlag, 0),
    eq(quizQuestion.status, '1'),
    eq(quizQuestion.type, type),
    inArray(quizQuestion.subjectId, subjects),
  ];
  if (rule.difficulty) where.push(eq(quizQuestion.difficulty, rule.difficulty));
  const rows = await db
    .select({ id: quizQuestion.id })
    .from(quizQuestion)
    .where(and(...where))
    .orderBy(sql`${quizQuestion.id}`);
  return rows.map((r) => r.id);
}

/** the rule's label in messages: 「单选题 · 数学 · 较难」 */
export function ruleLabel(section: Pick<SectionSpec, 'title' | 'type'>, rule: QuizDrawRule, tree: SubjectTree) {
  const parts = [section.title || QUESTION_TYPE_TEXT[section.type as QuestionType] || ''];
  parts.push(tree.names.get(rule.subjectId) ?? '未知分类');
  if (rule.difficulty) parts.push(DIFFICULTY_TEXT[rule.difficulty] ?? String(rule.difficulty));
  return parts.filter(Boolean).join(' · ');
}

function shortOf(section: SectionSpec, rule: QuizDrawRule, tree: SubjectTree, have: number) {
  return `规则「${ruleLabel(section, rule, tree)}」题目不足：需要 ${rule.count} 道，只有 ${have} 道`;
}

/** `n` distinct elements of `pool`, uniformly (partial Fisher–Yates on a copy) */
function sample<T>(pool: T[], n: number, random: () => number): T[] {
  const a = pool.slice();
  for (let i = 0; i < n; i++) {
    const j = i + Math.floor(random() * (a.length - i));
    [a[i], a[j]] = [a[j], a[i]];
  }
  return a.slice(0, n);
}

function round2(n: number) {
  return Math.round(n * 100) / 100;
}
