import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { runPrepared } from '../../platform/list-query.ts';

/**
 * Answer saves written together (ADR 075). On exam day every candidate saves every few seconds; one statement and one
 * commit per save makes the commits (a WAL flush each) the limit long before the CPU is. Saves that arrive while
 * earlier ones are being written wait for the next statement, which writes all of them at once: at a low rate every
 * save is written alone at once (no timer, no added latency), at a high rate a statement carries tens of them.
 *
 * Each save is acknowledged only after the statement that wrote it has committed, and only if its attempt was open
 * then: the statement checks and share-locks the attempts (a submission waits for the saves in flight; a save after
 * the submission writes nothing), exactly as the single save did. Two saves of the same answer in one statement: the
 * later one is written (arrival order, as two statements would have left it) and both are told the outcome.
 * A failed statement fails all of its saves (the caller answers 503; the candidate's page saves again).
 */

/** statements in flight at once (of the pool's connections, the rest stay free for everything else) */
const MAX_IN_FLIGHT = 3;
/** saves per statement at most (the arrays are bound as three parameters, any length is one statement) */
const MAX_BATCH = 500;

const BATCH_SQL = (attemptIds: string[], questionIds: string[], answers: string[]) =>
  sql`with a as (select id from quiz_attempt where id = any(${sql.param(attemptIds)}::varchar[]) and status = '0'
          and deadline > (now() at time zone 'utc') order by id for share),
        i as (select * from unnest(${sql.param(attemptIds)}::varchar[], ${sql.param(questionIds)}::varchar[],
          ${sql.param(answers)}::text[]) as i(attempt_id, question_id, answer))
      insert into quiz_answer (attempt_id, question_id, answer, updated_at)
      select i.attempt_id, i.question_id, i.answer, (now() at time zone 'utc') from i join a on a.id = i.attempt_id
      on conflict (attempt_id, question_id) do update set answer = excluded.answer, updated_at = excluded.updated_at
      returning attempt_id, question_id`;

interface Pending {
  key: string;
  attemptId: string;
  questionId: string;
  answer: string;
  resolve: (stored: boolean) => void;
  reject: (err: unknown) => void;
}

export class SaveBatcher {
  private queue: Pending[] = [];
  private inFlight = 0;
  private scheduled = false;

  constructor(private readonly db: Db) {}

  /** resolves true once the answer is stored, false when the attempt is not open (submitted, or its time is up) */
  save(attemptId: string, questionId: string, answer: string): Promise<boolean> {
    return new Promise((resolve, reject) => {
      this.queue.push({ key: `${attemptId}\n${questionId}`, attemptId, questionId, answer, resolve, reject });
      this.schedule();
    });
  }

  /** the next statement starts once this turn's arrivals are in the queue, if a connection is free for it */
  private schedule(): void {
    if (this.scheduled || this.inFlight >= MAX_IN_FLIGHT || this.queue.length === 0) return;
    this.scheduled = true;
    setImmediate(() => {
      this.scheduled = false;
      while (this.inFlight < MAX_IN_FLIGHT && this.queue.length > 0) this.write(this.queue.splice(0, MAX_BATCH));
    });
  }

  private write(batch: Pending[]): void {
    this.inFlight++;
    // the last save of each answer is the one written
    const last = new Map<string, Pending>();
    for (const p of batch) last.set(p.key, p);
    const rows = [...last.values()];
    runPrepared(
      this.db,
      BATCH_SQL(
        rows.map((p) => p.attemptId),
        rows.map((p) => p.questionId),
        rows.map((p) => p.answer),
      ),
    )
      .then((stored) => {
        const written = new Set(stored.map((r) => `${r.attempt_id}\n${r.question_id}`));
        for (const p of batch) p.resolve(written.has(p.key));
      })
      .catch((err) => {
        for (const p of batch) p.reject(err);
      })
      .finally(() => {
        this.inFlight--;
        this.schedule();
      });
  }
}
