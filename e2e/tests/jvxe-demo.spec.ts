import { expect, type Locator, type Page, test } from '@playwright/test';
import { openPage, signIn } from './support';

// 常见案例 → JVxeTable示例: the 普通示例 tab (keyboard, drag-sort, add-row settings, delete, validation on save),
// 树形 (lazy children with the 'loading...' placeholder) and 弹出子表 (a row's 子表 popover) against the real server.

const URL = '/jeecg/j-vxe-table-demo';

const pageOf = (page: Page) => page.locator(`[data-page-key="${URL}"]`);
const rowsOf = (table: Locator) => table.locator('.jvxe-body .jvxe-row');
const rowOf = (table: Locator, rowId: string) => table.locator(`.jvxe-row[data-row-id="${rowId}"]`);
const cellOf = (table: Locator, rowId: string, key: string) =>
  rowOf(table, rowId).locator(`.jvxe-cell[data-key="${key}"]`);
const rowIds = (table: Locator) => rowsOf(table).evaluateAll((els) => els.map((e) => e.getAttribute('data-row-id')));

async function openTab(page: Page, tab: string) {
  await signIn(page);
  await openPage(page, URL);
  const root = pageOf(page);
  await root.getByRole('tab', { name: tab }).click();
  return root.getByRole('tabpanel', { name: tab });
}

/** 保存 → the 保存的数据 dialog: the rows getValues returned and the deleted ids line */
async function saveAndRead(page: Page, pane: Locator) {
  await pane.getByRole('button', { name: /^保\s*存$/ }).click();
  const dialog = page.getByRole('dialog', { name: '保存的数据' });
  await expect(dialog).toBeVisible();
  const rows = JSON.parse((await dialog.locator('pre.jvxe-demo-result').textContent()) ?? '[]') as Record<
    string,
    unknown
  >[];
  const summary = (await dialog.locator('.ant-typography').first().textContent()) ?? '';
  await dialog.locator('.ant-modal-close').click();
  await expect(dialog).toBeHidden();
  return { rows, summary };
}

