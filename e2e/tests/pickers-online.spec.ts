import { expect, type Page, test } from '@playwright/test';
import { endSessionsOf, openPage, signIn } from './support';

// 在线用户 (force-logout across browsers), 通讯录 (department filter), and the picker widgets where a page uses them.

const pageOf = (page: Page, path: string) => page.locator(`[data-page-key="${path}"]`);
/** the modal with exactly this title (a form may mention the same words in a placeholder) */
const modalTitled = (page: Page, title: string) =>
  page.locator('.ant-modal').filter({ has: page.locator('.ant-modal-title', { hasText: new RegExp(`^${title}$`) }) });
const rowOf = (scope: ReturnType<typeof pageOf>, text: string) =>
  scope.locator('.ant-table-tbody tr.ant-table-row', { hasText: text });

test('在线用户 lists the admin session, marked as the current one', async ({ page }) => {
  await signIn(page);
  await openPage(page, '/isystem/online');
  const online = pageOf(page, '/isystem/online');
  const mine = rowOf(online, '当前会话');
  await expect(mine).toHaveCount(1);
  await expect(mine).toContainText('admin');
  await expect(mine).toContainText('管理员');
  await expect(mine).toContainText('18611111111');
  // a row link of the page kit, like every row action
  await expect(mine.getByText('强退', { exact: true })).toBeVisible();
  await page.screenshot({ path: '/tmp/web-pickers-online.png' });
});

test('admin force-logs jeecg out; the next action of jeecg lands on the login page', async ({
  page,
  browser,
  request,
}) => {
  // sessions of jeecg left by earlier spec files (one server for the whole suite) would make several rows
  await endSessionsOf(request, 'jeecg');
  const other = await browser.newContext({ viewport: { width: 1366, height: 768 }, locale: 'zh-CN' });
  const jeecg = await other.newPage();
  try {
    await signIn(jeecg, 'jeecg');
    await signIn(page);
    await openPage(page, '/isystem/online');
    const online = pageOf(page, '/isystem/online');
    // search by username
    await online.getByPlaceholder('请输入用户账号').fill('jeecg');
    await online.getByRole('button', { name: /(^|\s)查\s*询$/ }).click();
    const row = rowOf(online, 'jeecg');
    await expect(row).toHaveCount(1);
    await expect(rowOf(online, '管理员')).toHaveCount(0);
    await row.getByText('强退', { exact: true }).click();
    await expect(page.getByText('强制退出用户？')).toBeVisible();
    await page
      .locator('.ant-popconfirm')
      .getByRole('button', { name: /确\s*定/ })
      .click();
    await expect(page.getByText('退出登录成功！')).toBeVisible();
    await expect(rowOf(online, 'jeecg')).toHaveCount(0);

    // jeecg's next request is refused: the app ends the local session and shows the login page
    await expect(jeecg).toHaveURL(/\/dashboard\/analysis/);
    await jeecg.reload();
    await expect(jeecg).toHaveURL(/\/user\/login/, { timeout: 20_000 });
  } finally {
    await other.close();
  }
});

test('通讯录 filters contacts by the chosen department and by name', async ({ page }) => {
  await signIn(page);
  await openPage(page, '/isystem/addressList');
  const book = pageOf(page, '/isystem/addressList');
  const rows = book.locator('.ant-table-tbody tr.ant-table-row');
  await expect(rows).toHaveCount(3);
  await expect(rowOf(book, '管理员')).toContainText('部门经理');

  // the tree search narrows the tree to the matching departments
  await book.getByPlaceholder('请输入部门名称').fill('卓尔');
  await book.getByPlaceholder('请输入部门名称').press('Enter');
  await expect(book.locator('.ant-tree-treenode', { hasText: '北京国炬软件' })).toHaveCount(0);
  await book.locator('.ant-tree-node-content-wrapper', { hasText: '北京卓尔互动' }).click();
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText('张三');
  await expect(book.getByText('当前部门：北京卓尔互动')).toBeVisible();

  // back to all departments (click again), then search by name
  await book.locator('.ant-tree-node-content-wrapper', { hasText: '北京卓尔互动' }).click();
  await expect(rows).toHaveCount(3);
  await book.getByPlaceholder('请输入姓名').fill('管理');
  await book.getByRole('button', { name: /(^|\s)查\s*询$/ }).click();
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText('00001');
  await book.getByRole('button', { name: /重\s*置/ }).click();
  await expect(rows).toHaveCount(3);
  await page.screenshot({ path: '/tmp/web-pickers-addressbook.png' });
});

