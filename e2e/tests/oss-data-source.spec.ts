import { expect, type Locator, type Page, test } from '@playwright/test';
import { openPage, signIn } from './support';

// 文件存储 (upload, list, preview, download, delete) and 多数据源管理 (add with 测试连接: refused port, host off the
// allow-list; the password never shown again; delete). Screenshots at 1366x768 go to /tmp.

const ok = (scope: Locator) => scope.getByRole('button', { name: /确\s*定/ });
const toast = (page: Page, text: string | RegExp) =>
  expect(page.locator('.ant-message').getByText(text).first()).toBeVisible();
const rowOf = (scope: Locator, text: string) =>
  scope.locator('.ant-table-tbody tr.ant-table-row', { hasText: text }).first();

// a real 1x1 PNG
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

test('文件存储: upload from the page, the row, 预览, 下载 and 删除', async ({ page }) => {
  await signIn(page);
  await openPage(page, '/oss/file');
  const list = page.locator('[data-page-key="/oss/file"]');
  await expect(list.getByTestId('oss-file-table')).toBeVisible();
  const name = `e2e-图片-${Date.now() % 100000}.png`;
  await page.getByTestId('oss-upload-input').setInputFiles({ name, mimeType: 'image/png', buffer: PNG });
  await toast(page, `${name} 上传成功!`);
  const row = rowOf(list, name);
  await expect(row).toBeVisible();
  await expect(row).toContainText('png');
  await expect(row).toContainText(`${PNG.length} B`);
  await expect(row).toContainText('admin');
  await page.screenshot({ path: '/tmp/oss-file-list.png' });

  await row.getByText('预览', { exact: true }).click();
  await expect(page.locator('.ant-image-preview-img, .ant-image-preview img').first()).toBeVisible();
  await page.screenshot({ path: '/tmp/oss-file-preview.png' });
  await page.keyboard.press('Escape');

  const [download] = await Promise.all([page.waitForEvent('download'), row.getByText('下载', { exact: true }).click()]);
  expect(download.suggestedFilename()).toBe(name);

  await row.getByText('删除', { exact: true }).click();
  await ok(page.locator('.ant-popover:visible')).click();
  await toast(page, '删除成功!');
  await expect(rowOf(list, name)).toBeHidden();
});

test('多数据源管理: 测试连接 refusals, saved without showing the password again, deleted', async ({ page }) => {
  test.setTimeout(90_000);
  await signIn(page);
  await openPage(page, '/isystem/dataSource');
  const list = page.locator('[data-page-key="/isystem/dataSource"]');
  await expect(list.getByTestId('data-source-table')).toBeVisible();
  const code = `e2e_ds_${Date.now() % 100000}`;

  await list.getByRole('button', { name: /新\s*增/ }).click();
  const modal = page.locator('.ant-modal:visible', { hasText: '数据源编码' });
  await modal.getByLabel('数据源编码').fill(code);
  await modal.getByLabel('数据源名称').fill('端到端库');
  await modal.getByLabel('数据库类型').click();
  await page.locator('.ant-select-dropdown:visible').getByText('MariaDB', { exact: true }).click();
  // the type fills its driver and address template
  await expect(modal.getByLabel('驱动类')).toHaveValue('org.mariadb.jdbc.Driver');
  await expect(modal.getByLabel('数据源地址')).toHaveValue(/^jdbc:mariadb:\/\/127\.0\.0\.1:3306\//);
  await modal.getByLabel('数据源地址').fill('jdbc:mariadb://127.0.0.1:1/answer_test');
  await modal.getByLabel('数据库名称').fill('answer_test');
  await modal.getByLabel('用户名').fill('answer_test');
  await modal.getByLabel('密码').fill('e2e-secret');

  await modal.getByTestId('data-source-test').click();
  const failed = page.locator('.ant-modal-confirm:visible', { hasText: '连接失败' });
  await expect(failed).toContainText('连接被拒绝：127.0.0.1:1 上没有可连接的数据库服务');
  await page.waitForTimeout(500);
  await page.screenshot({ path: '/tmp/data-source-test-failed.png' });
  await failed.getByRole('button').click();

  await modal.getByLabel('数据源地址').fill('jdbc:mariadb://10.20.30.40:3306/answer_test');
  await modal.getByTestId('data-source-test').click();
  await expect(page.locator('.ant-modal-confirm:visible', { hasText: '连接失败' })).toContainText(
    '不允许连接主机 10.20.30.40',
  );
  await page.locator('.ant-modal-confirm:visible').getByRole('button').click();

  await modal.getByLabel('数据源地址').fill('jdbc:mariadb://127.0.0.1:3306/answer_test?useSSL=false');
  await page.screenshot({ path: '/tmp/data-source-editor.png' });
  await ok(modal).click();
  await toast(page, '添加成功！');
  const row = rowOf(list, code);
  await expect(row).toContainText('MariaDB');
  await expect(list).not.toContainText('e2e-secret');
  await page.screenshot({ path: '/tmp/data-source-list.png' });

  await row.getByText('编辑', { exact: true }).click();
  const edit = page.locator('.ant-modal:visible', { hasText: '数据源编码' });
  await expect(edit.getByLabel('密码')).toHaveValue('');
  await expect(edit).toContainText('留空则保留已保存的密码');
  await edit.getByRole('button', { name: '关 闭' }).click();

  await row.getByText('更多').hover();
  await page.locator('.ant-dropdown:visible').getByText('删除', { exact: true }).click();
  await ok(page.locator('.ant-popover:visible')).click();
  await toast(page, '删除成功!');
  await expect(rowOf(list, code)).toBeHidden();
});
