import { expect, type Locator, type Page, test } from '@playwright/test';
import { api, asAdmin, signIn } from './support';

// Generated online screens (issue 13, contract-2 §4.1/§4.2) over the seeded definitions of db/seed/online-area.ts:
// the order main (inner-table theme) opened from its menu entry (常见案例 › online订单管理, a url carrying the head
// id), a record added with a one-to-many sub row in the editable table, seen in the list with its sub row expanded
// inline, reopened with the sub row; the tree list (商品分类) with a node expanded (children loaded on demand).

const ORDER_HEAD = '56efb74326e74064b60933f6f8af30ea';
const CODE = `E2E-ON-${Date.now() % 100000}`;
const PRODUCT = 'E2E答题卡';

const ok = (scope: Locator) => scope.getByRole('button', { name: /确\s*定/ });
const toast = (page: Page, text: string) => expect(page.locator('.ant-message').getByText(text).first()).toBeVisible();
const rowsOf = (table: Locator) => table.locator('.jvxe-body .jvxe-row');
const cellOf = (table: Locator, row: number, key: string) =>
  rowsOf(table).nth(row).locator(`.jvxe-cell[data-key="${key}"]`);

async function typeCell(table: Locator, row: number, key: string, text: string) {
  await cellOf(table, row, key).click();
  const input = table.locator('.jvxe-editor input').first();
  await expect(input).toBeVisible();
  await input.fill(text);
  await input.press('Enter');
  await expect(table.locator('.jvxe-editor')).toHaveCount(0);
}

/** opens a menu entry of a group (the group may already be open: the side menu keeps its open keys) */
async function openFromMenu(page: Page, group: string, entry: string, url: RegExp) {
  const sider = page.locator('.answer-sider');
  const title = sider.locator('.ant-menu-submenu-title', { hasText: group });
  if ((await title.getAttribute('aria-expanded')) !== 'true') await title.click();
  const item = sider.locator('.ant-menu-item', { hasText: entry });
  await expect(item).toBeVisible();
  await item.click();
  await expect(page).toHaveURL(url);
}

test.afterAll(async ({ playwright }) => {
  // the suite shares one database: remove the order this file created (its sub rows go with it)
  const request = await playwright.request.newContext({ baseURL: test.info().project.use.baseURL });
  try {
    await asAdmin(request, async (token) => {
      const found = await api<{ records: { id: string; order_code: string }[] }>(
        request,
        token,
        'GET',
        `/online/cgform/api/getData/${ORDER_HEAD}?order_code=${encodeURIComponent(CODE)}&pageSize=50`,
      );
      for (const r of found.result?.records ?? []) {
        if (r.order_code === CODE) await api(request, token, 'DELETE', `/online/cgform/api/form/${ORDER_HEAD}/${r.id}`);
      }
    });
  } finally {
    await request.dispose();
  }
});

test('order main from its menu entry: add with a one-to-many sub row, see it inline, reopen it', async ({ page }) => {
  test.setTimeout(120_000);
  await signIn(page);
  await openFromMenu(page, '常见案例', 'online订单管理', new RegExp(`/online/cgformInnerTableList/${ORDER_HEAD}$`));
  const list = page.getByTestId('online-list');
  await expect(list.getByText('ON-2030-001')).toBeVisible();
  await expect(list.getByRole('columnheader', { name: '订单编码' })).toBeVisible();
  await page.screenshot({ path: '/tmp/online-runtime-list.png' });

  // ---- 新增: main form + one product row
  await list.getByRole('button', { name: /新\s*增/ }).click();
  const modal = page.locator('.ant-modal:visible', { hasText: '订单编码' });
  await expect(modal.getByTestId('online-editor')).toBeVisible();
  // required with the schema's message
  await ok(modal).click();
  await expect(modal.getByText('请输入订单编码!')).toBeVisible();
  await modal.getByLabel('订单编码').fill(CODE);
  await modal.getByLabel('订单金额').fill('12.5');
  const products = modal.getByTestId('online-sub-test_order_product');
  await products
    .getByRole('button', { name: /新\s*增/ })
    .first()
    .click();
  await expect(rowsOf(products)).toHaveCount(1);
  await page.keyboard.press('Escape');
  await typeCell(products, 0, 'product_name', PRODUCT);
  await page.screenshot({ path: '/tmp/online-runtime-add.png' });
  const saved = page.waitForRequest(
    (r) => r.url().includes(`/online/cgform/api/form/${ORDER_HEAD}`) && r.method() === 'POST',
  );
  await ok(modal).click();
  const body = (await saved).postDataJSON() as Record<string, unknown>;
  expect(body.order_code).toBe(CODE);
  expect(body.test_order_product).toEqual([expect.objectContaining({ product_name: PRODUCT })]);
  await toast(page, '添加成功！');
  await expect(modal).toBeHidden();

  // ---- in the list (query by code), its sub row expanded inline
  await list.getByPlaceholder('请输入订单编码').fill(CODE);
  await list.locator('button[type="submit"]', { hasText: /查\s*询/ }).click();
  const row = list.locator('.ant-table-tbody tr.ant-table-row', { hasText: CODE });
  await expect(row).toHaveCount(1);
  await row.locator('.ant-table-row-expand-icon').click();
  await expect(list.getByText(PRODUCT)).toBeVisible();
  await page.screenshot({ path: '/tmp/online-runtime-inline.png' });

  // ---- 编辑: the saved sub row is back in the editable table
  await row.getByText('编辑', { exact: true }).click();
  const edit = page.locator('.ant-modal:visible', { hasText: '订单编码' });
  await expect(edit.getByLabel('订单编码')).toHaveValue(CODE);
  const again = edit.getByTestId('online-sub-test_order_product');
  await expect(rowsOf(again)).toHaveCount(1);
  await expect(cellOf(again, 0, 'product_name')).toHaveText(PRODUCT);
  await page.screenshot({ path: '/tmp/online-runtime-edit.png' });
  await edit
    .locator('.ant-modal-footer')
    .getByRole('button', { name: /关\s*闭/ })
    .click();
  await expect(edit).toBeHidden();
});

