import { expect, type Page, test } from '@playwright/test';

// User-dropdown actions against the real server: 切换部门, 清理缓存, and the home tab never duplicated.

async function signIn(page: Page, username = 'admin') {
  await page.goto('/user/login');
  await page.getByPlaceholder('请输入帐户名').fill(username);
  await page.getByPlaceholder('请输入密码').fill('123456');
  await page.getByPlaceholder('请输入验证码').fill('0000');
  await page.locator('button.login-submit').click();
  await expect(page).toHaveURL(/\/dashboard\/analysis/);
}

async function openUserMenu(page: Page) {
  await page.getByRole('button', { name: /用户菜单/ }).click();
}

test('清理缓存 refreshes the server and the local dictionary cache', async ({ page }) => {
  await signIn(page);
  await openUserMenu(page);
  const refresh = page.waitForResponse((r) => r.url().includes('/sys/dict/refleshCache'));
  const all = page.waitForResponse((r) => r.url().includes('/sys/dict/queryAllDictItems'));
  await page.getByRole('menuitem', { name: /清理缓存/ }).click();
  expect((await refresh).status()).toBe(200);
  expect((await all).status()).toBe(200);
  await expect(page.getByText('刷新缓存完成！')).toBeVisible();
});

test('切换部门 lists the user’s own departments and switches to the chosen one', async ({ page }) => {
  await signIn(page);
  await openUserMenu(page);
  await page.getByRole('menuitem', { name: /切换部门/ }).click();
  const dialog = page.getByRole('dialog', { name: '切换部门' });
  await expect(dialog).toBeVisible();
  await dialog.locator('.ant-select').click();
  await page.locator('.ant-select-item-option', { hasText: '北京国炬软件' }).click();
  const put = page.waitForResponse((r) => r.url().includes('/sys/selectDepart') && r.request().method() === 'PUT');
  await dialog.getByRole('button', { name: /确\s*认/ }).click();
  const res = await put;
  expect((await res.json()).success).toBe(true);
  await expect(dialog).toBeHidden();
});

test('visiting / while signed in opens no second 首页 tab', async ({ page }) => {
  await signIn(page);
  await page.goto('/');
  await expect(page).toHaveURL(/\/dashboard\/analysis/);
  await expect(page.locator('.answer-multitab .ant-tabs-tab')).toHaveText(['首页']);
});
