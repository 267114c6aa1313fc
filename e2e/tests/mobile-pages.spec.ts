import { expect, type Locator, type Page, test } from '@playwright/test';
import { signIn } from './support.ts';

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
