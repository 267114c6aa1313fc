import { expect, type Locator, type Page, test } from '@playwright/test';
import { api, asAdmin, settled, signIn } from './support.ts';

// Page types at phone width (375×812) and on a small laptop (1366×768): the page never scrolls sideways at 375, a wide
// table scrolls inside its card with its first data columns readable (not under the 操作 column), modals fit the
// screen. One test per kind of page: a kit list (答题预约), the online designer and a generated online list + form,
// a dashboard (工作台), example pages (基础表单, 标准列表).

const PHONE = { width: 375, height: 812 };
const LAPTOP = { width: 1366, height: 768 };
const TEST_DEMO_HEAD = 'a05830e698f1c1b205d33b6640262c33';

test.use({ viewport: PHONE });

async function expectNoHorizontalOverflow(page: Page) {
  const [scrollWidth, innerWidth] = await page.evaluate(() => [
    document.documentElement.scrollWidth,
    window.innerWidth,
  ]);
  expect(scrollWidth).toBeLessThanOrEqual(innerWidth);
}

/** the header cell is on screen and what the user sees at its centre is that cell (not a fixed column over it) */
async function expectHeaderReadable(page: Page, table: Locator, title: string) {
  const th = table.locator('thead th', { hasText: title }).first();
  await expect(th).toBeVisible();
  const box = await th.boundingBox();
  if (!box) throw new Error(`no header ${title}`);
  const vw = page.viewportSize()?.width ?? 0;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width / 2).toBeLessThan(vw);
  const seen = await page.evaluate(
    ([x, y]) => document.elementFromPoint(x, y)?.closest('th')?.textContent?.trim() ?? '',
    [box.x + box.width / 2, box.y + box.height / 2],
  );
  expect(seen).toContain(title);
}

/** on screen, and what a tap at its centre reaches is the element itself (not a column or a cell over it) */
async function expectReachable(page: Page, el: Locator) {
  await expectInsideViewport(page, el);
  const box = await el.boundingBox();
  if (!box) throw new Error('not rendered');
  const hit = await el.evaluate(
    (e, [x, y]) => {
      const at = document.elementFromPoint(x, y);
      return !!at && (e === at || e.contains(at));
    },
    [box.x + box.width / 2, box.y + box.height / 2],
  );
  expect(hit).toBe(true);
}

async function expectInsideViewport(page: Page, el: Locator) {
  const box = await el.boundingBox();
  const vw = page.viewportSize()?.width ?? 0;
  expect(box).not.toBeNull();
  expect(box?.x ?? -1).toBeGreaterThanOrEqual(0);
  expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(vw + 0.5);
}

test.beforeEach(async ({ page }) => {
  await signIn(page, 'admin', '123456', { withSider: false });
});

test('kit list (答题预约): first columns readable beside the 操作 column at 375 and 1366, page does not scroll sideways', async ({
  page,
}) => {
  await page.goto('/answer/reservation');
  const table = page.locator('.ant-table-wrapper').first();
  await expect(table.locator('.ant-table-row').first()).toBeVisible();
  await expectHeaderReadable(page, table, '预约编号');
  await expect(page.getByRole('button', { name: /新\s*增/ })).toBeVisible();
  await expectInsideViewport(page, page.getByRole('button', { name: /新\s*增/ }));
  await expectNoHorizontalOverflow(page);

  await page.setViewportSize(LAPTOP);
  await expectHeaderReadable(page, table, '预约编号');
  await expectHeaderReadable(page, table, '答题场次');
  await expect(table.locator('thead th', { hasText: '操作' })).toBeVisible();
  await expectNoHorizontalOverflow(page);
});

