import { describe, expect, it } from 'vitest';
import { operateTypeOf } from './audit.ts';

// JeecgBoot's operate types: 1 查询, 2 添加, 3 更新, 4 删除, 5 导入, 6 导出
describe('operateTypeOf: the 操作类型 of an audit row guessed from the URL and method', () => {
  it('names in the URL decide first', () => {
    expect(operateTypeOf('/sys/user/add', 'POST')).toBe(2);
    expect(operateTypeOf('/sys/user/edit', 'PUT')).toBe(3);
    expect(operateTypeOf('/sys/user/deleteBatch', 'DELETE')).toBe(4);
    expect(operateTypeOf('/sys/user/importExcel', 'POST')).toBe(5);
    expect(operateTypeOf('/sys/user/exportXls', 'GET')).toBe(6);
  });

  it('other changes are updates or deletes by their method, never 查询', () => {
    expect(operateTypeOf('/answer/session/cancel', 'PUT')).toBe(3);
    expect(operateTypeOf('/answer/reservation/confirm', 'POST')).toBe(3);
    expect(operateTypeOf('/answer/reservation/checkIn', 'PUT')).toBe(3);
    expect(operateTypeOf('/online/cgform/api/form/abc/123', 'DELETE')).toBe(4);
    expect(operateTypeOf('/sys/user/queryById', 'GET')).toBe(1);
    expect(operateTypeOf('/sys/user/list')).toBe(1);
  });
});
