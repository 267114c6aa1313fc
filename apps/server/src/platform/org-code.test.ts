import { describe, expect, it } from 'vitest';
import {
  allocateCode,
  codeDepth,
  isOrgCode,
  nextCode,
  nextSegment,
  nextSiblingCode,
  parentCodeOf,
} from './org-code.ts';

describe('org codes (contract §5.4)', () => {
  it.each([
    [null, null, 'A01'],
    [undefined, null, 'A01'],
    ['A01', null, 'A02'],
    ['A02', null, 'A03'],
    ['A09', null, 'A10'],
    ['A98', null, 'A99'],
    ['A99', null, 'B01'],
    ['Y99', null, 'Z01'],
    ['Z98', null, 'Z99'],
    ['Z99', null, 'Z99A01'],
    [null, 'A01', 'A01A01'],
    [null, 'A01A05', 'A01A05A01'],
    ['A01A01', 'A01', 'A01A02'],
    ['A01A05', 'A01', 'A01A06'],
    ['A01A99', 'A01', 'A01B01'],
    ['A02A02', 'A02', 'A02A03'],
    ['A01A05A01', 'A01A05', 'A01A05A02'],
    ['A01Z99', 'A01', 'A01Z99A01'],
  ])('max sibling %s under parent %s → %s', (max, parent, expected) => {
    expect(nextSiblingCode(max, parent)).toBe(expected);
  });

  it.each([
    ['A01', 'A02'],
    ['A99', 'B01'],
    ['M50', 'M51'],
    ['Z99', null],
  ])('next segment of %s is %s', (seg, expected) => {
    expect(nextSegment(seg)).toBe(expected);
  });

  it('rejects malformed codes instead of producing garbage', () => {
    expect(() => nextCode('a01')).toThrow();
    expect(() => nextCode('A1')).toThrow();
    expect(() => nextCode('A01B')).toThrow();
    expect(() => nextSiblingCode(null, 'X')).toThrow();
    expect(() => nextSegment('AA1')).toThrow();
  });

  it.each([
    ['A01', true],
    ['A01A05A01', true],
    ['', false],
    ['A0', false],
    ['a01', false],
    ['A01 ', false],
    [null, false],
  ])('isOrgCode(%s) = %s', (code, ok) => {
    expect(isOrgCode(code as string | null)).toBe(ok);
  });

  it('knows the parent and depth of a code', () => {
    expect(parentCodeOf('A01')).toBeNull();
    expect(parentCodeOf('A01A05A01')).toBe('A01A05');
    expect(codeDepth('A01')).toBe(1);
    expect(codeDepth('A01A05A01')).toBe(3);
  });

  it('allocateCode skips candidates that are already taken', async () => {
    const taken = new Set(['Z99A01', 'Z99A02']);
    expect(await allocateCode('Z99', null, (c) => taken.has(c))).toBe('Z99A03');
    expect(await allocateCode('A01', null, () => false)).toBe('A02');
    expect(await allocateCode(null, 'A01', async (c) => c === 'A01A01')).toBe('A01A02');
    await expect(allocateCode(null, null, () => true, 3)).rejects.toThrow();
  });
});
