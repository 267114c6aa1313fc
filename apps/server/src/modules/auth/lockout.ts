import { createHash } from 'node:crypto';
import { LOGIN_PAUSE_MINUTES, LOGIN_PAUSE_THRESHOLD } from '@answer/contract';
import type { KV } from '../../infra/kv.ts';

/**
 * Security rule 12 with issue 29's pause (ADR 060): 5 failures within 15 minutes pause the account's sign-in for a
 * fixed 5 minutes. A fixed, short pause is what the sign-in page can promise ("暂停登录5分钟"); a growing one left
 * operators guessing and retrying, and 5 tries per 5 minutes (≈ 1 440 a day, each with a single-use captcha) is no
 * useful rate for guessing a password.
 */
export const LOCK_THRESHOLD = LOGIN_PAUSE_THRESHOLD;
export const FAILURE_WINDOW_MS = 15 * 60_000;
export const LOCK_MS = LOGIN_PAUSE_MINUTES * 60_000;
/** the words the sign-in page and the logs use for the pause */
export const LOCK_MINUTES = LOGIN_PAUSE_MINUTES;

/** Lock subjects: the username as typed (existing or not, so the answer never reveals which), or a phone number. */
export const accountSubject = (username: string) => `u:${username.toLowerCase()}`;
export const phoneSubject = (mobile: string) => `p:${mobile}`;

const digest = (subject: string) => createHash('sha256').update(subject, 'utf8').digest('hex');
const failKey = (subject: string) => `lock:fail:${digest(subject)}`;
const stateKey = (subject: string) => `lock:state:${digest(subject)}`;

export function lockMessage(remainingMs: number): string {
  return `登录失败次数过多，账号已临时锁定，请${Math.max(1, Math.ceil(remainingMs / 60_000))}分钟后再试`;
}

/**
 * Lock state lives in the kv (so every node agrees); the lock end is compared with the clock rather than left to the
 * key's expiry, which keeps the decision in one place.
 */
export class Lockout {
  constructor(private readonly kv: KV) {}

  /** remaining lock time in ms; 0 when not locked */
  async remainingMs(subject: string): Promise<number> {
    const raw = await this.kv.get(stateKey(subject));
    if (!raw) return 0;
    try {
      const s = JSON.parse(raw) as { until?: unknown };
      return typeof s.until === 'number' ? Math.max(0, s.until - Date.now()) : 0;
    } catch {
      return 0;
    }
  }

  /** counts a failure; when it reaches the threshold the subject is locked and the lock time is returned (else 0) */
  async recordFailure(subject: string): Promise<number> {
    const n = await this.kv.incr(failKey(subject), FAILURE_WINDOW_MS);
    if (n < LOCK_THRESHOLD) return 0;
    await this.kv.set(stateKey(subject), JSON.stringify({ until: Date.now() + LOCK_MS }), LOCK_MS + 60_000);
    await this.kv.del(failKey(subject));
    return LOCK_MS;
  }

  /** after a successful sign-in, or an administrator lifting the pause: forget the failures and the lock */
  async reset(subject: string): Promise<void> {
    await this.kv.del(failKey(subject), stateKey(subject));
  }
}
