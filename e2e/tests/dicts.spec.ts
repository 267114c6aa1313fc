import { expect, type Locator, type Page, test } from '@playwright/test';
import { openPage, signIn } from './support';

// 数据字典 (dictionary + items, duplicate value, disabled item, cache refresh, recycle bin), 分类字典 (root + child,
// lazy expansion), 校验规则 功能测试 (pass and fail), 填值规则 功能测试 of shop_order_num (increasing numbers).

const SUFFIX = Date.now() % 100000;
const DICT_NAME = `端到端字典${SUFFIX}`;
const DICT_CODE = `e2e_dict_${SUFFIX}`;
const ROOT = `端到端分类${SUFFIX}`;
const CHILD = `端到端子分类${SUFFIX}`;

const pageOf = (page: Page, url: string) => page.locator(`[data-page-key="${url}"]`);
const rowOf = (scope: Locator, text: string) =>
  scope.locator('.ant-table-tbody tr.ant-table-row', { hasText: text }).first();
const visibleModal = (page: Page, text: string) => page.locator('.ant-modal:visible', { hasText: text });
const ok = (modal: Locator) => modal.getByRole('button', { name: /确\s*定/ });

async function toast(page: Page, text: string) {
  await expect(page.locator('.ant-message').getByText(text).first()).toBeVisible();
}

test.afterEach(async ({ page }, info) => {
  if (info.status !== info.expectedStatus) {
    await page.screenshot({ path: `/tmp/dict-fail-${info.title.slice(0, 20).replace(/\W+/g, '_')}.png` });
  }
});

async function confirmPop(page: Page) {
  await page
    .locator('.ant-popover:visible')
    .getByRole('button', { name: /确\s*定/ })
    .click();
}

