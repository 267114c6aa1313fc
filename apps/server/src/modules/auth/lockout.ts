import { createHash } from 'node:crypto';
import type { KV } from '../../infra/kv.ts';

/** security rule 12: 5 failures within 15 minutes lock the account for 1, 2, 4, 8, then 15 minutes. */
export const LOCK_THRESHOLD = 5;
export const FAILURE_WINDOW_MS = 15 * 60_000;
export const FIRST_LOCK_MS = 60_000;
export const MAX_LOCK_MS = 15 * 60_000;
/** how long the growth level is remembered after the last lock (a successful sign-in forgets it at once) */
export const LEVEL_MEMORY_MS = 24 * 3_600_000;

interface LockState {
  /** epoch ms until which the subject is locked */
  until: number;
  /** how many locks so far (1 → 1 min, 2 → 2 min, …) */
  level: number;
}

/** Lock subjects: the username as typed (existing or not, so the answer never reveals which), or a phone number. */
export const accountSubject = (username: string) => `u:${username.toLowerCase()}`;
export const phoneSubject = (mobile: string) => `p:${mobile}`;

const digest = (subject: string) => createHash('sha256').update(subject, 'utf8').digest('hex');
const failKey = (subject: string) => `lock:fail:${digest(subject)}`;
const stateKey = (subject: string) => `lock:state:${digest(subject)}`;

export function lockDurationMs(level: number): number {
  return Math.min(MAX_LOCK_MS, FIRST_LOCK_MS * 2 ** Math.max(0, level - 1));
}

export function lockMessage(remainingMs: number): string {
  return `登录失败次数过多，账号已临时锁定，请${Math.max(1, Math.ceil(remainingMs / 60_000))}分钟后再试`;
}

/**
 * Lock state lives in the kv (so every node agrees); the lock end is compared with the clock rather than left to the
 * key's expiry, which keeps the decision in one place.
 */
export class Lockout {
  constructor(private readonly kv: KV) {}

  private async state(subject: string): Promise<LockState | null> {
    const raw = await this.kv.get(stateKey(subject));
    if (!raw) return null;
    try {
      const s = JSON.parse(raw) as LockState;
      return typeof s.until === 'number' && typeof s.level === 'number' ? s : null;
    } catch {
      return null;
    }
  }

  /** remaining lock time in ms; 0 when not locked */
  async remainingMs(subject: string): Promise<number> {
    const s = await this.state(subject);
    return s ? Math.max(0, s.until - Date.now()) : 0;
  }

  /** counts a failure; when it reaches the threshold the subject is locked and the lock time is returned (else 0) */
  async recordFailure(subject: string): Promise<number> {
    const n = await this.kv.incr(failKey(subject), FAILURE_WINDOW_MS);
    if (n < LOCK_THRESHOLD) return 0;
    const prev = await this.state(subject);
    const level = (prev?.level ?? 0) + 1;
    const ms = lockDurationMs(level);
    await this.kv.set(stateKey(subject), JSON.stringify({ until: Date.now() + ms, level }), ms + LEVEL_MEMORY_MS);
    await this.kv.del(failKey(subject));
    return ms;
  }

  /** after a successful sign-in: forget failures and the growth level */
  async reset(subject: string): Promise<void> {
    await this.kv.del(failKey(subject), stateKey(subject));
  }
}
