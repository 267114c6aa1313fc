import { expect, type Locator, type Page, type Request, test } from '@playwright/test';
import { api, asAdmin, openPage, signIn } from './support';

// 一对多示例 (常见案例): an order with its customers and tickets edited in the JVxeTable sub-tables of one modal, saved
// in one request; an invalid cell refuses the save; reopening shows what was saved; a removed row is gone after the
// next save and a new one is there.

const ORDER_URL = '/jeecg/JeecgOrderMainList';
const SUFFIX = Date.now() % 100000;
const CODE = `E2E-ORDER-${SUFFIX}`;
const pageOf = (page: Page) => page.locator(`[data-page-key="${ORDER_URL}"]`);
const ok = (scope: Locator) => scope.getByRole('button', { name: /确\s*定/ });
const toast = (page: Page, text: string) => expect(page.locator('.ant-message').getByText(text).first()).toBeVisible();

const rowsOf = (table: Locator) => table.locator('.jvxe-body .jvxe-row');
const cellOf = (table: Locator, row: number, key: string) =>
  rowsOf(table).nth(row).locator(`.jvxe-cell[data-key="${key}"]`);

/** types into a text cell and commits it with Enter */
async function typeCell(table: Locator, row: number, key: string, text: string) {
  await cellOf(table, row, key).click();
  const input = table.locator('.jvxe-editor input').first();
  await expect(input).toBeVisible();
  await input.fill(text);
  await input.press('Enter');
  await expect(table.locator('.jvxe-editor')).toHaveCount(0);
}

/** picks an option of a select cell */
async function pickCell(page: Page, table: Locator, row: number, key: string, option: string) {
  await cellOf(table, row, key).click();
  await page.locator('.ant-select-dropdown:visible').getByText(option, { exact: true }).click();
  await expect(table.locator('.jvxe-editor')).toHaveCount(0);
}

/** types a date into a date cell's picker */
async function dateCell(table: Locator, row: number, key: string, date: string) {
  await cellOf(table, row, key).click();
  const input = table.locator('.jvxe-editor input').first();
  await expect(input).toBeVisible();
  await input.fill(date);
  await input.press('Enter');
  await expect(cellOf(table, row, key)).toHaveText(date);
}

/** 新增 of a sub-table's toolbar; the insert guard (1.5 s) is respected between two adds */
async function addRow(table: Locator) {
  const before = await rowsOf(table).count();
  await table
    .getByRole('button', { name: /新\s*增/ })
    .first()
    .click();
  await expect(rowsOf(table)).toHaveCount(before + 1);
  // Escape cancels the new row's open cell editor and leaves the dialog open
  await table.page().keyboard.press('Escape');
  await expect(table.locator('.jvxe-editor')).toHaveCount(0);
  await expect(table).toBeVisible();
}

async function openEditor(page: Page, code: string): Promise<Locator> {
  const list = pageOf(page);
  await list.getByPlaceholder('请输入订单号').fill(code);
  await list.locator('button[type="submit"]', { hasText: /查\s*询/ }).click();
  const row = list.locator('.ant-table-tbody tr.ant-table-row', { hasText: code });
  await expect(row).toHaveCount(1);
  await row.getByText('编辑', { exact: true }).click();
  const modal = page.locator('.ant-modal:visible', { hasText: '订单号' });
  await expect(modal).toBeVisible();
  await expect(modal.getByLabel('订单号')).toHaveValue(code);
  return modal;
}

function saveRequest(page: Page, path: 'add' | 'edit'): Promise<Request> {
  return page.waitForRequest((r) => r.url().includes(`/test/jeecgOrderMain/${path}`) && r.method() !== 'GET');
}

test.afterAll(async ({ playwright }) => {
  // the suite shares one database: remove the order this file created (its sub rows go with it)
  const request = await playwright.request.newContext({ baseURL: test.info().project.use.baseURL });
  try {
    await asAdmin(request, async (token) => {
      const found = await api<{ records: { id: string; orderCode: string }[] }>(
        request,
        token,
        'GET',
        `/test/jeecgOrderMain/list?orderCode=${encodeURIComponent(CODE)}&pageSize=50`,
      );
      for (const r of found.result?.records ?? []) {
        if (r.orderCode === CODE) await api(request, token, 'DELETE', `/test/jeecgOrderMain/delete?id=${r.id}`);
      }
    });
  } finally {
    await request.dispose();
  }
});

