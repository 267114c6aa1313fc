import { describe, expect, it } from 'vitest';
import type { SysUser } from '../../../api/user';
import { firstRuleError } from '../../../utils/rules';
import { hasAdmin, likeValue, passwordRules, STRONG_PASSWORD, toFormValues, toSaveBody } from './user-form';

const user: SysUser = {
  id: 'u1',
  username: 'zhangsan',
  realname: '张三',
  avatar: null,
  birthday: '1990-06-18',
  sex: 1,
  email: null,
  phone: '18633333333',
  telephone: null,
  workNo: '00003',
  post: 'staff',
  status: 1,
  orgCode: 'A01A03',
  userIdentity: 2,
  departIds: 'd1,dX',
  relTenantIds: '1,2',
  createTime: '2024-01-01 00:00:00',
};

describe('user form values', () => {
  it('loads a user: roles and departments as lists, managed departments limited to member ones', () => {
    const v = toFormValues(user, ['r1', 'r2'], ['d1', 'd2']);
    expect(v).toMatchObject({
      selectedroles: ['r1', 'r2'],
      selecteddeparts: 'd1,d2',
      userIdentity: 2,
      departIds: ['d1'],
      sex: '1',
      relTenantIds: ['1', '2'],
    });
    expect(v.birthday).toBe('1990-06-18');
  });

  it('builds the edit body without username or password, with comma lists and yyyy-MM-dd', () => {
    const body = toSaveBody({ ...toFormValues(user, ['r1'], ['d1']), birthday: '2001-02-03' }, 'u1');
    expect(body).toMatchObject({
      id: 'u1',
      selectedroles: 'r1',
      selecteddeparts: 'd1',
      departIds: 'd1',
      birthday: '2001-02-03',
      relTenantIds: '1,2',
    });
    expect(body).not.toHaveProperty('password');
    expect(body).not.toHaveProperty('username');
  });

  it('builds the add body with account and passwords; an ordinary user manages no department', () => {
    const body = toSaveBody({
      username: ' new_user ',
      password: 'Abc@12345',
      confirmpassword: 'Abc@12345',
      realname: '新',
      userIdentity: 1,
      departIds: ['d1'],
    });
    expect(body).toMatchObject({ username: 'new_user', password: 'Abc@12345', departIds: '', selectedroles: '' });
  });
});

describe('password rule and list helpers', () => {
  it('needs 8+ characters with a letter, a digit and a special character', () => {
    expect(STRONG_PASSWORD.test('Abc@1234')).toBe(true);
    for (const bad of ['123456', 'abcdefgh', 'abc12345', 'Ab@1']) {
      expect(firstRuleError(bad, passwordRules)).toBe('密码由8位数字、大小写字母和特殊符号组成!');
    }
  });

  it('wraps search text for a contains search and spots admin in a selection', () => {
    expect(likeValue(' ab ')).toBe('*ab*');
    expect(likeValue('')).toBeUndefined();
    expect(likeValue(undefined)).toBeUndefined();
    expect(hasAdmin([{ username: 'jeecg' }, { username: 'admin' }])).toBe(true);
    expect(hasAdmin([{ username: 'jeecg' }])).toBe(false);
  });
});
