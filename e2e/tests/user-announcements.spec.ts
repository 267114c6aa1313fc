import { expect, type Locator, type Page, test } from '@playwright/test';
import { api, asAdmin, signIn } from './support';

// 我的消息 (/isps/userAnnouncement, spec 01 §routes / 02 §1): reached from the bell's 查看更多; 标记已读 on one row
// lowers the bell's unread count by one; the 状态 query narrows the list to unread ones.

const MY_URL = '/isps/userAnnouncement';
const bell = (page: Page) => page.getByRole('button', { name: /^消息通知（\d+条未读）$/ });
const rowOf = (scope: Locator, text: string) => scope.locator('.ant-table-tbody tr.ant-table-row', { hasText: text });

async function bellCount(page: Page): Promise<number> {
  const label = (await bell(page).getAttribute('aria-label')) ?? '';
  return Number(/（(\d+)条未读）/.exec(label)?.[1] ?? Number.NaN);
}

test('我的消息 from the bell: 标记已读 lowers the unread count, 查看 opens 通知消息', async ({ page, request }) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 1366, height: 768 });
  const stamp = Date.now() % 1000000;
  const titles = [`我的消息甲${stamp}`, `我的消息乙${stamp}`];
  // two announcements to everyone, released by admin (set-up through the API)
  await asAdmin(request, async (token) => {
    for (const titile of titles) {
      const added = await api(request, token, 'POST', '/sys/annountCement/add', {
        titile,
        msgContent: `<p>${titile}的内容</p>`,
        priority: 'M',
        msgCategory: '1',
        msgType: 'ALL',
      });
      expect(added.success, added.message).toBe(true);
      const found = await api<{ records: Array<{ id: string }> }>(
        request,
        token,
        'GET',
        `/sys/annountCement/list?titile=${encodeURIComponent(titile)}`,
      );
      const released = await api(
        request,
        token,
        'GET',
        `/sys/annountCement/doReleaseData?id=${found.result.records[0].id}`,
      );
      expect(released.success, released.message).toBe(true);
    }
  });

  await signIn(page, 'jeecg');
  await expect(bell(page)).toBeVisible();
  await expect.poll(() => bellCount(page)).toBeGreaterThanOrEqual(2);
  const before = await bellCount(page);

  // the bell's 查看更多 leads to 我的消息
  await bell(page).click();
  const popover = page.locator('.answer-notice-popover');
  await expect(popover).toBeVisible();
  await popover.getByRole('button', { name: '查看更多' }).first().click();
  await expect(page).toHaveURL(new RegExp(`${MY_URL}$`));
  const mine = page.locator(`[data-page-key="${MY_URL}"]`);
  const first = rowOf(mine, titles[0]);
  await expect(first).toContainText('未读');
  await expect(rowOf(mine, titles[1])).toContainText('未读');

  // 标题 query narrows to one
  await mine.getByLabel('标题').fill(titles[0]);
  await mine.getByRole('button', { name: /(^|\s)查\s*询$/ }).click();
  await expect(mine.locator('.ant-table-tbody tr.ant-table-row')).toHaveCount(1);
  await page.screenshot({ path: '/tmp/gaps-my-announcement.png' });

  // 标记已读: the row says 已读 and the bell goes down by one
  await first.getByText('标记已读').click();
  await expect(first).toContainText('已读');
  await expect(first.getByText('标记已读')).toHaveCount(0);
  await expect(bell(page)).toHaveAccessibleName(`消息通知（${before - 1}条未读）`);

  // 查看 of the other one opens 通知消息 with its content, and reading it lowers the count again
  await mine.getByRole('button', { name: /重\s*置/ }).click();
  const second = rowOf(mine, titles[1]);
  await second.getByText('查看').click();
  const viewer = page.getByRole('dialog').filter({ hasText: `${titles[1]}的内容` });
  await expect(viewer).toBeVisible();
  await expect(viewer).toContainText('通知消息');
  // the zoom-in has ended before the picture is taken
  await expect(page.locator('.ant-zoom-enter, .ant-zoom-appear')).toHaveCount(0);
  await page.screenshot({ path: '/tmp/gaps-my-announcement-viewer.png' });
  await viewer.locator('.ant-modal-footer').getByRole('button', { name: '关闭' }).click();
  await expect(bell(page)).toHaveAccessibleName(`消息通知（${before - 2}条未读）`);
  await expect(second).toContainText('已读');
});
