import { describe, expect, it } from 'vitest';
import { getStrLength, randomUUID } from './string';

describe('getStrLength', () => {
  it.each([
    [null, 0],
    [undefined, 0],
    ['', 0],
    ['abc', 3],
    ['答题', 4],
    ['a答b题', 6],
    ['\u0080', 1],
    ['\u0081', 2],
    ['é', 2],
    ['１２', 4],
  ])('%j → %i', (input, len) => {
    expect(getStrLength(input)).toBe(len);
  });
});

describe('randomUUID', () => {
  it('is 32 lowercase hex characters and random', () => {
    const a = randomUUID();
    expect(a).toMatch(/^[0-9a-f]{32}$/);
    expect(randomUUID()).not.toBe(a);
  });
});
