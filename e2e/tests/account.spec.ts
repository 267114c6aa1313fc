import { expect, type Page, test } from '@playwright/test';
import { signIn } from './support.ts';

// Account settings pages reached from the user menu: 账户绑定, 新消息通知, 头像设置.

const pageOf = (page: Page, path: string) => page.locator(`[data-page-key="${path}"]`);

test.beforeEach(async ({ page }) => {
  await signIn(page);
});

test('账户绑定 shows the phone and e-mail of the signed-in user', async ({ page }) => {
  const user = await page.evaluate(() => {
    const raw = localStorage.getItem('pro__Login_Userinfo');
    return (raw ? JSON.parse(raw).value : {}) as { phone?: string | null; email?: string | null };
  });
  await page.goto('/account/settings/binding');
  const binding = pageOf(page, '/account/settings/binding');
  await expect(binding.getByTestId('binding-phone')).toContainText(
    user.phone ? `已绑定：${user.phone}` : '当前未绑定手机号',
  );
  await expect(binding.getByTestId('binding-email')).toContainText(
    user.email ? `已绑定：${user.email}` : '当前未绑定邮箱',
  );
  await expect(binding.getByText('MODULE_NOT_FOUND')).toHaveCount(0);
});

test('新消息通知 switches are kept in this browser under their own key', async ({ page }) => {
  await page.goto('/account/settings/notification');
  const settings = pageOf(page, '/account/settings/notification');
  const system = settings.getByRole('switch', { name: '系统消息' });
  await expect(system).toBeChecked();
  await system.click();
  await expect(system).not.toBeChecked();
  await page.reload();
  await expect(
    pageOf(page, '/account/settings/notification').getByRole('switch', { name: '系统消息' }),
  ).not.toBeChecked();
  await expect(pageOf(page, '/account/settings/notification').getByRole('switch', { name: '待办任务' })).toBeChecked();
  const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('answer.notification-settings.v1') ?? '{}'));
  expect(stored.admin).toMatchObject({ system: false, todo: true, account: true });
});

test('头像设置 shows the avatar; upload is disabled and says why', async ({ page }) => {
  await page.goto('/account/settings/avatar');
  const avatar = pageOf(page, '/account/settings/avatar');
  await expect(avatar.getByRole('button', { name: /更换头像/ })).toBeDisabled();
  await avatar.getByTestId('avatar-upload').hover();
  await expect(page.getByRole('tooltip')).toHaveText('头像上传将在文件上传功能上线后可用');
});
