import { and, eq } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { type AttemptSnapshot, quizAttempt, quizExam, quizExamOverride } from '../../db/schema/index.ts';
import { fanOutHealthy, LocalCache, onFanOutReset } from '../../platform/local-cache.ts';
import type { Override } from './rules.ts';
import type { ScoringQuestion } from './scoring.ts';

/**
 * Per-node caches of the exam-day hot path (docs/decisions/069-exam-day-hot-path.md, ADR 014 rules):
 *
 * - exam definitions (the quiz_exam row with its paper snapshot, and its overrides) by id: every write of an exam or
 *   an override calls `examChanged(ctx, id)` after its commit, which drops the entry here and publishes on
 *   `quiz:exam` so every node drops it too; served only while the fan-out is up; a 5-minute TTL is the safety net.
 * - what `save` needs of an attempt (its exam, its candidate, the questions' types, options and blanks): immutable
 *   once the attempt exists, so kept without invalidation (bounded LRU-ish map). Status and deadline are NOT cached:
 *   the save statement checks them in the database.
 */

export const EXAM_CHANNEL = 'quiz:exam';

export type ExamRow = typeof quizExam.$inferSelect;
export interface ExamDef {
  exam: ExamRow;
  overrides: Map<string, Override>;
}

export interface AttemptMeta {
  examId: string;
  candidateKey: string;
  tenantId: number;
  questions: Map<string, ScoringQuestion>;
  /** what `start` shows of the snapshot: sections and the questions without answer or analysis */
  view: { totalScore: number; sections: AttemptSnapshot['sections']; questions: PublicQuestion[] };
}

export type PublicQuestion = ReturnType<typeof publicQuestion>;

/** the question as the candidate sees it while answering: no answer, no analysis */
export function publicQuestion(q: AttemptSnapshot['questions'][number]) {
  return {
    id: q.id,
    type: q.type,
    stem: q.stem,
    options: q.options,
    score: q.score,
    blanks: q.type === '4' ? q.blanks : null,
    section: q.section,
  };
}

interface State {
  exams: LocalCache<ExamDef | null>;
  attempts: LocalCache<AttemptMeta>;
}

const states = new WeakMap<AppContext, State>();

function stateOf(ctx: AppContext): State {
  let s = states.get(ctx);
  if (!s) {
    const exams = new LocalCache<ExamDef | null>({ ttlMs: 300_000, max: 2_000, trusted: fanOutHealthy(ctx.pubsub) });
    const attempts = new LocalCache<AttemptMeta>({ ttlMs: 3_600_000, max: 50_000 });
    s = { exams, attempts };
    states.set(ctx, s);
    void ctx.pubsub
      .subscribe(EXAM_CHANNEL, (m) => {
        const id = (m as { id?: string } | null)?.id;
        if (id) exams.drop(id);
        else exams.clear();
      })
      .catch((err) => ctx.log.warn({ err }, 'quiz exam cache: subscribe failed'));
    onFanOutReset(ctx.pubsub, () => exams.clear());
  }
  return s;
}

/** starts listening for invalidations (called when the module is registered) */
export function startExamCache(ctx: AppContext): void {
  stateOf(ctx);
}

export async function loadExamDef(ctx: AppContext, id: string): Promise<ExamDef | null> {
  const [exam] = await ctx.db
    .select()
    .from(quizExam)
    .where(and(eq(quizExam.id, id), eq(quizExam.delFlag, 0)))
    .limit(1);
  if (!exam) return null;
  const rows = await ctx.db.select().from(quizExamOverride).where(eq(quizExamOverride.examId, id));
  const overrides = new Map<string, Override>();
  for (const r of rows)
    overrides.set(r.candidateKey, { extraMinutes: r.extraMinutes, startTime: r.startTime, endTime: r.endTime });
  return { exam, overrides };
}

/** the exam definition (cached per node), or null when absent or deleted */
export function examDef(ctx: AppContext, id: string): Promise<ExamDef | null> {
  return stateOf(ctx).exams.get(id, () => loadExamDef(ctx, id));
}

/** after a committed change of an exam or its overrides: drop it here and on every node */
export async function examChanged(ctx: AppContext, id: string): Promise<void> {
  stateOf(ctx).exams.drop(id);
  try {
    await ctx.pubsub.publish(EXAM_CHANNEL, { id });
  } catch (err) {
    ctx.log.warn({ err }, 'quiz exam cache: invalidation not published');
  }
}

export function metaOf(row: { examId: string; candidateKey: string; tenantId: number; snapshot: AttemptSnapshot }) {
  const questions = new Map<string, ScoringQuestion>();
  for (const q of row.snapshot.questions)
    questions.set(q.id, { type: q.type, answer: q.answer, score: q.score, options: q.options, blanks: q.blanks });
  return {
    examId: row.examId,
    candidateKey: row.candidateKey,
    tenantId: row.tenantId,
    questions,
    view: {
      totalScore: row.snapshot.totalScore,
      sections: row.snapshot.sections,
      questions: row.snapshot.questions.map(publicQuestion),
    },
  };
}

/** the immutable part of an attempt (cached per node), or null */
export async function attemptMeta(ctx: AppContext, attemptId: string): Promise<AttemptMeta | null> {
  const cache = stateOf(ctx).attempts;
  const hit = cache.peek(attemptId);
  if (hit) return hit;
  // an unknown id is not remembered (it may be an attempt another node is creating)
  const [row] = await ctx.db
    .select({
      examId: quizAttempt.examId,
      candidateKey: quizAttempt.candidateKey,
      tenantId: quizAttempt.tenantId,
      snapshot: quizAttempt.snapshot,
    })
    .from(quizAttempt)
    .where(eq(quizAttempt.id, attemptId))
    .limit(1);
  if (!row) return null;
  const meta = metaOf(row);
  cache.set(attemptId, meta);
  return meta;
}

/** an attempt just created on this node: its meta is known without a read */
export function rememberAttempt(ctx: AppContext, id: string, meta: AttemptMeta): void {
  stateOf(ctx).attempts.set(id, meta);
}
