import { expect, type Locator, type Page, test } from '@playwright/test';
import { openPage, signIn } from './support';

// 部门管理 / 我的部门 / 职务管理 / 租户管理: codes of new departments, edit and search, department grants, members
// and department roles, deleting a subtree; positions CRUD with the duplicate-code message; tenants with a taken id
// and a referenced tenant that cannot be deleted.

const SUFFIX = Date.now() % 100000;
const COMPANY = `端到端公司${SUFFIX}`;
const DEPT = `端到端部门${SUFFIX}`;
const DEPT2 = `端到端研发部${SUFFIX}`;
const PROJECT = `端到端项目部${SUFFIX}`;
const ROLE = `端到端部门角色${SUFFIX}`;

const pageOf = (page: Page, url: string) => page.locator(`[data-page-key="${url}"]`);
const rowOf = (scope: Locator, text: string) => scope.locator('.ant-table-tbody tr.ant-table-row', { hasText: text });
const ok = (page: Page) => page.locator('.ant-modal:visible').getByRole('button', { name: /确\s*定/ });
const treeNode = (scope: Locator, title: string) =>
  scope
    .locator('.ant-tree-treenode')
    .filter({ has: scope.page().getByText(title, { exact: true }) })
    .first();

async function toast(page: Page, text: string) {
  await expect(page.locator('.ant-message').getByText(text).first()).toBeVisible();
}

