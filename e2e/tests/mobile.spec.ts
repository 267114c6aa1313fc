import { expect, type Page, test } from '@playwright/test';
import { settled } from './support';

// Phone viewport (iPhone X, 375×812): drawer menu, title-only header, search modal, no horizontal overflow.

async function signIn(page: Page) {
  await page.goto('/user/login');
  await page.getByPlaceholder('请输入帐户名').fill('admin');
  await page.getByPlaceholder('请输入密码').fill('123456');
  await page.getByPlaceholder('请输入验证码').fill('0000');
  await page.locator('button.login-submit').click();
  await expect(page).toHaveURL(/\/dashboard\/analysis/);
  await expect(page.getByTestId('header-title')).toBeVisible();
}

async function expectNoHorizontalOverflow(page: Page) {
  const [scrollWidth, innerWidth] = await page.evaluate(() => [
    document.scrollingElement?.scrollWidth ?? 0,
    window.innerWidth,
  ]);
  expect(scrollWidth).toBeLessThanOrEqual(innerWidth);
}

test.beforeEach(async ({ page }) => {
  await signIn(page);
});

test('header shows only the product title; no sidebar, no horizontal overflow', async ({ page }) => {
  await expect(page.getByTestId('header-title')).toHaveText('答题系统后台');
  await expect(page.locator('.answer-sider')).toHaveCount(0);
  await expect(page.getByText('总访问量')).toBeVisible();
  await expect(page.getByRole('img', { name: '最近7天访问量' })).toBeVisible();
  await expectNoHorizontalOverflow(page);
});

test('drawer menu closes after an entry is chosen', async ({ page }) => {
  await page.getByRole('button', { name: '打开菜单' }).click();
  const drawer = page.locator('.answer-menu-drawer');
  await expect(drawer).toBeVisible();
  await drawer.getByText('系统管理', { exact: true }).click();
  await drawer.getByRole('menuitem', { name: '用户管理' }).click();
  await expect(page).toHaveURL(/\/isystem\/user$/);
  await expect(drawer).toBeHidden();
  await expect(page.locator('.answer-page-header')).toContainText('用户管理');
  await expectNoHorizontalOverflow(page);
});

test('menu search opens in a modal', async ({ page }) => {
  await page.getByRole('button', { name: '搜索菜单' }).click();
  const modal = page.locator('.ant-modal').filter({ hasText: '搜索菜单' });
  await expect(modal).toBeVisible();
  await page.keyboard.type('个人中心');
  await page.locator('.ant-select-item-option', { hasText: '个人中心' }).first().click();
  await expect(page).toHaveURL(/\/account\/center$/);
  await expect(modal).toBeHidden();
  await expectNoHorizontalOverflow(page);
});

test('notice popover and user menu fit the screen', async ({ page }) => {
  await page.getByRole('button', { name: /消息通知/ }).click();
  const popover = page.locator('.answer-notice-popover');
  await expect(popover).toBeVisible();
  const box = await popover.boundingBox();
  expect((box?.x ?? -1) >= 0 && (box?.x ?? 0) + (box?.width ?? 0) <= 375).toBe(true);
  await page.keyboard.press('Escape');
  await page.locator('.answer-user').click();
  await expect(page.getByRole('menuitem', { name: '退出登录' })).toBeVisible();
  await expectNoHorizontalOverflow(page);
});

test('a list page is usable at 375 px: stacked query form, wrapping toolbar, table scrolling inside its card', async ({
  page,
}) => {
  await page.goto('/isystem/user');
  const card = page
    .locator('.ant-card')
    .filter({ has: page.locator('.ant-table') })
    .first();
  await expect(card.locator('.ant-table-row').first()).toBeVisible();
  const cardBox = await card.boundingBox();
  if (!cardBox) throw new Error('no list card');
  const inside = (b: { x: number; width: number } | null) =>
    b !== null && b.x >= cardBox.x - 0.5 && b.x + b.width <= cardBox.x + cardBox.width + 0.5;

  // query form: one field per row, each as wide as the form
  const fields = card.locator('.table-page-search-wrapper .ant-form-item');
  const count = await fields.count();
  expect(count).toBeGreaterThan(1);
  const boxes = [];
  for (let i = 0; i < count; i++) {
    const b = await fields.nth(i).boundingBox();
    if (b && b.width > 0) boxes.push(b);
  }
  for (let i = 1; i < boxes.length; i++) {
    expect(boxes[i].y).toBeGreaterThanOrEqual(boxes[i - 1].y + boxes[i - 1].height - 1);
    expect(Math.abs(boxes[i].x - boxes[0].x)).toBeLessThan(1);
  }
  expect(boxes.every(inside)).toBe(true);

  // toolbar: every button inside the card (wrapped onto more rows, not cut off)
  const buttons = card.locator('.table-operator button');
  const n = await buttons.count();
  expect(n).toBeGreaterThan(1);
  const rows = new Set<number>();
  for (let i = 0; i < n; i++) {
    const b = await buttons.nth(i).boundingBox();
    expect(inside(b)).toBe(true);
    if (b) rows.add(Math.round(b.y));
  }
  expect(rows.size).toBeGreaterThan(1);

  // table: wider than the card, scrolls sideways inside it; the page itself does not
  const scroller = card.locator('.ant-table-content, .ant-table-body').first();
  const [scrollWidth, clientWidth] = await scroller.evaluate((el) => [el.scrollWidth, el.clientWidth]);
  expect(scrollWidth).toBeGreaterThan(clientWidth);
  expect(inside(await scroller.boundingBox())).toBe(true);
  await scroller.evaluate((el) => el.scrollBy(200, 0));
  expect(await scroller.evaluate((el) => el.scrollLeft)).toBeGreaterThan(0);
  await expectNoHorizontalOverflow(page);
});

test('phone kit (issue 29): row actions on screen, dialogs full-width, date ranges on screen, 分屏 stacked', async ({
  page,
}) => {
  await page.goto('/isystem/user');
  const row = page.locator('.ant-table-row').filter({ hasText: 'jeecg' }).first();
  const actions = row.getByLabel('操作');
  await expect(actions).toBeVisible();
  const a = await actions.boundingBox();
  expect(a && a.x >= 0 && a.x + a.width <= 375).toBe(true);
  await actions.click();
  await page.getByRole('menuitem', { name: '编辑' }).click();
  const dialog = page.locator('.ant-modal').filter({ hasText: '编辑用户' });
  await expect(dialog).toBeVisible();
  await settled(dialog);
  const d = await dialog.boundingBox();
  expect(d && d.width >= 343 && d.x >= 0 && d.x + d.width <= 375).toBe(true);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();

  await page.goto('/isystem/log');
  await page.getByPlaceholder('开始日期').first().click();
  const picker = page.locator('.ant-picker-dropdown:not(.ant-picker-dropdown-hidden)');
  await expect(picker).toBeVisible();
  const p = await picker.boundingBox();
  expect(p && p.x >= 0 && p.x + p.width <= 375).toBe(true);
  await page.keyboard.press('Escape');

  await page.goto('/jeecg/splitPanel');
  const first = await page.getByTestId('split-first').boundingBox();
  const second = await page.getByText('记录详情').boundingBox();
  expect(first && second && first.width > 300 && second.y > first.y + first.height - 1).toBe(true);
  await expectNoHorizontalOverflow(page);
});