test('one-to-many order: sub rows validated, saved in one request, reopened unchanged; removed rows deleted', async ({
  page,
}) => {
  test.setTimeout(180_000);
  page.on('console', (m) => console.log('CONSOLE', m.type(), m.text().slice(0, 300)));
  page.on('pageerror', (e) => console.log('PAGEERROR', e.message));
  await signIn(page);
  await openPage(page, ORDER_URL);
  const list = pageOf(page);
  await expect(list.getByTestId('jeecg-order-table')).toBeVisible();
  await page.screenshot({ path: '/tmp/jvxe-order-list.png' });

  // ---- add: main form
  await list.getByRole('button', { name: /新\s*增/ }).click();
  const modal = page.locator('.ant-modal:visible', { hasText: '订单号' });
  await expect(modal).toBeVisible();
  await modal.getByLabel('订单号').fill(CODE);
  await modal.getByLabel('订单类型').click();
  await page.locator('.ant-select-dropdown:visible').getByText('国际订单', { exact: true }).click();
  await modal.getByLabel('订单金额').fill('1280.5');
  await page.screenshot({ path: '/tmp/jvxe-order-add.png' });

  // ---- two customers (the second with a wrong mobile number)
  const customers = modal.getByTestId('order-customers');
  await addRow(customers);
  await page.waitForTimeout(1600);
  await addRow(customers);
  await typeCell(customers, 0, 'name', '张三');
  await pickCell(page, customers, 0, 'sex', '男');
  await typeCell(customers, 0, 'idcard', '110101199003077777');
  await typeCell(customers, 0, 'telphone', '13800138000');
  // a scan of the ID card (a 1×1 PNG) through the image cell's upload
  const png = Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
    'base64',
  );
  const uploaded = page.waitForResponse((r) => r.url().includes('/sys/common/upload'));
  await cellOf(customers, 0, 'idcardPic')
    .getByTestId('jvxe-file-input')
    .setInputFiles({ name: 'idcard.png', mimeType: 'image/png', buffer: png });
  expect(((await (await uploaded).json()) as { success: boolean }).success).toBe(true);
  await typeCell(customers, 1, 'name', '李四');
  await pickCell(page, customers, 1, 'sex', '女');
  await typeCell(customers, 1, 'telphone', '12345');
  await expect(cellOf(customers, 1, 'telphone')).toHaveAttribute('data-err', '手机号格式不正确');

  // ---- one ticket
  await modal.getByRole('tab', { name: '机票信息' }).click();
  const tickets = modal.getByTestId('order-tickets');
  await addRow(tickets);
  await typeCell(tickets, 0, 'ticketCode', 'CA1234');
  await dateCell(tickets, 0, 'tickectDate', '2026-03-01');
  await page.screenshot({ path: '/tmp/jvxe-order-tickets.png' });

  // ---- 确定 is refused: nothing sent, the customers tab comes back with the invalid cell and its message
  let sent = 0;
  const count = (r: Request) => {
    if (r.url().includes('/test/jeecgOrderMain/add')) sent++;
  };
  page.on('request', count);
  await ok(modal).click();
  await expect(modal.getByRole('tab', { name: '客户信息' })).toHaveAttribute('aria-selected', 'true');
  await toast(page, '客户信息第2行「手机号」：手机号格式不正确');
  const bad = cellOf(customers, 1, 'telphone');
  await expect(bad).toHaveClass(/jvxe-invalid/);
  await bad.hover();
  await expect.poll(() => bad.evaluate((el) => getComputedStyle(el, '::after').content)).toBe('"手机号格式不正确"');
  await page.screenshot({ path: '/tmp/jvxe-order-invalid.png' });
  await page.waitForTimeout(500);
  expect(sent).toBe(0);
  await expect(modal).toBeVisible();

  // ---- fix and save: one request with the main fields and both lists, no temporary ids
  await typeCell(customers, 1, 'telphone', '13912345678');
  await expect(bad).not.toHaveClass(/jvxe-invalid/);
  const addCall = saveRequest(page, 'add');
  await ok(modal).click();
  const addBody = (await addCall).postDataJSON() as {
    orderCode: string;
    jeecgOrderCustomerList: Record<string, unknown>[];
    jeecgOrderTicketList: Record<string, unknown>[];
  };
  page.off('request', count);
  expect(addBody.orderCode).toBe(CODE);
  const pic = addBody.jeecgOrderCustomerList[0]?.idcardPic;
  expect(typeof pic === 'string' && pic.endsWith('.png'), `idcardPic ${pic}`).toBe(true);
  expect(addBody.jeecgOrderCustomerList.map((c) => [c.name, c.sex, c.telphone])).toEqual([
    ['张三', '1', '13800138000'],
    ['李四', '2', '13912345678'],
  ]);
  expect(addBody.jeecgOrderTicketList).toEqual([
    expect.objectContaining({ ticketCode: 'CA1234', tickectDate: '2026-03-01' }),
  ]);
  for (const r of [...addBody.jeecgOrderCustomerList, ...addBody.jeecgOrderTicketList]) expect(r.id).toBeUndefined();
  await toast(page, '添加成功！');
  await expect(modal).toBeHidden();

  // ---- reopen: what was saved comes back unchanged
  let editor = await openEditor(page, CODE);
  let cs = editor.getByTestId('order-customers');
  await expect(rowsOf(cs)).toHaveCount(2);
  await expect(editor.getByLabel('订单金额')).toHaveValue(/1,?280\.5/);
  const texts = async (table: Locator, keys: string[]) => {
    const n = await rowsOf(table).count();
    const out: string[][] = [];
    for (let i = 0; i < n; i++) {
      const row: string[] = [];
      for (const k of keys) row.push(((await cellOf(table, i, k).textContent()) ?? '').trim());
      out.push(row);
    }
    return out.sort((a, b) => a.join().localeCompare(b.join()));
  };
  expect(await texts(cs, ['name', 'sex', 'idcard', 'telphone'])).toEqual([
    ['张三', '男', '110101199003077777', '13800138000'],
    ['李四', '女', '', '13912345678'],
  ]);
  // the stored scan comes back into the image cell as its thumbnail
  const zhang = rowsOf(cs).filter({ hasText: '张三' });
  await expect(zhang.locator('.jvxe-cell[data-key="idcardPic"] img.jvxe-file-thumb')).toHaveAttribute(
    'src',
    new RegExp(`${String(pic).split('/').pop()?.replace('.', '\\.')}$`),
  );
  await editor.getByRole('tab', { name: '机票信息' }).click();
  let ts = editor.getByTestId('order-tickets');
  expect(await texts(ts, ['ticketCode', 'tickectDate'])).toEqual([['CA1234', '2026-03-01']]);
  await page.screenshot({ path: '/tmp/jvxe-order-reopened.png' });

  // ---- remove 李四, add 王五, save
  await editor.getByRole('tab', { name: '客户信息' }).click();
  const liRow = rowsOf(cs).filter({ hasText: '李四' });
  await liRow.locator('input.jvxe-check').check();
  await cs.getByRole('button', { name: /删\s*除/ }).click();
  const confirm = page.locator('.ant-modal-confirm:visible');
  await expect(confirm).toContainText('确定要删除这 1 项吗?');
  await ok(confirm).click();
  await expect(rowsOf(cs)).toHaveCount(1);
  await addRow(cs);
  await typeCell(cs, 1, 'name', '王五');
  await typeCell(cs, 1, 'telphone', '13700001111');
  const editCall = saveRequest(page, 'edit');
  await ok(editor).click();
  const editBody = (await editCall).postDataJSON() as {
    id: string;
    jeecgOrderCustomerList: Record<string, unknown>[];
  };
  expect(editBody.id).toBeTruthy();
  expect(editBody.jeecgOrderCustomerList.map((c) => c.name)).toEqual(['张三', '王五']);
  expect(editBody.jeecgOrderCustomerList[0]?.id).toBeTruthy();
  expect(editBody.jeecgOrderCustomerList[1]?.id).toBeUndefined();
  await toast(page, '编辑成功！');
  await expect(editor).toBeHidden();

  // ---- reopen: 李四 is gone, 王五 is there, the ticket is untouched
  editor = await openEditor(page, CODE);
  cs = editor.getByTestId('order-customers');
  await expect(rowsOf(cs)).toHaveCount(2);
  expect(await texts(cs, ['name', 'telphone'])).toEqual([
    ['张三', '13800138000'],
    ['王五', '13700001111'],
  ]);
  await editor.getByRole('tab', { name: '机票信息' }).click();
  ts = editor.getByTestId('order-tickets');
  expect(await texts(ts, ['ticketCode', 'tickectDate'])).toEqual([['CA1234', '2026-03-01']]);
  await editor.locator('.ant-modal-close').click();
  await expect(editor).toBeHidden();

  // ---- 内嵌Table: the same order's rows expand to its customers and tickets, read-only, loaded on expand
  await openPage(page, '/jeecg/TableExpandeSub');
  const nested = page.locator('[data-page-key="/jeecg/TableExpandeSub"]');
  await nested.getByPlaceholder('请输入订单号').fill(CODE);
  const subCall = page.waitForRequest((r) => r.url().includes('/queryOrderCustomerListByMainId'));
  await nested.locator('button[type="submit"]', { hasText: /查\s*询/ }).click();
  const orderRow = nested.locator('.ant-table-tbody tr.ant-table-row', { hasText: CODE });
  await expect(orderRow).toHaveCount(1);
  await orderRow.locator('.ant-table-row-expand-icon').click();
  expect(new URL((await subCall).url()).searchParams.get('id')).toBe(editBody.id);
  const expandedCustomers = nested.getByTestId('expand-customers');
  await expect(expandedCustomers.locator('.ant-table-row')).toHaveCount(2);
  await expect(expandedCustomers).toContainText('张三');
  await expect(expandedCustomers).toContainText('王五');
  await expect(expandedCustomers).not.toContainText('李四');
  await expect(expandedCustomers.locator('input')).toHaveCount(0);
  await nested.getByRole('tab', { name: '机票信息' }).click();
  await expect(nested.getByTestId('expand-tickets').locator('.ant-table-row')).toContainText(['CA1234']);
  await page.screenshot({ path: '/tmp/jvxe-table-expand.png' });
});
