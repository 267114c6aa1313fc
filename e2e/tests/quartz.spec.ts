import { expect, type Locator, type Page, test } from '@playwright/test';
import { openPage, signIn } from './support';

// 定时任务: create a job with the cron editor (its preview included), start and stop it, run it once now and see the
// run in the run history; then delete it (the browser suite shares one database across spec files).

const URL = '/isystem/QuartzJobList';
const DESC = `e2e-job-${Date.now() % 100000}`;
const pageOf = (page: Page) => page.locator(`[data-page-key="${URL}"]`);
const rowOf = (scope: Locator, text: string) =>
  scope.locator('.ant-table-tbody tr.ant-table-row', { hasText: text }).first();
const ok = (scope: Locator) => scope.getByRole('button', { name: /确\s*定/ });
const toast = (page: Page, text: string) => expect(page.locator('.ant-message').getByText(text).first()).toBeVisible();
const confirmPop = (page: Page) => ok(page.locator('.ant-popover:visible')).click();

test('定时任务: cron editor with preview, 启动 / 停止, 立即执行 and its run in 执行记录', async ({ page }) => {
  test.setTimeout(120_000);
  await signIn(page);
  await openPage(page, URL);
  const list = pageOf(page);
  await expect(list.getByTestId('quartz-table')).toBeVisible();

  await list.getByRole('button', { name: /新\s*增/ }).click();
  const modal = page.locator('.ant-modal:visible', { hasText: '任务类名' });
  await expect(modal).toBeVisible();
  await modal.getByLabel('任务类名').click();
  await page.locator('.ant-select-dropdown:visible').getByText('带参示例任务', { exact: false }).click();

  // the cron editor: 秒 → 循环 every 10 seconds from 0 (the shortest interval a job may have); the preview lists the next 10 runs
  await modal.getByTestId('jcron-open').click();
  const cron = page.locator('.ant-modal:visible', { hasText: '执行一次' }).last();
  await expect(cron.getByRole('tab')).toHaveText(['秒', '分', '时', '日', '月', '周', '年']);
  await cron.getByTestId('jcron-second-loop').check();
  await cron.getByTestId('jcron-second-loop-interval').fill('10');
  await cron.getByTestId('jcron-second-loop-interval').blur();
  await expect(cron.getByTestId('jcron-full')).toHaveValue('0/10 * * * * ? *');
  const preview = cron.getByTestId('jcron-preview');
  await expect(preview.locator('div')).toHaveCount(10);
  // 500 ms after the last change the preview follows the new expression: every 10 seconds
  await expect
    .poll(async () =>
      (await preview.locator('div').allTextContents()).every((l) => /^\d{4}-\d\d-\d\d \d\d:\d\d:\d0$/.test(l)),
    )
    .toBe(true);
  await page.screenshot({ path: '/tmp/quartz-cron-editor.png' });
  await ok(cron).click();
  await expect(modal.getByTestId('jcron-input')).toHaveValue('0/10 * * * * ? *');

  await modal.getByRole('textbox', { name: /^参数/ }).fill('e2e');
  await modal.getByRole('textbox', { name: /^描述/ }).fill(DESC);
  await modal.getByRole('radio', { name: '停止' }).check();
  await page.screenshot({ path: '/tmp/quartz-editor.png' });
  await ok(modal).click();
  await toast(page, '创建定时任务成功');
  await expect(modal).toBeHidden();

  const row = rowOf(list, DESC);
  await expect(row.getByTestId('quartz-status')).toHaveText('已暂停');
  await row.getByText('启动', { exact: true }).click();
  await confirmPop(page);
  await toast(page, '启动定时任务成功');
  await expect(row.getByTestId('quartz-status')).toHaveText('已启动');
  await page.screenshot({ path: '/tmp/quartz-list.png' });
  await row.getByText('停止', { exact: true }).click();
  await confirmPop(page);
  await toast(page, '停止定时任务成功');
  await expect(row.getByTestId('quartz-status')).toHaveText('已暂停');

  // 立即执行 → the run history opens with the manual run, which ends as 成功
  await row.getByText('立即执行', { exact: true }).click();
  await confirmPop(page);
  await toast(page, '执行成功!');
  const drawer = page.locator('.ant-drawer:visible', { hasText: '执行记录' });
  await expect(drawer).toBeVisible();
  const run = drawer.locator('.ant-table-tbody tr.ant-table-row').first();
  await expect(run).toContainText('立即执行');
  await expect(run.getByTestId('quartz-run-outcome')).toHaveText('成功');
  await expect(run).toContainText('welcome e2e!');
  await page.screenshot({ path: '/tmp/quartz-runs.png' });
  await drawer.locator('.ant-drawer-close').click();

  // clean up
  await row.locator('.ant-dropdown-link').hover();
  await page.locator('.ant-dropdown:visible .ant-dropdown-menu-item', { hasText: '删除' }).click();
  await confirmPop(page);
  await toast(page, '删除成功!');
  await expect(rowOf(list, DESC)).toHaveCount(0);
});
