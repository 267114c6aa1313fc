import { expect, type Locator, type Page, test } from '@playwright/test';
import ExcelJS from 'exceljs';
import { openPage, signIn } from './support';

// 题库 and 试卷 (issue 24): a subject on 题目分类; a 单选, a 判断 and a 填空 question by hand on 题库管理 (the blank
// count is shown before saving); the downloaded template imported with one bad row (the error file names the row);
// a paper with a picked section and a drawn one (a rule that can not be met is refused and says by how much), then
// its preview as a candidate sees it.

const SUFFIX = Date.now() % 100000;
const SUBJECT = `端到端题库${SUFFIX}`;
const pageOf = (page: Page, url: string) => page.locator(`[data-page-key="${url}"]`);
const toast = (page: Page, text: string | RegExp) =>
  expect(page.locator('.ant-message').getByText(text).first()).toBeVisible();
const modalOf = (page: Page, title: string) => page.locator('.ant-modal:visible', { hasText: title });

async function pickSubject(page: Page, field: Locator) {
  await field.click();
  await page.locator('.ant-select-dropdown:visible').getByTitle(SUBJECT).click();
}

async function typeStem(modal: Locator, text: string) {
  const editor = modal.locator('.ProseMirror').first();
  await editor.click();
  await editor.pressSequentially(text);
}

/** 新增 a question: subject, type, stem, then the type's own part, 确定 */
async function addQuestion(page: Page, list: Locator, type: string, stem: string, fill: (m: Locator) => Promise<void>) {
  await list.getByRole('button', { name: /新\s*增/ }).click();
  const modal = modalOf(page, '新增题目');
  await pickSubject(page, modal.getByLabel('题目分类'));
  await modal.getByText(type, { exact: true }).click();
  await typeStem(modal, stem);
  await fill(modal);
  await modal.getByRole('button', { name: /确\s*定/ }).click();
  await toast(page, '添加成功！');
  await expect(modal).toBeHidden();
}

