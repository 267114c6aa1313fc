import { describe, expect, it } from 'vitest';
import { hashPassword, isArgon2Hash, legacyJeecgHash, verifyPassword } from './password.ts';

describe('password hashing', () => {
  it.each([
    ['admin', '123456', 'RCGTeGiH', 'cb362cfeefbf3d8d'],
    ['jeecg', '123456', 'vDDkDzrK', '3dd8371f3cf8240e'],
  ])('reproduces the JeecgBoot legacy hash of %s', (u, p, s, expected) => {
    expect(legacyJeecgHash(u, p, s)).toBe(expected);
  });

  it('legacy hash grows by 16 hex chars per 8-byte block of the username', () => {
    expect(legacyJeecgHash('abcdefgh', 'x', 'saltsalt')).toHaveLength(32);
  });

  it('verifies a legacy hash and rejects a wrong password', async () => {
    const user = { username: 'admin', password: 'cb362cfeefbf3d8d', salt: 'RCGTeGiH' };
    expect(await verifyPassword(user, '123456')).toBe(true);
    expect(await verifyPassword(user, '1234567')).toBe(false);
    expect(await verifyPassword({ ...user, salt: 'XXXXXXXX' }, '123456')).toBe(false);
  });

  it('hashes new passwords with argon2id and verifies them', async () => {
    const h = await hashPassword('秘密-pass');
    expect(h.startsWith('$argon2id$')).toBe(true);
    expect(isArgon2Hash(h)).toBe(true);
    expect(await verifyPassword({ username: 'x', password: h, salt: null }, '秘密-pass')).toBe(true);
    expect(await verifyPassword({ username: 'x', password: h, salt: null }, 'other')).toBe(false);
  });

  it('never verifies an empty or malformed stored hash', async () => {
    expect(await verifyPassword({ username: 'a', password: null, salt: 's' }, '')).toBe(false);
    expect(await verifyPassword({ username: 'a', password: 'zz', salt: 's' }, 'zz')).toBe(false);
  });
});
