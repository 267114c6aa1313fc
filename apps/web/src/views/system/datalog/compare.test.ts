import { describe, expect, it } from 'vitest';
import { compareTarget } from './compare';

describe('数据比较 selection', () => {
  const v = (id: string, dataVersion: number, dataId = 'u1') =>
    ({ id, dataVersion, dataId, dataTable: 'sys_user' }) as Parameters<typeof compareTarget>[0][number];
  it('compares the older selected version with the newer one of the same row', () => {
    expect(compareTarget([v('b', 3), v('a', 2)])).toEqual({
      dataTable: 'sys_user',
      dataId: 'u1',
      left: 'a',
      right: 'b',
    });
  });
  it('refuses one row, or versions of different rows', () => {
    expect(compareTarget([v('a', 2)])).toBeNull();
    expect(compareTarget([v('a', 2), v('b', 3, 'u2')])).toBeNull();
  });
});
