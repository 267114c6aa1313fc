import { type Browser, expect, type Locator, type Page, test } from '@playwright/test';
import { api, asAdmin, openPage, purgeUsers, signIn } from './support';

// JEditableTable示例 → 实时同步: the same demo table open in two browsers as two users; a row changed and saved in
// one shows in the other within 2 s without a reload (/vxeSocket/{userId}/{pageId}, contract §6.2).

const URL = '/jeecg/JEditableTable';
const SUFFIX = Date.now() % 100000;
const SECOND = `e2e_live_${SUFFIX}`;
const PASSWORD = 'Live@e2e123';

const pageOf = (page: Page) => page.locator(`[data-page-key="${URL}"]`);
const liveTable = (page: Page) => pageOf(page).getByTestId('editable-live');
const rowsOf = (table: Locator) => table.locator('.jvxe-body .jvxe-row');
const cellOf = (table: Locator, rowId: string, key: string) =>
  table.locator(`.jvxe-row[data-row-id="${rowId}"] .jvxe-cell[data-key="${key}"]`);

test.beforeAll(async ({ playwright }) => {
  // a second user holding the admin role (the only role granted the demo pages)
  const request = await playwright.request.newContext({ baseURL: test.info().project.use.baseURL });
  try {
    await asAdmin(request, async (token) => {
      const roles = await api<{ records: { id: string; roleCode: string }[] }>(
        request,
        token,
        'GET',
        '/sys/role/list?roleCode=admin&pageSize=50',
      );
      const admin = roles.result?.records.find((r) => r.roleCode === 'admin');
      expect(admin, 'admin role').toBeTruthy();
      const added = await api(request, token, 'POST', '/sys/user/add', {
        username: SECOND,
        realname: '实时同步用户',
        password: PASSWORD,
        confirmpassword: PASSWORD,
        selectedroles: admin?.id,
        selecteddeparts: '',
      });
      expect(added.success, added.message).toBe(true);
    });
  } finally {
    await request.dispose();
  }
});

test.afterAll(async ({ playwright }) => {
  const request = await playwright.request.newContext({ baseURL: test.info().project.use.baseURL });
  try {
    await purgeUsers(request, [SECOND]);
  } finally {
    await request.dispose();
  }
});

async function openLive(browser: Browser, username: string, password: string) {
  const context = await browser.newContext({ viewport: { width: 1366, height: 768 }, locale: 'zh-CN' });
  const page = await context.newPage();
  await signIn(page, username, password);
  await openPage(page, URL);
  await pageOf(page).getByRole('tab', { name: '实时同步' }).click();
  const table = liveTable(page);
  await expect(rowsOf(table).first()).toBeVisible();
  await expect(table.getByTestId('live-status')).toHaveText('实时同步已连接');
  return { context, page, table };
}

/** changes a text cell and commits it; resolves once the row was saved (PUT immediateSaveRow answered) */
async function editAndSave(page: Page, table: Locator, rowId: string, key: string, text: string) {
  const saved = page.waitForResponse((r) => r.url().includes('/mock/vxe/immediateSaveRow') && r.status() === 200);
  await cellOf(table, rowId, key).click();
  const input = table.locator('.jvxe-editor input').first();
  await input.fill(text);
  await input.press('Enter');
  const res = await saved;
  expect(((await res.json()) as { success: boolean }).success).toBe(true);
  return Date.now();
}

test('a row saved in one browser shows in another user’s browser within 2 s, without a reload', async ({ browser }) => {
  test.setTimeout(120_000);
  const a = await openLive(browser, 'admin', '123456');
  const b = await openLive(browser, SECOND, PASSWORD);
  try {
    const rowId = (await rowsOf(a.table).nth(1).getAttribute('data-row-id')) as string;
    const original = ((await cellOf(a.table, rowId, 'ship_name').textContent()) ?? '').trim();
    await expect(cellOf(b.table, rowId, 'ship_name')).toHaveText(original);
    let navigations = 0;
    b.page.on('framenavigated', (f) => {
      if (f === b.page.mainFrame()) navigations++;
    });

    // A → B
    const renamed = `同步船${SUFFIX}`;
    const savedAt = await editAndSave(a.page, a.table, rowId, 'ship_name', renamed);
    await expect(cellOf(b.table, rowId, 'ship_name')).toContainText(renamed, { timeout: 2000 });
    const seenAfter = Date.now() - savedAt;
    console.log(`A→B: row shown in the other browser ${seenAfter} ms after the save answered`);
    await b.page.screenshot({ path: '/tmp/jvxe-live-b.png' });
    // the reload effect shows the old value for a moment, then only the new one
    await expect(cellOf(b.table, rowId, 'ship_name')).toHaveText(renamed, { timeout: 3000 });

    // B → A (the other way round, and the row back as it was)
    const backAt = await editAndSave(b.page, b.table, rowId, 'ship_name', original);
    await expect(cellOf(a.table, rowId, 'ship_name')).toContainText(original, { timeout: 2000 });
    console.log(`B→A: row shown in the other browser ${Date.now() - backAt} ms after the save answered`);
    await expect(cellOf(a.table, rowId, 'ship_name')).toHaveText(original, { timeout: 3000 });
    expect(navigations).toBe(0);
    await a.page.screenshot({ path: '/tmp/jvxe-live-a.png' });
  } finally {
    await a.context.close();
    await b.context.close();
  }
});

test('普通列表: 获取值 refuses with the first failing cell, then shows the collected values', async ({ page }) => {
  await signIn(page);
  await openPage(page, URL);
  const demo = pageOf(page).getByTestId('editable-fields');
  const rows = rowsOf(demo);
  await expect(rows).toHaveCount(4);
  // a duplicate field name in the second row
  const second = rows.nth(1).locator('.jvxe-cell[data-key="dbFieldName"]');
  await second.click();
  const input = demo.locator('.jvxe-editor input').first();
  await input.fill('id');
  await input.press('Enter');
  await demo.getByTestId('editable-collect').click();
  await expect(demo.getByTestId('editable-error')).toHaveText('第1行「字段名称」：字段名称不能重复');
  await expect(second).toHaveAttribute('data-err', '字段名称不能重复');
  // fixed: every row comes out, with the checkbox values of the column
  await second.click();
  await input.fill('create_user');
  await input.press('Enter');
  await demo.getByTestId('editable-collect').click();
  const values = JSON.parse((await demo.getByTestId('editable-values').textContent()) ?? '[]') as Record<
    string,
    unknown
  >[];
  expect(values.map((v) => v.dbFieldName)).toEqual(['id', 'create_user', 'create_time', 'order_money']);
  expect(values[0]).toMatchObject({ dbIsKey: '1', dbIsNull: '0', dbLength: 36 });
  await page.screenshot({ path: '/tmp/jvxe-editable-values.png' });
});
