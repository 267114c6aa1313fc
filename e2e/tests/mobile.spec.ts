import { expect, type Page, test } from '@playwright/test';

// Phone viewport (iPhone X, 375×812): drawer menu, title-only header, search modal, no horizontal overflow.

async function signIn(page: Page) {
  await page.goto('/user/login');
  await page.getByPlaceholder('请输入帐户名').fill('admin');
  await page.getByPlaceholder('请输入密码').fill('123456');
  await page.getByPlaceholder('请输入验证码').fill('0000');
  await page.locator('button.login-submit').click();
  await expect(page).toHaveURL(/\/dashboard\/analysis/);
  await expect(page.getByTestId('header-title')).toBeVisible();
}

async function expectNoHorizontalOverflow(page: Page) {
  const [scrollWidth, innerWidth] = await page.evaluate(() => [
    document.scrollingElement?.scrollWidth ?? 0,
    window.innerWidth,
  ]);
  expect(scrollWidth).toBeLessThanOrEqual(innerWidth);
}

test.beforeEach(async ({ page }) => {
  await signIn(page);
});

test('header shows only the product title; no sidebar, no horizontal overflow', async ({ page }) => {
  await expect(page.getByTestId('header-title')).toHaveText('答题系统后台');
  await expect(page.locator('.answer-sider')).toHaveCount(0);
  await expect(page.getByText('总访问量')).toBeVisible();
  await expect(page.getByRole('img', { name: '最近7天访问量' })).toBeVisible();
  await expectNoHorizontalOverflow(page);
});

test('drawer menu closes after an entry is chosen', async ({ page }) => {
  await page.getByRole('button', { name: '打开菜单' }).click();
  const drawer = page.locator('.answer-menu-drawer');
  await expect(drawer).toBeVisible();
  await drawer.getByText('系统管理', { exact: true }).click();
  await drawer.getByRole('menuitem', { name: '用户管理' }).click();
  await expect(page).toHaveURL(/\/isystem\/user$/);
  await expect(drawer).toBeHidden();
  await expect(page.locator('.answer-page-header')).toContainText('用户管理');
  await expectNoHorizontalOverflow(page);
});

test('menu search opens in a modal', async ({ page }) => {
  await page.getByRole('button', { name: '搜索菜单' }).click();
  const modal = page.locator('.ant-modal').filter({ hasText: '搜索菜单' });
  await expect(modal).toBeVisible();
  await page.keyboard.type('个人中心');
  await page.locator('.ant-select-item-option', { hasText: '个人中心' }).first().click();
  await expect(page).toHaveURL(/\/account\/center$/);
  await expect(modal).toBeHidden();
  await expectNoHorizontalOverflow(page);
});

test('notice popover and user menu fit the screen', async ({ page }) => {
  await page.getByRole('button', { name: /消息通知/ }).click();
  const popover = page.locator('.answer-notice-popover');
  await expect(popover).toBeVisible();
  const box = await popover.boundingBox();
  expect((box?.x ?? -1) >= 0 && (box?.x ?? 0) + (box?.width ?? 0) <= 375).toBe(true);
  await page.keyboard.press('Escape');
  await page.locator('.answer-user').click();
  await expect(page.getByRole('menuitem', { name: '退出登录' })).toBeVisible();
  await expectNoHorizontalOverflow(page);
});