test('online: designer modal fits the phone; generated list shows its data columns and its form fits', async ({
  page,
}) => {
  await page.goto('/online/cgform');
  const table = page.locator('.ant-table-wrapper').first();
  await expect(table.locator('.ant-table-row').first()).toBeVisible();
  await expectHeaderReadable(page, table, '表类型');
  await page
    .getByRole('button', { name: /新\s*增/ })
    .first()
    .click();
  const designer = page.locator('.ant-modal').filter({ hasText: '表名' }).first();
  await expect(designer.getByPlaceholder('请输入表名')).toBeVisible();
  await expectInsideViewport(page, designer.locator('.ant-modal-container'));
  await expectInsideViewport(page, designer.getByRole('button', { name: /确\s*定/ }));
  await expectNoHorizontalOverflow(page);
  await designer.getByRole('button', { name: '关 闭' }).click();

  // 角色授权: 字段 keeps its width beside the three switches (they used to squeeze it to nothing), sideways scroll
  // stays inside the table
  await table.locator('tr.ant-table-row').filter({ hasText: 'test_demo' }).first().getByLabel('操作').click();
  await page.getByRole('menuitem', { name: '角色授权' }).click();
  const fields = page.locator('.ant-drawer:visible').getByTestId('cgform-auth-columns');
  await expect(fields.locator('.ant-table-row').first()).toBeVisible();
  await expectHeaderReadable(page, fields, '字段');
  await expectHeaderReadable(page, fields, '列表可见');
  const fieldTh = await fields.locator('thead th', { hasText: '字段' }).first().boundingBox();
  expect(fieldTh?.width ?? 0).toBeGreaterThanOrEqual(120);
  await expectNoHorizontalOverflow(page);
  await page.locator('.ant-drawer:visible .ant-drawer-close').click();

  await page.goto(`/online/cgformList/${TEST_DEMO_HEAD}`);
  const list = page.locator('.ant-table-wrapper').first();
  await expect(list.locator('.ant-table-row').first()).toBeVisible();
  await expectHeaderReadable(page, list, '姓名');
  await expectNoHorizontalOverflow(page);
  await page
    .getByRole('button', { name: /新\s*增/ })
    .first()
    .click();
  const form = page
    .locator('.ant-modal')
    .filter({ has: page.getByPlaceholder('请输入姓名') })
    .last();
  await expect(form.getByPlaceholder('请输入姓名')).toBeVisible();
  await expectInsideViewport(page, form.locator('.ant-modal-container'));
  await expectInsideViewport(page, form.getByRole('button', { name: /确\s*定/ }));
  await expectNoHorizontalOverflow(page);
});

test('dashboard (工作台): cards stack within the phone screen', async ({ page }) => {
  await page.goto('/dashboard/workplace');
  await expect(page.getByText('进行中的项目')).toBeVisible();
  await expectInsideViewport(page, page.locator('.ant-card', { hasText: '进行中的项目' }).first());
  await expectNoHorizontalOverflow(page);
});

test('example pages: 基础表单 and 高级表单 fields and 标准列表 rows fit the phone screen', async ({ page }) => {
  await page.goto('/form/base-form');
  const title = page.getByPlaceholder('给目标起个名字');
  await expect(title).toBeVisible();
  await expectInsideViewport(page, title);
  await expectNoHorizontalOverflow(page);

  // 高级表单: each field takes the full width of the phone (not a narrow auto-width column)
  await page.goto('/form/advanced-form');
  const warehouse = page.getByPlaceholder('请输入仓库名称');
  await expect(warehouse).toBeVisible();
  expect((await warehouse.boundingBox())?.width ?? 0).toBeGreaterThan(250);
  await expectInsideViewport(page, warehouse);
  await expectNoHorizontalOverflow(page);

  await page.goto('/list/basic-list');
  const list = page.getByTestId('standard-list');
  const owner = list.getByText('负责人', { exact: true }).first();
  await expect(owner).toBeVisible();
  // one line, not broken up character by character
  expect((await owner.boundingBox())?.height ?? 99).toBeLessThan(30);
  await expectInsideViewport(page, list.locator('.ant-progress').first());
  await expectNoHorizontalOverflow(page);
});

test('a list with a table of its own (generated online list, issue 29): every row action within reach at 375, the 操作 column as before at 1366', async ({
  page,
}) => {
  await page.goto(`/online/cgformList/${TEST_DEMO_HEAD}`);
  const list = page.locator('.ant-table-wrapper').first();
  const rows = list.locator('.ant-table-tbody tr.ant-table-row');
  await expect(rows.first()).toBeVisible();
  const count = await rows.count();
  for (let i = 0; i < count; i++) await expectReachable(page, rows.nth(i).getByLabel('操作'));
  await expectHeaderReadable(page, list, '姓名');
  await expectNoHorizontalOverflow(page);
  await rows.first().getByLabel('操作').click();
  await page.getByRole('menuitem', { name: /编\s*辑/ }).click();
  const form = page
    .locator('.ant-modal')
    .filter({ has: page.getByPlaceholder('请输入姓名') })
    .last();
  await expect(form.getByPlaceholder('请输入姓名')).not.toHaveValue('');
  await form.getByRole('button', { name: '关 闭' }).click();
  await expect(form).toBeHidden();

  // 1366: the 操作 column keeps its width and its links (编辑 | 更多), no ⋯ menu
  await page.setViewportSize(LAPTOP);
  await expect(rows.first().getByText(/编\s*辑/)).toBeVisible();
  await expect(rows.first().getByText('更多')).toBeVisible();
  await expect(list.getByLabel('操作')).toHaveCount(0);
  const th = await list.locator('thead th', { hasText: '操作' }).boundingBox();
  expect(Math.round(th?.width ?? 0)).toBe(147);
  await expectNoHorizontalOverflow(page);
});