test('dictionaries: add with items, duplicate value, disabled item, cache refresh, recycle bin', async ({ page }) => {
  test.setTimeout(180_000);
  await signIn(page);
  await openPage(page, '/isystem/dict');
  const dicts = pageOf(page, '/isystem/dict');
  await expect(dicts.locator('.ant-table-tbody tr.ant-table-row').first()).toBeVisible();
  await page.screenshot({ path: '/tmp/dict-list.png' });

  // ---- add a dictionary
  await dicts.getByRole('button', { name: /添\s*加/ }).click();
  let modal = visibleModal(page, '字典编码');
  await modal.getByLabel('字典名称').fill(DICT_NAME);
  await modal.getByLabel('字典编码').fill('sex');
  await expect(modal.getByText('该值不可用，系统中已存在！')).toBeVisible();
  await modal.getByLabel('字典编码').fill(DICT_CODE);
  await modal.getByLabel('描述').fill('端到端测试');
  await ok(modal).click();
  await toast(page, '保存成功！');

  await dicts.getByPlaceholder('请输入字典编号').fill(DICT_CODE);
  await dicts.getByRole('button', { name: /(^|\s)查\s*询$/ }).click();
  const row = rowOf(dicts, DICT_CODE);
  await expect(row).toContainText(DICT_NAME);

  // ---- items in the drawer
  await row.getByText('字典配置').click();
  const drawer = page.locator('.ant-drawer:visible');
  await expect(drawer).toContainText(DICT_NAME);
  const addItem = async (text: string, value: string) => {
    await drawer.getByRole('button', { name: /新\s*增/ }).click();
    const m = visibleModal(page, '数据值');
    await m.getByLabel('名称').fill(text);
    await m.getByLabel('数据值').fill(value);
    await ok(m).click();
    await toast(page, '保存成功！');
    await expect(m).toBeHidden();
  };
  await addItem('甲', 'a');
  await addItem('乙', 'b');
  await expect(rowOf(drawer, '甲')).toBeVisible();
  await expect(rowOf(drawer, '乙')).toBeVisible();

  // a duplicate value is refused as it is typed
  await drawer.getByRole('button', { name: /新\s*增/ }).click();
  modal = visibleModal(page, '数据值');
  await modal.getByLabel('名称').fill('又一个甲');
  await modal.getByLabel('数据值').fill('a');
  await expect(modal.getByText('该值不可用，系统中已存在！')).toBeVisible();
  await page.screenshot({ path: '/tmp/dict-items.png' });
  await modal
    .locator('.ant-modal-footer')
    .getByRole('button', { name: /关\s*闭/ })
    .click();

  // disable 乙
  await rowOf(drawer, '乙').getByText('编辑').click();
  modal = visibleModal(page, '数据值');
  await modal.getByRole('switch').click();
  await ok(modal).click();
  await toast(page, '编辑成功!');
  await expect(rowOf(drawer, '乙')).toContainText('不启用');
  await drawer.locator('.ant-drawer-close').click();

  // ---- refresh the cache: the local dictionary cache gets the enabled item only
  await dicts.getByRole('button', { name: /刷新缓存/ }).click();
  await toast(page, '刷新缓存完成！');
  const cached = await page.evaluate((code) => {
    for (let i = 0; i < localStorage.length; i++) {
      const raw = localStorage.getItem(localStorage.key(i)!) ?? '';
      const at = raw.indexOf(`"${code}":`);
      if (at >= 0) return raw.slice(at, raw.indexOf(']', at) + 1);
    }
    return '';
  }, DICT_CODE);
  expect(cached).toContain('"value":"a"');
  expect(cached).not.toContain('"value":"b"'); // disabled items are not in the cache

  // ---- delete → recycle bin → restore
  await rowOf(dicts, DICT_CODE).getByText('删除').click();
  await confirmPop(page);
  await toast(page, '删除成功!');
  await expect(dicts.locator('.ant-table-tbody')).not.toContainText(DICT_CODE);
  await dicts.getByRole('button', { name: /回收站/ }).click();
  const bin = visibleModal(page, '字典回收站');
  const binRow = rowOf(bin, DICT_CODE);
  await expect(binRow).toBeVisible();
  // every row action inside the dialog at 1366 (the bin's columns are wider than its 900 px: the 操作 column stays)
  const purgeBox = await binRow.getByText('彻底删除').boundingBox();
  const bodyBox = await bin.locator('.ant-modal-body').boundingBox();
  expect(purgeBox && bodyBox && purgeBox.x + purgeBox.width <= bodyBox.x + bodyBox.width).toBe(true);
  await page.screenshot({ path: '/tmp/dict-recycle.png' });
  await binRow.getByText('还原').click();
  await toast(page, '操作成功!');
  await expect(bin.locator('.ant-table-tbody')).not.toContainText(DICT_CODE);
  await bin.locator('.ant-modal-close').click();
  await expect(rowOf(dicts, DICT_CODE)).toBeVisible();
});

test('categories: add a root and a child, lazy expansion', async ({ page }) => {
  test.setTimeout(120_000);
  await signIn(page);
  await openPage(page, '/isys/category');
  const cats = pageOf(page, '/isys/category');
  await expect(rowOf(cats, '题目分类')).toBeVisible();

  // lazy: a 'loading...' placeholder until expanded, then the children
  const seeded = rowOf(cats, '题目分类');
  await seeded.locator('.ant-table-row-expand-icon').click();
  await expect(rowOf(cats, '单选题')).toBeVisible();
  await expect(cats.getByText('loading...')).toHaveCount(0);
  await page.screenshot({ path: '/tmp/dict-category.png' });

  // a new root
  await cats.getByRole('button', { name: /新\s*增/ }).click();
  let modal = visibleModal(page, '类型名称');
  await modal.getByLabel('类型名称').fill(ROOT);
  await ok(modal).click();
  await toast(page, '添加成功！');
  const rootRow = rowOf(cats, ROOT);
  await expect(rootRow).toBeVisible();
  await expect(rootRow).toContainText(/A\d{2}/);

  // a child through 添加下级
  await rootRow.getByText('添加下级').click();
  modal = visibleModal(page, '类型名称');
  await expect(modal.getByTestId('j-category-select')).toContainText(ROOT); // the parent, named via loadDictItem
  await page.screenshot({ path: '/tmp/dict-category-add-child.png' });
  await modal.getByLabel('类型名称').fill(CHILD);
  await ok(modal).click();
  await toast(page, '添加成功！');
  const childRow = rowOf(cats, CHILD);
  await expect(childRow).toBeVisible();
  const rootCode = (await rootRow.locator('td').nth(2).innerText()).trim();
  await expect(childRow).toContainText(`${rootCode}A01`);

  // after a reload the new root shows the placeholder until expanded
  await page.reload();
  await expect(page.locator('.answer-sider')).toBeVisible();
  const again = rowOf(pageOf(page, '/isys/category'), ROOT);
  await expect(again).toBeVisible();
  await expect(pageOf(page, '/isys/category').getByText(CHILD)).toHaveCount(0);
  await again.locator('.ant-table-row-expand-icon').click();
  await expect(rowOf(pageOf(page, '/isys/category'), CHILD)).toBeVisible();
});

