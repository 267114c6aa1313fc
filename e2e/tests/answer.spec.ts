import { expect, type Locator, type Page, test } from '@playwright/test';
import { api, asAdmin, openPage, signIn } from './support';

// 答题管理 (issue 16): a session created on 答题场次, a person booked through the 预约表单 page, confirmed and checked
// in on 答题预约, then the session cancelled with a reason: its pending reservation shows 已取消, the checked-in one
// stays 已签到.

const SUFFIX = Date.now() % 100000;
const SESSION = `端到端场次${SUFFIX}`;
const pageOf = (page: Page, url: string) => page.locator(`[data-page-key="${url}"]`);
const rowOf = (scope: Locator, text: string) =>
  scope.locator('.ant-table-tbody tr.ant-table-row', { hasText: text }).first();
const toast = (page: Page, text: string | RegExp) =>
  expect(page.locator('.ant-message').getByText(text).first()).toBeVisible();

/** GMT+8 wall clock `YYYY-MM-DD HH:mm:ss` of now + offset (the browser runs in Asia/Shanghai) */
function at(offsetMs: number): string {
  return new Date(Date.now() + offsetMs + 8 * 3_600_000).toISOString().slice(0, 19).replace('T', ' ');
}

/** an ID number with its check digit */
function idCard(first17: string): string {
  const w = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
  let s = 0;
  for (let i = 0; i < 17; i++) s += Number(first17[i]) * w[i];
  return first17 + '10X98765432'[s % 11];
}

async function pickDateTime(scope: Locator, label: string, value: string) {
  const input = scope.getByLabel(label);
  await input.click();
  await input.fill(value);
  await input.press('Enter');
  await expect(input).toHaveValue(value);
}

