import { describe, expect, it } from 'vitest';
import type { ReportColumn } from '../../../../../api/cgreport';
import {
  cellText,
  dictText,
  fillHref,
  groupColumns,
  reportParams,
  selfParams,
  TOTAL_LABEL,
  TOTAL_NAN,
  totalRow,
} from './report-logic';

const col = (dataIndex: string, more: Partial<ReportColumn> = {}): ReportColumn => ({
  title: dataIndex,
  dataIndex,
  ...more,
});

describe('report screen logic', () => {
  it('sums total columns over the page, says 包含非数字内容 for a text value, 合计 in the first other column', () => {
    const columns = [
      col('name'),
      col('age', { isTotal: '1' }),
      col('money', { isTotal: '1' }),
      col('note', { isTotal: '1' }),
    ];
    const rows = [
      { name: 'a', age: 20, money: '1.10', note: '1' },
      { name: 'b', age: '30', money: 2.05, note: 'x' },
      { name: 'c', age: null, money: '', note: '3' },
    ];
    const total = totalRow(rows, columns);
    expect(total).toMatchObject({ name: TOTAL_LABEL, age: 50, money: 3.15, note: TOTAL_NAN });
    expect(TOTAL_NAN).toBe('包含非数字内容');
    expect(totalRow([], columns)).toBeNull();
    expect(totalRow(rows, [col('name')])).toBeNull();
  });

  it('groups adjacent columns under their group title', () => {
    const g = groupColumns([col('a'), col('b', { groupTitle: '收入' }), col('c', { groupTitle: '收入' }), col('d')]);
    expect(
      g.map((x) => ('children' in x ? `${x.title}:${x.children.map((c) => c.dataIndex).join('+')}` : x.dataIndex)),
    ).toEqual(['a', '收入:b+c', 'd']);
  });

  it('sends query values, self_ parameters from the route, sort and page', () => {
    const self = selfParams({ sex: '1', other: 'x' }, [{ paramName: 'sex' }, { paramName: 'dept' }]);
    expect(self).toEqual({ self_sex: '1' });
    expect(
      reportParams({
        query: { name: 'a', empty: '', tags: ['x', 'y'], none: null },
        self,
        sort: { column: 'age', order: 'asc' },
        page: { pageNo: 2, pageSize: 10 },
      }),
    ).toEqual({ name: 'a', tags: 'x,y', self_sex: '1', column: 'age', order: 'asc', pageNo: 2, pageSize: 10 });
  });

  it('dictionary texts, dates cut to the day, links filled as text and refused when unsafe', () => {
    const sex = [
      { value: '1', text: '男' },
      { value: '2', text: '女' },
    ];
    expect(dictText('1,2,9', sex)).toBe('男,女,9');
    expect(cellText(2, col('sex', { customRender: 'sex' }), sex)).toBe('女');
    expect(cellText('2026-01-02 10:00:00', col('d', { fieldType: 'Date' }))).toBe('2026-01-02');
    expect(fillHref('/jeecg/detail?id={{id}}&n=${name}', { id: 'a b', name: '张' })).toBe(
      '/jeecg/detail?id=a%20b&n=%E5%BC%A0',
    );
    expect(fillHref('javascript:alert({{id}})', { id: 1 })).toBeNull();
    expect(fillHref('{{url}}', { url: 'javascript:alert(1)' })).toBeNull();
  });
});
