import { createCipheriv, createHash, timingSafeEqual } from 'node:crypto';
import argon2 from 'argon2';

/**
 * argon2id at OWASP's first minimum row (m = 19 MiB, t = 2, p = 1): see docs/decisions/019-argon2id-and-sign-in-uniformity.md.
 * The seed hashes its demo password with the same numbers (db/seed/index.ts; a test keeps them equal), and any stored
 * hash made with other numbers is replaced at that user's next successful sign-in (`needsRehash`).
 */
export const ARGON2_PARAMS = { memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;
const ARGON2_OPTS = { type: argon2.argon2id, ...ARGON2_PARAMS } as const;

/**
 * JeecgBoot's PasswordUtil (contract §2.3): PBEWithMD5AndDES encryption of the *username*, keyed by the password,
 * with the user's 8-char salt and 1000 iterations, lower-case hex. PBKDF1-MD5 gives the DES key and IV.
 * OpenSSL 3 hides single DES in its legacy provider; 3DES-EDE with K1=K2=K3 is the same cipher.
 */
export function legacyJeecgHash(username: string, password: string, salt: string): string {
  let d = createHash('md5')
    .update(Buffer.concat([Buffer.from(password, 'utf8'), Buffer.from(salt, 'latin1')]))
    .digest();
  for (let i = 1; i < 1000; i++) d = createHash('md5').update(d).digest();
  const key = d.subarray(0, 8);
  const cipher = createCipheriv('des-ede3-cbc', Buffer.concat([key, key, key]), d.subarray(8, 16));
  return Buffer.concat([cipher.update(username, 'utf8'), cipher.final()]).toString('hex');
}

export function isArgon2Hash(stored: string | null | undefined): boolean {
  return !!stored && stored.startsWith('$argon2');
}

export function hashPassword(password: string): Promise<string> {
  return argon2.hash(password, ARGON2_OPTS);
}

/** Verifies against argon2id, or a legacy JeecgBoot hash (which the caller then upgrades). */
export async function verifyPassword(
  user: { username: string; password: string | null; salt: string | null },
  password: string,
): Promise<boolean> {
  const stored = user.password;
  if (!stored) return false;
  if (isArgon2Hash(stored)) {
    try {
      return await argon2.verify(stored, password);
    } catch {
      return false;
    }
  }
  if (!/^[0-9a-f]{16,}$/i.test(stored) || !user.salt) return false;
  const computed = Buffer.from(legacyJeecgHash(user.username, password, user.salt), 'utf8');
  const given = Buffer.from(stored.toLowerCase(), 'utf8');
  return computed.length === given.length && timingSafeEqual(computed, given);
}

/** The argon2 parameters of a stored hash (`$argon2id$v=19$m=19456,t=2,p=1$…`, any order), or null when not argon2. */
export function argon2ParamsOf(
  stored: string | null | undefined,
): { type: string; m: number; t: number; p: number } | null {
  const parts = (stored ?? '').split('$');
  // ['', type, 'v=19', 'm=…,t=…,p=…', salt, hash] (the version field may be absent)
  if (parts.length < 5 || parts[0] !== '' || !/^argon2(id|i|d)$/.test(parts[1])) return null;
  const params = parts[2].startsWith('v=') ? parts[3] : parts[2];
  const kv = new Map(params.split(',').map((p) => p.split('=') as [string, string]));
  const num = (k: string) => (/^\d{1,10}$/.test(kv.get(k) ?? '') ? Number(kv.get(k)) : Number.NaN);
  const out = { type: parts[1], m: num('m'), t: num('t'), p: num('p') };
  return Number.isNaN(out.m) || Number.isNaN(out.t) || Number.isNaN(out.p) ? null : out;
}

/** true when a stored hash is not argon2id with today's parameters (legacy JeecgBoot hash, other numbers) */
export function needsRehash(stored: string | null | undefined): boolean {
  const p = argon2ParamsOf(stored);
  return (
    p?.type !== 'argon2id' ||
    p.m !== ARGON2_PARAMS.memoryCost ||
    p.t !== ARGON2_PARAMS.timeCost ||
    p.p !== ARGON2_PARAMS.parallelism
  );
}

/**
 * A verification that costs what a real one costs, for sign-ins without a usable hash (unknown user, legacy hash), so
 * timing does not reveal whether an account exists. The dummy hash uses the same parameters as real hashes; it is
 * made once at start-up (`warmDummyHash`), so the first unknown-user attempt is not slower than the others.
 */
let dummyHash: Promise<string> | undefined;
export function warmDummyHash(): Promise<string> {
  dummyHash ??= hashPassword(`dummy-${Math.random()}`);
  return dummyHash;
}
export async function burnVerify(password: string): Promise<void> {
  try {
    await argon2.verify(await warmDummyHash(), password);
  } catch {}
}
