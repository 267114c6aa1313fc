import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/client.ts';
import { maskSecrets, operateTypeOf } from '../src/platform/audit.ts';
import { createTestApp, type TestApp } from './harness.ts';

describe('audit log (sys_log)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('records a login line without the password', async () => {
    await t.login('admin', '123456');
    const rows = await queryRows<{ log_content: string; request_param: string | null; userid: string }>(
      t.app.ctx.db,
      sql`select log_content, request_param, userid from sys_log where log_type = 1 order by create_time desc limit 1`,
    );
    expect(rows[0].log_content).toBe('用户名: admin,登录成功！');
    expect(rows[0].userid).toBe('admin');
    expect(JSON.stringify(rows)).not.toContain('123456');
  });

  it('records every authenticated mutation as an operation log with secrets masked', async () => {
    const token = await t.login('admin', '123456');
    await t.req({
      method: 'PUT',
      url: '/jeecg-boot/sys/user/updatePassword',
      token,
      payload: {
        username: 'admin',
        oldpassword: 'wrong-old-pass',
        password: 'N3w-secret!',
        confirmpassword: 'N3w-secret!',
      },
    });
    // the onResponse hook writes asynchronously
    await new Promise((r) => setTimeout(r, 200));
    const rows = await queryRows<{
      request_param: string;
      operate_type: number;
      request_type: string;
      userid: string;
      username: string;
    }>(
      t.app.ctx.db,
      sql`select request_param, operate_type, request_type, userid, username from sys_log where log_type = 2 and request_url = '/jeecg-boot/sys/user/updatePassword'`,
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ operate_type: 3, request_type: 'PUT', userid: 'admin', username: '管理员' });
    expect(rows[0].request_param).toContain('"username":"admin"');
    expect(rows[0].request_param).not.toContain('N3w-secret!');
    expect(rows[0].request_param).not.toContain('wrong-old-pass');
  });

  it('masks nested secrets and guesses operate types like JeecgBoot', () => {
    expect(maskSecrets({ user: { password: 'x', name: 'y' }, token: 't', list: [{ smscode: '1' }] })).toEqual({
      user: { password: '******', name: 'y' },
      token: '******',
      list: [{ smscode: '******' }],
    });
    expect(operateTypeOf('/jeecg-boot/sys/user/add')).toBe(2);
    expect(operateTypeOf('/jeecg-boot/sys/user/edit')).toBe(3);
    expect(operateTypeOf('/jeecg-boot/sys/user/deleteBatch')).toBe(4);
    expect(operateTypeOf('/jeecg-boot/sys/user/importExcel')).toBe(5);
    expect(operateTypeOf('/jeecg-boot/sys/user/exportXls')).toBe(6);
    expect(operateTypeOf('/jeecg-boot/sys/user/list')).toBe(1);
  });
});
