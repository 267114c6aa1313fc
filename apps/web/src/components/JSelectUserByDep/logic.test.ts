import { describe, expect, it } from 'vitest';
import {
  confirmError,
  mergeSelection,
  modalLayout,
  multiUserParams,
  orderByValue,
  type PickerUser,
  pickResult,
  sexText,
  userQueryParams,
} from './logic';

const u = (id: string, username: string, realname: string | null): PickerUser => ({ id, username, realname });

describe('user picker logic', () => {
  it('shows sex 1 as 男 and 2 as 女', () => {
    expect(sexText(1)).toBe('男');
    expect(sexText('2')).toBe('女');
    expect(sexText(null)).toBe('');
  });

  it('is 1250 wide on desktop and full width with an 800 px scroll below 500 px', () => {
    expect(modalLayout(1366)).toEqual({ width: 1250 });
    expect(modalLayout(499)).toEqual({ width: '100%', scrollX: 800 });
    expect(modalLayout(500)).toEqual({ width: 1250 });
  });

  it('asks for a page sorted by createTime desc with empty filters stripped', () => {
    expect(userQueryParams({ pageNo: 2, pageSize: 10, departId: '', username: ' ad ', realname: undefined })).toEqual({
      pageNo: 2,
      pageSize: 10,
      column: 'createTime',
      order: 'desc',
      username: 'ad',
    });
    expect(userQueryParams({ pageNo: 1, pageSize: 10, departId: 'd1' }).departId).toBe('d1');
  });

  it('looks up the initial text by username, or by id with store="id"', () => {
    expect(multiUserParams('username', 'admin, jeecg')).toEqual({ username: 'admin,jeecg' });
    expect(multiUserParams('id', 'x')).toEqual({ id: 'x' });
    expect(multiUserParams('username', '')).toBeNull();
  });

  it('orders the looked-up users like the value', () => {
    const users = [u('1', 'admin', '管理员'), u('2', 'jeecg', 'jeecg')];
    expect(orderByValue(users, 'jeecg,admin', 'username').map((x) => x.id)).toEqual(['2', '1']);
  });

  it('keeps rows chosen on other pages and takes only the last in single mode', () => {
    const before = [u('1', 'admin', '管理员')];
    const page = [u('2', 'jeecg', 'jeecg'), u('3', 'zhangsan', '张三')];
    expect(mergeSelection(before, page, ['1', '3'], true).map((x) => x.username)).toEqual(['admin', 'zhangsan']);
    expect(mergeSelection(before, page, ['1', '3'], false).map((x) => x.username)).toEqual(['zhangsan']);
  });

  it('needs at least one row (exactly one in single mode) before confirming', () => {
    expect(confirmError([], true)).toBe('请选择一条记录');
    expect(confirmError([1, 2], false)).toBe('请选择一条记录');
    expect(confirmError([1, 2], true)).toBeNull();
  });

  it('emits comma usernames (or ids) as value and real names as text', () => {
    const rows = [u('1', 'admin', '管理员'), u('2', 'jeecg', null)];
    expect(pickResult(rows, 'username')).toEqual({ value: 'admin,jeecg', text: '管理员,jeecg' });
    expect(pickResult(rows, 'id').value).toBe('1,2');
  });
});