test.describe('JVxeTable示例 · 普通示例', () => {
  test('click a cell, type, Tab moves to the next editable cell, Enter commits and moves down', async ({ page }) => {
    const pane = await openTab(page, '普通示例');
    await expect(rowsOf(pane)).toHaveCount(5);
    await cellOf(pane, 'demo-1', 'name').click();
    const nameEditor = pane.locator('.jvxe-editor[data-editor="demo-1:name"] input');
    await expect(nameEditor).toBeFocused();
    await nameEditor.press('ControlOrMeta+a');
    await nameEditor.pressSequentially('张三丰');
    await nameEditor.press('Tab');
    // the next editable cell (编码) of the same row is being edited, the name is committed
    const codeEditor = pane.locator('.jvxe-editor[data-editor="demo-1:code"] input');
    await expect(codeEditor).toBeFocused();
    await expect(cellOf(pane, 'demo-1', 'name')).toHaveText('张三丰');
    await codeEditor.press('ControlOrMeta+a');
    await codeEditor.pressSequentially('xyz');
    await codeEditor.press('Enter');
    await expect(pane.locator('.jvxe-editor[data-editor="demo-1:code"]')).toHaveCount(0);
    await expect(cellOf(pane, 'demo-1', 'code')).toHaveText('xyz');
    // Enter moved the active cell one row down
    await expect(cellOf(pane, 'demo-2', 'code')).toHaveClass(/jvxe-active/);
    const { rows } = await saveAndRead(page, pane);
    expect(rows[0]).toMatchObject({ id: 'demo-1', name: '张三丰', code: 'xyz' });
  });

  test('typing animates nothing: a key is drawn in the frame it lands in, the money message shows at once', async ({
    page,
  }) => {
    // with the motion of a user who has not asked for less (the suite reduces it, and the app follows)
    await page.emulateMedia({ reducedMotion: 'no-preference' });
    const pane = await openTab(page, '普通示例');
    // every animation or transition running under an editor or a tooltip, sampled at each keydown and two frames after
    await page.evaluate(() => {
      const w = window as unknown as { __anims: string[] };
      w.__anims = [];
      const sample = () => {
        for (const a of document.getAnimations()) {
          const target = (a.effect as KeyframeEffect | null)?.target as Element | null;
          if (target?.closest('.jvxe-editor, .ant-tooltip')) {
            w.__anims.push(`${(a as CSSTransition).transitionProperty ?? (a as CSSAnimation).animationName}`);
          }
        }
      };
      // the frame after a key has recalculated its styles, so a transition it started is running by the second one
      const later = () => requestAnimationFrame(() => requestAnimationFrame(sample));
      window.addEventListener('keydown', () => {
        sample();
        later();
      });
      window.addEventListener('focusin', later);
    });
    await cellOf(pane, 'demo-1', 'price').click();
    const editor = pane.locator('.jvxe-editor[data-editor="demo-1:price"]');
    await expect(editor.locator('input')).toBeFocused();
    await editor.locator('input').press('ControlOrMeta+a');
    // "12." on the way to "12.5" is the number 12: no 单价必须是金额 flashes between two keys
    await editor.locator('input').pressSequentially('12.');
    await expect(editor).not.toHaveClass(/jvxe-editor-invalid/);
    await expect(page.getByRole('tooltip')).toHaveCount(0);
    await editor.locator('input').pressSequentially('345');
    await expect(editor).toHaveClass(/jvxe-editor-invalid/);
    await expect(page.getByRole('tooltip')).toHaveText('单价必须是金额');
    await editor.locator('input').press('Backspace');
    await expect(editor).not.toHaveClass(/jvxe-editor-invalid/);
    expect(await page.evaluate(() => (window as unknown as { __anims: string[] }).__anims)).toEqual([]);
    await editor.locator('input').press('Enter');
    await expect(cellOf(pane, 'demo-1', 'price')).toHaveText('12.34');
  });

  test('dragging a row by its ⋮⋮ handle reorders the rows and orderNum is recalculated', async ({ page }) => {
    const pane = await openTab(page, '普通示例');
    await expect(rowsOf(pane)).toHaveCount(5);
    const handle = rowOf(pane, 'demo-1').locator('.jvxe-drag');
    const from = await handle.boundingBox();
    const target = await rowOf(pane, 'demo-3').boundingBox();
    if (!from || !target) throw new Error('rows not laid out');
    await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
    await page.mouse.down();
    const toY = target.y + target.height * 0.75;
    await page.mouse.move(from.x + from.width / 2, toY, { steps: 12 });
    await page.mouse.up();
    await expect.poll(() => rowIds(pane)).toEqual(['demo-2', 'demo-3', 'demo-1', 'demo-4', 'demo-5']);
    const { rows } = await saveAndRead(page, pane);
    expect(rows.map((r) => [r.id, r.orderNum])).toEqual([
      ['demo-2', 1],
      ['demo-3', 2],
      ['demo-1', 3],
      ['demo-4', 4],
      ['demo-5', 5],
    ]);
  });

  test('add-row settings (count and position) are saved, then 新增 inserts that many rows there', async ({ page }) => {
    const pane = await openTab(page, '普通示例');
    await expect(rowsOf(pane)).toHaveCount(5);
    await pane.getByRole('button', { name: '新增行设置' }).click();
    const settings = page.locator('.ant-popover').filter({ hasText: '新增行设置' });
    await expect(settings).toBeVisible();
    await settings.getByLabel('新增行数').fill('2');
    await settings.getByLabel('插入位置').fill('2');
    await settings.getByRole('button', { name: /^保\s*存$/ }).click();
    await expect(page.locator('.ant-message').getByText('保存成功')).toBeVisible();
    await expect(settings).toBeHidden();

    await pane.getByRole('button', { name: /新\s*增$/ }).click();
    await expect(rowsOf(pane)).toHaveCount(7);
    const ids = await rowIds(pane);
    expect(ids[0]).toBe('demo-1');
    expect(ids[1]).toMatch(/_temp$/);
    expect(ids[2]).toMatch(/_temp$/);
    expect(ids.slice(3)).toEqual(['demo-2', 'demo-3', 'demo-4', 'demo-5']);
    // new rows carry the column defaults (数量 1)
    await expect(cellOf(pane, ids[1] as string, 'num')).toHaveText('1');
    await expect(cellOf(pane, ids[2] as string, 'num')).toHaveText('1');
  });

  test('selected saved rows are deleted after both confirmations and reported as deleted ids', async ({ page }) => {
    const pane = await openTab(page, '普通示例');
    await expect(rowsOf(pane)).toHaveCount(5);
    await rowOf(pane, 'demo-2').locator('.jvxe-check').click();
    await rowOf(pane, 'demo-4').locator('.jvxe-check').click();
    await expect(pane.getByText('已选择 2 项')).toBeVisible();
    await pane.getByRole('button', { name: /删\s*除$/ }).click();
    const confirm = page.locator('.ant-modal-confirm').filter({ hasText: '确定要删除这 2 项吗?' });
    await confirm.getByRole('button', { name: /确\s*定|OK/ }).click();
    // saved rows go through the page's asynchronous confirmation
    const asyncConfirm = page.locator('.ant-modal-confirm').filter({ hasText: '删除已保存的数据' });
    await asyncConfirm.getByRole('button', { name: /确\s*定|OK/ }).click();
    await expect.poll(() => rowIds(pane)).toEqual(['demo-1', 'demo-3', 'demo-5']);
    const { rows, summary } = await saveAndRead(page, pane);
    expect(rows.map((r) => r.id)).toEqual(['demo-1', 'demo-3', 'demo-5']);
    expect(summary).toContain('删除的 id：demo-2, demo-4');
  });

  test('a required cell left empty: 保存 is refused and the cell shows the message as a tooltip', async ({ page }) => {
    const pane = await openTab(page, '普通示例');
    await expect(rowsOf(pane)).toHaveCount(5);
    await cellOf(pane, 'demo-3', 'name').click();
    const editor = pane.locator('.jvxe-editor[data-editor="demo-3:name"] input');
    await expect(editor).toBeFocused();
    await editor.fill('');
    await editor.press('Escape');
    // Esc discards the draft: empty it through the keyboard instead (Delete on the active cell)
    await expect(cellOf(pane, 'demo-3', 'name')).toHaveText('王五');
    await expect(cellOf(pane, 'demo-3', 'name')).toHaveClass(/jvxe-active/);
    await page.keyboard.press('Delete');
    await expect(cellOf(pane, 'demo-3', 'name')).toHaveText('');

    await pane.getByRole('button', { name: /^保\s*存$/ }).click();
    await expect(page.locator('.ant-message').getByText('第3行「名称」：名称不能为空')).toBeVisible();
    // the failing cell is selected and outlined; its message shows as the cell's tooltip (::after of data-err)
    const failing = cellOf(pane, 'demo-3', 'name');
    await expect(failing).toHaveClass(/jvxe-invalid/);
    await expect(failing).toHaveClass(/jvxe-active/);
    await expect(failing).toHaveAttribute('data-err', '名称不能为空');
    expect(await failing.evaluate((el) => getComputedStyle(el, '::after').content)).toBe('"名称不能为空"');
    await expect(page.getByRole('dialog', { name: '保存的数据' })).toHaveCount(0);
  });
});

