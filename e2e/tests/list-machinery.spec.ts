import { expect, type Page, type Request, test } from '@playwright/test';
import { openPage, purgeUsers, signIn } from './support';

/**
 * The list-page machinery (components/list) driven through a real list page, /isystem/user: total text, page size,
 * column sort, quick jumper, selection alert, batch-delete confirmation and export.
 */

const LIST = '/jeecg-boot/sys/user/list';

function listRequest(page: Page, check: (q: URLSearchParams) => boolean): Promise<Request> {
  return page.waitForRequest((r) => {
    const u = new URL(r.url());
    return u.pathname === LIST && check(u.searchParams);
  });
}

async function seedUsers(page: Page, count: number): Promise<void> {
  const token = await page.evaluate(() => {
    const raw = localStorage.getItem('pro__Access-Token');
    return raw ? (JSON.parse(raw) as { value: string }).value : '';
  });
  for (let i = 1; i <= count; i++) {
    const n = String(i).padStart(2, '0');
    const res = await page.request.post('/jeecg-boot/sys/user/add', {
      headers: { 'X-Access-Token': token, 'tenant-id': '0' },
      data: {
        username: `lm_user_${n}`,
        realname: `列表用户${n}`,
        password: 'Abcd@1234',
        confirmpassword: 'Abcd@1234',
        selectedroles: '',
        selecteddeparts: '',
      },
    });
    const body = (await res.json()) as { success: boolean; message: string };
    expect(body.success, body.message).toBe(true);
  }
}

test.afterEach(async ({ request }) => {
  // the suite shares one database: leave only the seeded users for the spec files that follow
  await purgeUsers(
    request,
    Array.from({ length: 12 }, (_, i) => `lm_user_${String(i + 1).padStart(2, '0')}`),
  );
});