test('departments: codes, edit, search, grants, members, depart roles, delete of a subtree', async ({ page }) => {
  test.setTimeout(180_000);
  await signIn(page);
  await openPage(page, '/isystem/depart');
  const departs = pageOf(page, '/isystem/depart');
  const tree = departs.getByTestId('depart-tree');
  await expect(treeNode(tree, '北京国炬软件')).toBeVisible();
  await page.screenshot({ path: '/tmp/depart-list.png' });

  // ---- a root company: next root code after A01, A02 (A03 on the seed data)
  await departs.getByRole('button', { name: '添加部门' }).click();
  let modal = page.locator('.ant-modal:visible', { hasText: '机构名称' });
  await expect(modal.getByLabel('公司')).toBeChecked();
  await modal.getByLabel('机构名称').fill(COMPANY);
  await ok(page).click();
  await toast(page, '添加成功！');
  await treeNode(tree, COMPANY).locator('.ant-tree-title').click();
  const info = departs.getByTestId('depart-info-form');
  const rootCode = await departs.getByTestId('depart-org-code').inputValue();
  expect(rootCode).toBe('A03');

  // ---- a child: parent code + A01
  await departs.getByRole('button', { name: '添加下级' }).click();
  modal = page.locator('.ant-modal:visible', { hasText: '上级部门' });
  await expect(modal.locator('input[disabled]').first()).toHaveValue(COMPANY);
  await expect(modal.getByLabel('部门', { exact: true })).toBeChecked();
  await modal.getByLabel('机构名称').fill(DEPT);
  await page.screenshot({ path: '/tmp/depart-add-modal.png' });
  await ok(page).click();
  await toast(page, '添加成功！');
  await treeNode(tree, DEPT).locator('.ant-tree-title').click();
  await expect(departs.getByTestId('depart-current')).toHaveText(DEPT);
  await expect(departs.getByTestId('depart-org-code')).toHaveValue(`${rootCode}A01`);

  // ---- edit (parent and code stay read-only)
  await info.getByLabel('机构名称').fill(DEPT2);
  await info.getByLabel('电话').fill('010-12345678');
  await info.getByRole('button', { name: /保\s*存/ }).click();
  await toast(page, '修改成功!');
  await expect(treeNode(tree, DEPT2)).toBeVisible();
  await page.screenshot({ path: '/tmp/depart-edit.png' });

  // ---- search by name
  await departs.getByTestId('depart-search').locator('input').fill(DEPT2);
  await departs.getByTestId('depart-search').locator('input').press('Enter');
  await expect(tree.locator('.ant-tree-treenode')).toHaveCount(1);
  await departs.getByTestId('depart-search').locator('input').fill('不存在的部门名');
  await departs.getByTestId('depart-search').locator('input').press('Enter');
  await toast(page, '未查询匹配数据！');
  await departs.getByTestId('depart-search').locator('input').fill('');
  await expect(treeNode(tree, '北京国炬软件')).toBeVisible();

  // ---- a department under 北京国炬软件 (admin is in charge of it: 我的部门), with grants
  await treeNode(tree, '北京国炬软件').locator('.ant-tree-title').click();
  await departs.getByRole('button', { name: '添加下级' }).click();
  modal = page.locator('.ant-modal:visible', { hasText: '上级部门' });
  await modal.getByLabel('机构名称').fill(PROJECT);
  await ok(page).click();
  await toast(page, '添加成功！');
  await treeNode(tree, PROJECT).locator('.ant-tree-title').click();
  await expect(departs.getByTestId('depart-org-code')).toHaveValue(/^A01A\d{2}$/);
  await departs.getByRole('tab', { name: '部门权限' }).click();
  const pane = departs.getByTestId('depart-permission-pane');
  const ptree = pane.getByTestId('permission-tree');
  await expect(treeNode(ptree, '系统管理')).toBeVisible();
  await treeNode(ptree, '系统管理').locator('.ant-tree-checkbox').click();
  await treeNode(ptree, '职务管理').locator('.ant-tree-checkbox').click();
  await page.screenshot({ path: '/tmp/depart-permission.png' });
  await pane.getByRole('button', { name: /保\s*存/ }).click();
  await toast(page, '保存成功！');

  // ---- 我的部门: add an existing user, create a department role, authorize it, assign it
  await openPage(page, '/isystem/departUserList');
  const mine = pageOf(page, '/isystem/departUserList');
  await treeNode(mine, PROJECT).locator('.ant-tree-title').click();
  await expect(mine.getByTestId('depart-user-current')).toHaveText(PROJECT);
  await mine.getByRole('button', { name: '添加已有用户' }).click();
  const picker = page.locator('.ant-modal:visible', { hasText: '选择用户' });
  await picker.getByPlaceholder('请输入用户账号').fill('zhangsan');
  await picker.getByRole('button', { name: /(^|\s)查\s*询$/ }).click();
  await rowOf(picker, 'zhangsan').locator('.ant-checkbox-input, .ant-radio-input').first().check();
  await picker.getByRole('button', { name: /确\s*定/ }).click();
  await toast(page, '添加成功!');
  const users = mine.getByTestId('depart-user-table');
  await expect(rowOf(users, 'zhangsan')).toContainText(PROJECT);
  await page.screenshot({ path: '/tmp/depart-users.png' });

  await mine.getByRole('tab', { name: '部门角色' }).click();
  await mine.getByRole('button', { name: '新建部门角色' }).click();
  modal = page.locator('.ant-modal:visible', { hasText: '部门角色编码' });
  await modal.getByLabel('部门角色名称').fill(ROLE);
  await modal.getByLabel('部门角色编码').fill(`e2e_${SUFFIX}`);
  await ok(page).click();
  await toast(page, '添加成功！');
  const roles = mine.getByTestId('depart-role-table');
  await rowOf(roles, ROLE).getByText('授权').click();
  const drawer = page.locator('.ant-drawer:visible', { hasText: '部门角色权限配置' });
  const rtree = drawer.getByTestId('permission-tree');
  await expect(treeNode(rtree, '职务管理')).toBeVisible();
  await treeNode(rtree, '系统管理').locator('.ant-tree-checkbox').click();
  await treeNode(rtree, '职务管理').locator('.ant-tree-checkbox').click();
  await page.screenshot({ path: '/tmp/depart-role-auth.png' });
  await drawer.getByRole('button', { name: '保存并关闭' }).click();
  await toast(page, '保存成功！');
  await expect(drawer).toBeHidden();

  await mine.getByRole('tab', { name: '用户' }).click();
  await rowOf(users, 'zhangsan').getByText('分配部门角色').click();
  const assign = page.locator('.ant-modal:visible', { hasText: '分配部门角色' });
  await assign.getByLabel(ROLE).check();
  await assign.getByRole('button', { name: /确\s*定/ }).click();
  await toast(page, '添加成功！');
  await rowOf(users, 'zhangsan').getByText('分配部门角色').click();
  await expect(page.locator('.ant-modal:visible', { hasText: '分配部门角色' }).getByLabel(ROLE)).toBeChecked();
  await page.locator('.ant-modal:visible').getByRole('button', { name: '关 闭' }).click();

  // ---- delete: the company with its child (checked + 删除), the project department by its context menu
  await openPage(page, '/isystem/depart');
  await treeNode(tree, COMPANY).locator('.ant-tree-checkbox').click();
  await departs.getByRole('button', { name: /删\s*除/ }).click();
  await expect(page.locator('.ant-modal-confirm')).toContainText('确定要删除所选中的 1 条数据，以及子节点数据吗?');
  await page
    .locator('.ant-modal-confirm')
    .getByRole('button', { name: /确\s*定/ })
    .click();
  await toast(page, '删除成功!');
  await expect(treeNode(tree, COMPANY)).toHaveCount(0);
  await expect(treeNode(tree, DEPT2)).toHaveCount(0);
  await treeNode(tree, PROJECT).locator('.ant-tree-title').click({ button: 'right' });
  await page.locator('.ant-dropdown:visible .ant-dropdown-menu-item', { hasText: '删除' }).click();
  await page
    .locator('.ant-modal-confirm')
    .getByRole('button', { name: /确\s*定/ })
    .click();
  await toast(page, '删除成功!');
  await expect(treeNode(tree, PROJECT)).toHaveCount(0);
});