test('题目分类 → 三种题目 → 模板导入（一行有错）→ 组卷（固定 + 随机）→ 预览', async ({ page }) => {
  test.setTimeout(180_000);
  await signIn(page);

  // ---- a subject
  await openPage(page, '/answer/subject');
  const subjects = pageOf(page, '/answer/subject');
  await subjects.getByRole('button', { name: '新增分类' }).click();
  const subjectModal = modalOf(page, '新增分类');
  await subjectModal.getByLabel('分类名称').fill(SUBJECT);
  await subjectModal.getByRole('button', { name: /确\s*定/ }).click();
  await toast(page, '添加成功！');
  await expect(subjects.locator('.ant-table-row', { hasText: SUBJECT })).toBeVisible();

  // ---- three questions by hand
  await openPage(page, '/answer/question');
  const list = pageOf(page, '/answer/question');
  await addQuestion(page, list, '单选', `端到端单选${SUFFIX}：1+1=?`, async (m) => {
    for (const [k, v] of [
      ['A', '1'],
      ['B', '2'],
      ['C', '3'],
    ])
      await m.getByLabel(`选项 ${k}`, { exact: true }).fill(v);
    await m.getByRole('button', { name: '删除选项 D' }).click();
    await m.getByLabel('B 为正确答案').check();
  });
  await addQuestion(page, list, '判断', `端到端判断${SUFFIX}：地球是圆的`, async (m) => {
    await m.getByText('正确', { exact: true }).click();
  });
  await addQuestion(page, list, '填空', `端到端填空${SUFFIX}：首都是（ ），成立于 ___ 年`, async (m) => {
    const first = m.getByLabel('第 1 空的答案');
    await first.fill('北京');
    await first.press('Enter');
    await expect(m.getByTestId('quiz-blank-problem')).toHaveText('题干中有 2 个空，答案只有 1 个');
    const second = m.getByLabel('第 2 空的答案');
    await second.fill('1949');
    await second.press('Enter');
    await expect(m.getByTestId('quiz-blank-problem')).toHaveCount(0);
  });
  await list.getByLabel('题干关键词').fill(`端到端`);
  await list.getByRole('button', { name: /查\s*询/ }).click();
  await expect(list.locator('.ant-table-row', { hasText: String(SUFFIX) })).toHaveCount(3);

  // ---- the template, one row broken, imported: the good rows stored, the error file names the bad row
  const download = page.waitForEvent('download');
  await list.getByRole('button', { name: '下载模板' }).click();
  const book = new ExcelJS.Workbook();
  await book.xlsx.readFile(await (await download).path());
  const sheet = book.worksheets[0];
  const head = (sheet.getRow(1).values as unknown[]).map(String);
  const col = (title: string) => head.indexOf(title);
  const rows = sheet.rowCount;
  for (let r = 2; r <= rows; r++) {
    sheet.getRow(r).getCell(col('分类')).value = SUBJECT;
    sheet.getRow(r).getCell(col('题干')).value = `${sheet.getRow(r).getCell(col('题干')).text}（${SUFFIX}）`;
  }
  const bad = sheet.getRow(rows + 1);
  bad.getCell(col('分类')).value = SUBJECT;
  bad.getCell(col('题型')).value = '单选';
  bad.getCell(col('题干')).value = `坏行${SUFFIX}`;
  bad.getCell(col('选项A')).value = '甲';
  bad.getCell(col('选项B')).value = '乙';
  bad.getCell(col('答案')).value = 'D';
  bad.commit();
  const buffer = Buffer.from(await book.xlsx.writeBuffer());
  await list
    .getByRole('button', { name: /导\s*入/ })
    .first()
    .click();
  const importModal = modalOf(page, '导入EXCEL');
  await importModal.locator('input[type=file]').setInputFiles({
    name: '题目.xlsx',
    mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    buffer,
  });
  await importModal.getByRole('button', { name: '开始上传' }).click();
  const partial = page.getByTestId('import-partial');
  await expect(partial).toContainText(`错误行数：1`);
  const href = await partial.getByRole('link').getAttribute('href');
  const errors = await (await page.request.get(href ?? '')).text();
  expect(errors).toContain(`第${rows + 1}行`);
  expect(errors).toContain('答案 D 不在选项中');
  await page.locator('.ant-modal-confirm').getByRole('button').last().click();

  // ---- a paper: the 单选 picked, the 判断 drawn
  await openPage(page, '/answer/paper');
  await pageOf(page, '/answer/paper')
    .getByRole('button', { name: /新\s*增/ })
    .click();
  const form = page.getByTestId('paper-form-page');
  await form.getByLabel('试卷名称').fill(`端到端试卷${SUFFIX}`);
  await form.getByLabel('及格分').fill('2');
  await form.getByTestId('pick-questions').click();
  const picker = modalOf(page, '选择题目');
  await picker.getByLabel('题干关键词').fill(`端到端单选${SUFFIX}`);
  await picker.getByRole('button', { name: /查\s*询/ }).click();
  await picker
    .locator('.ant-table-row', { hasText: `端到端单选${SUFFIX}` })
    .locator('input[type=checkbox]')
    .check();
  await picker.getByTestId('picker-ok').click();
  await expect(form.getByTestId('paper-question')).toHaveCount(1);
  await form.getByTestId('add-section').hover();
  await page.locator('.ant-dropdown:visible').getByText('判断题 · 随机抽题').click();
  const drawn = form.getByTestId('paper-section-2');
  await pickSubject(page, drawn.getByLabel('抽题分类'));
  await drawn.getByLabel('题数').fill('5');
  await expect(form.getByTestId('paper-count')).toHaveText('6');
  await expect(form.getByTestId('paper-total')).toHaveText('12');
  await form.getByRole('button', { name: /保\s*存/ }).click();
  // the subject holds two enabled 判断 questions (one by hand, one from the template)
  await expect(form.getByTestId('paper-refusal')).toContainText('题目不足：需要 5 道，只有 2 道');
  await drawn.getByLabel('题数').fill('2');
  await expect(form.getByTestId('paper-total')).toHaveText('6');
  await form.getByRole('button', { name: /保\s*存/ }).click();
  await toast(page, '添加成功！');

  // ---- preview as a candidate: 3 questions, no answer shown
  await form.getByTestId('paper-preview-btn').click();
  const preview = page.getByTestId('paper-preview');
  await expect(preview.getByTestId('quiz-question')).toHaveCount(3);
  await expect(preview).toContainText(`端到端单选${SUFFIX}`);
  await expect(preview.getByTestId('quiz-key')).toHaveCount(0);
  await expect(preview).toContainText('总分：6 分');
});
