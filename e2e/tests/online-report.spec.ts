import { expect, type Locator, type Page, test } from '@playwright/test';
import { api, asAdmin, openPage, signIn } from './support';

// Online reports (issue 13, contract-2 §4.3): the seeded users report opened from its menu entry (在线开发 ›
// Online报表示例, a url carrying the report id) — search, sort, export; a small report designed in Online报表配置
// (SQL, 解析SQL, save), opened with 功能测试 and paged; a record picked through the JPopup of the JVxeTable demo's
// popup column (report `demo`, name → the cell). Screenshots at 1366×768 in artifacts/.

const USERS_REPORT = '6c7f59741c814347905a938f06ee003c';
const DEMO_REPORT = '87b55a515d3441b6b98e48e5b35474a6';
const CODE = `e2e_rpt_${Date.now() % 100000}`;
const NAME = 'E2E字典项报表';

const toast = (page: Page, text: string) => expect(page.locator('.ant-message').getByText(text).first()).toBeVisible();
const bodyRows = (table: Locator) => table.locator('.ant-table-tbody > tr.ant-table-row');

test.afterAll(async ({ playwright }) => {
  // the suite shares one database: remove the report this file designed
  const request = await playwright.request.newContext({ baseURL: test.info().project.use.baseURL });
  try {
    await asAdmin(request, async (token) => {
      const found = await api<{ records: { id: string; code: string }[] }>(
        request,
        token,
        'GET',
        `/online/cgreport/head/list?code=${CODE}&pageSize=10`,
      );
      for (const r of found.result?.records ?? [])
        if (r.code === CODE) await api(request, token, 'DELETE', `/online/cgreport/head/delete?id=${r.id}`);
    });
  } finally {
    await request.dispose();
  }
});

