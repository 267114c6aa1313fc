import { describe, expect, it } from 'vitest';
import { passwordLevel, STRONG_PASSWORD } from './password';

describe('password strength', () => {
  it.each([
    ['', 0],
    ['12345678', 1],
    ['abcdefgh', 1],
    ['abc12345', 2],
    ['abc123!@', 3],
    ['答题1a', 3],
  ] as const)('%j → level %i', (value, level) => {
    expect(passwordLevel(value)).toBe(level);
  });

  it.each([
    ['abc123!@', true],
    ['Abc123.x', true],
    ['abc12345', false],
    ['a1!', false],
  ])('strong %j → %s', (value, ok) => {
    expect(STRONG_PASSWORD.test(value)).toBe(ok);
  });
});
