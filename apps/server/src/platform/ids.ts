import { randomBytes, randomInt } from 'node:crypto';

const EPOCH = 1_288_834_974_657n; // Twitter/MyBatis-Plus snowflake epoch
let lastMs = 0n;
let seq = 0n;
const worker = BigInt(randomInt(0, 1024));

/** MyBatis-Plus ASSIGN_ID-style 19-digit snowflake string (contract §1.5). */
export function newId(): string {
  let now = BigInt(Date.now());
  // a clock that steps back (NTP) must continue the sequence of the last millisecond, not restart it at 0
  if (now < lastMs) now = lastMs;
  if (now === lastMs) {
    seq = (seq + 1n) & 4095n;
    if (seq === 0n) now = lastMs + 1n;
  } else {
    seq = 0n;
  }
  lastMs = now;
  return (((now - EPOCH) << 22n) | (worker << 12n) | seq).toString();
}

/** 32 lowercase hex characters (generateUserId, legacy-style ids). */
export function uuid32(): string {
  return randomBytes(16).toString('hex');
}

const SALT_CHARS = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';
/** 8-character letters+digits salt, as JeecgBoot's oConvertUtils.randomGen(8). */
export function newSalt(len = 8): string {
  let s = '';
  for (let i = 0; i < len; i++) s += SALT_CHARS[randomInt(0, SALT_CHARS.length)];
  return s;
}
