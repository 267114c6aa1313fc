import { expect, type Page, test } from '@playwright/test';

/**
 * Sign-in and session (spec 01 §2.4, §3, §4, §8) against the real server (CAPTCHA=off: any captcha text passes).
 * Two-character antd button labels are rendered with a space ("登 录"), hence the regexes.
 */

const LOGIN_BUTTON = /登\s*录/;
const TOKEN_KEY = 'pro__Access-Token';

async function fillLogin(page: Page, username: string, password: string) {
  await page.getByPlaceholder('请输入帐户名').fill(username);
  await page.getByPlaceholder('请输入密码').fill(password);
  await page.getByPlaceholder('请输入验证码').fill('abcd');
}

async function login(page: Page, username = 'admin', password = '123456') {
  await page.goto('/user/login');
  await fillLogin(page, username, password);
  const menu = page.waitForResponse((r) => r.url().includes('/sys/permission/getUserPermissionByToken'));
  await page.getByRole('button', { name: LOGIN_BUTTON }).click();
  await expect(page).toHaveURL(/\/dashboard\/analysis$/);
  // the session is complete once the menu is in and the main layout is up
  expect((await menu).ok()).toBe(true);
  await page.waitForLoadState('networkidle');
}

async function storedToken(page: Page): Promise<string | null> {
  // a sign-out ends in a navigation (and, when a late call meets the ended session, a reload): read once it settles
  for (let attempt = 0; ; attempt++) {
    try {
      return await page.evaluate((key) => {
        const raw = localStorage.getItem(key);
        return raw ? (JSON.parse(raw) as { value: string }).value : null;
      }, TOKEN_KEY);
    } catch (err) {
      if (attempt >= 5 || !/Execution context was destroyed|navigat/i.test(String(err))) throw err;
      await page.waitForLoadState('domcontentloaded');
    }
  }
}

test('an unauthenticated visit goes to the login page with the full requested path', async ({ page }) => {
  await page.goto('/dashboard/analysis?from=e2e');
  await expect(page).toHaveURL('/user/login?redirect=%2Fdashboard%2Fanalysis%3Ffrom%3De2e');
  await expect(page).toHaveTitle('登录 - 答题系统后台');
  await expect(page.getByRole('tab', { name: '账号密码登录' })).toBeVisible();
  await expect(page.getByRole('tab', { name: '手机号登录' })).toBeVisible();
  // the captcha image is loaded from /sys/randomImage/{key}
  await expect(page.getByRole('button', { name: '验证码图片，点击刷新' })).toBeVisible();
});

test('empty fields show the validation messages', async ({ page }) => {
  await page.goto('/user/login');
  await page.getByRole('button', { name: LOGIN_BUTTON }).click();
  await expect(page.getByText('请输入用户名')).toBeVisible();
  await expect(page.getByText('请输入密码')).toBeVisible();
  await page.getByRole('tab', { name: '手机号登录' }).click();
  await page.getByPlaceholder('请输入手机号').fill('12345');
  await page.getByRole('button', { name: LOGIN_BUTTON }).click();
  await expect(page.getByText('请输入正确手机号')).toBeVisible();
});

test('a wrong password shows the server message and keeps the user on the login page', async ({ page }) => {
  await page.goto('/user/login');
  await fillLogin(page, 'admin', 'not-the-password');
  const answer = page.waitForResponse((r) => r.url().includes('/sys/login') && r.request().method() === 'POST');
  await page.getByRole('button', { name: LOGIN_BUTTON }).click();
  const body = (await (await answer).json()) as { success: boolean; message: string };
  expect(body.success).toBe(false);
  await expect(page.getByText('登录失败')).toBeVisible();
  await expect(page.getByText(body.message, { exact: true })).toBeVisible();
  await expect(page).toHaveURL(/\/user\/login/);
  expect(await storedToken(page)).toBeNull();
});

test('admin / 123456 lands on /dashboard/analysis with a greeting', async ({ page }) => {
  // every answer the sign-in page and the shell get on the way is a success: no stray 401 (e.g. a public call made
  // with a token-only route) that would pop 登录已过期 over a fresh session
  const unauthorized: string[] = [];
  page.on('response', (r) => {
    if (r.status() === 401) unauthorized.push(r.url());
  });
  await login(page);
  await expect(page.getByText(/^(早上好|上午好|中午好|下午好|晚上好)，欢迎回来$/)).toBeVisible();
  await expect(page).toHaveTitle('答题系统后台');
  expect(unauthorized).toEqual([]);
  await expect(page.getByText('很抱歉，登录已过期，请重新登录')).toHaveCount(0);
  expect(await storedToken(page)).toBeTruthy();
  // with a session the login page is not shown again
  await page.goto('/user/login');
  await expect(page).toHaveURL(/\/dashboard\/analysis$/);
});

test('after login the user goes back to the requested page', async ({ page }) => {
  await page.goto('/dashboard/analysis?from=e2e');
  await expect(page).toHaveURL(/\/user\/login\?redirect=/);
  await fillLogin(page, 'admin', '123456');
  await page.getByRole('button', { name: LOGIN_BUTTON }).click();
  await expect(page).toHaveURL('/dashboard/analysis?from=e2e');
});

test('a session ended on the server: 很抱歉，登录已过期，请重新登录, then back to the login page', async ({ page }) => {
  await login(page);
  const token = await storedToken(page);
  expect(token).toBeTruthy();
  const res = await page.request.post('/jeecg-boot/sys/logout', { headers: { 'X-Access-Token': token ?? '' } });
  expect(res.ok()).toBe(true);
  // the next request of the app (the menu fetch of a fresh page load) gets 401
  await page.reload();
  await expect(page.getByText('很抱歉，登录已过期，请重新登录')).toBeVisible();
  await expect(page).toHaveURL(/\/user\/login/);
  expect(await storedToken(page)).toBeNull();
});

test('logout asks for confirmation, then ends the session', async ({ page }) => {
  await login(page);
  await page.getByRole('button', { name: /用户菜单/ }).click();
  await page.getByRole('menuitem', { name: /退出登录/ }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText('提示');
  await expect(dialog).toContainText('真的要注销登录吗 ?');
  await dialog.getByRole('button', { name: /确\s*定/ }).click();
  await expect(page).toHaveURL(/\/user\/login/);
  expect(await storedToken(page)).toBeNull();
  await page.goto('/dashboard/analysis');
  await expect(page).toHaveURL(/\/user\/login\?redirect=%2Fdashboard%2Fanalysis/);
});
