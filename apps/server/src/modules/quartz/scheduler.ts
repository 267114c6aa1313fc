import { randomBytes } from 'node:crypto';
import type { Cron } from 'croner';
import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.ts';
import { sysQuartzJob, sysQuartzJobRun } from '../../db/schema/index.ts';
import { newId } from '../../platform/ids.ts';
import { checkCron, latestFire, nextFire } from './cron.ts';
import { jobClassOf } from './registry.ts';

/**
 * The job scheduler of one node (docs/decisions/027-jobs-exactly-once.md).
 *
 * - Job state lives in PostgreSQL: the active jobs (status 0, del_flag 0) are read from sys_quartz_job, and what has
 *   fired from sys_quartz_job_run. Each node keeps only a copy, reloaded every `pollMs`, at once after a change made on
 *   this node, and when another node announces a change over pub/sub.
 * - A fire is claimed, not assumed: the node inserts the run row (job_id, fire_time) under a unique index, in a
 *   transaction that first reads the job row FOR SHARE and requires it still active with the same cron expression.
 *   Only the node whose insert wins runs the fire, so every fire runs once in the cluster; a pause or edit committed
 *   before the claim is seen by every node, whatever its copy says.
 * - Misfires: the key of a fire is the latest fire time at or before now. After downtime the missed fires collapse
 *   into one (Quartz's fire-once-now policy for cron triggers), and every node computes the same key.
 * - A node dying mid-run loses only its running fire (its row stays `running`); the next fires are new rows any
 *   node claims.
 */

export interface Clock {
  now(): number;
  setTimer(fn: () => void, ms: number): unknown;
  clearTimer(handle: unknown): void;
}

export const realClock: Clock = {
  now: () => Date.now(),
  setTimer: (fn, ms) => {
    const t = setTimeout(fn, ms);
    t.unref?.();
    return t;
  },
  clearTimer: (h) => clearTimeout(h as NodeJS.Timeout),
};

export const JOBS_CHANNEL = 'quartz:changed';

/** a run still `running` this long after its start is taken for one whose node died mid-run */
export const STALE_RUN_MS = 3_600_000;
export const INTERRUPTED = '执行中断：节点在执行中停止（超过 1 小时未结束）';
const SWEEP_EVERY_MS = 600_000;

/**
 * Runs at once on one node (issue 28 security 6): JOB_MAX_CONCURRENT, default 4 (Quartz's thread pool). A fire due
 * while every slot is taken waits for one (and collapses with later fires, as a misfire); a job never runs twice at
 * once on a node (Quartz's @DisallowConcurrentExecution): a fire due while its previous run is still going is skipped.
 */
export const MAX_CONCURRENT_RUNS = Math.max(1, Number(process.env.JOB_MAX_CONCURRENT) || 4);

/** a fire later than this after its time is a misfire (Quartz's default misfireThreshold) */
export const MISFIRE_THRESHOLD_MS = 60_000;

interface ActiveJob {
  id: string;
  cronText: string;
  cron: Cron;
  className: string;
  parameter: string | null;
  owner: string;
  /** fires at or before this are done (or not due: before the job was started / changed) */
  anchor: number;
}

export interface SchedulerOptions {
  clock?: Clock;
  /** how often the copy of the job table is refreshed (ms) */
  pollMs?: number;
  node?: string;
  /** runs at once on this node (MAX_CONCURRENT_RUNS) */
  maxConcurrent?: number;
}

const errorText = (err: unknown) => {
  const m = err instanceof Error ? err.message : String(err);
  return (m || '执行失败').slice(0, 1000);
};

export class JobScheduler {
  readonly node: string;
  private readonly clock: Clock;
  private readonly pollMs: number;
  private jobs = new Map<string, ActiveJob>();
  private timer: unknown;
  private running = false;
  private lastLoad = Number.NEGATIVE_INFINITY;
  private lastSweep = Number.NEGATIVE_INFINITY;
  private ticking: Promise<void> | null = null;
  private pendingReload = false;
  private again = false;
  /** runs started by this node and not finished */
  readonly inflight = new Set<Promise<void>>();
  private readonly maxConcurrent: number;
  /** a due fire waits for a free slot */
  private waiting = false;

  constructor(
    private readonly app: FastifyInstance,
    opts: SchedulerOptions = {},
  ) {
    this.clock = opts.clock ?? realClock;
    this.pollMs = opts.pollMs ?? 5000;
    this.maxConcurrent = opts.maxConcurrent ?? MAX_CONCURRENT_RUNS;
    this.node = opts.node ?? `${process.pid}-${randomBytes(3).toString('hex')}`;
  }

  private get db(): Db {
    return this.app.ctx.db;
  }

  /** starts the loop (the first tick loads the jobs) */
  start(): void {
    if (this.running) return;
    this.running = true;
    this.arm(0);
  }

  /** stops the loop and waits for the runs in progress on this node */
  async stop(): Promise<void> {
    this.running = false;
    if (this.timer !== undefined) this.clock.clearTimer(this.timer);
    this.timer = undefined;
    await this.ticking?.catch(() => {});
    await Promise.allSettled([...this.inflight]);
  }

