import { expect, type Locator, type Page, test } from '@playwright/test';
import { api, asAdmin, openPage, signIn } from './support';

// 高级查询 on 用户管理: build conditions, apply them, save the query by name, find it again after F5 (from the
// server: the local copy is cleared first), overwrite it after the confirm, delete it after the confirm.

const PAGE_URL = '/isystem/user';
const NAME = `e2e查询${Date.now() % 100000}`;
const pageOf = (page: Page) => page.locator(`[data-page-key="${PAGE_URL}"]`);
const panel = (page: Page) => page.locator('.ant-modal:visible', { hasText: '高级查询构造器' });
const usernames = (scope: Locator) => scope.locator('.ant-table-tbody tr.ant-table-row td:nth-child(2)');

/** picks an option of a select of the builder; a field select is searched first (its list renders only the options
 * in sight, and a generated list offers more fields than fit) */
async function choose(page: Page, label: string, option: string) {
  const select = panel(page).getByLabel(label, { exact: true });
  await select.click();
  if (label.startsWith('字段')) await select.pressSequentially(option);
  await page
    .locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: new RegExp(`^${option}$`) })
    .click();
}

async function cleanUp(request: import('@playwright/test').APIRequestContext) {
  await asAdmin(request, async (token) => {
    const rows = await api<{ id: string; title: string }[]>(
      request,
      token,
      'GET',
      `/sys/superQuery/list?pageKey=${PAGE_URL}`,
    );
    for (const r of rows.result ?? []) {
      if (r.title.startsWith('e2e查询')) await api(request, token, 'DELETE', `/sys/superQuery/delete?id=${r.id}`);
    }
  });
}

test.afterAll(async ({ playwright }) => {
  const request = await playwright.request.newContext({ baseURL: test.info().project.use.baseURL });
  try {
    await cleanUp(request);
  } finally {
    await request.dispose();
  }
});