test('树形: expanding a row shows loading... under it, then its children from the server', async ({ page }) => {
  const pane = await openTab(page, '树形');
  const tree = pane.getByTestId('jvxe-demo-tree');
  await expect(rowOf(tree, 'vxe0001')).toBeVisible();
  await expect(cellOf(tree, 'vxe0001', 'ship_name')).toContainText('远洋1号');
  // hold the children request until the placeholder was seen (the real server answers it afterwards)
  let release: () => void = () => {};
  const held = new Promise<void>((r) => {
    release = r;
  });
  await page.route(
    (u) => u.pathname.endsWith('/mock/vxe/getData') && u.searchParams.get('parentId') === 'vxe0001',
    async (route) => {
      await held;
      await route.continue();
    },
  );
  await rowOf(tree, 'vxe0001').getByRole('button', { name: '展开' }).click();
  await expect(tree.locator('.jvxe-row').getByText('loading...')).toBeVisible();
  await expect(rowOf(tree, 'vxe0001-1')).toHaveCount(0);
  release();
  await expect(rowOf(tree, 'vxe0001-1')).toBeVisible();
  await expect(rowOf(tree, 'vxe0001-3')).toBeVisible();
  await expect(tree.locator('.jvxe-row').getByText('loading...')).toHaveCount(0);
  expect((await rowIds(tree)).slice(0, 5)).toEqual(['vxe0001', 'vxe0001-1', 'vxe0001-2', 'vxe0001-3', 'vxe0002']);
  // collapsing hides the children again
  await rowOf(tree, 'vxe0001').getByRole('button', { name: '收起' }).click();
  await expect(rowOf(tree, 'vxe0001-1')).toHaveCount(0);
});

test('弹出子表: a row click opens 子表 with that row’s children; clicking the row again closes it', async ({
  page,
}) => {
  const pane = await openTab(page, '弹出子表');
  const main = pane.getByTestId('jvxe-demo-popup-sub');
  await expect(rowOf(main, 'vxe0001')).toBeVisible();
  await cellOf(main, 'vxe0001', 'ship_name').click();
  const popover = page.getByRole('dialog', { name: '子表' });
  await expect(popover).toBeVisible();
  const sub = popover.getByTestId('jvxe-demo-sub');
  await expect(rowsOf(sub)).toHaveCount(3);
  expect(await rowIds(sub)).toEqual(['vxe0001-1', 'vxe0001-2', 'vxe0001-3']);
  await expect(sub.getByText('的子行（共 3 条）')).toBeVisible();
  await cellOf(main, 'vxe0001', 'ship_name').click();
  await expect(popover).toHaveCount(0);
  // another row: Esc closes it
  await cellOf(main, 'vxe0005', 'ship_name').click();
  const other = page.getByRole('dialog', { name: '子表' }).getByTestId('jvxe-demo-sub');
  await expect(rowsOf(other)).toHaveCount(3);
  expect(await rowIds(other)).toEqual(['vxe0005-1', 'vxe0005-2', 'vxe0005-3']);
  // the popover sits under or above its row, never over it (re-measured once the rows arrived)
  const rowBox = await rowOf(main, 'vxe0005').boundingBox();
  if (!rowBox) throw new Error('row vxe0005 not laid out');
  await expect
    .poll(async () => {
      const box = await page.getByRole('dialog', { name: '子表' }).boundingBox();
      return box ? box.y + box.height <= rowBox.y + 1 || box.y >= rowBox.y + rowBox.height - 1 : false;
    })
    .toBe(true);
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog', { name: '子表' })).toHaveCount(0);
});