test('tree list: a node with children expands to its loaded children', async ({ page }) => {
  await signIn(page);
  await openFromMenu(page, '常见案例', 'online树表示例', /\/online\/cgformTreeList\/[^/]+$/);
  const list = page.getByTestId('online-list');
  const office = list.locator('.ant-table-tbody tr.ant-table-row', { hasText: '办公用品' });
  await expect(office).toHaveCount(1);
  // children are not loaded before the expansion
  await expect(list.getByText('书写工具')).toHaveCount(0);
  const children = page.waitForRequest(
    (r) => r.url().includes('/online/cgform/api/getTreeData/') && /[?&]pid=/.test(r.url()),
  );
  await office.locator('.ant-table-row-expand-icon').click();
  await children;
  await expect(list.getByText('书写工具')).toBeVisible();
  await expect(list.getByText('纸张')).toBeVisible();
  // a leaf (数码产品) has no expand icon
  const digital = list.locator('.ant-table-tbody tr.ant-table-row', { hasText: '数码产品' });
  await expect(digital.locator('.ant-table-row-expand-icon-spaced')).toHaveCount(1);
  await page.screenshot({ path: '/tmp/online-runtime-tree.png' });

  // 添加下级: the parent is preset (shown by its name), the new row appears under it, then is deleted
  const child = `E2E分类${Date.now() % 10000}`;
  await office.getByText('更多').hover();
  await page.locator('.ant-dropdown:visible').getByText('添加下级', { exact: true }).click();
  const modal = page.locator('.ant-modal:visible', { hasText: '分类名称' });
  await expect(modal.locator('.ant-form-item', { hasText: '父级节点' })).toContainText('办公用品');
  await modal.getByLabel('分类名称').fill(child);
  const saved = page.waitForRequest((r) => r.url().includes('/online/cgform/api/form/') && r.method() === 'POST');
  await ok(modal).click();
  expect((await saved).postDataJSON()).toMatchObject({ type_name: child, pid: expect.any(String) });
  await toast(page, '添加成功！');
  await office.locator('.ant-table-row-expand-icon').click();
  const added = list.locator('.ant-table-tbody tr.ant-table-row', { hasText: child });
  await expect(added).toHaveCount(1);
  await added.getByText('更多').hover();
  await page.locator('.ant-dropdown:visible').getByText('删除', { exact: true }).click();
  await page
    .locator('.ant-popover:visible')
    .getByRole('button', { name: /确\s*定/ })
    .click();
  await toast(page, '删除成功!');
  await expect(added).toHaveCount(0);
});

test('a definition not synchronised yet: its list says so instead of failing', async ({ page, playwright }) => {
  const request = await playwright.request.newContext({ baseURL: test.info().project.use.baseURL });
  let headId = '';
  const table = `e2e_unsynced_${Date.now() % 100000}`;
  try {
    await asAdmin(request, async (token) => {
      const r = await api<string>(request, token, 'POST', '/online/cgform/api/addAll', {
        head: { tableName: table, tableTxt: '未同步示例', tableType: 1 },
        fields: [
          { dbFieldName: 'name', dbFieldTxt: '名称', dbType: 'string', dbLength: 32, isShowForm: 1, isShowList: 1 },
        ],
        indexs: [],
      });
      expect(r.success, r.message).toBe(true);
      headId = r.result;
    });
    await signIn(page);
    await page.goto(`/online/cgformList/${headId}`);
    const list = page.getByTestId('online-list');
    await expect(list.getByTestId('online-not-synced')).toContainText('表单尚未同步数据库');
    await expect(list.getByRole('columnheader', { name: '名称' })).toBeVisible();
    // nothing to add to or export from a table that does not exist
    await expect(list.getByRole('button', { name: /新\s*增/ })).toHaveCount(0);
    await expect(page.locator('.ant-message').getByText('NO_DB_SYNC')).toHaveCount(0);
  } finally {
    await asAdmin(request, async (token) => {
      if (headId) await api(request, token, 'DELETE', `/online/cgform/head/removeRecord?id=${headId}`);
    });
    await request.dispose();
  }
});

