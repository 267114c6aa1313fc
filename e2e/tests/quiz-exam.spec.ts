import AxeBuilder from '@axe-core/playwright';
import { type Browser, expect, type Page, test } from '@playwright/test';
import { api, asAdmin, settled, signIn } from './support';

// The quiz end to end (issue 25): an operator publishes an exam for two users (jeecg, zhangsan); jeecg answers on a
// 375 px page, reloads halfway and continues, submits; zhangsan leaves the page until the limit submits the attempt;
// a grader grades the 简答 answers; the results are published and jeecg sees the score; the statistics show the
// distribution. The bank (subject, questions, paper) and the exam itself are set up through the API.

const SUFFIX = Date.now() % 100000;
const EXAM = `端到端考试${SUFFIX}`;
const USER_IDS = { jeecg: 'a75d45a015c44384a04449ee80dc3503' };

/** GMT+8 wall clock `YYYY-MM-DD HH:mm:ss` of now + offset */
const at = (offsetMs: number) =>
  new Date(Date.now() + offsetMs + 8 * 3_600_000).toISOString().slice(0, 19).replace('T', ' ');

async function setUp(request: Parameters<typeof asAdmin>[0]): Promise<string> {
  let examId = '';
  await asAdmin(request, async (token) => {
    const call = async <T>(method: 'GET' | 'POST', url: string, data?: unknown) => {
      const res = await api<T>(request, token, method, url, data);
      expect(res.success, `${url}: ${res.message}`).toBe(true);
      return res.result;
    };
    const subjectId = await call<string>('POST', '/answer/subject/add', { name: `端到端科目${SUFFIX}` });
    const q = async (body: Record<string, unknown>) =>
      call<string>('POST', '/answer/question/add', { subjectId, difficulty: 3, status: '1', ...body });
    const single = await q({
      type: '1',
      stem: '<p>中国的首都是？</p>',
      options: [
        { key: 'A', content: '上海' },
        { key: 'B', content: '北京' },
        { key: 'C', content: '广州' },
      ],
      answer: 'B',
      score: 2,
    });
    const multi = await q({
      type: '2',
      stem: '<p>以下哪些是偶数？</p>',
      options: [
        { key: 'A', content: '2' },
        { key: 'B', content: '3' },
        { key: 'C', content: '4' },
      ],
      answer: 'A,C',
      score: 4,
    });
    const blank = await q({ type: '4', stem: '<p>中华人民共和国成立于（ ）年。</p>', answer: '[["1949"]]', score: 4 });
    const essay = await q({ type: '5', stem: '<p>简述安全生产的意义。</p>', answer: '保障生命财产安全', score: 10 });
    const paperId = await call<string>('POST', '/answer/paper/add', {
      name: `端到端试卷${SUFFIX}`,
      passScore: 12,
      duration: 30,
      status: '1',
      sections: [
        { title: '单选题', type: '1', score: 2, questionIds: [single] },
        { title: '多选题', type: '2', score: 4, questionIds: [multi] },
        { title: '填空题', type: '4', score: 4, questionIds: [blank] },
        { title: '简答题', type: '5', score: 10, questionIds: [essay] },
      ],
    });
    const users = await call<{ records: { id: string; username: string }[] }>(
      'GET',
      '/sys/user/list?username=zhangsan&pageSize=10',
    );
    const zhangsan = users.records.find((u) => u.username === 'zhangsan')?.id;
    expect(zhangsan).toBeTruthy();
    examId = await call<string>('POST', '/answer/exam/add', {
      name: EXAM,
      paperId,
      startTime: at(-60_000),
      endTime: at(3_600_000),
      userIds: `${USER_IDS.jeecg},${zhangsan}`,
      showResult: '2',
      maxSwitches: 2,
      partialScore: 0.5,
    });
  });
  return examId;
}

/**
 * 下一题, then wait for the page to move focus to the new question's legend (in the next frame): only then does a
 * keyboard user — or a test that focuses or fills a field — go on, else that focus is taken away under it.
 */
async function nextQuestion(page: Page): Promise<void> {
  await page.getByRole('button', { name: '下一题' }).click();
  await expect(page.locator('#exam-question-top')).toBeFocused();
}

/** QUIZ_SHOTS=<dir>: screenshots of the pages at 1366×768 and 375 px (looked at by hand, never compared) */
async function shots(page: Page, name: string): Promise<void> {
  const dir = process.env.QUIZ_SHOTS;
  if (!dir) return;
  const size = page.viewportSize();
  for (const [w, h] of [
    [1366, 768],
    [375, 740],
  ]) {
    await page.setViewportSize({ width: w, height: h });
    await page.waitForTimeout(300);
    await page.screenshot({ path: `${dir}/${name}-${w}.png`, fullPage: true });
  }
  if (size) await page.setViewportSize(size);
}