test('答题场次 → 预约表单 → 确认 → 签到 → 取消场次', async ({ page, request }) => {
  test.setTimeout(180_000);
  await signIn(page);

  // ---- a session that is running now, bookable for the next hour
  await openPage(page, '/answer/session');
  const sessions = pageOf(page, '/answer/session');
  await sessions.getByRole('button', { name: /新\s*增/ }).click();
  const modal = page.locator('.ant-modal:visible', { hasText: '新增场次' });
  await modal.getByLabel('场次名称').fill(SESSION);
  await modal.getByLabel('容量').fill('5');
  await pickDateTime(modal, '开始时间', at(-10 * 60_000));
  await pickDateTime(modal, '结束时间', at(2 * 3_600_000));
  await pickDateTime(modal, '预约开始', at(-3_600_000));
  await pickDateTime(modal, '预约截止', at(3_600_000));
  await modal.getByLabel('答题地点').fill('一号楼 301 会议室');
  await page.screenshot({ path: '/tmp/answer-session-form.png' });
  await modal.getByRole('button', { name: /确\s*定/ }).click();
  await toast(page, '添加成功！');
  await expect(modal).toBeHidden();
  const sessionRow = rowOf(sessions, SESSION);
  await expect(sessionRow.getByTestId('session-status')).toHaveText('进行中');
  await expect(sessionRow).toContainText('0 / 5');
  // sessions have no batch action: no check boxes and no 已选择 bar
  await expect(sessions.locator('.ant-table-selection-column')).toHaveCount(0);
  await expect(sessions.getByText('已选择')).toHaveCount(0);
  await page.screenshot({ path: '/tmp/answer-session-list.png' });

  // ---- book an outside person through the form page
  await openPage(page, '/answer/reservation');
  const list = pageOf(page, '/answer/reservation');
  await list.getByRole('button', { name: /新\s*增/ }).click();
  await expect(page).toHaveURL(/\/answer\/reservation\/form$/);
  const form = page.getByTestId('reservation-form-page');
  await expect(form).toContainText('新增预约');
  await form.getByLabel('答题场次').click();
  await page.locator('.ant-select-dropdown:visible').getByText(SESSION, { exact: false }).click();
  const name = `访客${SUFFIX}`;
  await form.getByLabel('姓名').fill(name);
  await form.getByLabel('手机号').fill('12345678901');
  await form.getByLabel('身份证号').fill('110105199001011231');
  await form.getByRole('button', { name: /保\s*存/ }).click();
  await expect(form.getByText('请输入正确手机号')).toBeVisible();
  await expect(form.getByText('请输入正确的身份证号码')).toBeVisible();
  await form.getByLabel('手机号').fill('13912345678');
  // a valid birth date (1990-01-15) and the run's suffix as the 3-digit sequence code
  await form.getByLabel('身份证号').fill(idCard(`11010519900115${String(SUFFIX % 1000).padStart(3, '0')}`));
  await page.screenshot({ path: '/tmp/answer-reservation-form.png' });
  await form.getByRole('button', { name: /保\s*存/ }).click();
  await toast(page, /^预约成功，预约编号：YY\d{12}$/);
  await expect(page).toHaveURL(/\/answer\/reservation$/);

  const row = rowOf(list, name);
  await expect(row.getByTestId('reservation-status')).toHaveText('待确认');
  await expect(row).toContainText(SESSION);

  // ---- 编辑 opens the same page with ?id=: values loaded, the session fixed; back to the list after the save
  await row.getByText('编辑', { exact: true }).click();
  await expect(page).toHaveURL(/\/answer\/reservation\/form\?id=\d+$/);
  const edit = page.getByTestId('reservation-form-page');
  await expect(edit).toContainText('编辑预约');
  await expect(edit.getByLabel('姓名')).toHaveValue(name);
  await expect(edit.getByRole('radio', { name: '外部人员' })).toBeChecked();
  await expect(edit.getByRole('radio', { name: '外部人员' })).toBeEnabled();
  await expect(edit).toContainText(/预约编号：YY\d{12}/);
  await edit.getByLabel('备注').fill('靠窗座位');
  await page.screenshot({ path: '/tmp/answer-reservation-edit.png' });
  await edit.getByRole('button', { name: /保\s*存/ }).click();
  await toast(page, '编辑成功!');
  await expect(page).toHaveURL(/\/answer\/reservation$/);
  // the form's tabs closed with their saves
  await expect(page.locator('.ant-tabs-tab', { hasText: '预约表单' })).toHaveCount(0);

  // ---- a system user through the user picker (notified when the session is cancelled below)
  await list.getByRole('button', { name: /新\s*增/ }).click();
  const byUser = page.getByTestId('reservation-form-page');
  await byUser.getByLabel('答题场次').click();
  await page.locator('.ant-select-dropdown:visible').getByText(SESSION, { exact: false }).click();
  await byUser.getByText('系统用户', { exact: true }).click();
  await byUser.getByLabel('预约用户').click();
  const pick = page.locator('.ant-modal:visible', { hasText: '选择用户' });
  await pick.getByPlaceholder('请输入用户账号').fill('zhang');
  await pick.getByRole('button', { name: /(^|\s)查\s*询$/ }).click();
  await pick.locator('.ant-table-tbody tr.ant-table-row', { hasText: '张三' }).click();
  await pick.getByRole('button', { name: /确\s*定/ }).click();
  await expect(pick).toBeHidden();
  await expect(byUser.getByLabel('姓名')).toHaveCount(0);
  await page.screenshot({ path: '/tmp/answer-reservation-form-user.png' });
  await byUser.getByRole('button', { name: /保\s*存/ }).click();
  await toast(page, /^预约成功，预约编号：YY\d{12}$/);
  await expect(rowOf(list, '张三').getByTestId('reservation-status')).toHaveText('待确认');

  // ---- confirm, then check in (the session is running)
  await row.getByText('确认', { exact: true }).click();
  await page
    .locator('.ant-popconfirm:visible')
    .getByRole('button', { name: /确\s*定/ })
    .click();
  await toast(page, '确认成功');
  await expect(row.getByTestId('reservation-status')).toHaveText('已确认');
  await row.getByText('签到', { exact: true }).click();
  await page
    .locator('.ant-popconfirm:visible')
    .getByRole('button', { name: /确\s*定/ })
    .click();
  await toast(page, '签到成功');
  await expect(row.getByTestId('reservation-status')).toHaveText('已签到');

  // a second person, booked for the cancellation below (set-up through the API)
  const other = `候补${SUFFIX}`;
  await asAdmin(request, async (token) => {
    const found = await api<{ records: { id: string }[] }>(
      request,
      token,
      'GET',
      `/answer/session/list?name=${encodeURIComponent(SESSION)}`,
    );
    const booked = await api(request, token, 'POST', '/answer/reservation/add', {
      sessionId: found.result.records[0].id,
      personType: '2',
      name: other,
      mobile: '13800001111',
      idCard: idCard('11010519880808123'),
    });
    expect(booked.success, booked.message).toBe(true);
  });
  await list.getByRole('button', { name: /(^|\s)查\s*询$/ }).click();
  await expect(rowOf(list, other).getByTestId('reservation-status')).toHaveText('待确认');
  await page.screenshot({ path: '/tmp/answer-reservation-list.png' });

  // ---- cancel the session with a reason
  await openPage(page, '/answer/session');
  await sessions.getByRole('button', { name: /(^|\s)查\s*询$/ }).click();
  await sessionRow.getByText('更多').hover();
  await page.locator('.ant-dropdown:visible').getByText('取消场次').click();
  const prompt = page.locator('.ant-modal:visible', { hasText: '取消场次' });
  await prompt.getByRole('button', { name: /确\s*定/ }).click();
  await expect(prompt.getByText('请输入取消原因')).toBeVisible();
  await prompt.getByLabel('输入内容').fill('讲师临时出差');
  await page.screenshot({ path: '/tmp/answer-session-cancel.png' });
  await prompt.getByRole('button', { name: /确\s*定/ }).click();
  await toast(page, '场次已取消，2 条预约已取消，已通知 1 位用户');
  await expect(sessionRow.getByTestId('session-status')).toHaveText('已取消');

  await openPage(page, '/answer/reservation');
  await list.getByRole('button', { name: /(^|\s)查\s*询$/ }).click();
  await expect(rowOf(list, other).getByTestId('reservation-status')).toHaveText('已取消');
  await expect(rowOf(list, name).getByTestId('reservation-status')).toHaveText('已签到');
  await expect(rowOf(list, '张三').getByTestId('reservation-status')).toHaveText('已取消');
  await page.screenshot({ path: '/tmp/answer-reservation-cancelled.png' });

  // ---- the home page shows the reservation figures
  await openPage(page, '/dashboard/analysis');
  await expect(page.getByTestId('reservation-figures')).toContainText('近14天答题预约');
  await page.screenshot({ path: '/tmp/answer-analysis.png', fullPage: true });
});