test('ERP screen: a main row chooses the sub lists; a sub record added there gets the key, then is deleted', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const name = `E2E铅笔${Date.now() % 10000}`;
  await signIn(page);
  await page.goto(`/online/cgformErpList/${ORDER_HEAD}`);
  const main = page.getByTestId('online-list').first();
  await expect(page.getByText('请先选择一条主表记录').first()).toBeVisible();
  await main.locator('.ant-table-tbody tr.ant-table-row', { hasText: 'ON-2030-001' }).locator('td').nth(1).click();
  const products = page.getByRole('tabpanel').getByTestId('online-list');
  await expect(products.getByText('答题卡')).toBeVisible();
  await expect(products.getByText('草稿纸')).toHaveCount(0); // ON-2030-002's product

  await products.getByRole('button', { name: /新\s*增/ }).click();
  const modal = page.locator('.ant-modal:visible', { hasText: '商品名称' });
  await modal.getByLabel('商品名称').fill(name);
  const saved = page.waitForRequest((r) => r.url().includes('/online/cgform/api/form/') && r.method() === 'POST');
  await ok(modal).click();
  const req = await saved;
  expect(req.url()).toContain('tabletype=3');
  expect(req.postDataJSON()).toMatchObject({ product_name: name, order_fk_id: expect.any(String) });
  await toast(page, '添加成功！');
  const row = products.locator('.ant-table-tbody tr.ant-table-row', { hasText: name });
  await expect(row).toHaveCount(1);
  await page.screenshot({ path: '/tmp/online-runtime-erp.png' });

  await row.getByText('更多').hover();
  await page.locator('.ant-dropdown:visible').getByText('删除', { exact: true }).click();
  await page
    .locator('.ant-popover:visible')
    .getByRole('button', { name: /确\s*定/ })
    .click();
  await toast(page, '删除成功!');
  await expect(row).toHaveCount(0);
  await expect(products.getByText('答题卡')).toBeVisible();
});

test('Tab screen: the form shows the main record and each sub table as tabs (one-to-one as a form)', async ({
  page,
}) => {
  await signIn(page);
  await page.goto(`/online/cgformTabList/${ORDER_HEAD}`);
  const list = page.getByTestId('online-list');
  const row = list.locator('.ant-table-tbody tr.ant-table-row', { hasText: 'ON-2030-001' });
  await row.getByText('编辑', { exact: true }).click();
  const modal = page.locator('.ant-modal:visible', { hasText: '订单编码' });
  await expect(modal.getByRole('tab', { name: '订单主表（Online）' })).toHaveAttribute('aria-selected', 'true');
  await expect(modal.getByLabel('订单编码')).toHaveValue('ON-2030-001');
  await modal.getByRole('tab', { name: '订单商品（一对多）' }).click();
  await expect(modal.getByTestId('online-sub-test_order_product').getByText('2B铅笔')).toBeVisible();
  await modal.getByRole('tab', { name: '订单客户（一对一）' }).click();
  await expect(modal.getByLabel('客户名')).toHaveValue('张三');
  await expect(modal.getByLabel('电话')).toHaveValue('13800000001');
  await page.screenshot({ path: '/tmp/online-runtime-tab.png' });
});

test('导出 of a generated list downloads the rows as an Excel file named after the form', async ({ page }) => {
  await signIn(page);
  await page.goto(`/online/cgformList/${ORDER_HEAD}`);
  const list = page.getByTestId('online-list');
  await expect(list.getByText('ON-2030-001')).toBeVisible();
  const request = page.waitForRequest((r) => r.url().includes(`/online/cgform/api/exportXls/${ORDER_HEAD}`));
  const download = page.waitForEvent('download');
  await list.getByRole('button', { name: /导\s*出/ }).click();
  const params = new URL((await request).url()).searchParams;
  expect(JSON.parse(params.get('paramsStr') ?? '{}')).toMatchObject({ column: 'id', order: 'desc' });
  expect((await download).suggestedFilename()).toMatch(/^订单主表（Online）\.xlsx$/);
});
