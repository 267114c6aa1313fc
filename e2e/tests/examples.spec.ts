import { expect, type Page, test } from '@playwright/test';
import { openPage, signIn } from './support';

// The template's example pages (issue 16): a form that stores, the step form keeping its state, the advanced form's
// error summary, list searches over the seeded rows, a detail page of a stored record, the result pages.

const shot = (page: Page, name: string) => page.screenshot({ path: `/tmp/examples/${name}.png`, fullPage: false });
const visiblePage = (page: Page, url: string) => page.locator(`[data-page-key="${url}"]`);
const toast = (page: Page, text: string | RegExp) =>
  expect(page.locator('.ant-message').getByText(text).first()).toBeVisible();

async function pickRange(scope: ReturnType<Page['locator']>, from: string, to: string) {
  const inputs = scope.locator('.ant-picker-range input');
  await inputs.nth(0).click();
  await inputs.nth(0).fill(from);
  await inputs.nth(0).press('Enter');
  await inputs.nth(1).fill(to);
  await inputs.nth(1).press('Enter');
  await expect(inputs.nth(1)).toHaveValue(to);
}

test.beforeEach(async ({ page }) => {
  await signIn(page);
});

test('基础表单: required fields are said, a valid goal is stored (提交成功) and the form is cleared', async ({
  page,
}) => {
  await openPage(page, '/form/base-form');
  const form = visiblePage(page, '/form/base-form').getByTestId('basic-form');
  await form.getByRole('button', { name: /提\s*交/ }).click();
  await expect(form.getByText('请输入标题')).toBeVisible();
  await expect(form.getByText('请选择起止日期')).toBeVisible();

  await form.getByPlaceholder('给目标起个名字').fill('e2e 季度答题目标');
  await pickRange(form, '2030-01-01', '2030-03-31');
  await form.getByPlaceholder('请输入你的阶段性工作目标').fill('组织三场线上答题');
  await form.getByPlaceholder('请输入衡量标准').fill('参与人数不少于 500');
  await form.getByText('部分公开').click();
  await expect(form.getByText('公开给')).toBeVisible();
  await form.getByRole('combobox').last().fill('曲丽丽');
  await form.getByRole('combobox').last().press('Enter');
  await shot(page, 'basic-form');
  await form.getByRole('button', { name: /提\s*交/ }).click();
  await toast(page, '提交成功');
  await expect(form.getByPlaceholder('给目标起个名字')).toHaveValue('');
});

test('分步表单: 上一步 keeps the typed values; 提交 stores the transfer; 高级详情页 shows it', async ({ page }) => {
  await openPage(page, '/form/step-form');
  const root = visiblePage(page, '/form/step-form');
  const fill = root.getByTestId('step-fill');
  await fill.getByPlaceholder('手机号、邮箱或银行卡号').fill('e2e@example.com');
  await fill.getByPlaceholder('请输入收款人姓名').fill('小明');
  await fill.getByPlaceholder('请输入金额').fill('321.5');
  await fill.getByRole('button', { name: /下一步/ }).click();

  const confirm = root.getByTestId('step-confirm');
  await expect(confirm.getByText('e2e@example.com')).toBeVisible();
  await expect(confirm.getByText('￥ 321.50 元')).toBeVisible();
  await shot(page, 'step-form-confirm');
  await confirm.getByRole('button', { name: /上一步/ }).click();
  await expect(fill.getByPlaceholder('请输入收款人姓名')).toHaveValue('小明');
  await expect(fill.getByPlaceholder('手机号、邮箱或银行卡号')).toHaveValue('e2e@example.com');
  await fill.getByPlaceholder('请输入收款人姓名').fill('小明同学');
  await fill.getByRole('button', { name: /下一步/ }).click();
  await expect(confirm.getByText('小明同学')).toBeVisible();
  await confirm.getByRole('button', { name: /提\s*交/ }).click();
  await expect(confirm.getByText('需要支付密码才能进行支付')).toBeVisible();
  await confirm.getByPlaceholder('示例页：任意输入即可').fill('123456');
  await confirm.getByRole('button', { name: /提\s*交/ }).click();
  await expect(root.getByText('操作成功')).toBeVisible();
  await shot(page, 'step-form-done');

  await root.getByRole('button', { name: /查看账单/ }).click();
  const detail = visiblePage(page, '/profile/advanced').getByTestId('advanced-profile');
  await expect(detail.getByText('小明同学').first()).toBeVisible();
  await expect(detail.getByText('321.5').first()).toBeVisible();
  await expect(detail.getByRole('tab', { name: '操作日志' })).toBeVisible();
  await shot(page, 'advanced-profile');
});

