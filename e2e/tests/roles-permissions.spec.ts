import { expect, type Locator, type Page, test } from '@playwright/test';
import { openPage, signIn } from './support';

// 角色管理 + 菜单管理: a new role is granted 用户管理 and its 添加用户 button and given to jeecg, who sees the button
// after a reload without signing in again; revoking takes it away; a new menu with an icon shows in the side menu.

const ROLES = '/isystem/roleUserList';
const MENUS = '/isystem/permission';
const pageOf = (page: Page, url: string) => page.locator(`[data-page-key="${url}"]`);
const rowOf = (scope: Locator, text: string) => scope.locator('.ant-table-tbody tr.ant-table-row', { hasText: text });
const SUFFIX = Date.now() % 100000;
const ROLE_CODE = `e2e_role_${SUFFIX}`;
const ROLE_NAME = `端到端角色${SUFFIX}`;
const MENU_NAME = `端到端菜单${SUFFIX}`;

async function more(page: Page, row: Locator, entry: string, confirm = false) {
  await row.locator('.ant-dropdown-link').hover();
  await page.locator('.ant-dropdown:visible .ant-dropdown-menu-item', { hasText: entry }).click();
  if (confirm)
    await page
      .locator('.ant-popover:visible')
      .getByRole('button', { name: /确\s*定/ })
      .click();
}

/** the checkbox of a tree node whose title is exactly `title` */
function treeCheck(drawer: Locator, page: Page, title: string) {
  return drawer
    .locator('.ant-tree-treenode:not([aria-hidden])')
    .filter({ has: page.getByText(title, { exact: true }) })
    .first()
    .locator('.ant-tree-checkbox');
}

test('a role granted 用户管理 + 添加用户 reaches jeecg without a new sign-in; revoking takes it away', async ({
  page,
  browser,
}) => {
  test.setTimeout(150_000);
  // jeecg signs in first (role test: the user list without buttons)
  const other = await browser.newContext({ viewport: { width: 1366, height: 768 }, locale: 'zh-CN' });
  const jeecg = await other.newPage();
  await signIn(jeecg, 'jeecg');
  await openPage(jeecg, '/isystem/user');
  const jeecgUsers = pageOf(jeecg, '/isystem/user');
  await expect(rowOf(jeecgUsers, 'zhangsan')).toHaveCount(1);
  await expect(jeecgUsers.getByRole('button', { name: '添加用户' })).toHaveCount(0);

  await signIn(page);
  await openPage(page, ROLES);
  const roles = pageOf(page, ROLES);
  await expect(rowOf(roles, '临时角色')).toHaveCount(1);
  await page.screenshot({ path: '/tmp/role-perm-role-list.png' });

  // ---- new role (the code is checked as it is typed)
  await roles.getByRole('button', { name: /新建角色/ }).click();
  const modal = page.locator('.ant-modal:visible', { hasText: '角色编码' });
  await modal.getByLabel('角色名称').fill(ROLE_NAME);
  await modal.getByLabel('角色编码').fill('admin');
  await expect(modal.getByText('角色编码已存在')).toBeVisible();
  await modal.getByLabel('角色编码').fill(ROLE_CODE);
  await expect(modal.getByText('角色编码已存在')).toHaveCount(0);
  await modal.getByRole('button', { name: /确\s*定/ }).click();
  await expect(page.getByText('添加成功！')).toBeVisible();
  await expect(modal).toBeHidden();

  await roles.getByPlaceholder('请输入编码查询').fill(ROLE_CODE);
  await roles.getByRole('button', { name: /(^|\s)查\s*询$/ }).click();
  const row = rowOf(roles, ROLE_CODE);
  await expect(row).toHaveCount(1);

  // ---- authorise: 系统管理 › 用户管理 › 添加用户
  await more(page, row, '授权');
  const drawer = page.locator('.ant-drawer:visible', { hasText: '角色权限配置' });
  await expect(drawer.getByText('系统管理', { exact: true })).toBeVisible();
  for (const title of ['系统管理', '用户管理', '添加用户']) await treeCheck(drawer, page, title).click();
  await expect(drawer.getByText('已选 3 项')).toBeVisible();
  await page.screenshot({ path: '/tmp/role-perm-authorise.png' });
  await drawer.getByRole('button', { name: /保存并关闭/ }).click();
  await expect(page.getByText('保存成功！')).toBeVisible();
  await expect(drawer).toBeHidden();

  // ---- jeecg joins the role
  await row.getByText('用户', { exact: true }).click();
  await roles.getByRole('button', { name: /添加已有用户/ }).click();
  const pick = page.locator('.ant-modal', { hasText: '选择用户' });
  await pick.getByPlaceholder('请输入用户账号').fill('jeecg');
  await pick.getByRole('button', { name: /(^|\s)查\s*询$/ }).click();
  await expect(pick.locator('.ant-table-tbody tr.ant-table-row')).toHaveCount(1);
  await pick.locator('.ant-table-tbody tr.ant-table-row', { hasText: 'jeecg' }).click();
  await pick.getByRole('button', { name: /确\s*定/ }).click();
  await expect(page.getByText('添加成功!')).toBeVisible();
  const members = roles.locator('.ant-card', { hasText: '角色用户' });
  await expect(rowOf(members, 'jeecg')).toHaveCount(1);
  await page.screenshot({ path: '/tmp/role-perm-role-users.png' });

  // ---- jeecg reloads: the button is there, no new sign-in
  await jeecg.reload();
  await expect(jeecgUsers.getByRole('button', { name: '添加用户' })).toBeVisible();

  // ---- revoke: take jeecg out of the role
  await rowOf(members, 'jeecg').getByText('取消关联').click();
  await page
    .locator('.ant-popover:visible')
    .getByRole('button', { name: /确\s*定/ })
    .click();
  await expect(page.getByText('删除成功!')).toBeVisible();
  await expect(rowOf(members, 'jeecg')).toHaveCount(0);
  await jeecg.reload();
  await expect(rowOf(jeecgUsers, 'zhangsan')).toHaveCount(1);
  await expect(jeecgUsers.getByRole('button', { name: '添加用户' })).toHaveCount(0);
  await other.close();

  // ---- clean up: delete the role
  await more(page, row, '删除', true);
  await expect(page.getByText('删除角色成功')).toBeVisible();
  await expect(rowOf(roles, ROLE_CODE)).toHaveCount(0);
});