test('check rule 功能测试: pass and fail', async ({ page }) => {
  await signIn(page);
  await openPage(page, '/isystem/checkRule');
  const rules = pageOf(page, '/isystem/checkRule');
  const row = rowOf(rules, 'common');
  await expect(row).toBeVisible();
  await page.screenshot({ path: '/tmp/dict-check-rule.png' });

  await row.getByText('功能测试').click();
  const dialog = visibleModal(page, '功能测试');
  const input = dialog.getByTestId('check-rule-test-input');
  await input.fill('abc_123');
  await dialog.getByRole('button', { name: /测\s*试/ }).click();
  await expect(dialog.getByTestId('check-rule-test-result')).toContainText('校验通过');
  await input.fill('1abc');
  await dialog.getByRole('button', { name: /测\s*试/ }).click();
  await expect(dialog.getByTestId('check-rule-test-result')).toContainText('第一位只能是字母');
  await input.fill('ab');
  await dialog.getByRole('button', { name: /测\s*试/ }).click();
  await expect(dialog.getByTestId('check-rule-test-result')).toContainText('最少输入3位数');
  await page.screenshot({ path: '/tmp/dict-check-rule-test.png' });
  await dialog
    .locator('.ant-modal-footer')
    .getByRole('button', { name: /关\s*闭/ })
    .click();

  // the editor shows the segments as rows
  await row.getByText('编辑').click();
  const editor = visibleModal(page, '规则设置');
  await expect(editor.getByTestId('rule-editor').locator('input[value="^[a-zA-Z]$"]')).toBeVisible();
  await page.screenshot({ path: '/tmp/dict-check-rule-edit.png' });
  await editor
    .locator('.ant-modal-footer')
    .getByRole('button', { name: /关\s*闭/ })
    .click();
});

test('fill rule 功能测试: shop_order_num gives increasing numbers', async ({ page }) => {
  await signIn(page);
  await openPage(page, '/isystem/fillRule');
  const rules = pageOf(page, '/isystem/fillRule');
  const row = rowOf(rules, 'shop_order_num');
  await expect(row).toBeVisible();
  await expect(rules.locator('.ant-spin-spinning')).toHaveCount(0);
  await page.screenshot({ path: '/tmp/dict-fill-rule.png' });

  const generate = async () => {
    await row.getByText('功能测试').click();
    const result = page.getByTestId('fill-rule-test-result');
    await expect(result).toContainText(/CN\d{12}/);
    const text = (await result.innerText()).match(/CN\d{12}/)![0];
    await page.screenshot({ path: '/tmp/dict-fill-rule-test.png' });
    await page.locator('.ant-modal-confirm:visible').getByRole('button', { name: '知道了' }).click();
    await expect(result).toBeHidden();
    return text;
  };
  const first = await generate();
  const second = await generate();
  expect(second.slice(0, 10)).toBe(first.slice(0, 10));
  expect(Number(second.slice(-4))).toBe(Number(first.slice(-4)) + 1);
});
