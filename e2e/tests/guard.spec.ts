import { expect, type Page, test } from '@playwright/test';

/** Route guard (spec 01 §2.4), page titles (§1) and menu routes (§2.3) in the browser. */

async function login(page: Page) {
  await page.goto('/user/login');
  await page.getByPlaceholder('请输入帐户名').fill('admin');
  await page.getByPlaceholder('请输入密码').fill('123456');
  await page.getByPlaceholder('请输入验证码').fill('abcd');
  const menu = page.waitForResponse((r) => r.url().includes('/sys/permission/getUserPermissionByToken'));
  await page.getByRole('button', { name: /登\s*录/ }).click();
  await expect(page).toHaveURL(/\/dashboard\/analysis$/);
  // the session is complete once the menu is in
  expect((await menu).ok()).toBe(true);
  await page.waitForLoadState('networkidle');
}

test.describe('without a session', () => {
  for (const path of [
    '/user/login',
    '/user/register',
    '/user/register-result',
    '/user/alteration',
    '/test/home',
    '/404',
  ]) {
    test(`${path} is open`, async ({ page }) => {
      await page.goto(path);
      await expect(page).toHaveURL(path);
    });
  }

  test('/user redirects to /user/login', async ({ page }) => {
    await page.goto('/user');
    await expect(page).toHaveURL('/user/login');
  });

  test('/oauth2-app leads to the normal login outside a work-chat app', async ({ page }) => {
    await page.goto('/oauth2-app');
    await expect(page).toHaveURL(/\/user\/login$/);
  });

  for (const path of ['/', '/dashboard/analysis', '/isps/userAnnouncement', '/no/such/page?x=1']) {
    test(`${path} goes to login with a redirect query`, async ({ page }) => {
      await page.goto(path);
      await expect(page).toHaveURL(`/user/login?redirect=${encodeURIComponent(path)}`);
    });
  }

  test('the login layout links the logo and title to the site root', async ({ page }) => {
    await page.goto('/user/register');
    await expect(page.getByRole('link', { name: /答题系统后台/ })).toHaveAttribute('href', '/');
    await expect(page.getByRole('heading', { name: '注册' })).toBeVisible();
  });
});

test.describe('with a session', () => {
  test('/ and the login page lead to the landing page; unknown paths to /404', async ({ page }) => {
    await login(page);
    await page.goto('/');
    await expect(page).toHaveURL(/\/dashboard\/analysis$/);
    await expect(page).toHaveTitle('答题系统后台');
    await page.goto('/oauth2-app/login');
    await expect(page).toHaveURL(/\/dashboard\/analysis$/);
    await page.goto('/no/such/page');
    await expect(page).toHaveURL(/\/404$/);
    await expect(page).toHaveTitle('404 - 答题系统后台');
  });

  test('a menu entry whose view does not exist shows MODULE_NOT_FOUND, and titles follow the menu', async ({
    page,
  }) => {
    await page.route('**/sys/permission/getUserPermissionByToken**', async (route) => {
      const response = await route.fetch();
      const json = await response.json();
      json.result.menu.push(
        {
          id: 'e2e-missing',
          route: '1',
          path: '/e2e/missing',
          name: 'e2e-missing',
          component: 'e2e/NoSuchView',
          hidden: true,
          meta: { title: 'E2E 缺失页面', keepAlive: false },
        },
        {
          id: 'e2e-skipped',
          route: '0',
          path: '/e2e/skipped',
          name: 'e2e-skipped',
          component: 'exception/403',
          hidden: true,
          meta: { title: 'E2E 不生成路由' },
        },
      );
      await route.fulfill({ response, json });
    });
    await login(page);
    await page.goto('/e2e/missing');
    await expect(page.getByText('MODULE_NOT_FOUND')).toBeVisible();
    await expect(page.getByText('e2e/NoSuchView')).toBeVisible();
    await expect(page).toHaveTitle('E2E 缺失页面 - 答题系统后台');
    // route "0" items are left out of the router
    await page.goto('/e2e/skipped');
    await expect(page).toHaveURL(/\/404$/);
  });

  test('an empty menu logs the user out and returns to login with the requested path', async ({ page }) => {
    await login(page);
    await page.route('**/sys/permission/getUserPermissionByToken**', async (route) => {
      const response = await route.fetch();
      const json = await response.json();
      json.result.menu = [];
      await route.fulfill({ response, json });
    });
    await page.goto('/dashboard/analysis?x=1');
    await expect(page).toHaveURL('/user/login?redirect=%2Fdashboard%2Fanalysis%3Fx%3D1');
    const token = await page.evaluate(() => localStorage.getItem('pro__Access-Token'));
    expect(token).toBeNull();
  });
});
