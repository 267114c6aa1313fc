import { expect, type Page, test } from '@playwright/test';

// Multipage tabs: open, keep-alive, context menu, refresh, close rules, F5 restore.

async function signIn(page: Page) {
  await page.goto('/user/login');
  await page.getByPlaceholder('请输入帐户名').fill('admin');
  await page.getByPlaceholder('请输入密码').fill('123456');
  await page.getByPlaceholder('请输入验证码').fill('0000');
  await page.locator('button.login-submit').click();
  await expect(page).toHaveURL(/\/dashboard\/analysis/);
  await expect(page.locator('.answer-sider')).toBeVisible();
}

const tabBar = (page: Page) => page.locator('.answer-multitab .ant-tabs-tab');
const tab = (page: Page, title: string) => page.locator('.answer-multitab .ant-tabs-tab', { hasText: title });

async function openMenu(page: Page, group: string, item: string) {
  const sider = page.locator('.answer-sider');
  const entry = sider.getByRole('menuitem', { name: item });
  if (!(await entry.isVisible())) await sider.getByText(group, { exact: true }).click();
  await entry.click();
  // the page (a lazy route) has loaded once its tab is the active one
  await expect(tab(page, item)).toHaveClass(/ant-tabs-tab-active/);
}

async function openBySearch(page: Page, text: string, option: string) {
  await page.getByRole('button', { name: '搜索菜单' }).click();
  await page.keyboard.type(text);
  await page.locator('.ant-select-item-option', { hasText: option }).first().click();
}

async function contextMenu(page: Page, title: string, action: string) {
  await tab(page, title).locator('.answer-multitab-label').click({ button: 'right' });
  await page.locator('.ant-dropdown:visible .ant-dropdown-menu-item', { hasText: action }).click();
  // the menu closes (with an animation) before the next right click opens another one
  await expect(page.locator('.ant-dropdown:visible')).toHaveCount(0);
}

test.beforeEach(async ({ page }) => {
  await signIn(page);
});

test('every page opens a tab after the fixed 首页 tab; closing rules hold', async ({ page }) => {
  await openMenu(page, '系统管理', '用户管理');
  await openMenu(page, '系统管理', '角色管理');
  await openMenu(page, '系统管理', '部门管理');
  await expect(tabBar(page)).toHaveText(['首页', '用户管理', '角色管理', '部门管理']);
  await expect(tab(page, '部门管理')).toHaveClass(/ant-tabs-tab-active/);
  // 首页 has no close button
  await expect(tab(page, '首页').locator('.ant-tabs-tab-remove')).toHaveCount(0);
  // re-opening an open page re-activates its tab instead of adding one
  await openMenu(page, '系统管理', '用户管理');
  await expect(tabBar(page)).toHaveCount(4);
  await expect(tab(page, '用户管理')).toHaveClass(/ant-tabs-tab-active/);
  // closing the active tab activates the neighbour that takes its place
  await tab(page, '用户管理').locator('.ant-tabs-tab-remove').click();
  await expect(tabBar(page)).toHaveText(['首页', '角色管理', '部门管理']);
  await expect(page).toHaveURL(/\/isystem\/roleUserList$/);
  // clicking a tab navigates to its page
  await tab(page, '首页').click();
  await expect(page).toHaveURL(/\/dashboard\/analysis$/);
});

test('context menu: close right, close left, close others', async ({ page }) => {
  await openMenu(page, '系统管理', '用户管理');
  await openMenu(page, '系统管理', '角色管理');
  await openMenu(page, '系统管理', '部门管理');
  await openMenu(page, '系统管理', '数据字典');
  await contextMenu(page, '部门管理', '关闭右侧');
  await expect(tabBar(page)).toHaveText(['首页', '用户管理', '角色管理', '部门管理']);
  await expect(page).toHaveURL(/\/isystem\/depart$/);
  await contextMenu(page, '角色管理', '关闭左侧');
  await expect(tabBar(page)).toHaveText(['首页', '角色管理', '部门管理']);
  await contextMenu(page, '角色管理', '关闭其他');
  await expect(tabBar(page)).toHaveText(['首页', '角色管理']);
  await expect(page).toHaveURL(/\/isystem\/roleUserList$/);
});

test('hidden tabs keep typed input (keep-alive); 刷新 remounts the page', async ({ page }) => {
  await openBySearch(page, '安全设置', '安全设置');
  await expect(page).toHaveURL(/\/account\/settings\/security$/);
  const oldPassword = page.locator('[data-page-key="/account/settings/security"]').getByPlaceholder('请输入旧密码');
  await oldPassword.fill('typed-before-switch');
  await openMenu(page, '系统管理', '用户管理');
  await tab(page, '首页').click();
  await expect(page).toHaveURL(/\/dashboard\/analysis$/);
  await tab(page, '安全设置').click();
  await expect(page).toHaveURL(/\/account\/settings\/security$/);
  await expect(oldPassword).toHaveValue('typed-before-switch');
  await contextMenu(page, '安全设置', '刷新');
  await expect(oldPassword).toHaveValue('');
});

test('tabs survive F5 and the current page reloads', async ({ page }) => {
  await openMenu(page, '系统管理', '用户管理');
  await openMenu(page, '系统管理', '角色管理');
  await openMenu(page, '系统管理', '部门管理');
  await tab(page, '角色管理').click();
  await expect(page).toHaveURL(/\/isystem\/roleUserList$/);
  await page.reload();
  await expect(page).toHaveURL(/\/isystem\/roleUserList$/);
  await expect(tabBar(page)).toHaveText(['首页', '用户管理', '角色管理', '部门管理']);
  await expect(tab(page, '角色管理')).toHaveClass(/ant-tabs-tab-active/);
  await tab(page, '部门管理').click();
  await expect(page).toHaveURL(/\/isystem\/depart$/);
  await expect(page.locator('.answer-page-header')).toContainText('部门管理');
});

test('a tab comes back at the scroll position it was left at', async ({ page }) => {
  await page.setViewportSize({ width: 1366, height: 420 });
  await openBySearch(page, '安全设置', '安全设置');
  await tab(page, '首页').click();
  await expect(page.getByText('每日明细')).toBeVisible();
  await page.evaluate(() => window.scrollTo(0, 150));
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(150);
  // the tab bar stays reachable at the top while the page is scrolled
  await tab(page, '安全设置').click();
  await expect(page).toHaveURL(/\/account\/settings\/security$/);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  await tab(page, '首页').click();
  await expect(page).toHaveURL(/\/dashboard\/analysis$/);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(150);
});
