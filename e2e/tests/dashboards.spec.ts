import { expect, type Page, test } from '@playwright/test';
import { api, asAdmin, openPage, signIn } from './support';

/**
 * 仪表盘 (issue 16): 图表, 任务, 监控, 工作台 and 个人中心 on real data (echarts charts, SVG renderer). Screenshots at
 * 1366×768 under /tmp/dash-*.png.
 */

const chart = (page: Page, name: string) => page.getByRole('img', { name });
const shot = (page: Page, name: string) => page.screenshot({ path: `/tmp/dash-${name}.png`, fullPage: true });

test.describe('仪表盘', () => {
  test('图表: sign-in figures from /sys/loginfo and the 7-day visits chart', async ({ page, request }) => {
    await signIn(page);
    let total = 0;
    await asAdmin(request, async (token) => {
      total = (await api<{ totalVisitCount: number }>(request, token, 'GET', '/sys/loginfo')).result.totalVisitCount;
    });
    await openPage(page, '/dashboard/chart');
    await expect(page.getByText('今日IP', { exact: true })).toBeVisible();
    await expect(page.getByText('今日登录', { exact: true })).toBeVisible();
    const totalCard = page.locator('.answer-stat', { hasText: '总登录次数' });
    // our own sign-in and the API one are counted; nobody signs in between the two reads but this suite's workers
    const shown = Number(
      ((await totalCard.locator('.ant-statistic-content-value').textContent()) ?? '').replace(/,/g, ''),
    );
    expect(shown).toBeGreaterThanOrEqual(total - 1);
    expect(shown).toBeGreaterThan(0);
    const visits = chart(page, '最近7天访问量与IP数');
    await expect(visits.locator('svg')).toBeVisible();
    // today's MM-dd on the axis (GMT+8, as the server counts days) and the legend
    const today = new Date(Date.now() + 8 * 3_600_000).toISOString().slice(5, 10);
    await expect(visits.locator('svg text', { hasText: today })).toBeVisible();
    await expect(visits.locator('svg text', { hasText: '访问量' }).first()).toBeVisible();
    await shot(page, 'IndexChart');
  });

  test('任务: the operator’s task cards with their counts and drill-down', async ({ page, request }) => {
    await signIn(page);
    let unread = -1;
    await asAdmin(request, async (token) => {
      const cards = (
        await api<{ cards: Array<{ key: string; count: number }> }>(request, token, 'GET', '/dashboard/tasks')
      ).result.cards;
      unread = cards.find((c) => c.key === 'notices')!.count;
    });
    await openPage(page, '/dashboard/task');
    for (const title of ['待确认预约', '今日场次', '未读消息', '失败的任务执行']) {
      await expect(page.locator('.ant-card-head-title', { hasText: title })).toBeVisible();
    }
    const notices = page.locator('[data-task="notices"]');
    await expect(notices.locator('.ant-badge')).toContainText(String(unread));
    await shot(page, 'IndexTask');
    await notices.getByRole('button', { name: /查看全部/ }).click();
    await expect(page).toHaveURL(/\/isps\/userAnnouncement$/);
    // 待确认预约 → 答题预约 filtered on 待确认: only pending rows listed
    await openPage(page, '/dashboard/task');
    await page
      .locator('[data-task="reservations"]')
      .getByRole('button', { name: /查看全部/ })
      .click();
    await expect(page).toHaveURL(/\/answer\/reservation\?status=0$/);
    const pending = page.locator('[data-page-key^="/answer/reservation"]:visible');
    const tags = pending.locator('.ant-table-tbody tr.ant-table-row [data-testid="reservation-status"]');
    await expect(tags.first()).toBeVisible();
    await expect(tags.filter({ hasNotText: '待确认' })).toHaveCount(0);
  });

  test('监控: live figures refresh by themselves; database healthy; two echarts', async ({ page }) => {
    await signIn(page);
    await openPage(page, '/dashboard/monitor');
    await expect(page.getByText('服务器实时概览')).toBeVisible();
    const rps = page.locator('.answer-stat', { hasText: '请求/秒' });
    // the rate needs two samples: the first automatic refresh (5 s) turns — into a number
    await expect(rps.locator('.ant-statistic-content-value')).toHaveText(/^\d+(\.\d+)?$/, { timeout: 15_000 });
    await expect(
      page.locator('.answer-stat', { hasText: '错误率' }).locator('.ant-statistic-content-value'),
    ).toHaveText(/^\d+\.\d\d%$/);
    await expect(page.locator('[data-health="database"]')).toContainText('正常');
    await expect(page.locator('.answer-stat', { hasText: '事件循环延迟 p99' })).toContainText('ms');
    await expect(chart(page, '每秒请求数与错误率').locator('svg text', { hasText: '请求/秒' }).first()).toBeVisible();
    await expect(chart(page, '响应时间与事件循环延迟').locator('svg')).toBeVisible();
    await shot(page, 'Monitor');
  });

  test('工作台: greeting, the user’s activity, teams, quick links and the radar', async ({ page, request }) => {
    const code = `dash${Date.now().toString(36)}`;
    await asAdmin(request, async (token) => {
      const r = await api(request, token, 'POST', '/sys/position/add', { code, name: '看板测试岗位', postRank: '1' });
      expect(r.success, r.message).toBe(true);
    });
    await signIn(page);
    await openPage(page, '/dashboard/workplace');
    await expect(page.getByText(/^(早上好|上午好|中午好|下午好|晚上好)，管理员，祝你开心每一天！$/)).toBeVisible();
    await expect(page.getByText('部门经理 | 北京国炬软件')).toBeVisible();
    const activity = page.locator('.ant-card', { has: page.locator('.ant-card-head-title', { hasText: /^动态$/ }) });
    await expect(activity.locator('.ant-list-item').first()).toContainText('管理员 在');
    await expect(activity).toContainText('POST /jeecg-boot/sys/position/add');
    await expect(page.locator('.ant-card', { hasText: '团队' }).last()).toContainText('北京国炬软件');
    // the example projects belong to another module: none yet is shown as such, not as an error
    await expect(page.locator('.ant-card', { hasText: '进行中的项目' }).first()).toBeVisible();
    const radar = chart(page, '个人、团队与部门的近30天活跃指数');
    await expect(radar.locator('svg text', { hasText: '登录' }).first()).toBeVisible();
    await shot(page, 'Workplace');
    // the quick links are the user's first menu pages (the quiz's come first under 答题管理)
    await page.locator('.ant-card', { hasText: '快速开始' }).getByRole('button', { name: '题库管理' }).click();
    await expect(page).toHaveURL(/\/answer\/question$/);

    await asAdmin(request, async (token) => {
      const list = await api<{ records: Array<{ id: string }> }>(
        request,
        token,
        'GET',
        `/sys/position/list?code=${code}`,
      );
      for (const p of list.result.records) await api(request, token, 'DELETE', `/sys/position/delete?id=${p.id}`);
    });
  });

  test('个人中心: profile with position, departments and roles; activity and team tabs', async ({ page }) => {
    await signIn(page);
    await openPage(page, '/account/center');
    await expect(page.getByText('部门经理', { exact: true })).toBeVisible();
    await expect(page.getByTestId('account-roles')).toContainText('管理员');
    await expect(page.getByRole('tab', { name: '最近动态' })).toHaveAttribute('aria-selected', 'true');
    await expect(page.locator('.answer-activity .ant-list-item').first()).toContainText('管理员 在');
    await expect(page.locator('.answer-activity')).toContainText('登录');
    await shot(page, 'AccountCenter');
    await page.getByRole('tab', { name: '我的团队' }).click();
    await expect(page.getByRole('tabpanel', { name: '我的团队' })).toContainText('北京国炬软件');
    await page.getByRole('tab', { name: '基本信息' }).click();
    await expect(page.getByRole('tabpanel', { name: '基本信息' })).toContainText('admin');
  });
});
