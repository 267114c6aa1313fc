import { describe, expect, it } from 'vitest';
import { safeRedirect, withRedirect } from './redirect';

describe('safeRedirect', () => {
  it.each([
    [null, '/home'],
    ['', '/home'],
    ['/system/user', '/system/user'],
    ['/system/user?id=1&x=2', '/system/user?id=1&x=2'],
    ['%2Fsystem%2Fuser', '/system/user'],
    ['https://evil.example/', '/home'],
    ['//evil.example/', '/home'],
    ['/\\evil.example', '/home'],
    ['javascript:alert(1)', '/home'],
    ['system/user', '/home'],
    ['/a\nb', '/home'],
    ['%ZZ', '/home'],
  ])('%j → %j', (input, out) => {
    expect(safeRedirect(input, '/home')).toBe(out);
  });

  it('withRedirect encodes the full path once', () => {
    expect(withRedirect('/user/login', '/system/user?id=1')).toBe('/user/login?redirect=%2Fsystem%2Fuser%3Fid%3D1');
  });
});