test('positions: add with a duplicate code refused, edit, delete', async ({ page }) => {
  await signIn(page);
  await openPage(page, '/isystem/position');
  const list = pageOf(page, '/isystem/position');
  await expect(rowOf(list, '研发组长')).toHaveCount(1);
  await list.getByRole('button', { name: /新\s*增/ }).click();
  const modal = page.locator('.ant-modal:visible', { hasText: '职务编码' });
  await modal.getByLabel('职务编码').fill('staff');
  await expect(modal.getByText('该值不可用，系统中已存在！')).toBeVisible();
  const code = `e2e_pos_${SUFFIX}`;
  await modal.getByLabel('职务编码').fill(code);
  await modal.getByLabel('职务名称').fill('端到端职务');
  await modal.getByLabel('职级').click();
  await page.locator('.ant-select-dropdown:visible').getByText('中级', { exact: true }).click();
  await expect(modal.getByText('该值不可用，系统中已存在！')).toHaveCount(0);
  await page.screenshot({ path: '/tmp/depart-position-modal.png' });
  await ok(page).click();
  await toast(page, '添加成功！');
  await expect(rowOf(list, code)).toContainText('中级');

  await rowOf(list, code).getByText('编辑').click();
  const edit = page.locator('.ant-modal:visible', { hasText: '职务编码' });
  await expect(edit.getByLabel('职务编码')).toHaveValue(code);
  await edit.getByLabel('职务名称').fill('端到端职务改');
  await ok(page).click();
  await toast(page, '修改成功!');
  await expect(rowOf(list, code)).toContainText('端到端职务改');
  await page.screenshot({ path: '/tmp/depart-position-list.png' });

  await rowOf(list, code).locator('.ant-dropdown-link').hover();
  await page.locator('.ant-dropdown:visible .ant-dropdown-menu-item', { hasText: '删除' }).click();
  await page
    .locator('.ant-popover:visible')
    .getByRole('button', { name: /确\s*定/ })
    .click();
  await toast(page, '删除成功!');
  await expect(rowOf(list, code)).toHaveCount(0);
});

test('tenants: a taken id answers 该编号已存在!, a referenced tenant cannot be deleted', async ({ page }) => {
  test.setTimeout(120_000);
  const id = String(100 + (SUFFIX % 800));
  const name = `端到端租户${SUFFIX}`;
  await signIn(page);
  await openPage(page, '/isys/tenant');
  const list = pageOf(page, '/isys/tenant');
  await expect(rowOf(list, '北京租户001')).toHaveCount(1);
  await list.getByRole('button', { name: /新\s*增/ }).click();
  const modal = page.locator('.ant-modal:visible', { hasText: '租户编号' });
  await modal.getByLabel('租户编号').fill('1');
  await modal.getByLabel('租户名称').fill(name);
  await ok(page).click();
  await toast(page, '该编号已存在!');
  await modal.getByLabel('租户编号').fill(id);
  await page.screenshot({ path: '/tmp/depart-tenant-modal.png' });
  await ok(page).click();
  await toast(page, '添加成功！');
  await expect(rowOf(list, name)).toContainText('正常');
  await page.screenshot({ path: '/tmp/depart-tenant-list.png' });

  // zhangsan joins the tenant (用户管理 → 编辑 → 租户)
  await openPage(page, '/isystem/user');
  const usersPage = pageOf(page, '/isystem/user');
  await rowOf(usersPage, 'zhangsan').getByText('编辑').click();
  const edit = page.locator('.ant-modal:visible', { hasText: '编辑用户' });
  await edit.getByLabel('租户').click();
  await page.locator('.ant-select-dropdown:visible').getByText(name, { exact: true }).click();
  await edit.getByLabel('用户姓名').click();
  await edit.getByRole('button', { name: /确\s*定/ }).click();
  await expect(edit).toBeHidden();

  await openPage(page, '/isys/tenant');
  await rowOf(list, name).locator('.ant-dropdown-link').hover();
  await page.locator('.ant-dropdown:visible .ant-dropdown-menu-item', { hasText: '删除' }).click();
  await page
    .locator('.ant-popover:visible')
    .getByRole('button', { name: /确\s*定/ })
    .click();
  await toast(page, '该租户已被引用，无法删除！');
  await expect(rowOf(list, name)).toHaveCount(1);

  // clean up: zhangsan leaves the tenant again (users of no shared tenant are invisible to each other, and later
  // files expect jeecg to see zhangsan), then the tenant can go
  await openPage(page, '/isystem/user');
  await rowOf(usersPage, 'zhangsan').getByText('编辑').click();
  const again = page.locator('.ant-modal:visible', { hasText: '编辑用户' });
  await again
    .locator('.ant-select-selection-item', { hasText: name })
    .locator('.ant-select-selection-item-remove')
    .click();
  await again.getByRole('button', { name: /确\s*定/ }).click();
  await expect(again).toBeHidden();
  await openPage(page, '/isys/tenant');
  await rowOf(list, name).locator('.ant-dropdown-link').hover();
  await page.locator('.ant-dropdown:visible .ant-dropdown-menu-item', { hasText: '删除' }).click();
  await page
    .locator('.ant-popover:visible')
    .getByRole('button', { name: /确\s*定/ })
    .click();
  await expect(rowOf(list, name)).toHaveCount(0);
});