/**
 * Shows `item` of the side menu's 系统管理. On 菜单管理 (under 系统管理) the sub menu opens by itself, and a click would
 * then close it: 系统管理 is clicked only while the item is not shown.
 */
async function showUnderSystem(page: Page, item: Locator) {
  const sider = page.locator('.answer-sider');
  await expect(async () => {
    if (!(await item.isVisible())) await sider.getByText('系统管理').click();
    await expect(item).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 15_000 });
}

test('admin adds a menu with an icon under 系统管理; it shows in the side menu after a reload; deleting removes it', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signIn(page);
  await openPage(page, MENUS);
  const menus = pageOf(page, MENUS);
  const sys = rowOf(menus, '系统管理').first();
  await expect(sys).toBeVisible();
  await page.screenshot({ path: '/tmp/role-perm-permission-list.png' });

  await more(page, sys, '添加下级');
  const modal = page.locator('.ant-modal:visible', { hasText: '菜单类型' });
  await expect(modal.getByLabel('子菜单')).toBeChecked();
  await expect(modal.locator('.ant-select', { hasText: '系统管理' })).toBeVisible();
  await modal.getByLabel('菜单名称').fill(MENU_NAME);
  await modal.getByLabel('访问路径').fill(`isystem/e2e${SUFFIX}`);
  await modal.getByLabel('前端组件').fill(`system/E2e${SUFFIX}`);
  await modal.getByRole('button', { name: /选\s*择/ }).click();
  const icons = page.locator('.ant-modal:visible', { hasText: '选择图标' });
  await icons.getByPlaceholder('输入图标名称筛选').fill('rocket');
  await icons.getByRole('option', { name: 'rocket' }).click();
  await expect(icons).toBeHidden();
  await expect(modal.getByLabel('菜单图标')).toHaveValue('rocket');
  await page.screenshot({ path: '/tmp/role-perm-permission-modal.png' });
  await modal.getByRole('button', { name: /确\s*定/ }).click();
  await expect(page.getByText('添加成功！')).toBeVisible();
  await expect(modal).toBeHidden();
  const added = rowOf(menus, MENU_NAME);
  await expect(added).toHaveCount(1);
  await expect(added).toContainText(`/isystem/e2e${SUFFIX}`);

  // the side menu, after a reload
  await page.reload();
  const sider = page.locator('.answer-sider');
  const item = sider.getByRole('menuitem', { name: MENU_NAME });
  await showUnderSystem(page, item);
  await expect(item.locator('.anticon-rocket')).toHaveCount(1);

  // delete it (the tree reloaded collapsed: find the row by name, the search opens its path)
  await menus.getByPlaceholder('请输入菜单名称').fill(MENU_NAME);
  await menus.getByRole('button', { name: /(^|\s)查\s*询$/ }).click();
  await expect(rowOf(menus, '系统管理')).toHaveCount(1);
  await more(page, rowOf(menus, MENU_NAME), '删除', true);
  await expect(page.getByText('删除成功!')).toBeVisible();
  await expect(rowOf(menus, MENU_NAME)).toHaveCount(0);
  await page.reload();
  await showUnderSystem(page, sider.getByRole('menuitem', { name: '用户管理' }));
  await expect(sider.getByRole('menuitem', { name: MENU_NAME })).toHaveCount(0);
});

