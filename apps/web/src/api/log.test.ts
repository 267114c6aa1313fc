import { describe, expect, it } from 'vitest';
import { diffSnapshots, parseSnapshot, prettyParams } from './log';

describe('data log helpers', () => {
  it('compares two snapshots field by field over the union of their fields', () => {
    const rows = diffSnapshots({ id: '1', realname: '甲', sex: 1 }, { id: '1', realname: '乙', phone: '138' });
    expect(rows).toEqual([
      { field: 'id', left: '1', right: '1', changed: false },
      { field: 'realname', left: '甲', right: '乙', changed: true },
      { field: 'sex', left: '1', right: '', changed: true },
      { field: 'phone', left: '', right: '138', changed: true },
    ]);
  });

  it('treats null and missing alike and shows nested values as JSON', () => {
    expect(diffSnapshots({ a: null, b: { x: 1 } }, { b: { x: 1 } })).toEqual([
      { field: 'a', left: '', right: '', changed: false },
      { field: 'b', left: '{"x":1}', right: '{"x":1}', changed: false },
    ]);
  });

  it('parses snapshots defensively', () => {
    expect(parseSnapshot('{"a":1}')).toEqual({ a: 1 });
    expect(parseSnapshot('not json')).toEqual({});
    expect(parseSnapshot('[1,2]')).toEqual({});
    expect(parseSnapshot(null)).toEqual({});
  });

  it('pretty-prints JSON request parameters and leaves other text alone', () => {
    expect(prettyParams('{"a":1}')).toBe('{\n  "a": 1\n}');
    expect(prettyParams('a=1')).toBe('a=1');
    expect(prettyParams(null)).toBe('');
  });
});
