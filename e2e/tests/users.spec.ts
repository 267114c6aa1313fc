import { expect, type Locator, type Page, test } from '@playwright/test';
import { openPage, purgeUsers, signIn } from './support';

// 用户管理: the whole life of an account as an administrator sees it, and the read-only view of role `test`.

const URL = '/isystem/user';
const pageOf = (page: Page) => page.locator(`[data-page-key="${URL}"]`);
const rowOf = (scope: Locator, text: string) => scope.locator('.ant-table-tbody tr.ant-table-row', { hasText: text });
const USERNAME = `e2e_${Date.now() % 100000}`;
const PASSWORD = 'E2e@pass123';

test.afterAll(async ({ playwright }) => {
  // the suite shares one database: remove the account this file created
  const request = await playwright.request.newContext({ baseURL: test.info().project.use.baseURL });
  try {
    await purgeUsers(request, [USERNAME]);
  } finally {
    await request.dispose();
  }
});

async function search(scope: Locator, username: string) {
  await scope.getByPlaceholder('输入账号模糊查询').fill(username);
  await scope.getByRole('button', { name: /(^|\s)查\s*询$/ }).click();
}

/** 更多 ▾ of a row, then one of its entries; entries with a popconfirm are confirmed */
async function more(page: Page, row: Locator, entry: string, confirm = false) {
  await row.locator('.ant-dropdown-link').hover();
  await page.locator('.ant-dropdown:visible .ant-dropdown-menu-item', { hasText: entry }).click();
  if (confirm)
    await page
      .locator('.ant-popover:visible')
      .getByRole('button', { name: /确\s*定/ })
      .click();
}

test('admin adds, finds, edits, freezes, deletes, restores and exports a user', async ({ page, browser }) => {
  test.setTimeout(120_000);
  await signIn(page);
  await openPage(page, URL);
  const users = pageOf(page);
  await expect(rowOf(users, 'jeecg')).toHaveCount(1);
  await page.screenshot({ path: '/tmp/user-list.png' });

  // ---- add (with a role and a department)
  await users.getByRole('button', { name: '添加用户' }).click();
  const modal = page.locator('.ant-modal:visible', { hasText: '添加用户' });
  await expect(modal).toBeVisible();
  await modal.getByLabel('用户账号').fill('ab');
  await modal.getByLabel('登录密码').fill('123');
  await expect(modal.getByText('密码由8位数字、大小写字母和特殊符号组成!')).toBeVisible();
  await modal.getByLabel('用户账号').fill('jeecg');
  await expect(modal.getByText('用户名已存在!')).toBeVisible();
  await modal.getByLabel('用户账号').fill(USERNAME);
  await modal.getByLabel('登录密码').fill(PASSWORD);
  await modal.getByLabel('确认密码').fill(PASSWORD);
  await modal.getByLabel('用户姓名').fill('端到端用户');
  await modal.getByLabel('工号').fill(`W${USERNAME}`);
  await modal.getByLabel('手机号码').fill('13912345678');
  await modal.getByLabel('角色').click();
  await page.locator('.ant-select-item-option', { hasText: '临时角色' }).click();
  await modal.getByLabel('用户姓名').click(); // close the dropdown
  await modal.getByLabel('所属部门').click();
  const departModal = page.locator('.ant-modal:visible', { hasText: '选择部门' });
  await departModal.locator('.ant-tree-treenode', { hasText: '市场部' }).locator('.ant-tree-checkbox').click();
  await departModal.getByRole('button', { name: /确\s*定/ }).click();
  await expect(modal.getByLabel('所属部门')).toHaveValue('市场部');
  await expect(departModal).toBeHidden();
  await page.screenshot({ path: '/tmp/user-modal.png' });
  await modal.getByRole('button', { name: /确\s*定/ }).click();
  await expect(page.getByText('添加成功！')).toBeVisible();
  await expect(modal).toBeHidden();

  // ---- find it
  await search(users, USERNAME);
  const row = rowOf(users, USERNAME);
  await expect(users.locator('.ant-table-tbody tr.ant-table-row')).toHaveCount(1);
  await expect(row).toContainText('市场部');
  await expect(row).toContainText('正常');

  // ---- edit
  await row.getByText('编辑').click();
  const edit = page.locator('.ant-modal:visible', { hasText: '编辑用户' });
  await expect(edit.getByLabel('用户姓名')).toHaveValue('端到端用户');
  await expect(edit.getByLabel('所属部门')).toHaveValue('市场部');
  await edit.getByLabel('用户姓名').fill('改名用户');
  await edit.getByRole('button', { name: /确\s*定/ }).click();
  await expect(page.getByText('修改成功!')).toBeVisible();
  await expect(row).toContainText('改名用户');

  // ---- freeze: the user, signed in elsewhere, is out at once
  const other = await browser.newContext({ viewport: { width: 1366, height: 768 }, locale: 'zh-CN' });
  const theirs = await other.newPage();
  try {
    await signIn(theirs, USERNAME, PASSWORD);
    await more(page, row, '冻结', true);
    await expect(page.getByText('操作成功!').first()).toBeVisible();
    await expect(row).toContainText('冻结');
    await theirs.reload();
    await expect(theirs).toHaveURL(/\/user\/login/, { timeout: 20_000 });
  } finally {
    await other.close();
  }

  // ---- unfreeze
  await more(page, row, '解冻', true);
  await expect(row).toContainText('正常');

  // ---- delete, then restore from the recycle bin
  await more(page, row, '删除', true);
  await expect(rowOf(users, USERNAME)).toHaveCount(0);
  await users.getByRole('button', { name: /回收站/ }).click();
  const bin = page.locator('.ant-modal:visible', { hasText: '用户回收站' });
  const binRow = rowOf(bin, USERNAME);
  await expect(binRow).toContainText('市场部');
  await binRow.getByText('还原').click();
  await page
    .locator('.ant-modal-confirm')
    .getByRole('button', { name: /确\s*定/ })
    .click();
  await expect(page.getByText('还原 1 个用户成功！')).toBeVisible();
  await expect(rowOf(bin, USERNAME)).toHaveCount(0);
  await bin.locator('.ant-modal-close').click();
  await expect(rowOf(users, USERNAME)).toHaveCount(1);

  // ---- export
  const download = page.waitForEvent('download');
  await users.getByRole('button', { name: /导\s*出/ }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/\.xlsx$/);
});