  /** the job table changed: reload before the next fire decision */
  reload(): void {
    this.pendingReload = true;
    if (this.running) this.arm(0);
  }

  private arm(ms: number) {
    if (!this.running) return;
    if (this.timer !== undefined) this.clock.clearTimer(this.timer);
    this.timer = this.clock.setTimer(
      () => {
        this.timer = undefined;
        void this.tick().catch((err) => this.app.log.warn({ err }, 'job scheduler tick failed'));
      },
      Math.max(0, ms),
    );
  }

  /** loads the active jobs and where each one stands */
  async load(): Promise<void> {
    const rows = await this.db
      .select()
      .from(sysQuartzJob)
      .where(and(eq(sysQuartzJob.status, 0), sql`coalesce(${sysQuartzJob.delFlag}, 0) = 0`));
    const ids = rows.map((r) => r.id);
    const last = new Map<string, number>();
    if (ids.length) {
      const fired = await this.db
        .select({
          jobId: sysQuartzJobRun.jobId,
          last: sql<string>`max(${sysQuartzJobRun.fireTime})`.mapWith(sysQuartzJobRun.fireTime),
        })
        .from(sysQuartzJobRun)
        .where(and(inArray(sysQuartzJobRun.jobId, ids), ne(sysQuartzJobRun.trigger, 'manual')))
        .groupBy(sysQuartzJobRun.jobId);
      for (const f of fired) last.set(f.jobId, (f.last as unknown as Date).getTime());
    }
    const now = this.clock.now();
    const next = new Map<string, ActiveJob>();
    for (const r of rows) {
      const check = checkCron(r.cronExpression);
      if (!check.ok || !jobClassOf(r.jobClassName)) continue;
      // the schedule starts when the job was (re)started or changed: nothing older is due
      const since = r.updateTime?.getTime() ?? r.createTime?.getTime() ?? now;
      const prev = this.jobs.get(r.id);
      const anchor = Math.max(since, last.get(r.id) ?? Number.NEGATIVE_INFINITY);
      next.set(r.id, {
        id: r.id,
        cronText: r.cronExpression!,
        cron: check.cron,
        className: r.jobClassName!,
        parameter: r.parameter,
        owner: r.createBy ?? 'admin',
        anchor: prev && prev.cronText === r.cronExpression ? Math.max(prev.anchor, anchor) : anchor,
      });
    }
    this.jobs = next;
    this.lastLoad = now;
    if (now - this.lastSweep >= SWEEP_EVERY_MS) {
      this.lastSweep = now;
      await this.sweep(now);
    }
  }

  /**
   * Runs left `running` by a node that died mid-run (a graceful stop waits for its runs) are marked failed after
   * STALE_RUN_MS; a run that does end later still records its own outcome.
   */
  async sweep(now = this.clock.now()): Promise<number> {
    const gone = await this.db
      .update(sysQuartzJobRun)
      .set({ outcome: 'failed', errorMessage: INTERRUPTED })
      .where(
        and(
          eq(sysQuartzJobRun.outcome, 'running'),
          sql`${sysQuartzJobRun.startTime} < ${new Date(now - STALE_RUN_MS).toISOString()}::timestamp`,
        ),
      )
      .returning({ id: sysQuartzJobRun.id });
    return gone.length;
  }

  /** one pass: reload if due, claim and start every due fire, arm the timer for the next one */
  async tick(): Promise<void> {
    if (this.ticking) {
      // a pass is under way: another one follows it (a reload asked for meanwhile is not left to the next timer)
      this.again = true;
      await this.ticking;
      return;
    }
    this.ticking = this.pass().finally(() => {
      this.ticking = null;
      if (this.again) {
        this.again = false;
        this.arm(0);
      }
    });
    await this.ticking;
  }

  private async pass(): Promise<void> {
    let wait = this.pollMs;
    try {
      if (this.pendingReload || this.clock.now() - this.lastLoad >= this.pollMs) {
        this.pendingReload = false;
        await this.load();
      }
      const now = this.clock.now();
      for (const job of this.jobs.values()) {
        const due = nextFire(job.cron, job.anchor);
        if (due === null) continue;
        if (due <= now && this.inflight.size >= this.maxConcurrent) {
          // every slot is taken: this fire waits (its anchor stays; the end of a run starts the next pass)
          this.waiting = true;
          wait = Math.min(wait, 1000);
          continue;
        }
        if (due <= now) {
          const key = latestFire(job.cron, now) ?? due;
          job.anchor = key;
          const trigger = now - key > MISFIRE_THRESHOLD_MS || key > due ? 'misfire' : 'cron';
          await this.claimAndRun(job, key, trigger);
        }
        const after = nextFire(job.cron, job.anchor);
        if (after !== null) wait = Math.min(wait, after - this.clock.now());
      }
    } finally {
      this.arm(wait);
    }
  }

