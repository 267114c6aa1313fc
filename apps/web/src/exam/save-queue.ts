/**
 * The answering page's save queue: every change of an answer is sent as it is made (contract §2 `save`: idempotent,
 * the last write wins, acknowledged means durable). Per question at most one request is in flight, so the server sees
 * a question's writes in order; a change made while its request runs is sent right after it. A request that got no
 * answer (network down, time-out, 5xx) is retried with a growing delay, and at once when the browser says the network
 * is back; a refusal (time is up, the attempt is submitted) is final for that question and reported. What is not yet
 * acknowledged is kept in storage, so a reload (or a crash) while offline sends it again instead of losing it.
 *
 * Pure of the DOM and of the http client: the page passes `send`, the clock and the storage, the tests pass fakes.
 */

/** what the server said about one save */
export type SendOutcome =
  /** stored */
  | { kind: 'ok' }
  /** no answer, a time-out or a server fault: try again later */
  | { kind: 'retry'; message?: string }
  /** refused for good (time is up, submitted, not yours): stop sending this question */
  | { kind: 'refused'; message: string }
  /** the sign-in is gone: stop everything until the page signs in again */
  | { kind: 'expired'; message: string };

export type QuestionSaveStatus = 'saved' | 'pending' | 'saving' | 'retrying' | 'refused';

export interface SaveSnapshot {
  /** questions whose last change is not acknowledged yet (pending, saving, retrying) */
  unsaved: number;
  /** some request got no answer and waits for its retry */
  retrying: boolean;
  /** the last refusal or expiry message (null when none) */
  error: string | null;
  expired: boolean;
  status: Readonly<Record<string, QuestionSaveStatus>>;
}

export interface Timers {
  set(fn: () => void, ms: number): unknown;
  clear(handle: unknown): void;
}

export interface PendingStore {
  load(): Record<string, string>;
  save(pending: Record<string, string>): void;
}

export interface SaveQueueOptions {
  send(questionId: string, answer: string): Promise<SendOutcome>;
  onChange?(snapshot: SaveSnapshot): void;
  /** delays before the 1st, 2nd, … retry (the last one repeats) @default [1000, 2000, 5000, 10000, 15000] */
  retryDelays?: readonly number[];
  timers?: Timers;
  /** where unacknowledged answers survive a reload @default none */
  store?: PendingStore;
}

interface Entry {
  /** the value the user wants stored */
  value: string;
  /** the value of the request in flight (undefined: none) */
  inFlight?: string;
  status: QuestionSaveStatus;
  failures: number;
  timer?: unknown;
}

export const DEFAULT_RETRY_DELAYS: readonly number[] = [1000, 2000, 5000, 10000, 15000];

const realTimers: Timers = {
  set: (fn, ms) => setTimeout(fn, ms),
  clear: (h) => clearTimeout(h as ReturnType<typeof setTimeout>),
};

export class SaveQueue {
  private readonly entries = new Map<string, Entry>();
  private readonly opts: SaveQueueOptions;
  private readonly timers: Timers;
  private readonly delays: readonly number[];
  private error: string | null = null;
  private expired = false;
  private stopped = false;
  private waiters: (() => void)[] = [];

  constructor(opts: SaveQueueOptions) {
    this.opts = opts;
    this.timers = opts.timers ?? realTimers;
    this.delays = opts.retryDelays?.length ? opts.retryDelays : DEFAULT_RETRY_DELAYS;
  }

  /** answers a previous page left unacknowledged (to show them and send them again) */
  restore(): Record<string, string> {
    const pending = this.opts.store?.load() ?? {};
    for (const [qid, value] of Object.entries(pending)) this.set(qid, value);
    return pending;
  }

  /** the user changed an answer: send it (now, or after the request in flight for that question) */
  set(questionId: string, value: string): void {
    if (this.stopped) return;
    const e = this.entries.get(questionId);
    if (e) {
      if (e.status === 'refused') return;
      e.value = value;
      if (e.inFlight !== undefined) {
        // sent again when the running request ends
        this.changed();
        return;
      }
      if (e.timer !== undefined) {
        // a retry is waiting: the new value goes with it (or now, when nothing failed yet)
        this.changed();
        return;
      }
      e.status = 'pending';
      this.dispatch(questionId, e);
      return;
    }
    const entry: Entry = { value, status: 'pending', failures: 0 };
    this.entries.set(questionId, entry);
    this.dispatch(questionId, entry);
  }

