import { afterEach, describe, expect, it } from 'vitest';
import { ls, ss } from './storage';

afterEach(() => {
  localStorage.clear();
  sessionStorage.clear();
});

describe('ls (localStorage with expiry)', () => {
  it('stores in the Vue.ls shape and reads back', () => {
    ls.set('k', { a: 1 }, 1000, 5000);
    expect(JSON.parse(localStorage.getItem('k') ?? '')).toEqual({ value: { a: 1 }, expire: 6000 });
    expect(ls.get('k', 5999)).toEqual({ a: 1 });
  });

  it('drops an expired value', () => {
    ls.set('k', 'v', 1000, 5000);
    expect(ls.get('k', 6000)).toBeNull();
    expect(localStorage.getItem('k')).toBeNull();
  });

  it('keeps a value without expiry', () => {
    ls.set('k', 'v');
    expect(ls.get('k', Number.MAX_SAFE_INTEGER)).toBe('v');
  });

  it('ignores foreign or broken values', () => {
    localStorage.setItem('raw', 'not json');
    localStorage.setItem('plain', '"text"');
    expect(ls.get('raw')).toBeNull();
    expect(ls.get('plain')).toBeNull();
  });

  it('session storage variant', () => {
    ss.set('s', [1, 2]);
    expect(ss.get('s')).toEqual([1, 2]);
    ss.remove('s');
    expect(ss.get('s')).toBeNull();
  });
});