test('build, apply, save, reload, overwrite and delete an advanced query on the user list', async ({ page }) => {
  test.setTimeout(120_000);
  await signIn(page);
  await openPage(page, PAGE_URL);
  const list = pageOf(page);
  await expect(list.locator('.ant-table-tbody tr.ant-table-row').first()).toBeVisible();

  await list.getByTestId('super-query-button').click();
  await expect(panel(page)).toBeVisible();
  await expect(panel(page).getByTestId('super-query-row')).toHaveCount(1);
  await page.screenshot({ path: 'artifacts/super-query-panel.png' });

  // nothing to search with
  await panel(page)
    .getByRole('button', { name: /^查\s*询$/ })
    .click();
  await expect(page.locator('.ant-message')).toContainText('不能查询空条件');
  await panel(page).getByRole('button', { name: '保存查询' }).click();
  await expect(page.locator('.ant-message')).toContainText('空条件不能保存');

  // 用户账号 以..开始 zhang  AND  性别 等于 男
  await choose(page, '字段1', '用户账号');
  await choose(page, '规则1', '以..开始');
  await panel(page).getByTestId('super-query-value').first().locator('input').fill('zhang');
  await panel(page).getByRole('button', { name: '增加条件' }).first().click();
  await expect(panel(page).getByTestId('super-query-row')).toHaveCount(2);
  await choose(page, '字段2', '性别');
  await panel(page).getByTestId('super-query-value').nth(1).locator('.ant-select').click();
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: /^男$/ }).click();
  await page.screenshot({ path: 'artifacts/super-query-built.png' });

  const listCall = page.waitForRequest(
    (r) => r.url().includes('/sys/user/list') && r.url().includes('superQueryParams'),
  );
  await panel(page)
    .getByRole('button', { name: /^查\s*询$/ })
    .click();
  const sent = new globalThis.URL((await listCall).url());
  expect(JSON.parse(decodeURI(sent.searchParams.get('superQueryParams') ?? ''))).toEqual([
    { field: 'username', rule: 'right_like', val: 'zhang', type: 'string' },
    { field: 'sex', rule: 'eq', val: '1', type: 'dict', dictCode: 'sex' },
  ]);
  expect(sent.searchParams.get('superQueryMatchType')).toBe('and');
  await expect(usernames(list)).toHaveText(['zhangsan']);
  await expect(list.getByTestId('super-query-button')).toHaveText(/已有高级查询条件生效/);

  // save it by name
  await list.getByTestId('super-query-button').click();
  await panel(page).getByRole('button', { name: '保存查询' }).click();
  const naming = page.locator('.ant-modal:visible', { hasText: '请输入保存的名称' });
  await naming.getByRole('button', { name: /确\s*定/ }).click();
  await expect(page.locator('.ant-message')).toContainText('保存名称不能为空');
  await naming.getByLabel('保存名称').fill(NAME);
  await naming.getByRole('button', { name: /确\s*定/ }).click();
  await expect(page.locator('.ant-message')).toContainText('保存成功');
  await expect(panel(page).getByTestId('super-query-saved-item')).toHaveText([NAME]);
  await page.screenshot({ path: 'artifacts/super-query-saved.png' });

  // F5 without the local copy: the server still has it
  await page.evaluate(() => {
    for (const k of Object.keys(localStorage)) if (k.startsWith('JSuperQuerySaved_')) localStorage.removeItem(k);
  });
  await page.reload();
  await expect(list.locator('.ant-table-tbody tr.ant-table-row').first()).toBeVisible();
  await list.getByTestId('super-query-button').click();
  await expect(panel(page).getByTestId('super-query-saved-item')).toHaveText([NAME]);

  // picking it runs it again
  await panel(page).getByTestId('super-query-saved-item').getByRole('button', { name: NAME, exact: true }).click();
  await expect(usernames(list)).toHaveText(['zhangsan']);

  // overwrite after the confirm: 用户账号 等于 admin
  await list.getByTestId('super-query-button').click();
  await panel(page).getByRole('button', { name: '删除条件' }).nth(1).click();
  await choose(page, '规则1', '等于');
  await panel(page).getByTestId('super-query-value').first().locator('input').fill('admin');
  await panel(page).getByRole('button', { name: '保存查询' }).click();
  await naming.getByLabel('保存名称').fill(NAME);
  await naming.getByRole('button', { name: /确\s*定/ }).click();
  const confirm = page.locator('.ant-modal-confirm:visible');
  await expect(confirm).toContainText(`${NAME} 已存在，是否覆盖？`);
  await confirm.getByRole('button', { name: /确\s*定/ }).click();
  await expect(page.locator('.ant-message')).toContainText('保存成功');
  await expect(panel(page).getByTestId('super-query-saved-item')).toHaveCount(1);
  await panel(page).getByTestId('super-query-saved-item').getByRole('button', { name: NAME, exact: true }).click();
  await expect(usernames(list)).toHaveText(['admin']);
  // the query form's 重置 leaves the advanced query in force
  await list
    .getByRole('button', { name: /重\s*置/ })
    .first()
    .click();
  await expect(usernames(list)).toHaveText(['admin']);
  await expect(list.getByTestId('super-query-button')).toHaveText(/已有高级查询条件生效/);

  // reset: the flag goes, every user is back
  await list.getByTestId('super-query-clear').click();
  await expect(list.getByTestId('super-query-button')).toHaveText(/^\s*高级查询\s*$/);
  await expect(usernames(list)).not.toHaveText(['admin']);

  // delete after the confirm
  await list.getByTestId('super-query-button').click();
  await panel(page)
    .getByRole('button', { name: `删除查询 ${NAME}` })
    .click();
  await expect(confirm).toContainText('是否删除当前查询？');
  await confirm.getByRole('button', { name: /确\s*定/ }).click();
  await expect(page.locator('.ant-message')).toContainText('删除成功');
  await expect(panel(page).getByTestId('super-query-saved-item')).toHaveCount(0);
  await page.reload();
  await list.getByTestId('super-query-button').click();
  await expect(panel(page)).toContainText('暂无保存的查询');
});

