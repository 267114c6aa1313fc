import { EventEmitter } from 'node:events';
import type { Redis } from 'ioredis';
import { KvBreaker, KvUnavailableError, toKvError } from './kv.ts';

/**
 * Cluster-wide fan-out: dictionary cache invalidation, permission cache bumps, WebSocket pushes.
 * In-process by default; Redis pub/sub when REDIS_URL is set so a publish on one node reaches every node.
 */
export interface PubSub {
  publish(channel: string, message: unknown): Promise<void>;
  subscribe(channel: string, handler: (message: unknown) => void): Promise<() => void>;
  close(): Promise<void>;
  /**
   * Whether messages published from now on are certain to arrive here. Node-local caches that rely on the fan-out for
   * invalidation (ADR 014) are only trusted while this is true.
   */
  connected?(): boolean;
  /** Called whenever the link was lost or came back (messages may have been missed): caches drop everything. */
  onReset?(handler: () => void): void;
}

export class MemoryPubSub implements PubSub {
  private readonly ee = new EventEmitter().setMaxListeners(0);
  async publish(channel: string, message: unknown) {
    // async like the network variant, so callers never depend on synchronous delivery
    const copy = JSON.parse(JSON.stringify(message ?? null));
    queueMicrotask(() => this.ee.emit(channel, copy));
  }
  async subscribe(channel: string, handler: (message: unknown) => void) {
    this.ee.on(channel, handler);
    return () => {
      this.ee.off(channel, handler);
    };
  }
  async close() {
    this.ee.removeAllListeners();
  }
  connected() {
    return true;
  }
  onReset(_handler: () => void) {
    // in-process delivery never loses a message
  }
}

/** messages kept while the breaker is open (beyond it the oldest are dropped, logged) */
const MAX_PENDING = 1000;

/**
 * Delivery is best effort, as over Redis pub/sub anyway: a publish never fails (fails open, ADR 018) — every cache fed
 * by these channels also expires or re-checks a generation on its own, so a lost message costs bounded staleness,
 * never a failed request after its change was committed. Subscriptions survive a Redis restart: each channel is
 * subscribed again whenever the subscriber connection becomes ready.
 *
 * Publishing has the KV's circuit breaker (KvBreaker, ADR 018 "Caches and the breaker"; ADR 040): a publish that finds
 * Redis unavailable (offline, or no answer within `commandTimeout` — a stalled Redis) opens it, and while it is open a
 * publish does not wait for Redis: its message is queued (in order, at most MAX_PENDING) and sent as soon as a probe
 * (one per backoff) gets an answer. So a request that publishes several times waits for the command timeout at most
 * once per backoff, not once per message, and a message published meanwhile is delivered once Redis answers again,
 * like one that was sent into the stall (held data reaches Redis when it resumes). A message whose publish was sent
 * but timed out is not sent again (it may still arrive; pub/sub consumers are idempotent invalidations, but
 * notification pushes would show twice).
 */
export class RedisPubSub implements PubSub {
  private readonly ee = new EventEmitter().setMaxListeners(0);
  private readonly channels = new Set<string>();

  private readonly pending: Array<{ channel: string; payload: string }> = [];
  private flushTimer: NodeJS.Timeout | null = null;
  private flushing = false;
  private closed = false;

  constructor(
    private readonly pub: Redis,
    private readonly sub: Redis,
    private readonly ns = 'answer:',
    private readonly onError: (what: string, err: unknown) => void = () => {},
    readonly breaker = new KvBreaker(),
  ) {
    sub.on('message', (ch: string, raw: string) => {
      let msg: unknown;
      try {
        msg = JSON.parse(raw);
      } catch {
        return;
      }
      this.ee.emit(ch.slice(this.ns.length), msg);
    });
    // Link state for connected()/onReset(): up once the subscriber is ready AND subscribed to every channel (this
    // also covers channels asked for while Redis was unreachable, whose SUBSCRIBE never reached it); down as soon
    // as the connection is lost. Both transitions tell the caches, since messages may have been missed in between.
    sub.on('ready', () => {
      const channels = [...this.channels].map((c) => this.ns + c);
      const subscribed = channels.length ? this.sub.subscribe(...channels) : Promise.resolve();
      subscribed.then(
        () => {
          if (this.sub.status === 'ready') this.setLink(true);
        },
        (err) => this.onError('resubscribe', err),
      );
    });
    for (const ev of ['close', 'end', 'reconnecting']) sub.on(ev, () => this.setLink(false));
    // built on a connection that is already up (nothing subscribed yet)
    if (sub.status === 'ready') this.linkUp = true;
  }

