import { EventEmitter } from 'node:events';
import type { Redis } from 'ioredis';

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

/**
 * Delivery is best effort, as over Redis pub/sub anyway: a publish while Redis is down is logged and dropped (fails
 * open, ADR 018) — every cache fed by these channels also expires or re-checks a generation on its own, so a lost
 * message costs bounded staleness, never a failed request after its change was committed. Subscriptions survive a
 * Redis restart: each channel is subscribed again whenever the subscriber connection becomes ready.
 */
export class RedisPubSub implements PubSub {
  private readonly ee = new EventEmitter().setMaxListeners(0);
  private readonly channels = new Set<string>();

  constructor(
    private readonly pub: Redis,
    private readonly sub: Redis,
    private readonly ns = 'answer:',
    private readonly onError: (what: string, err: unknown) => void = () => {},
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
    try {
      await this.pub.publish(this.ns + channel, JSON.stringify(message ?? null));
    } catch (err) {
      this.onError(`publish ${channel}`, err);
    }
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
    this.ee.removeAllListeners();
    this.resetHandlers.clear();
  }
}