test('a data rule on 用户管理 chosen for role 临时角色 limits jeecg’s user list to jeecg; deleting it lifts the limit', async ({
  page,
  browser,
}) => {
  test.setTimeout(150_000);
  await signIn(page);

  // ---- the rule, on the menu
  await openPage(page, MENUS);
  const menus = pageOf(page, MENUS);
  await menus.getByPlaceholder('请输入菜单名称').fill('用户管理');
  await menus.getByRole('button', { name: /(^|\s)查\s*询$/ }).click();
  const userMenu = menus.locator('.ant-table-tbody tr.ant-table-row').filter({
    has: page.getByText('用户管理', { exact: true }),
  });
  await expect(userMenu).toHaveCount(1);
  await more(page, userMenu, '数据规则');
  const rules = page.locator('.ant-drawer:visible', { hasText: '数据权限规则' });
  await rules.getByRole('button', { name: /新\s*增/ }).click();
  const ruleModal = page.locator('.ant-modal:visible', { hasText: '新增数据规则' });
  await ruleModal.getByLabel('规则名称').fill('只看本人');
  await ruleModal.getByLabel('规则字段').fill('username');
  await ruleModal.getByLabel('条件规则').click();
  await page
    .locator('.ant-select-item-option')
    .filter({ hasText: /^等于$/ })
    .click();
  await ruleModal.getByLabel('规则值').fill('#{sys_user_code}');
  await ruleModal.getByRole('button', { name: /确\s*定/ }).click();
  await expect(page.getByText('添加成功!')).toBeVisible();
  await expect(rowOf(rules, '只看本人')).toHaveCount(1);
  await page.screenshot({ path: '/tmp/role-perm-data-rules.png' });
  await rules.locator('.ant-drawer-close').click();

  // ---- role 临时角色 applies it
  await openPage(page, ROLES);
  const roles = pageOf(page, ROLES);
  await more(page, rowOf(roles, '临时角色'), '授权');
  const drawer = page.locator('.ant-drawer:visible', { hasText: '角色权限配置' });
  const node = drawer
    .locator('.ant-tree-treenode:not([aria-hidden])')
    .filter({ has: page.getByText('用户管理', { exact: true }) })
    .first();
  await node.getByText('数据规则').click();
  const choose = page.locator('.ant-drawer:visible', { hasText: '数据规则/按钮权限配置' });
  await choose.getByLabel(/只看本人/).check();
  await page.screenshot({ path: '/tmp/role-perm-role-data-rule.png' });
  await choose.getByRole('button', { name: /点击保存/ }).click();
  await expect(page.getByText('保存成功!')).toBeVisible();
  await drawer.getByRole('button', { name: /取\s*消/ }).click();

  // ---- jeecg sees only himself
  const other = await browser.newContext({ viewport: { width: 1366, height: 768 }, locale: 'zh-CN' });
  const jeecg = await other.newPage();
  await signIn(jeecg, 'jeecg');
  await openPage(jeecg, '/isystem/user');
  const jeecgUsers = pageOf(jeecg, '/isystem/user');
  await expect(rowOf(jeecgUsers, 'jeecg')).toHaveCount(1);
  await expect(jeecgUsers.locator('.ant-table-tbody tr.ant-table-row')).toHaveCount(1);

  // ---- delete the rule: the whole list again
  await openPage(page, MENUS);
  await menus.getByPlaceholder('请输入菜单名称').fill('用户管理');
  await menus.getByRole('button', { name: /(^|\s)查\s*询$/ }).click();
  await more(page, userMenu, '数据规则');
  await more(page, rowOf(rules, '只看本人'), '删除', true);
  await expect(page.getByText('删除成功!')).toBeVisible();
  await expect(rowOf(rules, '只看本人')).toHaveCount(0);
  await jeecg.reload();
  await expect(rowOf(jeecgUsers, 'zhangsan')).toHaveCount(1);
  await other.close();
});
