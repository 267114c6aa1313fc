import type { LoginResult, Result } from '@answer/contract';
import { describe, expect, it } from 'vitest';
import { HttpError } from '../../api/http';
import { isLoginOk, loginFailureText, loginSelection, needsSelection, selectionTitle } from './login-flow';

const user = { username: 'admin', realname: '管理员', relTenantIds: '' } as LoginResult['userInfo'];
const result = (extra: Partial<LoginResult> = {}): LoginResult =>
  ({ token: 't', userInfo: user, departs: [], multi_depart: 1, sysAllDictItems: {}, ...extra }) as LoginResult;
const envelope = (code: number, r: unknown, success = true): Result<LoginResult> =>
  ({ success, code, message: '', result: r, timestamp: 0 }) as Result<LoginResult>;

const dep = (orgCode: string) => ({ id: orgCode, orgCode, departName: orgCode }) as LoginResult['departs'][number];
const ten = (id: number) => ({ id, name: `T${id}` }) as NonNullable<LoginResult['tenantList']>[number];

describe('isLoginOk', () => {
  it.each([
    [envelope(200, result()), true],
    [envelope('200' as unknown as number, result()), true],
    [envelope(0, result()), false],
    [envelope(0, null), false],
    [envelope(500, null, false), false],
    [envelope(200, { token: null }), false],
    [null, false],
  ])('%#', (res, ok) => {
    expect(isLoginOk(res)).toBe(ok);
  });
});

describe('loginSelection', () => {
  it.each([
    ['one department, no tenant', result(), { departs: null, tenants: null, tenantId: null, noDepart: false }, false],
    [
      'no department',
      result({ multi_depart: 0 }),
      { departs: null, tenants: null, tenantId: null, noDepart: true },
      false,
    ],
    [
      'several departments',
      result({ multi_depart: 2, departs: [dep('A01'), dep('A02')] }),
      { departs: [dep('A01'), dep('A02')], tenants: null, tenantId: null, noDepart: false },
      true,
    ],
    [
      'one tenant',
      result({ tenantList: [ten(1)] }),
      { departs: null, tenants: null, tenantId: 1, noDepart: false },
      false,
    ],
    [
      'several tenants',
      result({ tenantList: [ten(1), ten(2)] }),
      { departs: null, tenants: [ten(1), ten(2)], tenantId: null, noDepart: false },
      true,
    ],
    [
      'tenant from relTenantIds',
      result({ userInfo: { ...user, relTenantIds: '7' } }),
      { departs: null, tenants: null, tenantId: '7', noDepart: false },
      false,
    ],
  ])('%s', (_name, r, expected, ask) => {
    const sel = loginSelection(r);
    expect(sel).toEqual(expected);
    expect(needsSelection(sel)).toBe(ask);
  });

  it('dialog titles', () => {
    expect(selectionTitle({ departs: [dep('A')], tenants: [ten(1)], tenantId: null, noDepart: false })).toBe(
      '请选择租户和部门',
    );
    expect(selectionTitle({ departs: [dep('A')], tenants: null, tenantId: null, noDepart: false })).toBe('请选择部门');
    expect(selectionTitle({ departs: null, tenants: [ten(1)], tenantId: null, noDepart: false })).toBe('请选择租户');
  });
});

describe('loginFailureText', () => {
  it.each([
    [{ success: false, code: 500, message: '用户名或密码错误' }, '用户名或密码错误'],
    [new HttpError('http', 429, 'x', { message: '请求过于频繁，请稍后再试' }), '请求过于频繁，请稍后再试'],
    [new Error('boom'), 'boom'],
    [null, '请求出现错误，请稍后再试'],
    [{ message: '' }, '请求出现错误，请稍后再试'],
  ])('%#', (err, text) => {
    expect(loginFailureText(err)).toBe(text);
  });
});
