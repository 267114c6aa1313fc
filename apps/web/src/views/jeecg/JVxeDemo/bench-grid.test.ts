import { describe, expect, it } from 'vitest';
import { getCell } from '../../../components/jvxe';
import { BENCH_COLUMNS, benchRows } from './bench-grid';

describe('the ?bench=1 grid of the JVxeTable示例 page', () => {
  it('has exactly the issue-12 shape: 8 text, 4 number, 3 select, 2 date, 1 checkbox, 2 read-only', () => {
    expect(BENCH_COLUMNS.map((c) => c.key)).toEqual([
      'ro1',
      't1',
      't2',
      'n1',
      's1',
      'd1',
      't3',
      't4',
      'n2',
      's2',
      'b1',
      't5',
      't6',
      'n3',
      's3',
      'd2',
      't7',
      't8',
      'n4',
      'ro2',
    ]);
    const count = (type: string) => BENCH_COLUMNS.filter((c) => c.type === type).length;
    expect([
      count('input'),
      count('inputNumber'),
      count('select'),
      count('date'),
      count('checkbox'),
      count('normal'),
    ]).toEqual([8, 4, 3, 2, 1, 2]);
    for (const c of BENCH_COLUMNS) expect(getCell(c.type), c.type).toBeTruthy();
  });
  it('rows have ids 0…n−1 and a value for every column', () => {
    const rows = benchRows(1000);
    expect(rows).toHaveLength(1000);
    expect(rows[0]?.id).toBe('0');
    expect(rows[999]?.id).toBe('999');
    for (const c of BENCH_COLUMNS) expect(rows[5]?.[c.key], c.key).not.toBeUndefined();
  });
});
