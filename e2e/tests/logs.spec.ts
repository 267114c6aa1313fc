import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { openPage, signIn } from './support';

const API = '/jeecg-boot';

async function apiLogin(request: APIRequestContext): Promise<{ token: string; userId: string }> {
  const res = await request.post(`${API}/sys/login`, {
    data: { username: 'admin', password: '123456', captcha: '0000', checkKey: String(Date.now()) },
  });
  const body = await res.json();
  expect(body.code).toBe(200);
  return { token: body.result.token, userId: body.result.userInfo.id };
}

test.describe('日志管理 / 数据日志', () => {
  test('sign-in appears in the login log; a mutation appears in the operation log with its parameters', async ({
    page,
    request,
  }) => {
    await signIn(page);
    // a mutation through the API, with a secret in its body
    const { token, userId } = await apiLogin(request);
    const edit = await request.put(`${API}/sys/user/edit`, {
      headers: { 'X-Access-Token': token },
      data: { id: userId, realname: '管理员', telephone: '010-12345678', password: 'should-be-masked' },
    });
    expect((await edit.json()).success).toBe(true);

    await openPage(page, '/isystem/log');
    await expect(page.getByRole('tab', { name: '登录日志' })).toHaveAttribute('aria-selected', 'true');
    const loginRow = page.locator('.ant-table-tbody tr.ant-table-row').first();
    await expect(loginRow).toContainText('登录成功');
    await expect(loginRow).toContainText('admin');
    await page.screenshot({ path: '/tmp/core-server-LogList.png' });

    await page.getByRole('tab', { name: '操作日志' }).click();
    await expect(page.getByText('操作类型', { exact: true }).first()).toBeVisible();
    await page.getByPlaceholder('请输入搜索关键词').fill('/sys/user/edit');
    await page.getByRole('button', { name: /(^|\s)查\s*询$/ }).click();
    const opRow = page.locator('.ant-table-tbody tr.ant-table-row').first();
    await expect(opRow).toContainText('/sys/user/edit');
    await expect(opRow).toContainText('修改');
    await opRow.locator('.ant-table-row-expand-icon').click();
    const params = page.getByTestId('log-request-param').first();
    await expect(params).toContainText('010-12345678');
    await expect(params).toContainText('******');
    await expect(params).not.toContainText('should-be-masked');
    await page.screenshot({ path: '/tmp/core-server-LogList-operation.png' });
    // admin holds log:clear: the button is shown
    await expect(page.getByRole('button', { name: /清空日志/ })).toBeVisible();
  });

  test('data log compares two versions of the admin after two edits', async ({ page, request }) => {
    const { token, userId } = await apiLogin(request);
    const rename = async (realname: string) => {
      const res = await request.put(`${API}/sys/user/edit`, {
        headers: { 'X-Access-Token': token },
        data: { id: userId, realname },
      });
      expect((await res.json()).success).toBe(true);
    };
    for (const realname of ['管理员甲', '管理员乙']) await rename(realname);
    // the suite shares one database: give admin its seeded name back when this test is done
    try {
      await compareVersions(page, userId);
    } finally {
      await rename('管理员');
    }
  });

  async function compareVersions(page: Page, userId: string) {
    await signIn(page);
    await openPage(page, '/sys/dataLog-list');
    await page.getByPlaceholder('请输入表名').fill('sys_user');
    await page.getByPlaceholder('请输入数据ID').fill(userId);
    await page.getByRole('button', { name: /(^|\s)查\s*询$/ }).click();
    const rows = page.locator('.ant-table-tbody tr.ant-table-row');
    await expect(rows.first()).toContainText('sys_user');
    expect(await rows.count()).toBeGreaterThanOrEqual(2);
    await page.screenshot({ path: '/tmp/core-server-DataLogList.png' });

    // one row selected → the hint
    await rows.nth(0).locator('.ant-checkbox-input').check();
    await page.getByRole('button', { name: /数据比较/ }).click();
    await expect(page.getByText('请选择两条数据')).toBeVisible();

    await rows.nth(1).locator('.ant-checkbox-input').check();
    await page.getByRole('button', { name: /数据比较/ }).click();
    const modal = page.locator('.ant-modal').filter({ hasText: '数据比较' });
    await expect(modal).toBeVisible();
    const changed = modal.locator('tr[data-changed="true"]');
    await expect(changed.filter({ hasText: 'realname' })).toContainText('管理员甲');
    await expect(changed.filter({ hasText: 'realname' })).toContainText('管理员乙');
    await page.screenshot({ path: '/tmp/core-server-DataLogCompare.png' });
    await modal.locator('.ant-modal-footer').getByRole('button').click();

    // version history of the row
    await rows.first().getByText('版本历史').click();
    const history = page.locator('.ant-modal').filter({ hasText: '版本历史' });
    await expect(history.locator('.ant-table-tbody tr.ant-table-row').first()).toBeVisible();
    await expect(history.getByText('与上一版本比较').first()).toBeVisible();
  }

  test('a file upload answers a path and the static URL serves it', async ({ request }) => {
    const { token } = await apiLogin(request);
    const png = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64, 7)]);
    const res = await request.post(`${API}/sys/common/upload`, {
      headers: { 'X-Access-Token': token },
      multipart: { biz: 'e2e', file: { name: '截图.png', mimeType: 'image/png', buffer: png } },
    });
    const body = await res.json();
    expect(body).toMatchObject({ success: true, code: 0 });
    expect(body.message).toMatch(/^e2e\/\d+_[0-9a-f]{16}\.png$/);
    const file = await request.get(`${API}/sys/common/static/${body.message}`);
    expect(file.status()).toBe(200);
    expect(file.headers()['content-type']).toBe('image/png');
    expect(file.headers()['x-content-type-options']).toBe('nosniff');
    expect(Buffer.from(await file.body()).equals(png)).toBe(true);
    // a disguised html file is refused
    const html = await request.post(`${API}/sys/common/upload`, {
      headers: { 'X-Access-Token': token },
      multipart: { file: { name: 'x.png', mimeType: 'image/png', buffer: Buffer.from('<html><script>1</script>') } },
    });
    expect((await html.json()).success).toBe(false);
  });

  test('a user without the log permissions can neither clear logs nor see the button', async ({ page, request }) => {
    const login = await request.post(`${API}/sys/login`, {
      data: { username: 'jeecg', password: '123456', captcha: '0000', checkKey: String(Date.now()) },
    });
    const token = (await login.json()).result.token as string;
    const clear = await request.delete(`${API}/sys/log/deleteBatch?ids=allclear`, {
      headers: { 'X-Access-Token': token },
    });
    expect(clear.status()).toBe(403);
    const list = await request.get(`${API}/sys/log/list?logType=1`, { headers: { 'X-Access-Token': token } });
    expect(list.status()).toBe(403);
    await signIn(page, 'jeecg');
    await page.goto('/isystem/log');
    await expect(page.getByText('抱歉，你访问的页面不存在或仍在开发中')).toBeVisible();
    await expect(page.getByRole('tab', { name: '登录日志' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: /清空日志/ })).toHaveCount(0);
  });
});