test('the users report from its menu entry: columns, dictionary texts, search, sort, export', async ({ page }) => {
  await signIn(page);
  const sider = page.locator('.answer-sider');
  await sider.getByText('在线开发', { exact: true }).click();
  await sider.getByText('Online报表示例', { exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/online/cgreport/${USERS_REPORT}$`));
  const table = page.getByTestId('report-table');
  await expect(table.getByRole('columnheader', { name: '账号' })).toBeVisible();
  await expect(table.getByRole('cell', { name: 'admin', exact: true })).toBeVisible();
  // 性别 shows the dictionary text, never the stored 1 / 2; no password column anywhere
  await expect(table.getByRole('cell', { name: /^(男|女)$/ }).first()).toBeVisible();
  await expect(table.getByRole('columnheader', { name: /密码|password/ })).toHaveCount(0);
  await page.screenshot({ path: 'artifacts/online-report-users.png' });

  // search by 账号 (contains)
  await page.getByPlaceholder('请输入账号').fill('jeec');
  await page.getByRole('button', { name: /(^|\s)查\s*询$/ }).click();
  await expect(bodyRows(table)).toHaveCount(1);
  await expect(table.getByRole('cell', { name: 'jeecg', exact: true }).first()).toBeVisible();
  await page.getByRole('button', { name: /重\s*置/ }).click();
  await expect(table.getByRole('cell', { name: 'admin', exact: true })).toBeVisible();

  // sort on 账号 (a sortable column): descending puts zhangsan before admin
  const header = table.getByRole('columnheader', { name: '账号' });
  await header.click();
  await header.click();
  const first = bodyRows(table).first().locator('td').first();
  await expect(first).not.toHaveText('admin');

  // 导出: an .xlsx named after the report. The header's sort tooltip (取消排序) sits over 导出 while the mouse is on
  // the header: move away first
  await page.mouse.move(0, 0);
  await expect(page.locator('.ant-tooltip:visible')).toHaveCount(0);
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: /导\s*出/ }).click();
  expect((await download).suggestedFilename()).toBe('用户报表.xlsx');

  // the demo report: grouped titles and the total row of the page
  await openPage(page, `/online/cgreport/${DEMO_REPORT}`);
  const demo = page.getByTestId('report-table');
  await expect(demo.getByRole('columnheader', { name: '收入' })).toBeVisible();
  const total = demo.getByTestId('report-total');
  await expect(total).toContainText('合计');
  await expect(total).not.toContainText('包含非数字内容');
  await page.screenshot({ path: 'artifacts/online-report-totals.png' });
});

test('design a report (SQL, 解析SQL, save), open it with 功能测试 and page it', async ({ page }) => {
  test.setTimeout(90_000);
  await signIn(page);
  await openPage(page, '/online/cgreport');
  await page.getByRole('button', { name: /新\s*增/ }).click();
  const designer = page.getByTestId('cgreport-designer');
  await expect(designer).toBeVisible();
  await designer.getByPlaceholder('请输入编码').fill(CODE);
  await designer.getByPlaceholder('请输入名称').fill(NAME);
  // a refused SQL first: the server says why
  const sql = designer.locator('.cm-content');
  await sql.click();
  await page.keyboard.type('select * from sys_session');
  await designer.getByTestId('cgreport-parse').click();
  await toast(page, '报表SQL不允许查询表 sys_session（不在报表可访问的表中）');
  await sql.click();
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.type('select item_text, item_value, sort_order from sys_dict_item');
  await designer.getByTestId('cgreport-parse').click();
  await toast(page, '解析成功');
  const grid = designer.locator('.jvxe-body');
  await expect(grid.locator('.jvxe-row')).toHaveCount(3);
  await expect(grid.locator('.jvxe-cell[data-key="fieldName"]').first()).toHaveText('item_text');
  await page.screenshot({ path: 'artifacts/online-report-designer.png' });
  await page
    .getByRole('dialog')
    .getByRole('button', { name: /确\s*定/ })
    .click();
  await toast(page, '添加成功！');

  const row = page.locator('.ant-table-row', { hasText: CODE });
  await expect(row).toBeVisible();
  await row.getByText('功能测试').click();
  await expect(page).toHaveURL(/\/online\/cgreport\/[0-9a-zA-Z]+$/);
  const table = page.getByTestId('report-table');
  await expect(table.getByRole('columnheader', { name: 'item_text' })).toBeVisible();
  await expect(bodyRows(table)).toHaveCount(10);
  const firstPage = await bodyRows(table).first().innerText();
  await page.locator('.ant-pagination-item-2').click();
  await expect(page.locator('.ant-pagination-item-2')).toHaveClass(/ant-pagination-item-active/);
  await expect(bodyRows(table).first()).not.toHaveText(firstPage);
});

test('pick a record through the JPopup of the editable table demo', async ({ page }) => {
  await signIn(page);
  await openPage(page, '/jeecg/j-vxe-table-demo');
  const root = page.locator('[data-page-key="/jeecg/j-vxe-table-demo"]');
  const pane = root.getByRole('tabpanel', { name: '普通示例' });
  await expect(pane.locator('.jvxe-row[data-row-id="demo-1"]')).toBeVisible();
  // columns outside the viewport are not rendered: scroll to the last ones
  await pane.locator('.jvxe-scroll').evaluate((el) => {
    el.scrollLeft = el.scrollWidth;
  });
  const cell = pane.locator('.jvxe-row[data-row-id="demo-1"] .jvxe-cell[data-key="popup"]');
  await cell.click();
  const dialog = page.getByRole('dialog', { name: '示例报表' });
  await expect(dialog).toBeVisible();
  // page size 5 of the popup
  await expect(dialog.locator('.ant-table-tbody > tr.ant-table-row')).toHaveCount(5);
  // 确定 without a row
  await dialog.getByRole('button', { name: /确\s*定/ }).click();
  await toast(page, '请选择一条记录');
  await dialog.getByRole('cell', { name: '王五', exact: true }).click();
  await page.screenshot({ path: 'artifacts/online-report-popup.png' });
  await dialog.getByRole('button', { name: /确\s*定/ }).click();
  await expect(dialog).toBeHidden();
  await expect(cell).toHaveText('王五');
});
