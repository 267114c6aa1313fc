import { expect, type Page, test } from '@playwright/test';
import { endSessionsOf, signIn } from './support';

// Failures a user meets when the network or the server goes away for a while (spec 01 §8).

/** a marker that survives in-app navigation and is gone after a page reload */
async function markPage(page: Page) {
  await page.evaluate(() => {
    (window as unknown as { __noReload?: boolean }).__noReload = true;
  });
}
const notReloaded = (page: Page) =>
  page.evaluate(() => (window as unknown as { __noReload?: boolean }).__noReload === true);

test('a page whose code fails to load shows ChunkLoadError inside the layout, and 重试 loads it without a reload', async ({
  page,
}) => {
  await signIn(page);
  await markPage(page);
  // the user list's own chunk cannot be fetched (server unreachable for it)
  let failing = true;
  await page.route(/\/assets\/UserList-[\w-]+\.js$/, (route) =>
    failing ? route.abort('connectionrefused') : route.continue(),
  );

  const sider = page.locator('.answer-sider');
  await sider.getByText('系统管理').click();
  await sider.getByRole('menuitem', { name: '用户管理' }).click();
  await expect(page).toHaveURL(/\/isystem\/user$/);

  const failure = page.getByRole('alert').filter({ hasText: '页面加载失败' });
  await expect(failure).toBeVisible();
  await expect(failure).toContainText('ChunkLoadError');
  await expect(failure).toContainText('页面代码加载失败');
  // inside the layout: menu, header and tabs stay usable
  await expect(sider).toBeVisible();
  await expect(page.getByTestId('header-title')).toBeVisible();
  await expect(page.locator('.answer-page-header')).toContainText('用户管理');

  // still failing: a retry keeps the message
  await failure.getByRole('button', { name: /重\s*试/ }).click();
  await expect(failure.getByRole('button', { name: /重\s*试/ })).toBeEnabled();
  await expect(failure).toBeVisible();

  // the server is back: 重试 loads the page
  failing = false;
  await failure.getByRole('button', { name: /重\s*试/ }).click();
  await expect(page.locator('.ant-table-row').filter({ hasText: 'admin' }).first()).toBeVisible();
  await expect(failure).toHaveCount(0);
  expect(await notReloaded(page)).toBe(true);

  // other pages keep working, and the list opens again from the menu
  await page.locator('.answer-multitab').getByText('首页').click();
  await expect(page.getByText('总访问量')).toBeVisible();
  await page.locator('.answer-multitab').getByText('用户管理').click();
  await expect(page.locator('.ant-table-row').first()).toBeVisible();
  expect(await notReloaded(page)).toBe(true);
});

test('the page recovers by itself when the browser is back online', async ({ page }) => {
  await signIn(page);
  await markPage(page);
  let failing = true;
  // from now on no code file arrives (the server is down for them)
  await page.route(/\/assets\/[\w.-]+\.(js|css)$/, (route) =>
    failing ? route.abort('internetdisconnected') : route.continue(),
  );
  const sider = page.locator('.answer-sider');
  await sider.getByText('系统管理').click();
  await sider.getByRole('menuitem', { name: '角色管理' }).click();
  const failure = page.getByRole('alert').filter({ hasText: '页面加载失败' });
  await expect(failure).toBeVisible();

  failing = false;
  await page.evaluate(() => window.dispatchEvent(new Event('online')));
  await expect(failure).toHaveCount(0);
  await expect(page.locator('.ant-table-row').first()).toBeVisible();
  expect(await notReloaded(page)).toBe(true);
});

test('server unreachable: the error is in Chinese only', async ({ page }) => {
  await signIn(page);
  await page.route('**/jeecg-boot/sys/user/list**', (route) => route.abort('connectionrefused'));
  await page.goto('/isystem/user');
  const notice = page.locator('.ant-notification-notice').filter({ hasText: '网络异常' }).first();
  await expect(notice).toBeVisible();
  await expect(notice).toContainText('网络异常，请检查网络连接后重试');
  await expect(page.getByText('Failed to fetch')).toHaveCount(0);
});

test('a session ended on the server: the next notice poll goes to the login page with the expiry message', async ({
  page,
  request,
}) => {
  await signIn(page, 'jeecg');
  // the session ends without the tab doing anything (as after the idle time-out)
  await endSessionsOf(request, 'jeecg');
  // the notice poll (every 6 s) is what finds out
  await expect(page).toHaveURL(/\/user\/login/, { timeout: 20_000 });
  await expect(page.getByText('很抱歉，登录已过期，请重新登录').first()).toBeVisible({ timeout: 10_000 });
  await expect(page.getByPlaceholder('请输入帐户名')).toBeVisible();
});

test('third-party login: no button for unconfigured providers; a failing provider explains itself in Chinese', async ({
  page,
}) => {
  // as the server answers without providers configured
  const asked = page.waitForResponse((r) => r.url().includes('/sys/thirdApp/getEnabledType'));
  await page.goto('/user/login');
  await expect(page.getByPlaceholder('请输入帐户名')).toBeVisible();
  await asked;
  await expect(page.getByText('其他登录方式')).toHaveCount(0);

  // 钉钉 configured, but its sign-in page answers with an error
  await page.route('**/jeecg-boot/sys/thirdApp/getEnabledType**', (route) =>
    route.fulfill({
      json: {
        success: true,
        code: 200,
        message: '',
        result: { dingtalk: true, wechatEnterprise: false },
        timestamp: 1,
      },
    }),
  );
  await page.route('**/jeecg-boot/sys/thirdLogin/render/**', (route) =>
    route.fulfill({ status: 404, json: { success: false, code: 404, message: 'Route GET:/render not found' } }),
  );
  await page.reload();
  await expect(page.getByText('其他登录方式')).toBeVisible();
  await expect(page.getByRole('button', { name: '钉钉' })).toBeVisible();
  await expect(page.getByRole('button', { name: '企业微信' })).toHaveCount(0);
  const popup = page.waitForEvent('popup');
  await page.getByRole('button', { name: '钉钉' }).click();
  const win = await popup;
  await expect(page.getByText('钉钉登录暂不可用，请联系管理员检查第三方登录配置')).toBeVisible();
  await expect.poll(() => win.isClosed()).toBe(true);
  await expect(page.getByText('Route GET')).toHaveCount(0);
});