test('the user form picks a position (选择职务) and departments (选择部门)', async ({ page }) => {
  await signIn(page);
  await openPage(page, '/isystem/user');
  await pageOf(page, '/isystem/user')
    .getByRole('button', { name: /添加用户/ })
    .click();
  const form = modalTitled(page, '添加用户');
  await expect(form).toBeVisible();

  // position: popup picker, search by name, row click, confirm → the name shows, the code is stored
  await form
    .locator('.ant-form-item', { hasText: '职务' })
    .getByRole('button', { name: /选\s*择/ })
    .click();
  const pos = modalTitled(page, '选择职务');
  await expect(pos.locator('.ant-table-tbody tr.ant-table-row')).toHaveCount(3);
  await pos.getByRole('button', { name: /确\s*定/ }).click();
  await expect(page.getByText('请选择一条记录').first()).toBeVisible();
  await pos.getByPlaceholder('请输入职务名称').fill('研发');
  await pos.getByRole('button', { name: /(^|\s)查\s*询$/ }).click();
  await expect(pos.locator('.ant-table-tbody tr.ant-table-row')).toHaveCount(1);
  await pos.locator('.ant-table-tbody tr.ant-table-row', { hasText: '研发组长' }).click();
  await page.screenshot({ path: '/tmp/web-pickers-position-modal.png' });
  await pos.getByRole('button', { name: /确\s*定/ }).click();
  await expect(pos).toBeHidden();
  await expect(form.locator('.ant-form-item', { hasText: '职务' })).toContainText('研发组长');

  // departments: the tree opens at the roots; confirming with nothing checked is an error
  await form
    .locator('.ant-form-item', { hasText: '所属部门' })
    .getByRole('button', { name: /选\s*择/ })
    .click();
  const dep = modalTitled(page, '选择部门');
  await expect(dep.getByText('市场部')).toBeVisible();
  await dep.getByRole('button', { name: /确\s*定/ }).click();
  await expect(dep.getByRole('alert')).toHaveText('请选择部门');
  await dep.getByText('市场部').click();
  await dep.getByText('北京卓尔互动').click();
  await page.screenshot({ path: '/tmp/web-pickers-depart-modal.png' });
  await dep.getByRole('button', { name: /确\s*定/ }).click();
  await expect(dep).toBeHidden();
  await expect(form.locator('.ant-form-item', { hasText: '所属部门' }).locator('input').first()).toHaveValue(
    '市场部,北京卓尔互动',
  );
});

test('the role users panel adds a user through 选择用户 (departments and users)', async ({ page }) => {
  await signIn(page);
  await openPage(page, '/isystem/roleUserList');
  const roles = pageOf(page, '/isystem/roleUserList');
  await roles
    .locator('.ant-table-tbody tr.ant-table-row', { hasText: 'admin' })
    .getByText('用户', { exact: true })
    .click();
  await roles.getByRole('button', { name: /添加已有用户/ }).click();
  const pick = modalTitled(page, '选择用户');
  await expect(pick.locator('.ant-table-tbody tr.ant-table-row')).toHaveCount(3);
  await pick.getByRole('button', { name: /确\s*定/ }).click();
  await expect(page.getByText('请选择一条记录').first()).toBeVisible();
  await pick.getByPlaceholder('请输入用户账号').fill('zhang');
  await pick.getByRole('button', { name: /(^|\s)查\s*询$/ }).click();
  await expect(pick.locator('.ant-table-tbody tr.ant-table-row')).toHaveCount(1);
  await pick.locator('.ant-table-tbody tr.ant-table-row', { hasText: '张三' }).click();
  await page.screenshot({ path: '/tmp/web-pickers-user-modal.png' });
  await pick.getByRole('button', { name: /确\s*定/ }).click();
  await expect(pick).toBeHidden();
  await expect(roles.locator('.ant-table-tbody tr.ant-table-row', { hasText: 'zhangsan' })).toHaveCount(1);
});
