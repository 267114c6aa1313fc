import { expect, type Page, test } from '@playwright/test';
import { signIn } from './support.ts';

// Multipage tabs: open, keep-alive rule, context menu, refresh, close rules, F5 restore, scroll position.

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
  // pages are real lists now: let the current one finish loading (its layout settles) before the menu opens, and
  // open the menu again if a late scroll closed it (the menu closes on scroll, spec 02 §9)
  await page.waitForLoadState('networkidle');
  const item = page.locator('.ant-dropdown:visible .ant-dropdown-menu-item', { hasText: action });
  for (let attempt = 0; ; attempt++) {
    await tab(page, title).locator('.answer-multitab-label').click({ button: 'right' });
    try {
      await item.click({ timeout: 3_000 });
      break;
    } catch (err) {
      if (attempt >= 2) throw err;
    }
  }
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

// Keep-alive (spec 01 §2.3): only pages whose menu entry has meta keepAlive and componentName stay mounted while
// their tab is in the background. In the seed, 用户管理 is such a page and 安全设置 is not.

test('a keep-alive page (用户管理) stays mounted in the background; 刷新 remounts it', async ({ page }) => {
  await openMenu(page, '系统管理', '用户管理');
  const userPage = page.locator('[data-page-key="/isystem/user"]');
  await expect(userPage).toBeVisible();
  // a mark on the page's DOM node survives only as long as the node does
  await userPage.evaluate((el) => {
    el.setAttribute('data-e2e-mark', 'mounted-once');
  });
  await tab(page, '首页').click();
  await expect(page).toHaveURL(/\/dashboard\/analysis$/);
  await expect(userPage).toBeHidden();
  await expect(userPage).toHaveAttribute('data-e2e-mark', 'mounted-once');
  await tab(page, '用户管理').click();
  await expect(userPage).toBeVisible();
  await expect(userPage).toHaveAttribute('data-e2e-mark', 'mounted-once');
  await contextMenu(page, '用户管理', '刷新');
  await expect(userPage).toBeVisible();
  await expect(userPage).not.toHaveAttribute('data-e2e-mark');
});

test('a page without keepAlive (安全设置) is unmounted when left and loses its input; its tab stays', async ({
  page,
}) => {
  await openBySearch(page, '安全设置', '安全设置');
  await expect(page).toHaveURL(/\/account\/settings\/security$/);
  const securityPage = page.locator('[data-page-key="/account/settings/security"]');
  const oldPassword = securityPage.getByPlaceholder('请输入旧密码');
  await oldPassword.fill('typed-before-switch');
  await openMenu(page, '系统管理', '用户管理');
  await expect(securityPage).toHaveCount(0);
  await expect(tab(page, '安全设置')).toBeVisible();
  await tab(page, '安全设置').click();
  await expect(page).toHaveURL(/\/account\/settings\/security$/);
  await expect(oldPassword).toHaveValue('');
});

test('the same page keeps typed input once its menu entry has keepAlive (with componentName)', async ({ page }) => {
  // the server's menu with one change: 安全设置 marked keep-alive (its componentName, Security, is already set)
  await page.route('**/sys/permission/getUserPermissionByToken**', async (route) => {
    const response = await route.fetch();
    const body = await response.json();
    const mark = (items: { path?: string; meta?: Record<string, unknown>; children?: unknown[] }[]) => {
      for (const item of items) {
        if (item.path === '/account/settings/security') {
          expect(item.meta?.componentName).toBe('Security');
          item.meta = { ...item.meta, keepAlive: true };
        }
        mark((item.children ?? []) as typeof items);
      }
    };
    mark(body.result.menu);
    await route.fulfill({ response, json: body });
  });
  await page.reload();
  await expect(page.locator('.answer-sider')).toBeVisible();
  await openBySearch(page, '安全设置', '安全设置');
  const securityPage = page.locator('[data-page-key="/account/settings/security"]');
  const oldPassword = securityPage.getByPlaceholder('请输入旧密码');
  await oldPassword.fill('typed-before-switch');
  await openMenu(page, '系统管理', '用户管理');
  await tab(page, '首页').click();
  await expect(page).toHaveURL(/\/dashboard\/analysis$/);
  await expect(securityPage).toBeHidden();
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

test('a keep-alive tab comes back at the scroll position it was left at; other pages open at the top', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1366, height: 420 });
  // Online表单开发 is a keep-alive page in the seed; 首页 is not
  await openMenu(page, '在线开发', 'Online表单开发');
  await expect(page.locator('[data-page-key="/online/cgform"]')).toBeVisible();
  await page.evaluate(() => window.scrollTo(0, 150));
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(150);
  // the tab bar stays reachable at the top while the page is scrolled
  await tab(page, '首页').click();
  await expect(page).toHaveURL(/\/dashboard\/analysis$/);
  await expect(page.getByText('每日明细')).toBeVisible();
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  await page.evaluate(() => window.scrollTo(0, 100));
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(100);
  await tab(page, 'Online表单开发').click();
  await expect(page).toHaveURL(/\/online\/cgform$/);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(150);
  // 首页 was unmounted: it opens fresh, at the top
  await tab(page, '首页').click();
  await expect(page).toHaveURL(/\/dashboard\/analysis$/);
  await expect(page.getByText('每日明细')).toBeVisible();
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
});
