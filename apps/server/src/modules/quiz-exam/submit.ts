import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.ts';
import { quizAnswer, quizAttempt, quizExam } from '../../db/schema/index.ts';
import { ATTEMPT_STATUS } from './rules.ts';
import { scoreAnswer, totalsOf } from './scoring.ts';

/**
 * Submitting an attempt (docs/decisions/068-attempt-snapshot-and-answer-upsert.md, 070-expired-attempts.md).
 *
 * One transaction: the claim `update quiz_attempt set status = '1' … where id = ? and status = '0'` (whoever wins it
 * submits; a second caller — another node's job, the candidate's own click, the leave-page limit — gets no row and
 * changes nothing), then every question of the snapshot is scored (contract §3) and written in one upsert (a row per
 * question, unanswered ones with an empty answer, so sheets and statistics see every question), then the totals.
 * A `save` holds a share lock on the attempt row while it writes, so the claim waits for saves in flight and a save
 * arriving after the claim finds the attempt submitted: nothing is stored after submission.
 */

export type SubmitBy = 'candidate' | 'timeout' | 'switch' | 'close';

/** the database's clock (one clock for every node) as a UTC timestamp */
export const DB_NOW = sql`(now() at time zone 'utc')`;

export interface Submitted {
  /** this call submitted it (false: it was submitted before) */
  submitted: boolean;
  status: string;
}

export async function submitAttempt(
  app: FastifyInstance,
  attemptId: string,
  by: SubmitBy,
  candidateKey?: string,
): Promise<Submitted> {
  return app.ctx.db.transaction(async (tx) => {
    const [a] = await tx
      .update(quizAttempt)
      .set({
        status: ATTEMPT_STATUS.submitted,
        // a timed-out attempt ends at its deadline, whenever the job gets to it
        submitTime: by === 'timeout' ? sql`least(${DB_NOW}, ${quizAttempt.deadline})` : DB_NOW,
        submitBy: by,
      })
      .where(
        and(
          eq(quizAttempt.id, attemptId),
          eq(quizAttempt.status, ATTEMPT_STATUS.open),
          candidateKey ? eq(quizAttempt.candidateKey, candidateKey) : undefined,
        ),
      )
      .returning();
    if (!a) {
      const [cur] = await tx
        .select({ status: quizAttempt.status })
        .from(quizAttempt)
        .where(eq(quizAttempt.id, attemptId));
      return { submitted: false, status: cur?.status ?? '' };
    }
    const status = await gradeAttempt(tx as unknown as Db, a);
    return { submitted: true, status };
  });
}

/** scores every question of a just-claimed attempt and stores the totals; returns the attempt's new status */
async function gradeAttempt(db: Db, a: typeof quizAttempt.$inferSelect): Promise<string> {
  const [exam] = await db
    .select({ partialScore: quizExam.partialScore })
    .from(quizExam)
    .where(eq(quizExam.id, a.examId));
  const rules = { partialScore: Number(exam?.partialScore ?? 0) };
  const stored = await db
    .select({ questionId: quizAnswer.questionId, answer: quizAnswer.answer })
    .from(quizAnswer)
    .where(eq(quizAnswer.attemptId, a.id));
  const given = new Map(stored.map((r) => [r.questionId, r.answer]));
  const now = new Date();
  const rows = a.snapshot.questions.map((q) => {
    const answer = given.get(q.id) ?? '';
    const s = scoreAnswer(q, answer, rules);
    return { q, answer, s };
  });
  if (rows.length) {
    await db
      .insert(quizAnswer)
      .values(
        rows.map(({ q, answer, s }) => ({
          attemptId: a.id,
          questionId: q.id,
          answer,
          score: s.score,
          auto: s.auto ? 1 : 0,
          updatedAt: now,
        })),
      )
      .onConflictDoUpdate({
        target: [quizAnswer.attemptId, quizAnswer.questionId],
        set: { score: sql`excluded.score`, auto: sql`excluded.auto` },
      });
  }
  return storeTotals(
    db,
    a,
    rows.map(({ q, s }) => ({ type: q.type, score: s.score })),
  );
}

/**
 * Stores the attempt's totals of the given question scores (null: not graded yet); the attempt is graded once every
 * question has a score, submitted until then. Returns that status.
 */
async function storeTotals(
  db: Db,
  a: Pick<typeof quizAttempt.$inferSelect, 'id' | 'snapshot'>,
  scores: Parameters<typeof totalsOf>[0],
): Promise<string> {
  const totals = totalsOf(scores, a.snapshot.passScore);
  const status = totals.complete ? ATTEMPT_STATUS.graded : ATTEMPT_STATUS.submitted;
  await db
    .update(quizAttempt)
    .set({
      objectiveScore: totals.objective,
      subjectiveScore: totals.subjective,
      totalScore: totals.total,
      pass: totals.pass ? 1 : 0,
      status,
    })
    .where(eq(quizAttempt.id, a.id));
  return status;
}

/** recomputes an attempt's totals from its answer rows (after a grade); returns the new status */
export async function refreshTotals(db: Db, attemptId: string): Promise<string> {
  const [a] = await db.select().from(quizAttempt).where(eq(quizAttempt.id, attemptId));
  const scores = await db
    .select({ questionId: quizAnswer.questionId, score: quizAnswer.score })
    .from(quizAnswer)
    .where(eq(quizAnswer.attemptId, attemptId));
  const byId = new Map(scores.map((s) => [s.questionId, s.score == null ? null : Number(s.score)]));
  return storeTotals(
    db,
    a,
    a.snapshot.questions.map((q) => ({ type: q.type, score: byId.has(q.id) ? (byId.get(q.id) ?? null) : 0 })),
  );
}

/** every open attempt of an exam (the exam was closed) */
export async function submitOpenAttemptsOfExam(app: FastifyInstance, examId: string, by: SubmitBy): Promise<number> {
  const open = await app.ctx.db
    .select({ id: quizAttempt.id })
    .from(quizAttempt)
    .where(and(eq(quizAttempt.examId, examId), eq(quizAttempt.status, ATTEMPT_STATUS.open)));
  let n = 0;
  for (const a of open) if ((await submitAttempt(app, a.id, by)).submitted) n++;
  return n;
}

/**
 * The server-side submission of attempts whose deadline passed (the built-in job ExamAutoSubmitJob, every 15 s on
 * the scheduler of ADR 027, so within the minute even with no browser open). Every node may run it at once: each
 * attempt is claimed by the conditional update, so it is submitted exactly once.
 */
export async function submitExpired(app: FastifyInstance, limit = 1000): Promise<number> {
  const due = await app.ctx.db
    .select({ id: quizAttempt.id })
    .from(quizAttempt)
    .where(and(eq(quizAttempt.status, ATTEMPT_STATUS.open), sql`${quizAttempt.deadline} <= ${DB_NOW}`))
    .orderBy(quizAttempt.deadline)
    .limit(limit);
  let n = 0;
  for (const a of due) if ((await submitAttempt(app, a.id, 'timeout')).submitted) n++;
  return n;
}
