import { expect, type Locator, type Page, test } from '@playwright/test';
import { api, asAdmin, openPage, signIn } from './support';

// 在线开发 → Online表单开发: design a single-table form in the browser (two fields, one a dictionary list), save,
// 同步数据库, 功能测试 opens the generated list; edit: add a field, sync again; remove it (a destructive sync asks to
// confirm what is lost); finally 删除 the form with its table.

const URL = '/online/cgform';
const TABLE = `e2e_design_${Date.now().toString(36)}`;

const pageOf = (page: Page) => page.locator(`[data-page-key="${URL}"]`);
const designer = (page: Page) => page.getByRole('dialog').filter({ has: page.getByTestId('cgform-designer') });
const rowsOf = (scope: Locator) => scope.locator('.jvxe-body .jvxe-row');
const cellIn = (row: Locator, key: string) => row.locator(`.jvxe-cell[data-key="${key}"]`);
const listRow = (page: Page) => pageOf(page).getByTestId('cgform-table').locator('tr').filter({ hasText: TABLE });

/** types into an input cell of a row and commits with Enter */
async function typeCell(scope: Locator, row: Locator, key: string, text: string) {
  await cellIn(row, key).click();
  const rowId = await row.getAttribute('data-row-id');
  const editor = scope.locator(`.jvxe-editor[data-editor="${rowId}:${key}"] input`);
  await expect(editor).toBeFocused();
  await editor.fill(text);
  await editor.press('Enter');
  await expect(cellIn(row, key)).toHaveText(text);
}

/** the grid is virtualised: scroll it to its end so the last rows are drawn */
async function scrollToEnd(scope: Locator) {
  await scope.locator('.jvxe-scroll').evaluate((el) => {
    el.scrollTop = el.scrollHeight;
  });
}

/** the JVxe toolbar's 新增 of the 数据库属性 tab: a new row whose 字段名称 editor opens; filled with a name and a comment */
async function addField(page: Page, name: string, txt: string): Promise<Locator> {
  const dlg = designer(page);
  const editor = dlg.locator('.jvxe-editor[data-editor$=":dbFieldName"]');
  // the table refuses a second add within 1.5 s (你点击的太快了): click again until the new row's editor is open
  await expect(async () => {
    await dlg
      .getByRole('button', { name: /新\s*增$/ })
      .first()
      .click();
    await expect(editor).toHaveCount(1, { timeout: 1000 });
  }).toPass();
  const rowId = ((await editor.getAttribute('data-editor')) ?? '').replace(/:dbFieldName$/, '');
  const row = dlg.locator(`.jvxe-row[data-row-id="${rowId}"]`);
  await editor.locator('input').fill(name);
  await editor.locator('input').press('Enter');
  await expect(cellIn(row, 'dbFieldName')).toHaveText(name);
  await typeCell(dlg, row, 'dbFieldTxt', txt);
  return row;
}

const rowByName = (scope: Locator, name: string) =>
  rowsOf(scope).filter({ has: scope.page().locator(`.jvxe-cell[data-key="dbFieldName"]:text-is("${name}")`) });

async function saveDesigner(page: Page) {
  await designer(page)
    .getByRole('button', { name: /^确\s*定$/ })
    .click();
  await expect(designer(page)).toBeHidden();
}

async function sync(page: Page, expectLoss = false) {
  await listRow(page).getByText('同步数据库').click();
  const dlg = page.getByRole('dialog', { name: '同步数据库' });
  await expect(dlg.getByText('普通同步')).toBeVisible();
  await dlg.getByRole('button', { name: '开始同步' }).click();
  if (expectLoss) {
    const losses = dlg.getByTestId('cgform-sync-losses');
    await expect(losses).toBeVisible();
    await expect(losses).toContainText('remark');
    await dlg.getByRole('button', { name: '确认同步' }).click();
  }
  await expect(dlg).toBeHidden();
  await expect(listRow(page).getByTestId('cgform-synced')).toBeVisible();
}

test.afterAll(async ({ request }) => {
  // a failed run leaves no definition or table behind
  await asAdmin(request, async (token) => {
    const found = await api<{ records: { id: string; tableName: string }[] }>(
      request,
      token,
      'GET',
      `/online/cgform/head/list?tableName=${TABLE}&pageSize=10`,
    );
    for (const r of found.result?.records ?? [])
      if (r.tableName === TABLE) await api(request, token, 'DELETE', `/online/cgform/head/delete?id=${r.id}`);
  });
});