  /** claims the fire in the database; runs it here only when this node won the claim */
  private async claimAndRun(job: ActiveJob, fireTime: number, trigger: 'cron' | 'misfire'): Promise<boolean> {
    const runId = newId();
    const startedAt = this.clock.now();
    const claimed = await this.db.transaction(async (tx) => {
      const [live] = await tx
        .select({ id: sysQuartzJob.id })
        .from(sysQuartzJob)
        .where(
          and(
            eq(sysQuartzJob.id, job.id),
            eq(sysQuartzJob.status, 0),
            sql`coalesce(${sysQuartzJob.delFlag}, 0) = 0`,
            eq(sysQuartzJob.cronExpression, job.cronText),
            sql`(${sysQuartzJob.updateTime} is null or ${sysQuartzJob.updateTime} <= ${new Date(fireTime).toISOString()}::timestamp)`,
          ),
        )
        .for('share');
      if (!live) return false;
      const won = await tx
        .insert(sysQuartzJobRun)
        .values({
          id: runId,
          jobId: job.id,
          jobClassName: job.className,
          fireTime: new Date(fireTime),
          trigger,
          node: this.node,
          startTime: new Date(startedAt),
          outcome: 'running',
        })
        .onConflictDoNothing({ target: [sysQuartzJobRun.jobId, sysQuartzJobRun.fireTime] })
        .returning({ id: sysQuartzJobRun.id });
      return won.length > 0;
    });
    if (!claimed) return false;
    const run = this.execute(runId, job.id, job.className, job.parameter, job.owner, fireTime, startedAt).finally(
      () => {
        // a fire waiting for a slot is taken now
        if (this.waiting && this.running) {
          this.waiting = false;
          this.arm(0);
        }
      },
    );
    this.track(run);
    return true;
  }

  private track(p: Promise<void>) {
    this.inflight.add(p);
    void p.finally(() => this.inflight.delete(p));
  }

  /** 立即执行: one run now on this node, outside the schedule; false when the job does not exist */
  async runNow(jobId: string): Promise<{ runId: string; done: Promise<void> } | null> {
    const [row] = await this.db
      .select()
      .from(sysQuartzJob)
      .where(and(eq(sysQuartzJob.id, jobId), sql`coalesce(${sysQuartzJob.delFlag}, 0) = 0`));
    if (!row) return null;
    const runId = newId();
    let at = this.clock.now();
    for (let i = 0; ; i++) {
      const won = await this.db
        .insert(sysQuartzJobRun)
        .values({
          id: runId,
          jobId,
          jobClassName: row.jobClassName,
          fireTime: new Date(at),
          trigger: 'manual',
          node: this.node,
          startTime: new Date(at),
          outcome: 'running',
        })
        .onConflictDoNothing({ target: [sysQuartzJobRun.jobId, sysQuartzJobRun.fireTime] })
        .returning({ id: sysQuartzJobRun.id });
      if (won.length) break;
      if (i > 20) throw new Error('cannot record the run');
      at += 1; // a cron fire or another manual run holds this millisecond
    }
    const done = this.execute(runId, jobId, row.jobClassName, row.parameter, row.createBy ?? 'admin', at, at);
    this.track(done);
    return { runId, done };
  }

  private async execute(
    runId: string,
    jobId: string,
    className: string | null,
    parameter: string | null,
    owner: string,
    fireTime: number,
    startedAt: number,
  ): Promise<void> {
    let outcome = 'success';
    let errorMessage: string | null = null;
    let result: string | null = null;
    try {
      const cls = jobClassOf(className);
      if (!cls) throw new Error(`后台找不到该类名：${className ?? ''}`);
      result =
        (await cls.run({ app: this.app, jobId, parameter, owner, fireTime: new Date(fireTime) }))?.slice(0, 1000) ??
        null;
    } catch (err) {
      outcome = 'failed';
      errorMessage = errorText(err);
      this.app.log.warn({ jobId, err: errorMessage }, 'job run failed');
    }
    const end = this.clock.now();
    // every run is in the operation log too (issue 28 security 9): who owns the job, what ran, the outcome
    await this.app.ctx.audit.write({
      logType: 2,
      content: `定时任务执行${outcome === 'success' ? '成功' : '失败'}: ${className ?? ''}${errorMessage ? `（${errorMessage.slice(0, 200)}）` : ''}`,
      operateType: 1,
      userid: owner,
      username: owner,
      ip: null,
      method: `quartz ${this.node}`,
      requestUrl: `quartz:${jobId}`,
      requestParam: { runId, fireTime: new Date(fireTime).toISOString() },
      requestType: 'JOB',
      costTime: Math.max(0, end - startedAt),
    });
    try {
      await this.db
        .update(sysQuartzJobRun)
        .set({ endTime: new Date(end), durationMs: Math.max(0, end - startedAt), outcome, errorMessage, result })
        .where(eq(sysQuartzJobRun.id, runId));
    } catch (err) {
      this.app.log.warn({ err, runId }, 'job run could not be recorded');
    }
  }

  /** jobs this node currently schedules (tests, diagnostics) */
  activeIds(): string[] {
    return [...this.jobs.keys()];
  }
}
