import { expect, type Locator, type Page, test } from '@playwright/test';
import { api, asAdmin, openPage, settled, signIn } from './support';

// 在线开发 → Online表单开发: design a single-table form in the browser (two fields, one a dictionary list), save,
// 同步数据库, 功能测试 opens the generated list; edit: add a field, sync again; remove it (a destructive sync asks to
// confirm what is lost); finally 删除 the form with its table.

const URL = '/online/cgform';
const TABLE = `e2e_design_${Date.now().toString(36)}`;
const TABLE2 = `e2e_dialogs_${Date.now().toString(36)}`;

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

/**
 * a row action of the 更多 dropdown (opened on hover; hovered again until the entry shows). Every try is bounded, so a
 * dropdown that never opens fails here with what covers 更多 instead of hanging until the test's timeout.
 */
async function moreAction(page: Page, row: Locator, label: string) {
  const entry = page.locator('.ant-dropdown:visible').getByText(label, { exact: true });
  const trigger = row.getByText('更多');
  await expect(async () => {
    await page.mouse.move(0, 0);
    await trigger.hover({ timeout: 5_000 }).catch(async (err: Error) => {
      throw new Error(
        `更多 not hoverable: ${err.message.split('\n').slice(0, 12).join(' | ')}; ${await coverOf(trigger)}`,
      );
    });
    await expect(entry)
      .toBeVisible({ timeout: 1_500 })
      .catch(async () => {
        throw new Error(`${label} not shown after hovering 更多; ${await coverOf(trigger)}`);
      });
  }).toPass({ timeout: 30_000 });
  await settled(page.locator('.ant-dropdown:visible'));
  await entry.click();
}

/** what the page shows at the centre of `target` (the topmost element, and any open overlay), for a failure message */
async function coverOf(target: Locator): Promise<string> {
  return target
    .evaluate(
      (el) => {
        const r = el.getBoundingClientRect();
        const top = document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2);
        const describe = (e: Element | null) =>
          e
            ? `${e.tagName.toLowerCase()}.${[...e.classList].join('.')} "${(e.textContent ?? '').slice(0, 40)}"`
            : 'none';
        const overlays = [
          ...document.querySelectorAll(
            '.ant-modal-wrap, .ant-drawer-open, .ant-notification-notice, .ant-spin-spinning',
          ),
        ]
          .map(describe)
          .join('; ');
        return `at ${Math.round(r.x)},${Math.round(r.y)} ${Math.round(r.width)}x${Math.round(r.height)} topmost ${describe(top)}; overlays: ${overlays || 'none'}`;
      },
      undefined,
      { timeout: 2_000 },
    )
    .catch((e: Error) => `更多 not found: ${e.message.split('\n')[0]}`);
}

test.afterAll(async ({ request }) => {
  // a failed run leaves no definition or table behind
  await asAdmin(request, async (token) => {
    for (const name of [TABLE, TABLE2]) {
      const found = await api<{ records: { id: string; tableName: string }[] }>(
        request,
        token,
        'GET',
        `/online/cgform/head/list?tableName=${name}&pageSize=10`,
      );
      for (const r of found.result?.records ?? [])
        if (r.tableName === name) await api(request, token, 'DELETE', `/online/cgform/head/delete?id=${r.id}`);
    }
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

  // ---- 移除 keeps the table: 导入数据库表 then offers it, and importing makes it a definition again
  await moreAction(page, listRow(page), '移除');
  await page
    .locator('.ant-popover:visible')
    .filter({ hasText: '数据库表保留' })
    .getByRole('button', { name: /确\s*定|OK/ })
    .click();
  await expect(listRow(page)).toHaveCount(0);
  await pageOf(page).getByRole('button', { name: '导入数据库表' }).click();
  const importer = page.getByRole('dialog', { name: '导入数据库表' });
  await importer.getByTestId('cgform-import-tables').click();
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: TABLE }).click();
  // close the multiple select's dropdown (it covers the buttons) by clicking the dialog title
  await importer.locator('.ant-modal-title').click();
  await expect(page.locator('.ant-select-dropdown:visible')).toHaveCount(0);
  await importer.getByRole('button', { name: /导\s*入/ }).click();
  await expect(importer).toBeHidden();
  await expect(listRow(page)).toBeVisible();

  // ---- 删除: the definition and its table, after a warning that names the table
  await moreAction(page, listRow(page), '删除');
  const pop = page.locator('.ant-popover:visible, .ant-popconfirm:visible').filter({ hasText: TABLE });
  await expect(pop).toContainText('无法恢复');
  await pop.getByRole('button', { name: /确\s*定|OK/ }).click();
  await expect(listRow(page)).toHaveCount(0);
});

