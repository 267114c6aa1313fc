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
}

export class RedisPubSub implements PubSub {
  private readonly ee = new EventEmitter().setMaxListeners(0);
  private readonly channels = new Set<string>();

  constructor(
    private readonly pub: Redis,
    private readonly sub: Redis,
    private readonly ns = 'answer:',
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
  }

  async publish(channel: string, message: unknown) {
    await this.pub.publish(this.ns + channel, JSON.stringify(message ?? null));
  }
  async subscribe(channel: string, handler: (message: unknown) => void) {
    if (!this.channels.has(channel)) {
      this.channels.add(channel);
      await this.sub.subscribe(this.ns + channel);
    }
    this.ee.on(channel, handler);
    return () => {
      this.ee.off(channel, handler);
    };
  }
  async close() {
    this.ee.removeAllListeners();
  }
}