/**
 * a candidate's own browser: a phone (375 px) or a desktop, signed in on the answering page's own form (issue 26: a
 * system user's account, password and captcha there, not the console's sign-in page)
 */
async function candidate(browser: Browser, username: string, phone: boolean): Promise<Page> {
  const context = await browser.newContext(
    phone ? { viewport: { width: 375, height: 740 }, isMobile: true, hasTouch: true } : {},
  );
  const page = await context.newPage();
  page.on('console', (m) => {
    if (m.type() === 'error') throw new Error(`console error on the answering page: ${m.text()}`);
  });
  await page.goto('/exam');
  await expect(page).toHaveURL(/\/exam\/login/);
  await expect(page.getByRole('button', { name: '账号登录' })).toHaveAttribute('aria-pressed', 'true');
  await expect(page.locator('.exam-captcha-image img')).toBeVisible();
  if (phone) {
    // the sign-in form: no serious or critical accessibility finding either
    const axe = await new AxeBuilder({ page })
      .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
      .analyze();
    const bad = axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
    expect(bad.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
  }
  await page.getByLabel('帐户名').fill(username);
  await page.getByLabel('密码', { exact: true }).fill('123456');
  await page.getByLabel('验证码', { exact: true }).fill('0000');
  await page.getByRole('button', { name: '登录', exact: true }).click();
  await expect(page).toHaveURL(/\/exam$/);
  await expect(page.getByRole('heading', { name: '我的考试' })).toBeVisible();
  return page;
}

test('考试: publish → answer on a phone (reload halfway) → leave-page limit → grade → publish results → score and statistics', async ({
  page,
  request,
  browser,
}) => {
  test.setTimeout(240_000);
  const examId = await setUp(request);

  // the operator publishes the exam on 考试管理
  await signIn(page);
  await page.goto('/answer/exam');
  const row = page.locator('.ant-table-tbody tr.ant-table-row', { hasText: EXAM });
  // the first list of a cold embedded database on a busy machine may take a while
  await expect(row.getByTestId('exam-status')).toHaveText('未发布', { timeout: 30_000 });
  await row.getByText('发布', { exact: true }).click();
  const confirm = page.locator('.ant-popconfirm').last();
  await settled(confirm);
  await confirm.getByRole('button', { name: /确\s*定/ }).click();
  await expect(row.getByTestId('exam-status')).toHaveText('进行中');
  await shots(page, 'exam-list');
  await row.getByText('编辑', { exact: true }).click();
  await expect(page.locator('.ant-modal').getByText('编辑考试')).toBeVisible();
  await shots(page, 'exam-edit');
  await page.keyboard.press('Escape');

  // jeecg on a phone: list → instructions → questions; every change saved as it is made
  const a = await candidate(browser, 'jeecg', true);
  const item = a.getByTestId('exam-item').filter({ hasText: EXAM });
  await item.getByRole('link', { name: '进入考试' }).click();
  await expect(a.getByRole('heading', { name: EXAM })).toBeVisible();
  await shots(a, 'candidate-instructions');
  await a.getByRole('link', { name: '开始答题' }).click();
  const bar = a.getByTestId('exam-bar');
  await expect(bar.getByTestId('exam-countdown')).toHaveText(/^(30|29):\d\d$/);
  await a.getByRole('button', { name: /北京/ }).click();
  await expect(a.getByRole('button', { name: /北京/ })).toHaveAttribute('aria-pressed', 'true');
  await expect(bar.getByTestId('exam-save-status')).toHaveText('答案已自动保存');
  await nextQuestion(a);
  // keyboard only: Tab to an option, Space presses it
  await a.getByRole('button', { name: /^A\s*2$/ }).focus();
  await a.keyboard.press('Space');
  await expect(a.getByRole('button', { name: /^A\s*2$/ })).toHaveAttribute('aria-pressed', 'true');
  await expect(bar.getByTestId('exam-save-status')).toHaveText('答案已自动保存');

  // no serious or critical accessibility finding on the answering page (WCAG 2.2 AA rules)
  const axe = await new AxeBuilder({ page: a })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
    .analyze();
  const bad = axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(bad.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);

  await shots(a, 'candidate-answer');
  // reload halfway: the same attempt, where it stood, with its answers
  await a.reload();
  await expect(a.getByRole('button', { name: /^A\s*2$/ })).toHaveAttribute('aria-pressed', 'true');
  await a.getByRole('button', { name: /^C\s*4$/ }).click();
  await expect(bar.getByTestId('exam-save-status')).toHaveText('答案已自动保存');
  await nextQuestion(a);
  await a.getByLabel('第 1 空').fill('1949');
  await nextQuestion(a);
  await a.getByRole('textbox', { name: '作答', exact: true }).fill('保障生命财产安全，预防事故。');
  await expect(bar.getByTestId('exam-save-status')).toHaveText('答案已自动保存');
  // the answer card: 4 of 4 answered; submit asks first
  await expect(bar.getByRole('button', { name: /答题卡 4\/4/ })).toBeVisible();
  await a.getByRole('button', { name: '交卷' }).first().click();
  const dialog = a.getByTestId('exam-confirm');
  await expect(dialog).toContainText('共 4 题，已作答 4 题');
  await shots(a, 'candidate-confirm');
  await dialog.getByRole('button', { name: '确认交卷' }).click();
  await expect(a.getByTestId('exam-result-hidden')).toHaveText('成绩尚未公布');
  const resultUrl = a.url();

  // zhangsan leaves the page until the limit (2) submits the attempt
  const b = await candidate(browser, 'zhangsan', false);
  await b.getByTestId('exam-item').filter({ hasText: EXAM }).getByRole('link', { name: '进入考试' }).click();
  await b.getByRole('link', { name: '开始答题' }).click();
  await b.getByRole('button', { name: /上海/ }).click();
  await expect(b.getByTestId('exam-save-status')).toHaveText('答案已自动保存');
  const leave = async () => {
    await b.evaluate(() => window.dispatchEvent(new Event('blur')));
    await b.evaluate(() => window.dispatchEvent(new Event('focus')));
  };
  await leave();
  await expect(b.getByRole('status').filter({ hasText: '已离开 1 次，最多 2 次' })).toBeVisible();
  await leave();
  await expect(b.getByTestId('exam-over')).toContainText('离开页面次数已达上限，系统已自动交卷');
  await expect(b.getByRole('button', { name: /上海/ })).toHaveCount(0);
  await shots(b, 'candidate-over');

  // a grader grades the 简答 answers on 阅卷, question by question across candidates
  await page.goto(`/answer/grading?examId=${examId}`);
  await expect(page.getByTestId('grading-reference')).toHaveText('保障生命财产安全');
  // zhangsan wrote nothing: the server scored that blank 简答 0 by itself, one answer waits
  await expect(page.getByTestId('grading-progress')).toContainText('阅卷进度 1 / 2');
  const waiting = page.getByTestId('grading-item').filter({ hasText: '预防事故' });
  await waiting.getByLabel(/^得分/).fill('8.25');
  await waiting.getByRole('button', { name: '保存评分' }).click();
  await expect(waiting.getByRole('alert')).toHaveText('得分须为 0.5 的整数倍');
  await waiting.getByLabel(/^得分/).fill('8.5');
  await waiting.getByRole('button', { name: '保存评分' }).click();
  await expect(page.getByTestId('grading-progress')).toContainText('阅卷进度 2 / 2');
  await shots(page, 'grading');

  // the exam is closed, the results are published on 成绩
  await asAdmin(request, async (token) => {
    expect((await api(request, token, 'POST', `/answer/exam/close?id=${examId}`)).success).toBe(true);
  });
  await page.goto(`/answer/result?examId=${examId}`);
  const ranking = page.locator('.ant-table-tbody tr.ant-table-row');
  await expect(ranking.first()).toContainText('18.5');
  await ranking.first().getByText('答卷', { exact: true }).click();
  await expect(page.getByTestId('sheet-total')).toHaveText('18.5');
  await shots(page, 'result-sheet');
  await page.keyboard.press('Escape');
  await shots(page, 'results');
  await page.getByRole('button', { name: '公布成绩' }).click();
  const pc = page.locator('.ant-popconfirm').last();
  await settled(pc);
  await pc.getByRole('button', { name: /确\s*定/ }).click();
  await expect(page.getByText('成绩已公布', { exact: true })).toBeVisible();

  // jeecg sees the score (2 + 4 + 4 + 8.5)
  await a.goto(resultUrl);
  await expect(a.getByTestId('exam-score')).toHaveText('18.5');
  await expect(a.getByTestId('exam-pass')).toHaveText('及格');
  await shots(a, 'candidate-result');
  await a.goto('/exam');
  await shots(a, 'candidate-list');

  // the statistics show the distribution
  await page.getByRole('tab', { name: /统计分析/ }).click();
  const stats = page.getByTestId('exam-statistics');
  await expect(stats.getByTestId('score-distribution')).toBeVisible();
  await expect(stats).toContainText('已交卷');
  // jeecg's 18.5 of 20 and zhangsan's 0 (an unanswered sheet)
  await expect(stats.getByTestId('score-distribution')).toContainText('18–20 分1 人');
  await expect(stats.getByTestId('score-distribution')).toContainText('0–2 分1 人');
  await shots(page, 'statistics');
  await page.goto('/dashboard/analysis');
  await expect(page.getByTestId('pass-rate-figures')).toContainText(EXAM);
  await shots(page, 'analysis');
});
