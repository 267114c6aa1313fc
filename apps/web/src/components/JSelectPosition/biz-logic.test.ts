import { describe, expect, it } from 'vitest';
import {
  clampPage,
  confirmError,
  ellipsis,
  listParams,
  POPUP_MODAL_WIDTH,
  POPUP_PAGE_SIZE,
  POPUP_PAGE_SIZES,
  POPUP_SCROLL_Y,
  pickedValue,
  rowsInValueOrder,
  toggleRow,
  valueLookupParams,
} from './biz-logic';

const rows = [
  { id: '1', code: 'staff', name: '职员' },
  { id: '2', code: 'devleader', name: '研发组长' },
  { id: '3', code: 'manager', name: '部门经理' },
];

describe('popup picker constants', () => {
  it('pages by 5 (5/10/20/30) in a 900 wide modal with a 240 high table', () => {
    expect(POPUP_PAGE_SIZE).toBe(5);
    expect(POPUP_PAGE_SIZES).toEqual(['5', '10', '20', '30']);
    expect(POPUP_MODAL_WIDTH).toBe(900);
    expect(POPUP_SCROLL_Y).toBe(240);
  });
});

describe('popup picker logic', () => {
  it('searches with a LIKE on the search field and strips an empty keyword', () => {
    expect(listParams({ pageNo: 1, pageSize: 5, searchField: 'name', keyword: ' 研发 ' })).toEqual({
      pageNo: 1,
      pageSize: 5,
      name: '*研发*',
    });
    expect(listParams({ pageNo: 1, pageSize: 5, searchField: 'name', keyword: '' })).toEqual({
      pageNo: 1,
      pageSize: 5,
    });
  });

  it('looks up a stored value with a comma list ending with a comma', () => {
    expect(valueLookupParams('code', 'staff')).toEqual({ code: 'staff,', pageNo: 1, pageSize: 5 });
    expect(valueLookupParams('code', '')).toBeNull();
  });

  it('toggles rows, single mode keeping only the last picked', () => {
    expect(toggleRow([rows[0]], rows[1], false)).toEqual([rows[1]]);
    expect(toggleRow([rows[0]], rows[1], true)).toEqual([rows[0], rows[1]]);
    expect(toggleRow([rows[0], rows[1]], rows[0], true)).toEqual([rows[1]]);
  });

  it('returns codes as the value and names as the text', () => {
    expect(pickedValue([rows[2], rows[0]], 'code', 'name')).toEqual({ value: 'manager,staff', text: '部门经理,职员' });
    expect(rowsInValueOrder(rows, 'manager,nope,staff', 'code').map((r) => r.id)).toEqual(['3', '1']);
  });

  it('needs one row to confirm (exactly one in single mode)', () => {
    expect(confirmError([], false)).toBe('请选择一条记录');
    expect(confirmError(rows, false)).toBe('请选择一条记录');
    expect(confirmError([rows[0]], false)).toBeNull();
  });

  it('cuts long texts at 12 characters unless disabled', () => {
    expect(ellipsis('一二三四五六七八九十一二三')).toBe('一二三四五六七八九十一二...');
    expect(ellipsis('短')).toBe('短');
    expect(ellipsis('一二三四五六七八九十一二三', -1)).toBe('一二三四五六七八九十一二三');
  });

  it('pulls the page back when the total shrank below it', () => {
    expect(clampPage(3, 5, 10)).toBe(2);
    expect(clampPage(1, 5, 0)).toBe(1);
    expect(clampPage(2, 5, 10)).toBe(2);
  });
});