test('row dialogs: 配置地址, 自定义按钮, 角色授权, 复制视图 and its 视图列表', async ({ page, request }) => {
  test.setTimeout(120_000);
  let headId = '';
  await asAdmin(request, async (token) => {
    const res = await api<string>(request, token, 'POST', '/online/cgform/api/addAll', {
      head: { tableName: TABLE2, tableTxt: 'E2E对话框表', tableType: 1 },
      fields: [
        { dbFieldName: 'id', dbFieldTxt: '主键', dbType: 'string', dbLength: 36, dbIsKey: 1, dbIsNull: 0 },
        { dbFieldName: 'name', dbFieldTxt: '名称', dbType: 'string', dbLength: 50 },
      ],
      indexs: [],
    });
    expect(res.success, res.message).toBe(true);
    headId = res.result;
  });
  await signIn(page);
  await openPage(page, URL);
  const root = pageOf(page);
  const row = root.getByTestId('cgform-table').locator('tr').filter({ hasText: TABLE2 });
  await expect(row).toBeVisible();
  // the query form: 表名 (like) and 表类型
  await root.getByPlaceholder('请输入表名').fill('e2e_dialogs');
  await root.locator('.ant-form-item').filter({ hasText: '表类型' }).locator('.ant-select').click();
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: '单表' }).click();
  await root.getByRole('button', { name: /(^|\s)查\s*询$/ }).click();
  // the filtered answer has come back: only this definition is left
  await expect(root.getByTestId('cgform-table').locator('tr.ant-table-row')).toHaveCount(1);
  await expect(root.getByTestId('cgform-table').locator('.ant-spin-spinning')).toHaveCount(0);
  await expect(root.getByTestId('cgform-table')).not.toContainText('test_demo');
  await expect(row).toBeVisible();
  const more = (label: string) => moreAction(page, row, label);

  // 配置地址: the menu URL of the generated list
  await more('配置地址');
  await expect(page.getByTestId('cgform-menu-url')).toHaveValue(`/online/cgformList/${headId}`);
  await page.getByRole('dialog', { name: '菜单链接' }).getByRole('button', { name: '关 闭' }).click();

  // 自定义按钮: add one
  await more('自定义按钮');
  const buttons = page.locator('.ant-drawer:visible');
  await expect(buttons.getByTestId('cgform-button-table')).toBeVisible();
  await buttons.getByRole('button', { name: /新\s*增$/ }).click();
  const form = page.getByRole('dialog').filter({ hasText: '按钮编码' });
  await form.getByLabel('按钮编码').fill('9bad');
  await expect(form.getByText('按钮编码须以字母开头，只含字母、数字和下划线')).toBeVisible();
  await form.getByLabel('按钮编码').fill('approve');
  await form.getByLabel('按钮名称').fill('审批');
  await form.getByRole('button', { name: /确\s*定/ }).click();
  await expect(buttons.getByTestId('cgform-button-table')).toContainText('approve');
  await buttons.locator('.ant-drawer-close').click();

  // 角色授权: switch on the list rule of 名称, bind it to the admin role; the new button is a button rule
  await more('角色授权');
  const auth = page.locator('.ant-drawer:visible');
  const nameRule = auth.getByTestId('cgform-auth-columns').locator('tr').filter({ hasText: '名称（name）' });
  await nameRule.locator('input[type=checkbox]').first().click();
  await expect(page.locator('.ant-message').getByText('操作成功').first()).toBeVisible();
  await expect(nameRule.locator('input[type=checkbox]').first()).toBeChecked();
  await expect(auth.getByTestId('cgform-auth-buttons')).toContainText('审批');
  await auth.getByRole('tab', { name: '角色授权' }).click();
  const roles = auth.getByTestId('cgform-role-auth');
  await roles.locator('.ant-select').click();
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: '（admin）' }).click();
  await roles.getByLabel('name · 列表可见').click();
  await expect(roles.getByLabel('name · 列表可见')).toBeChecked();
  await roles.getByRole('button', { name: '保存授权' }).click();
  await expect(page.locator('.ant-message').getByText('授权成功')).toBeVisible();
  await auth.locator('.ant-drawer-close').click();
  await asAdmin(request, async (token) => {
    const roleList = await api<{ records: { id: string; roleCode: string }[] }>(
      request,
      token,
      'GET',
      '/sys/role/list?roleCode=admin',
    );
    const adminRole = roleList.result.records.find((r) => r.roleCode === 'admin');
    const bound = await api<{ checkedIds: string[] }>(
      request,
      token,
      'GET',
      `/online/cgform/api/roleColumnAuth/${adminRole?.id}/${headId}`,
    );
    expect(bound.result.checkedIds).toHaveLength(1);
  });

  // 复制视图, then 视图列表 shows the copy; 删除 there removes the copy only
  await more('复制视图');
  await page
    .locator('.ant-popover:visible')
    .getByRole('button', { name: /确\s*定|OK/ })
    .click();
  await expect(page.locator('.ant-message').getByText('复制成功')).toBeVisible();
  await more('视图列表');
  await expect(page).toHaveURL(new RegExp(`/online/copyform/${headId}$`));
  const copies = page.locator(`[data-page-key="/online/copyform/${headId}"]`).getByTestId('cgform-copy-table');
  const copy = copies.locator('tr').filter({ hasText: `${TABLE2}__1` });
  await expect(copy).toBeVisible();
  await moreAction(page, copy, '删除');
  await page
    .locator('.ant-popover:visible')
    .getByRole('button', { name: /确\s*定|OK/ })
    .click();
  await expect(copy).toHaveCount(0);
  await openPage(page, URL);
  await expect(row).toBeVisible();
});
