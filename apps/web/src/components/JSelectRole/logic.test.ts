import { describe, expect, it } from 'vitest';
import { rolesOfValue } from './logic';

const all = [
  { id: 'r1', roleCode: 'admin', roleName: '管理员' },
  { id: 'r2', roleCode: 'test', roleName: '测试' },
];

describe('role picker initial text', () => {
  it('finds roles by id, in the order of the value', () => {
    expect(rolesOfValue(all, 'r2,r1', 'id').map((r) => r.roleName)).toEqual(['测试', '管理员']);
  });
  it('finds roles by code with store="roleCode" and skips unknown ones', () => {
    expect(rolesOfValue(all, 'test,gone', 'roleCode').map((r) => r.id)).toEqual(['r2']);
    expect(rolesOfValue(all, '', 'id')).toEqual([]);
  });
});