test('list machinery on the user list', async ({ page }) => {
  await signIn(page);
  await seedUsers(page, 12);

  const first = listRequest(page, (q) => q.get('pageNo') === '1');
  await openPage(page, '/isystem/user');
  const q0 = new URL((await first).url()).searchParams;
  // default query: createTime desc, page 1 of 10
  expect(q0.get('column')).toBe('createTime');
  expect(q0.get('order')).toBe('desc');
  expect(q0.get('pageSize')).toBe('10');

  const table = page.locator('.ant-table-wrapper').filter({ hasText: '用户账号' }).first();
  const totalText = table.locator('.ant-pagination-total-text');
  await expect(totalText).toHaveText(/^1-10 共 (1[5-9]|[2-9]\d) 条$/);
  const total = Number(/共 (\d+) 条/.exec((await totalText.textContent()) ?? '')?.[1]);
  await expect(table.locator('tbody tr.ant-table-row')).toHaveCount(10);
  await page.screenshot({ path: '/tmp/web-list-user-list.png' });

  // page size 20: one request with pageSize=20, page 1, more rows
  const sized = listRequest(page, (q) => q.get('pageSize') === '20');
  await table.locator('.ant-pagination-options .ant-select').click();
  await page.locator('.ant-select-dropdown').getByText('20 条/页').click();
  expect(new URL((await sized).url()).searchParams.get('pageNo')).toBe('1');
  await expect(totalText).toHaveText(`1-${Math.min(20, total)} 共 ${total} 条`);
  await expect(table.locator('tbody tr.ant-table-row')).toHaveCount(Math.min(20, total));

  // back to 10 a page, then the quick jumper to page 2
  const back = listRequest(page, (q) => q.get('pageSize') === '10');
  await table.locator('.ant-pagination-options .ant-select').click();
  await page.locator('.ant-select-dropdown').getByText('10 条/页').click();
  await back;
  const jumped = listRequest(page, (q) => q.get('pageNo') === '2');
  const jumper = table.locator('.ant-pagination-options-quick-jumper input');
  await jumper.fill('2');
  await jumper.press('Enter');
  await jumped;
  await expect(totalText).toHaveText(`11-${Math.min(20, total)} 共 ${total} 条`);

  // a click on a sortable header sends column/order (ascend → asc, then descend → desc); the page stays
  const header = table.locator('th', { hasText: '用户账号' });
  const usernames = () => table.locator('tbody tr.ant-table-row td:nth-child(2)').allTextContents();
  const asc = listRequest(page, (q) => q.get('column') === 'username' && q.get('order') === 'asc');
  await header.click();
  expect(new URL((await asc).url()).searchParams.get('pageNo')).toBe('2');
  await expect.poll(usernames).toEqual([...(await usernames())].sort());
  await expect(table.locator('tbody tr.ant-table-row').first()).toContainText('lm_user_09');
  const desc = listRequest(page, (q) => q.get('column') === 'username' && q.get('order') === 'desc');
  await header.click();
  await desc;
  await expect(table.locator('tbody tr.ant-table-row').first()).not.toContainText('lm_user_09');
  await expect
    .poll(async () => {
      const names = await usernames();
      return names.join() === [...names].sort().reverse().join();
    })
    .toBe(true);

  // selection: the alert counts, 批量操作 → 删除 asks 确定要删除这 N 项吗?, cancel keeps everything
  const rows = table.locator('tbody tr.ant-table-row');
  for (const i of [0, 1, 2]) await rows.nth(i).locator('.ant-checkbox-input').check();
  await expect(page.getByTestId('selection-alert')).toContainText(/已选择\s*3\s*项/);
  await page.getByRole('button', { name: /批量操作/ }).hover();
  await page.locator('.ant-dropdown-menu').getByText('删除', { exact: true }).click();
  const confirm = page.locator('.ant-modal-confirm');
  await expect(confirm).toContainText('确定要删除这 3 项吗?');
  await page.screenshot({ path: '/tmp/web-list-batch-confirm.png' });
  await confirm.getByRole('button', { name: /取\s*消/ }).click();
  await expect(confirm).toBeHidden();

  // export: a file download with the query and the selected ids
  const exportReq = page.waitForRequest((r) => r.url().includes('/sys/user/exportXls'));
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: /导\s*出/ }).click();
  const sent = new URL((await exportReq).url()).searchParams;
  expect(sent.get('selections')?.split(',')).toHaveLength(3);
  expect(sent.get('column')).toBe('username');
  expect(sent.has('pageNo')).toBe(false);
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/\.xlsx?$/);
  const path = await file.path();
  expect(path).toBeTruthy();

  // 清空 empties the selection
  await page.getByTestId('selection-alert').getByText('清空').click();
  await expect(page.getByTestId('selection-alert')).toContainText(/已选择\s*0\s*项/);

  // query form → search from page 1; the row's 更多 → 删除 asks 确定删除吗? and the list reloads afterwards
  await page.getByPlaceholder('输入账号模糊查询').fill('lm_user_12');
  const searched = listRequest(page, (q) => (q.get('username') ?? '').includes('lm_user_12'));
  await page.getByRole('button', { name: /(^|\s)查\s*询$/ }).click();
  expect(new URL((await searched).url()).searchParams.get('pageNo')).toBe('1');
  await expect(totalText).toHaveText('1-1 共 1 条');
  const row = table.locator('tbody tr.ant-table-row', { hasText: 'lm_user_12' });
  await row.getByText('更多').hover();
  await page.locator('.ant-dropdown:visible').getByText('删除', { exact: true }).click();
  const pop = page.locator('.ant-popconfirm:visible');
  await expect(pop).toContainText('确定删除吗?');
  const deleted = page.waitForResponse(
    (r) => r.url().includes('/sys/user/delete?') && r.request().method() === 'DELETE',
  );
  const reloaded = listRequest(page, (q) => (q.get('username') ?? '').includes('lm_user_12'));
  await pop.getByRole('button', { name: /确\s*定/ }).click();
  expect(((await (await deleted).json()) as { success: boolean }).success).toBe(true);
  await reloaded;
  await expect(table.locator('tbody tr.ant-table-row')).toHaveCount(0);

  // 重置 forgets the query: everyone but the deleted user
  const resetReq = listRequest(page, (q) => !q.has('username'));
  await page.getByRole('button', { name: /重\s*置/ }).click();
  await resetReq;
  await expect(totalText).toHaveText(new RegExp(`共 ${total - 1} 条$`));
});