test('高级表单: a failed submit lists every error in the summary popover', async ({ page }) => {
  await openPage(page, '/form/advanced-form');
  const root = visiblePage(page, '/form/advanced-form');
  await expect(root.getByTestId('members-table').getByRole('textbox').first()).toHaveValue('林东东');
  await root.getByRole('button', { name: /新增成员/ }).click();
  await root.getByRole('button', { name: /提\s*交/ }).click();
  const errors = page.getByTestId('advanced-errors');
  await expect(errors).toBeVisible();
  await expect(errors.getByText('请输入仓库名称')).toBeVisible();
  await expect(errors.getByText(/成员第 2 行/).first()).toBeVisible();
  await shot(page, 'advanced-form-errors');
});

test('列表页: 查询表格 searches and pages the seeded rules; 搜索列表 keeps the keyword across tabs', async ({
  page,
}) => {
  await openPage(page, '/list/query-list');
  const rules = visiblePage(page, '/list/query-list');
  await expect(rules.getByText('共 46 条')).toBeVisible();
  await rules.getByPlaceholder('请输入规则编号').fill('TradeCode 0');
  await rules.getByRole('button', { name: /(^|\s)查\s*询$/ }).click();
  await expect(rules.getByText('共 9 条')).toBeVisible();
  await shot(page, 'table-list');

  await openPage(page, '/list/search/article');
  const article = visiblePage(page, '/list/search/article');
  await article.getByTestId('search-keyword').locator('input').fill('React');
  await article.getByRole('button', { name: /搜\s*索/ }).click();
  const items = article.getByTestId('article-list').locator('.ant-list-item');
  await expect(items).toHaveCount(3);
  await expect(article.getByRole('button', { name: '没有更多了' })).toBeDisabled();
  await shot(page, 'search-article');
  await article.getByRole('tab', { name: '项目' }).click();
  await expect(page).toHaveURL(/\/list\/search\/project$/);
  const projects = visiblePage(page, '/list/search/project');
  await expect(projects.getByTestId('search-keyword').locator('input')).toHaveValue('React');
  await expect(projects.getByText('共 3 个项目')).toBeVisible();

  await openPage(page, '/list/search/application');
  const apps = visiblePage(page, '/list/search/application');
  await expect(apps.getByText('共 24 个应用')).toBeVisible();
  await apps.getByText('设计', { exact: true }).click();
  await expect(apps.getByText('共 4 个应用')).toBeVisible();
  await shot(page, 'search-applications');

  await openPage(page, '/list/basic-list');
  const std = visiblePage(page, '/list/basic-list');
  await expect(std.getByTestId('standard-list').locator('.ant-list-item')).toHaveCount(5);
  await expect(std.locator('.ant-progress').first()).toBeVisible();
  await shot(page, 'standard-list');
  await openPage(page, '/list/card');
  await expect(visiblePage(page, '/list/card').getByTestId('card-list').locator('.ant-card')).toHaveCount(8);
  await shot(page, 'card-list');
});

test('详情页: 基础详情页 shows the stored warehouse and its members', async ({ page }) => {
  await openPage(page, '/profile/basic');
  const detail = visiblePage(page, '/profile/basic').getByTestId('basic-profile');
  await expect(detail.getByText('仓库信息')).toBeVisible();
  await expect(detail.locator('.ant-table-row').first()).toBeVisible();
  await shot(page, 'basic-profile');
});

test('结果页: 成功 and 失败 render as the template; 返回列表 opens 查询表格', async ({ page }) => {
  await openPage(page, '/result/success');
  const ok = visiblePage(page, '/result/success');
  await expect(ok.locator('.ant-result-success').getByText('提交成功')).toBeVisible();
  await shot(page, 'result-success');
  await ok.getByRole('button', { name: /返回列表/ }).click();
  await expect(page).toHaveURL(/\/list\/query-list$/);

  await openPage(page, '/result/fail');
  const fail = visiblePage(page, '/result/fail');
  await expect(fail.locator('.ant-result-error').getByText('提交失败')).toBeVisible();
  await expect(fail.getByText('您的账户已被冻结')).toBeVisible();
  await shot(page, 'result-fail');
});