/** 单表示例（Online）'s list with the builder open and its first condition's field set to `field` */
async function onlineBuilder(page: Page, field: string) {
  const { createHash } = await import('node:crypto');
  const headId = createHash('md5').update('answer-admin:seed:cgform:test_demo').digest('hex');
  const url = `/online/cgformList/${headId}`;
  await signIn(page);
  await openPage(page, url);
  const list = page.locator(`[data-page-key="${url}"]`);
  const rows = list.locator('.ant-table-tbody tr.ant-table-row');
  await expect(rows.first()).toBeVisible();
  await list.getByTestId('super-query-button').click();
  await expect(panel(page)).toBeVisible();
  await choose(page, '字段1', field);
  return { rows, value: panel(page).getByTestId('super-query-value').first() };
}

/** 查询 in the builder: the superQueryParams the list call sent */
async function runAndReadParams(page: Page): Promise<unknown> {
  const listCall = page.waitForRequest((r) => r.url().includes('/getData/') && r.url().includes('superQueryParams'));
  await panel(page)
    .getByRole('button', { name: /^查\s*询$/ })
    .click();
  const sent = new globalThis.URL((await listCall).url());
  return JSON.parse(decodeURI(sent.searchParams.get('superQueryParams') ?? ''));
}

// A popup field of a generated list (单表示例（Online）, field 用户弹框 = the report_user picker's username): its
// condition gets the report picker, not a text box, and the picked username goes into superQueryParams.
test('a popup field’s condition uses the report picker on an online list', async ({ page }) => {
  test.setTimeout(120_000);
  const { rows: names, value } = await onlineBuilder(page, '用户弹框');
  // the picker's read-only text, once the form's popup config has come (getFormItem)
  const picker = value.locator('input[readonly]');
  await expect(picker).toBeVisible();
  await picker.click();
  const popup = page.locator('.ant-modal:visible', { hasText: '用户报表' });
  await expect(popup).toBeVisible();
  await popup.getByPlaceholder('请输入账号').fill('jeecg');
  await popup.getByRole('button', { name: /^查\s*询$/ }).click();
  await popup.locator('.ant-table-tbody tr.ant-table-row', { hasText: 'jeecg' }).first().click();
  await page.screenshot({ path: 'artifacts/super-query-popup-picker.png' });
  await popup.getByRole('button', { name: /确\s*定/ }).click();
  await expect(picker).toHaveValue('jeecg');
  await page.screenshot({ path: 'artifacts/super-query-popup-field.png' });

  expect(await runAndReadParams(page)).toEqual([{ field: 'pop', rule: 'eq', val: 'jeecg', type: 'popup' }]);
  await expect(names).toHaveCount(1);
  await expect(names.first()).toContainText('李小红');
});

// A user field of a generated list (单表示例（Online）, 负责人 = sel_user, stores usernames): its condition gets the
// user picker, not a text box, and the picked username goes into superQueryParams.
test('a user field’s condition uses the user picker on an online list', async ({ page }) => {
  test.setTimeout(120_000);
  const { rows, value } = await onlineBuilder(page, '负责人');
  // the user picker (its text box and 选择), not a text box to type a username into
  await expect(value.getByPlaceholder('请选择负责人')).toHaveAttribute('readonly', '');
  await value.getByRole('button', { name: /选\s*择/ }).click();
  const users = page.locator('.ant-modal:visible', { hasText: '选择用户' });
  await expect(users).toBeVisible();
  await users.getByLabel('用户账号').fill('jeecg');
  await users.getByRole('button', { name: /^查\s*询$/ }).click();
  await users.locator('.ant-table-tbody tr.ant-table-row', { hasText: 'jeecg' }).first().click();
  await users.getByRole('button', { name: /确\s*定/ }).click();
  await expect(users).toBeHidden();
  await expect(value.getByPlaceholder('请选择负责人')).not.toHaveValue('');

  expect(await runAndReadParams(page)).toEqual([{ field: 'user_code', rule: 'eq', val: 'jeecg', type: 'user' }]);
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText('李小红');
});