  private linkUp = false;
  private readonly resetHandlers = new Set<() => void>();

  private setLink(up: boolean) {
    if (this.linkUp === up) return;
    this.linkUp = up;
    for (const h of this.resetHandlers) {
      try {
        h();
      } catch (err) {
        this.onError('reset handler', err);
      }
    }
  }

  connected() {
    return this.linkUp && this.sub.status === 'ready';
  }
  onReset(handler: () => void) {
    this.resetHandlers.add(handler);
  }

  async publish(channel: string, message: unknown) {
    const payload = JSON.stringify(message ?? null);
    if (this.closed) return;
    // while the breaker is open (or older messages still wait) the message joins the queue: no waiting for Redis
    if (this.pending.length > 0 || !this.breaker.admit()) {
      this.enqueue(channel, payload);
      return;
    }
    if ((await this.attempt(channel, payload)) === 'unsent') this.enqueue(channel, payload);
  }

  /**
   * One PUBLISH through the breaker. 'unsent': the connection was not up, nothing left this node (worth sending
   * later); 'failed': sent but no answer or an error answer (not sent again: it may still arrive).
   */
  private async attempt(channel: string, payload: string): Promise<'sent' | 'unsent' | 'failed'> {
    if (this.pub.status !== 'ready') {
      this.breaker.failed();
      return 'unsent';
    }
    try {
      await this.pub.publish(this.ns + channel, payload);
      this.breaker.succeeded();
      return 'sent';
    } catch (err) {
      if (toKvError(err) instanceof KvUnavailableError) this.breaker.failed();
      else this.breaker.succeeded();
      this.onError(`publish ${channel}`, err);
      return 'failed';
    }
  }

  private enqueue(channel: string, payload: string) {
    this.pending.push({ channel, payload });
    if (this.pending.length > MAX_PENDING) {
      const lost = this.pending.splice(0, this.pending.length - MAX_PENDING);
      this.onError('publish queue full', new Error(`${lost.length} message(s) dropped`));
    }
    this.scheduleFlush();
  }

  private scheduleFlush() {
    if (this.flushTimer || this.flushing || this.closed) return;
    // at once when the breaker lets a call through (older messages waiting behind a closed breaker), else after it
    const wait = this.breaker.isOpen ? this.breaker.backoffMs : 0;
    this.flushTimer = setTimeout(() => {
      this.flushTimer = null;
      void this.flush();
    }, wait);
    this.flushTimer.unref();
  }

  /** sends the queue in order while Redis answers; stops (and tries again after a backoff) when it does not */
  private async flush() {
    if (this.flushing || this.closed) return;
    this.flushing = true;
    try {
      while (this.pending.length > 0 && !this.closed) {
        if (!this.breaker.admit()) break;
        const next = this.pending[0];
        const r = await this.attempt(next.channel, next.payload);
        if (r === 'unsent') break;
        this.pending.shift();
        if (r === 'failed' && this.breaker.isOpen) break;
      }
    } finally {
      this.flushing = false;
    }
    if (this.pending.length > 0) this.scheduleFlush();
  }

  /** messages waiting for Redis (for tests and monitoring) */
  get queued(): number {
    return this.pending.length;
  }
  async subscribe(channel: string, handler: (message: unknown) => void) {
    this.ee.on(channel, handler);
    if (!this.channels.has(channel)) {
      this.channels.add(channel);
      // while Redis is down the 'ready' handler above subscribes once it is back
      if (this.sub.status === 'ready') {
        await this.sub.subscribe(this.ns + channel).catch((err) => this.onError(`subscribe ${channel}`, err));
      }
    }
    return () => {
      this.ee.off(channel, handler);
    };
  }
  async close() {
    this.closed = true;
    if (this.flushTimer) clearTimeout(this.flushTimer);
    this.flushTimer = null;
    this.pending.length = 0;
    this.ee.removeAllListeners();
    this.resetHandlers.clear();
  }
}