test('a dialog with a table of its own (字典回收站, issue 29): the row actions within reach at 375', async ({
  page,
  request,
}) => {
  const code = `e2e_phone_bin_${Date.now() % 100000}`;
  let id = '';
  await asAdmin(request, async (token) => {
    const added = await api(request, token, 'POST', '/sys/dict/add', { dictName: `手机回收站${code}`, dictCode: code });
    expect(added.success, added.message).toBe(true);
    const found = await api<{ records: { id: string; dictCode: string }[] }>(
      request,
      token,
      'GET',
      `/sys/dict/list?dictCode=${code}`,
    );
    id = found.result.records.find((r) => r.dictCode === code)?.id ?? '';
    expect(id).not.toBe('');
    expect((await api(request, token, 'DELETE', `/sys/dict/delete?id=${id}`)).success).toBe(true);
  });
  try {
    await page.goto('/isystem/dict');
    await page.getByRole('button', { name: /回收站/ }).click();
    const bin = page.locator('.ant-modal:visible', { hasText: '字典回收站' });
    await settled(bin);
    const row = bin.locator('.ant-table-tbody tr.ant-table-row', { hasText: code });
    await expect(row).toBeVisible();
    await expectReachable(page, row.getByLabel('操作'));
    await expectNoHorizontalOverflow(page);
    await row.getByLabel('操作').click();
    await expect(page.getByRole('menuitem', { name: '彻底删除' })).toBeVisible();
    await page.getByRole('menuitem', { name: '还原' }).click();
    await expect(row).toBeHidden();
  } finally {
    await asAdmin(request, async (token) => {
      await api(request, token, 'DELETE', `/sys/dict/delete?id=${id}`);
      await api(request, token, 'DELETE', `/sys/dict/deletePhysic/${id}`);
    });
  }
});

test('online designer (issue 29): the field grid fills the dialog body at 1366 and stays usable at 375', async ({
  page,
}) => {
  const openDesigner = async (phone: boolean) => {
    await page.goto('/online/cgform');
    const row = page.locator('.ant-table-tbody tr.ant-table-row', { hasText: 'test_demo' }).first();
    if (phone) {
      await row.getByLabel('操作').click();
      await page.getByRole('menuitem', { name: /编\s*辑/ }).click();
    } else {
      await row
        .getByText(/编\s*辑/)
        .first()
        .click();
    }
    const grid = page.getByTestId('cgform-designer-grid');
    await expect(grid.locator('.jvxe-row').first()).toBeVisible();
    return grid;
  };
  /** [grid's top, grid's bottom, body's top, body's bottom, body's scroll height − its height] */
  const boxes = (grid: Locator) =>
    grid.evaluate((g) => {
      const t = g.querySelector('.jvxe-table')?.getBoundingClientRect();
      const body = g.closest('.ant-modal-body') as HTMLElement;
      const b = body.getBoundingClientRect();
      return [t?.top ?? 0, t?.bottom ?? 0, b.top, b.bottom, body.scrollHeight - body.clientHeight];
    });

  await page.setViewportSize(LAPTOP);
  const grid = await openDesigner(false);
  // test_demo has more fields than fit: the grid reaches the bottom of the body, which itself does not scroll
  await expect.poll(async () => Math.round((await boxes(grid))[3] - (await boxes(grid))[1])).toBeLessThanOrEqual(1);
  const [top, bottom, bodyTop, bodyBottom, bodyScroll] = await boxes(grid);
  expect(bodyScroll).toBeLessThanOrEqual(1);
  expect(bottom).toBeLessThanOrEqual(bodyBottom + 1);
  expect(bottom - top).toBeGreaterThan((bodyBottom - bodyTop) / 2);
  // at least seven field rows in full sight (four before: 61 px rows below a loose head form)
  const rowsInSight = await grid.evaluate((g) => {
    const scroll = g.querySelector('.jvxe-scroll')?.getBoundingClientRect();
    return [...g.querySelectorAll('.jvxe-row')].filter((r) => {
      const b = r.getBoundingClientRect();
      return scroll && b.top >= scroll.top - 1 && b.bottom <= scroll.bottom + 1;
    }).length;
  });
  expect(rowsInSight).toBeGreaterThanOrEqual(7);
  // the dialog and its buttons are on screen
  const dialog = page.locator('.ant-modal').filter({ has: grid });
  await expectInsideViewport(page, dialog.getByRole('button', { name: /确\s*定/ }));
  expect((await dialog.getByRole('button', { name: /确\s*定/ }).boundingBox())?.y ?? 999).toBeLessThan(768);
  await dialog.getByRole('button', { name: '关 闭' }).click();

  // 375: the head fields stack above; the body scrolls down to a grid of a usable height that fits the screen
  await page.setViewportSize(PHONE);
  const phoneGrid = await openDesigner(true);
  await phoneGrid.scrollIntoViewIfNeeded();
  const table = phoneGrid.locator('.jvxe-table');
  await expectInsideViewport(page, table);
  expect((await table.boundingBox())?.height ?? 0).toBeGreaterThanOrEqual(300);
  await expectNoHorizontalOverflow(page);
});
