import { randomInt, timingSafeEqual } from 'node:crypto';
import { SMS_CODE_TTL_MS } from '@answer/contract';
import type { KV } from '../../infra/kv.ts';
import type { SmsMode } from './sms-provider.ts';

export const PHONE_RE = /^1[3-9]\d{9}$/;
/** wrong guesses allowed against one code before it is thrown away */
export const MAX_CODE_ATTEMPTS = 5;

// A code is bound to the phone AND the purpose: a login code cannot register an account or reset a password.
const codeKey = (mode: SmsMode, mobile: string) => `sms:${mode}:${mobile}`;
const attemptsKey = (mode: SmsMode, mobile: string) => `sms:fail:${mode}:${mobile}`;

export function newSmsCode(): string {
  return String(randomInt(0, 1_000_000)).padStart(6, '0');
}

/** Stores a fresh 6-digit code for 10 minutes; null when a live one already exists (验证码10分钟内，仍然有效！). */
export async function issueSmsCode(kv: KV, mobile: string, mode: SmsMode): Promise<string | null> {
  const code = newSmsCode();
  if (!(await kv.setNX(codeKey(mode, mobile), code, SMS_CODE_TTL_MS))) return null;
  await kv.del(attemptsKey(mode, mobile));
  return code;
}

function same(a: string, b: string): boolean {
  const x = Buffer.from(a, 'utf8');
  const y = Buffer.from(b, 'utf8');
  return x.length === y.length && timingSafeEqual(x, y);
}

export type SmsCheck = 'ok' | 'missing' | 'wrong';

/**
 * Compares without consuming (registration keeps the code when, say, the username is taken).
 * Every wrong guess counts; the fifth throws the code away, so 6 digits cannot be brute-forced.
 */
export async function checkSmsCode(kv: KV, mobile: string, mode: SmsMode, given: string): Promise<SmsCheck> {
  const stored = await kv.get(codeKey(mode, mobile));
  if (stored === null) return 'missing';
  if (same(stored, given)) return 'ok';
  const n = await kv.incr(attemptsKey(mode, mobile), SMS_CODE_TTL_MS);
  if (n >= MAX_CODE_ATTEMPTS) await kv.del(codeKey(mode, mobile), attemptsKey(mode, mobile));
  return 'wrong';
}

/** Single use: atomically takes the code; true only when it was still there and equal (two racing requests: one wins). */
export async function consumeSmsCode(kv: KV, mobile: string, mode: SmsMode, given: string): Promise<boolean> {
  const stored = await kv.take(codeKey(mode, mobile));
  await kv.del(attemptsKey(mode, mobile));
  return stored !== null && same(stored, given);
}

/** drops a code that could not be delivered, so the user can ask again at once */
export async function discardSmsCode(kv: KV, mobile: string, mode: SmsMode): Promise<void> {
  await kv.del(codeKey(mode, mobile), attemptsKey(mode, mobile));
}
