import { expect, type Locator, type Page, test } from '@playwright/test';
import { openPage, signIn } from './support';

// The page kit (ADR 023) once per page type: a flat list (职务), a tree list (分类字典) and a master–detail page
// (数据字典 + items). The pages' own flows are in departs.spec.ts and dicts.spec.ts; this file checks what the kit
// gives every page of a type.

const SUFFIX = Date.now() % 100000;
const pageOf = (page: Page, url: string) => page.locator(`[data-page-key="${url}"]`);
const rowOf = (scope: Locator, text: string) =>
  scope.locator('.ant-table-tbody tr.ant-table-row', { hasText: text }).first();
const ok = (scope: Locator) => scope.getByRole('button', { name: /确\s*定/ });
const toast = (page: Page, text: string) => expect(page.locator('.ant-message').getByText(text).first()).toBeVisible();

test('flat list (职务): wrapped query, paging text, selection bar, batch delete, 60 % editor with fullscreen', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signIn(page);
  await openPage(page, '/isystem/position');
  const list = pageOf(page, '/isystem/position');
  const table = list.getByTestId('position-table');
  await expect(table.locator('.ant-table-tbody tr.ant-table-row').first()).toBeVisible();
  await expect(list.locator('.ant-pagination-total-text')).toHaveText(/^1-\d+ 共 \d+ 条$/);

  // two positions to batch-delete
  const codes = [`kit_a_${SUFFIX}`, `kit_b_${SUFFIX}`];
  for (const code of codes) {
    await list.getByRole('button', { name: /新\s*增/ }).click();
    const modal = page.locator('.ant-modal:visible', { hasText: '职务编码' });
    // the editor is 60 % of the window wide (spec 02 §9) and can go fullscreen
    const width = async () => Math.round((await modal.boundingBox())?.width ?? 0);
    await expect.poll(width).toBe(Math.round(1366 * 0.6)); // polled: the dialog zooms in
    if (code === codes[0]) {
      await modal.getByRole('button', { name: '最大化' }).click();
      await expect.poll(width).toBeGreaterThan(1300);
      await page.screenshot({ path: '/tmp/kit-position-fullscreen.png' });
      await modal.getByRole('button', { name: '还原' }).click();
    }
    await modal.getByLabel('职务编码').fill(code);
    await modal.getByLabel('职务名称').fill(`套件职务${code.slice(4, 5)}`);
    await modal.getByLabel('职级').click();
    await page.locator('.ant-select-dropdown:visible').getByText('中级', { exact: true }).click();
    await ok(modal).click();
    await toast(page, '添加成功！');
    await expect(modal).toBeHidden();
  }

  // the query wraps the code as *v* (like): both new rows, nothing else
  const listCall = page.waitForRequest((r) => r.url().includes('/sys/position/list') && r.url().includes('code='));
  await list.getByPlaceholder('请输入职务编码').fill(`kit_`);
  await list.getByRole('button', { name: /(^|\s)查\s*询$/ }).click();
  const url = new URL((await listCall).url());
  expect(url.searchParams.get('code')).toBe('*kit_*');
  expect(url.searchParams.get('pageNo')).toBe('1');
  await expect(list.locator('.ant-table-tbody tr.ant-table-row')).toHaveCount(2);

  // selection bar and batch delete with its confirmation
  for (const code of codes) await rowOf(list, code).locator('.ant-checkbox-input').check();
  await expect(list.getByTestId('selection-alert')).toContainText(/已选择\s*2\s*项/);
  for (const code of codes) await expect(rowOf(list, code).locator('.ant-checkbox-input')).toBeChecked();
  await page.screenshot({ path: '/tmp/kit-position-selected.png' });
  await list.getByRole('button', { name: /批量操作/ }).hover();
  await page.locator('.ant-dropdown:visible .ant-dropdown-menu-item', { hasText: '删除' }).click();
  const confirm = page.locator('.ant-modal-confirm:visible');
  await expect(confirm).toContainText('确定要删除这 2 项吗?');
  await ok(confirm).click();
  await toast(page, '删除成功!');
  await expect(list.locator('.ant-table-tbody tr.ant-table-row')).toHaveCount(0);
  await expect(list.getByTestId('selection-alert')).toContainText(/已选择\s*0\s*项/);
});

