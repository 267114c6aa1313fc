import { createCipheriv, createHash, timingSafeEqual } from 'node:crypto';
import argon2 from 'argon2';

const ARGON2_OPTS = { type: argon2.argon2id, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

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

/** A constant-cost verification for unknown users, so timing does not reveal whether an account exists. */
let dummyHash: Promise<string> | undefined;
export async function burnVerify(password: string): Promise<void> {
  dummyHash ??= hashPassword('not-a-real-password-0');
  try {
    await argon2.verify(await dummyHash, password);
  } catch {}
}