test('role test (jeecg) sees the user list without add, edit or delete', async ({ page }) => {
  await signIn(page, 'jeecg');
  await openPage(page, URL);
  const users = pageOf(page);
  const admin = rowOf(users, '管理员');
  await expect(admin).toHaveCount(1);
  await expect(users.getByRole('button', { name: '添加用户' })).toHaveCount(0);
  await expect(users.getByRole('button', { name: /导\s*出/ })).toHaveCount(0);
  await expect(users.getByRole('button', { name: /回收站/ })).toHaveCount(0);
  await expect(admin.getByText('编辑')).toHaveCount(0);
  await admin.locator('.ant-dropdown-link').hover();
  const menu = page.locator('.ant-dropdown:visible .ant-dropdown-menu');
  await expect(menu).toContainText('详情');
  await expect(menu).not.toContainText('删除');
  await expect(menu).not.toContainText('密码');
  await expect(menu).not.toContainText('冻结');
  await menu.getByText('详情').click();
  const detail = page.locator('.ant-modal:visible', { hasText: '用户详情' });
  await expect(detail.getByLabel('用户姓名')).toHaveValue('管理员');
  await expect(detail.getByLabel('用户姓名')).toBeDisabled();
  // a superior: the departments it is in charge of, by name
  await expect(detail.locator('.ant-select-selection-item', { hasText: '北京国炬软件' })).toBeVisible();
  await expect(detail.getByText('f6817f48af4fb3af11b9e8bf182f618b')).toHaveCount(0);
  await page.screenshot({ path: '/tmp/user-list-jeecg.png' });
});

test('user list at 1366 px: phones on one line, 创建时间 clear of 操作, departments cut with a tooltip', async ({
  page,
}) => {
  await signIn(page);
  await openPage(page, URL);
  const users = pageOf(page);
  const admin = rowOf(users, '管理员');
  await expect(admin).toHaveCount(1);
  const cell = (row: Locator, n: number) => row.locator('td').nth(n);
  const headers = await users.locator('.ant-table-thead th').allInnerTexts();
  const col = (title: string) => headers.findIndex((h) => h.trim() === title);

  // the phone number is one line: its cell is no taller than a one-line cell of the same row
  const phone = await cell(admin, col('手机号码')).locator('.kit-nowrap').boundingBox();
  const sex = await cell(admin, col('性别')).boundingBox();
  expect(phone?.height ?? 99).toBeLessThan((sex?.height ?? 0) / 1.5);

  // 创建时间 ends before the fixed 操作 column starts (no horizontal scrolling needed at 1366 px)
  const created = await cell(admin, col('创建时间')).boundingBox();
  const action = await cell(admin, col('操作')).boundingBox();
  expect((created?.x ?? 0) + (created?.width ?? 0)).toBeLessThanOrEqual((action?.x ?? 0) + 1);
  // (创建时间 shows the day only since issue 29, a short plain text: the cell's own box is what matters)

  // a department name is whole in its column at 1366 (columns sized for their content, issue 29); one still too long
  // for its column is cut and shown whole in a tooltip
  const managed = cell(admin, col('负责部门')).locator('.kit-cell-ellipsis');
  const cut = await managed.evaluate((e) => e.scrollWidth > e.clientWidth);
  if (cut) {
    await managed.hover();
    await expect(page.locator('.ant-tooltip:visible')).toContainText('北京国炬软件');
  } else {
    await expect(managed).toContainText('北京国炬软件');
  }
  await page.screenshot({ path: '/tmp/user-list-1366.png' });
});