test('design a single table, sync it, open its generated list, add and remove a field', async ({ page }) => {
  test.setTimeout(120_000);
  await signIn(page);
  await openPage(page, URL);
  const root = pageOf(page);
  await expect(root.getByTestId('cgform-table')).toBeVisible();

  // ---- 新增: the designer starts with JeecgBoot's system columns
  await root.getByRole('button', { name: /新\s*增$/ }).click();
  const dlg = designer(page);
  await expect(dlg).toBeVisible();
  await expect(cellIn(rowsOf(dlg).first(), 'dbFieldName')).toHaveText('id');
  await expect(cellIn(rowsOf(dlg).nth(1), 'dbFieldName')).toHaveText('create_by');

  // a bad table name is refused on the client with a Chinese message
  await dlg.getByLabel('表名').fill('Bad-Name');
  await expect(dlg.getByText('表名须以小写字母开头，只含小写字母、数字和下划线，最长63位')).toBeVisible();
  await dlg.getByLabel('表名').fill(TABLE);
  await dlg.getByLabel('表描述').fill('E2E设计表');

  await addField(page, 'title', '标题');
  const status = await addField(page, 'status', '状态');
  const statusId = await status.getAttribute('data-row-id');

  // 页面属性: status is a 下拉框 shown as a query field
  await dlg.getByRole('tab', { name: '页面属性' }).click();
  await scrollToEnd(dlg);
  const pageRow = dlg.locator(`.jvxe-row[data-row-id="${statusId}"]`);
  await cellIn(pageRow, 'fieldShowType').click();
  await page
    .locator('.ant-select-dropdown:visible .ant-select-item-option')
    .filter({ hasText: /^下拉框$/ })
    .click();
  await expect(cellIn(pageRow, 'fieldShowType')).toHaveText('下拉框');

  // 字典: its options come from the 性别 dictionary
  await dlg.getByRole('tab', { name: '字典' }).click();
  await scrollToEnd(dlg);
  await typeCell(dlg, dlg.locator(`.jvxe-row[data-row-id="${statusId}"]`), 'dictField', 'sex');

  await page.setViewportSize({ width: 1366, height: 768 });
  await page.screenshot({ path: 'artifacts/online-design-designer.png' });
  await saveDesigner(page);
  await expect(listRow(page)).toBeVisible();
  await expect(listRow(page).getByTestId('cgform-unsynced')).toBeVisible();
  await expect(listRow(page)).toContainText('单表');

  // ---- 同步数据库, then 功能测试 opens the generated list of this definition
  await sync(page);
  await page.screenshot({ path: 'artifacts/online-design-list.png' });
  await listRow(page).getByText('功能测试').click();
  await expect(page).toHaveURL(/\/online\/cgformList\/[A-Za-z0-9_-]+$/);
  const headId = page.url().split('/').pop() as string;
  const generated = page.locator(`[data-page-key="/online/cgformList/${headId}"]`);
  await expect(generated.locator('thead')).toContainText('标题');
  await expect(generated.locator('thead')).toContainText('状态');

  // ---- 编辑: add a field, sync again
  await openPage(page, URL);
  await listRow(page).getByText('编辑').click();
  await expect(designer(page)).toBeVisible();
  await expect(designer(page).getByLabel('表名')).toHaveValue(TABLE);
  await scrollToEnd(designer(page));
  await expect(rowByName(designer(page), 'status')).toHaveCount(1);
  await addField(page, 'remark', '备注');
  await saveDesigner(page);
  await expect(listRow(page).getByTestId('cgform-unsynced')).toBeVisible();
  await sync(page);

  // ---- remove it again: dropping a column loses its data, so the sync asks to confirm
  await listRow(page).getByText('编辑').click();
  const dlg2 = designer(page);
  await scrollToEnd(dlg2);
  await rowByName(dlg2, 'remark').locator('.jvxe-check').first().click();
  await dlg2.getByRole('button', { name: /删\s*除$/ }).click();
  await page
    .locator('.ant-modal-confirm')
    .filter({ hasText: '确定要删除这 1 项吗?' })
    .getByRole('button', { name: /确\s*定|OK/ })
    .click();
  await expect(rowByName(dlg2, 'remark')).toHaveCount(0);
  await saveDesigner(page);
  await sync(page, true);

  // ---- 删除: the definition and its table, after a warning that names the table
  await listRow(page).locator('a, button').filter({ hasText: '更多' }).first().click();
  await page
    .locator('.ant-dropdown:visible')
    .getByText(/^删除$/)
    .click();
  const pop = page.locator('.ant-popover:visible, .ant-popconfirm:visible').filter({ hasText: TABLE });
  await expect(pop).toContainText('无法恢复');
  await pop.getByRole('button', { name: /确\s*定|OK/ }).click();
  await expect(listRow(page)).toHaveCount(0);
});
