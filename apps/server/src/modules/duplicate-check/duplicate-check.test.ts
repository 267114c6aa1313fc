import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { adminSession } from '../../../test/harness.ts';
import { sysUser } from '../../db/schema/index.ts';
import { USER_IDS } from '../../db/seed/data.ts';

const URL = '/jeecg-boot/sys/duplicate/check';

const s = adminSession();

const check = (params: Record<string, string>, tok: string | null = s.token) =>
  s.t.req({ method: 'GET', url: URL, query: params, token: tok ?? undefined });

describe('GET /sys/duplicate/check', () => {
  it('401 without a session', async () => {
    const res = await check({ tableName: 'sys_user', fieldName: 'username', fieldVal: 'admin' }, null);
    expect(res.statusCode).toBe(401);
    expect(res.json.message).toContain('Token失效');
  });

  it.each([
    [{ tableName: 'sys_user', fieldName: 'username', fieldVal: 'admin' }, false],
    [{ tableName: 'sys_user', fieldName: 'username', fieldVal: 'Admin' }, true], // exact, like the unique index
    [{ tableName: 'sys_user', fieldName: 'username', fieldVal: 'nobody' }, true],
    [{ tableName: 'sys_user', fieldName: 'phone', fieldVal: '18611111111' }, false],
    [{ tableName: 'sys_user', fieldName: 'email', fieldVal: 'jeecg@qq.com' }, false],
    [{ tableName: 'sys_user', fieldName: 'work_no', fieldVal: '00003' }, false],
    [{ tableName: 'sys_role', fieldName: 'role_code', fieldVal: 'admin' }, false],
    [{ tableName: 'sys_role', fieldName: 'role_code', fieldVal: 'new_role' }, true],
    [{ tableName: 'sys_depart', fieldName: 'org_code', fieldVal: 'A01A05' }, false],
    [{ tableName: 'sys_dict', fieldName: 'dict_code', fieldVal: 'sex' }, false],
    [{ tableName: 'sys_position', fieldName: 'code', fieldVal: 'manager' }, false],
    [{ tableName: 'sys_tenant', fieldName: 'id', fieldVal: '1' }, false],
    [{ tableName: 'sys_tenant', fieldName: 'id', fieldVal: '2' }, true],
    [{ tableName: 'sys_tenant', fieldName: 'id', fieldVal: 'abc' }, true],
    // the edit form excludes its own row
    [{ tableName: 'sys_user', fieldName: 'username', fieldVal: 'admin', dataId: USER_IDS.admin }, true],
    [{ tableName: 'sys_user', fieldName: 'username', fieldVal: 'admin', dataId: USER_IDS.jeecg }, false],
    [{ tableName: 'sys_user', fieldName: 'username', fieldVal: 'admin', dataId: '  ' }, false],
    [{ tableName: 'sys_tenant', fieldName: 'id', fieldVal: '1', dataId: '1' }, true],
    // hostile values are only values
    [{ tableName: 'sys_user', fieldName: 'username', fieldVal: "x' or '1'='1" }, true],
    [{ tableName: 'sys_user', fieldName: 'username', fieldVal: 'admin', dataId: "x' or '1'='1" }, false],
  ])('%j → available: %s', async (params, available) => {
    const res = await check(params);
    expect(res.statusCode).toBe(200);
    if (available) expect(res.json).toMatchObject({ success: true, code: 200, message: '该值可用！' });
    else expect(res.json).toMatchObject({ success: false, code: 500, message: '该值不可用，系统中已存在！' });
  });

  it('logically deleted rows still count (the unique index covers them)', async () => {
    await s.t.app.ctx.db.update(sysUser).set({ delFlag: 1 }).where(eq(sysUser.username, 'zhangsan'));
    const res = await check({ tableName: 'sys_user', fieldName: 'username', fieldVal: 'zhangsan' });
    expect(res.json.message).toBe('该值不可用，系统中已存在！');
  });

  it('an empty value answers the 3.x quirk (success, code 500)', async () => {
    const cases: Record<string, string>[] = [
      { tableName: 'sys_user', fieldName: 'username', fieldVal: '' },
      { tableName: 'sys_user', fieldName: 'username' },
    ];
    for (const params of cases) {
      const res = await check(params);
      expect(res.statusCode).toBe(200);
      expect(res.json).toMatchObject({ success: true, code: 500, message: '数据为空,不作处理！', result: null });
    }
  });

  it.each([
    [{ tableName: 'sys_user', fieldName: 'password', fieldVal: 'x' }],
    [{ tableName: 'sys_user', fieldName: 'salt', fieldVal: 'x' }],
    [{ tableName: 'sys_user', fieldName: 'id', fieldVal: USER_IDS.admin }],
    [{ tableName: 'sys_user', fieldName: 'realname', fieldVal: '管理员' }],
    [{ tableName: 'sys_user', fieldName: "username' or '1'='1", fieldVal: 'x' }],
    [{ tableName: 'sys_user', fieldName: 'username)--', fieldVal: 'x' }],
    [{ tableName: 'sys_user where 1=1 --', fieldName: 'username', fieldVal: 'x' }],
    [{ tableName: 'sys_user ', fieldName: 'username', fieldVal: 'x' }],
    [{ tableName: '`sys_user`', fieldName: 'username', fieldVal: 'x' }],
    [{ tableName: 'SYS_USER', fieldName: 'USERNAME', fieldVal: 'x' }],
    [{ tableName: 'sys_ｕser', fieldName: 'username', fieldVal: 'x' }],
    [{ tableName: 'information_schema.tables', fieldName: 'table_name', fieldVal: 'sys_user' }],
    [{ tableName: 'pg_shadow', fieldName: 'usename', fieldVal: 'postgres' }],
    [{ tableName: 'sys_session', fieldName: 'token_hash', fieldVal: 'x' }],
    [{ tableName: 'sys_log', fieldName: 'userid', fieldVal: 'admin' }],
    [{ tableName: 'sys_user,password,id', fieldName: 'username', fieldVal: 'x' }],
  ])('refuses %j without SQL', async (params) => {
    const res = await check(params);
    expect(res.statusCode).toBe(200);
    expect(res.json).toMatchObject({
      success: false,
      code: 500,
      message: '不允许对该表字段做重复校验！',
      result: null,
    });
  });

  it.each([
    [{ fieldName: 'username', fieldVal: 'x' }, '参数 tableName 有误：表名不能为空'],
    [{ tableName: 'sys_user', fieldVal: 'x' }, '参数 fieldName 有误：字段名不能为空'],
    [{ tableName: '', fieldName: 'username', fieldVal: 'x' }, '参数 tableName 有误：表名不能为空'],
    [
      { tableName: 'x'.repeat(65), fieldName: 'username', fieldVal: 'x' },
      '参数 tableName 有误：表名长度不能超过 64 个字符',
    ],
    [
      { tableName: 'sys_user', fieldName: 'username', fieldVal: 'x'.repeat(501) },
      '参数 fieldVal 有误：长度不能超过 500 个字符',
    ],
  ])('%j → 400', async (params, message) => {
    const res = await check(params);
    expect(res.statusCode).toBe(400);
    expect(res.json).toMatchObject({ success: false, message });
  });

  it('repeated parameters are malformed input, not an error page', async () => {
    const res = await s.t.req({
      method: 'GET',
      url: `${URL}?tableName=sys_user&tableName=sys_role&fieldName=username&fieldVal=x`,
      token: s.token,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json.success).toBe(false);
  });
});