  /** the network is back (the browser's `online` event, or the page became visible): retry what waits, now */
  retryNow(): void {
    if (this.stopped) return;
    for (const [qid, e] of this.entries) {
      if (e.timer !== undefined) {
        this.timers.clear(e.timer);
        e.timer = undefined;
        this.dispatch(qid, e);
      }
    }
  }

  /**
   * Resolves true when every change is acknowledged; false when the sign-in expired or the queue stopped with
   * changes unsaved. Waits through retries (the caller bounds the wait).
   */
  flush(): Promise<boolean> {
    this.retryNow();
    if (this.expired || this.stopped) return Promise.resolve(this.unsavedCount() === 0 && !this.expired);
    if (this.unsavedCount() === 0) return Promise.resolve(true);
    return new Promise((resolve) => {
      this.waiters.push(() => resolve(this.unsavedCount() === 0 && !this.expired));
    });
  }

  /** no more sending (the attempt is over) */
  stop(): void {
    this.stopped = true;
    for (const e of this.entries.values()) {
      if (e.timer !== undefined) this.timers.clear(e.timer);
      e.timer = undefined;
    }
    this.releaseWaiters();
  }

  snapshot(): SaveSnapshot {
    const status: Record<string, QuestionSaveStatus> = {};
    let retrying = false;
    for (const [qid, e] of this.entries) {
      status[qid] = e.status;
      if (e.status === 'retrying') retrying = true;
    }
    return { unsaved: this.unsavedCount(), retrying, error: this.error, expired: this.expired, status };
  }

  private unsavedCount(): number {
    let n = 0;
    for (const e of this.entries.values()) if (e.status !== 'saved' && e.status !== 'refused') n++;
    return n;
  }

  private dispatch(questionId: string, e: Entry): void {
    if (this.stopped || this.expired) return;
    const value = e.value;
    e.inFlight = value;
    e.status = 'saving';
    this.changed();
    let outcome: Promise<SendOutcome>;
    try {
      outcome = this.opts.send(questionId, value);
    } catch (err) {
      outcome = Promise.resolve({ kind: 'retry', message: String(err) });
    }
    outcome
      .catch((err: unknown): SendOutcome => ({ kind: 'retry', message: String(err) }))
      .then((res) => this.settle(questionId, e, value, res));
  }

  private settle(questionId: string, e: Entry, sent: string, res: SendOutcome): void {
    e.inFlight = undefined;
    if (this.stopped) {
      this.changed();
      return;
    }
    switch (res.kind) {
      case 'ok':
        e.failures = 0;
        if (e.value !== sent) {
          this.dispatch(questionId, e);
          return;
        }
        e.status = 'saved';
        break;
      case 'retry': {
        // a newer value is sent at once (it may succeed where the old one met a server fault); otherwise wait
        const delay = this.delays[Math.min(e.failures, this.delays.length - 1)];
        e.failures++;
        e.status = 'retrying';
        e.timer = this.timers.set(() => {
          e.timer = undefined;
          this.dispatch(questionId, e);
        }, delay);
        break;
      }
      case 'refused':
        e.status = 'refused';
        this.error = res.message;
        break;
      case 'expired':
        e.status = 'retrying';
        this.error = res.message;
        this.expired = true;
        break;
    }
    this.changed();
  }

  private changed(): void {
    if (this.opts.store) {
      const pending: Record<string, string> = {};
      for (const [qid, e] of this.entries) if (e.status !== 'saved' && e.status !== 'refused') pending[qid] = e.value;
      this.opts.store.save(pending);
    }
    this.opts.onChange?.(this.snapshot());
    if (this.unsavedCount() === 0 || this.expired) this.releaseWaiters();
  }

  private releaseWaiters(): void {
    for (const w of this.waiters.splice(0)) w();
  }
}
