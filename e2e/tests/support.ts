import { expect, type Page } from '@playwright/test';

/**
 * Signs in through the real login page (CAPTCHA=off in the e2e server) and waits for the shell. Seeded users all have
 * the demo password 123456: admin (role admin, every permission), jeecg (role test: home, 用户管理 list only, 我的消息).
 */
export async function signIn(page: Page, username = 'admin', password = '123456'): Promise<void> {
  await page.goto('/user/login');
  await page.getByPlaceholder('请输入帐户名').fill(username);
  await page.getByPlaceholder('请输入密码').fill(password);
  await page.getByPlaceholder('请输入验证码').fill('0000');
  await page.locator('button.login-submit').click();
  await expect(page).toHaveURL(/\/dashboard\/analysis/);
  await expect(page.locator('.answer-sider')).toBeVisible();
}

/** Opens a page of the menu by its url (e.g. `/isystem/user`) once signed in, and waits for its content. */
export async function openPage(page: Page, url: string): Promise<void> {
  await page.goto(url);
  await expect(page.locator('.answer-sider')).toBeVisible();
}