test('tree list (分类字典): placeholder until expanded, 添加下级 under the row, delete refreshes the parent', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const root = `套件分类${SUFFIX}`;
  const child = `套件子类${SUFFIX}`;
  await signIn(page);
  await openPage(page, '/isys/category');
  const cats = pageOf(page, '/isys/category');
  await cats.getByRole('button', { name: /新\s*增/ }).click();
  let modal = page.locator('.ant-modal:visible', { hasText: '类型名称' });
  await expect(modal.getByText('不选择则为根节点')).toBeVisible();
  await modal.getByLabel('类型名称').fill(root);
  await ok(modal).click();
  await toast(page, '添加成功！');
  const rootRow = rowOf(cats, root);
  await expect(rootRow).toBeVisible();
  await expect(rootRow.locator('.ant-table-row-expand-icon-spaced')).toHaveCount(1); // a leaf: no expander

  await rootRow.getByText('添加下级').click();
  modal = page.locator('.ant-modal:visible', { hasText: '类型名称' });
  await expect(modal.getByTestId('j-category-select')).toContainText(root);
  await modal.getByLabel('类型名称').fill(child);
  await ok(modal).click();
  await toast(page, '添加成功！');
  await expect(rowOf(cats, child)).toBeVisible(); // the parent was expanded with its new child
  await page.screenshot({ path: '/tmp/kit-category-tree.png' });

  // delete the child: the parent becomes a leaf again
  await rowOf(cats, child).getByText('删除').click();
  await page
    .locator('.ant-popover:visible')
    .getByRole('button', { name: /确\s*定/ })
    .click();
  await toast(page, '删除成功!');
  await expect(rowOf(cats, child)).toHaveCount(0);
  await rowOf(cats, root).getByText('删除').click();
  await page
    .locator('.ant-popover:visible')
    .getByRole('button', { name: /确\s*定/ })
    .click();
  await expect(rowOf(cats, root)).toHaveCount(0);
});

test('master–detail (数据字典): the detail list of a row in a drawer, filtered by its master key', async ({ page }) => {
  test.setTimeout(120_000);
  await signIn(page);
  await openPage(page, '/isystem/dict');
  const dicts = pageOf(page, '/isystem/dict');
  await dicts.getByPlaceholder('请输入字典编号').fill('sex');
  await dicts.getByRole('button', { name: /(^|\s)查\s*询$/ }).click();
  const row = rowOf(dicts, '性别');
  await expect(row).toBeVisible();
  const itemsCall = page.waitForRequest((r) => r.url().includes('/sys/dictItem/list'));
  await row.getByText('字典配置').click();
  const q = new URL((await itemsCall).url()).searchParams;
  expect(q.get('dictId')).toBeTruthy();
  expect(q.get('column')).toBe('sortOrder');
  expect(q.get('order')).toBe('asc');
  const drawer = page.locator('.ant-drawer:visible');
  await expect(drawer).toContainText('字典列表 — 性别（sex）');
  await expect(drawer.getByTestId('dict-item-table').locator('.ant-table-tbody tr.ant-table-row')).not.toHaveCount(0);
  // the detail query narrows the items
  await drawer.getByPlaceholder('请输入名称').fill('男');
  await drawer.getByRole('button', { name: /(^|\s)查\s*询$/ }).click();
  await expect(drawer.getByTestId('dict-item-table').locator('.ant-table-tbody tr.ant-table-row')).toHaveCount(1);
  await page.screenshot({ path: '/tmp/kit-dict-detail.png' });
});
