import { type APIRequestContext, expect, type Locator, type Page, test, type WebSocket } from '@playwright/test';
import { openPage, signIn } from './support';

// 系统通告 → live bell of another user (WebSocket push), 通知消息 viewer with sanitised content, 我的消息 全部标记已读,
// and 模板管理 发送测试 → 消息管理.

const ANNT_URL = '/isystem/annountCement';
const MY_URL = '/isps/userAnnouncement';
const MSG_URL = '/modules/message/sysMessageList';
const TPL_URL = '/modules/message/sysMessageTemplateList';
const pageOf = (page: Page, url: string) => page.locator(`[data-page-key="${url}"]`);
const rowOf = (scope: Locator, text: string) => scope.locator('.ant-table-tbody tr.ant-table-row', { hasText: text });
const bell = (page: Page) => page.getByRole('button', { name: /^消息通知（\d+条未读）$/ });
const stamp = Date.now() % 100000;

async function bellCount(page: Page): Promise<number> {
  const label = (await bell(page).getAttribute('aria-label')) ?? '';
  return Number(/（(\d+)条未读）/.exec(label)?.[1] ?? Number.NaN);
}

async function more(page: Page, row: Locator, entry: string, confirm = false) {
  await row.locator('.ant-dropdown-link').hover();
  await page.locator('.ant-dropdown:visible .ant-dropdown-menu-item', { hasText: entry }).click();
  if (confirm)
    await page
      .locator('.ant-popover:visible')
      .getByRole('button', { name: /确\s*定/ })
      .click();
}

/** an admin session through the API (for content the editor cannot produce: raw HTML with script) */
async function apiToken(request: APIRequestContext): Promise<string> {
  const res = await request.post('/jeecg-boot/sys/login', {
    data: { username: 'admin', password: '123456', captcha: '0000', checkKey: String(Date.now()) },
  });
  const body = (await res.json()) as { result: { token: string } };
  return body.result.token;
}

/** waits for the bell's WebSocket and collects the frames it receives */
function watchSocket(page: Page): { frames: string[]; opened: Promise<WebSocket> } {
  const frames: string[] = [];
  const opened = page.waitForEvent('websocket', { predicate: (ws) => ws.url().includes('/jeecg-boot/websocket/') });
  void opened.then((ws) => ws.on('framereceived', (f) => frames.push(String(f.payload))));
  return { frames, opened };
}

test('an announcement released by admin reaches jeecg live, opens sanitised, and is read', async ({
  browser,
  request,
}) => {
  test.setTimeout(150_000);
  const admin = await (await browser.newContext({ viewport: { width: 1366, height: 768 } })).newPage();
  const jeecgCtx = await browser.newContext({ viewport: { width: 1366, height: 768 } });
  const jeecg = await jeecgCtx.newPage();

  // jeecg is signed in with the bell's socket open
  const socket = watchSocket(jeecg);
  await signIn(jeecg, 'jeecg');
  await socket.opened;
  await expect(bell(jeecg)).toBeVisible();
  await expect.poll(() => bellCount(jeecg)).toBeGreaterThanOrEqual(0);
  const before = await bellCount(jeecg);

  // ---- admin writes an announcement in the editor and releases it
  await signIn(admin);
  await openPage(admin, ANNT_URL);
  const list = pageOf(admin, ANNT_URL);
  await list.getByRole('button', { name: /新\s*增/ }).click();
  const modal = admin.locator('.ant-modal:visible', { hasText: '消息类型' });
  await expect(modal).toBeVisible();
  const title = `端到端通告${stamp}`;
  await modal.getByLabel('标题').fill(title);
  await modal.getByLabel('高').check();
  await modal.locator('.answer-rte-content').click();
  await admin.keyboard.type('明天上午九点开始安全知识测试，请准时参加。');
  await modal.getByRole('button', { name: '加粗' }).click();
  await admin.keyboard.type('务必带好证件');
  await admin.screenshot({ path: '/tmp/announcement-form.png' });
  await modal.getByRole('button', { name: /确\s*定/ }).click();
  await expect(admin.getByText('添加成功！')).toBeVisible();
  const row = rowOf(list, title);
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('未发布');
  await expect(row.locator('.ant-tag', { hasText: '高' })).toHaveClass(/ant-tag-red/);

  await more(admin, row, '发布', true);
  await expect(admin.getByText('该系统通知发布成功')).toBeVisible();
  const releasedAt = Date.now();
  await expect(row).toContainText('已发布');
  await admin.screenshot({ path: '/tmp/announcement-list.png' });

  // ---- jeecg's bell goes up within 2 s without a reload, pushed over the socket
  await expect(bell(jeecg)).toHaveAccessibleName(`消息通知（${before + 1}条未读）`, { timeout: 2000 });
  expect(Date.now() - releasedAt).toBeLessThan(2500);
  expect(socket.frames.some((f) => f.includes('"cmd":"topic"') && f.includes(title))).toBe(true);

  // ---- a hostile announcement (API) is shown without script, handlers or javascript: links
  const token = await apiToken(request);
  const headers = { 'X-Access-Token': token };
  const evilTitle = `安全测试${stamp}`;
  const add = await request.post('/jeecg-boot/sys/annountCement/add', {
    headers,
    data: {
      titile: evilTitle,
      msgContent:
        '<p>安全内容</p><script>window.__xss = 1</script><img src="/x.png" onerror="window.__xss = 2"><a href="javascript:window.__xss = 3">危险链接</a>',
      priority: 'L',
      msgCategory: '1',
      msgType: 'ALL',
    },
  });
  expect(((await add.json()) as { success: boolean }).success).toBe(true);
  const found = await request.get(`/jeecg-boot/sys/annountCement/list?titile=${encodeURIComponent(evilTitle)}`, {
    headers,
  });
  const evilId = ((await found.json()) as { result: { records: Array<{ id: string }> } }).result.records[0].id;
  await request.get(`/jeecg-boot/sys/annountCement/doReleaseData?id=${evilId}`, { headers });
  await expect(bell(jeecg)).toHaveAccessibleName(`消息通知（${before + 2}条未读）`, { timeout: 2000 });

  await bell(jeecg).click();
  const popover = jeecg.locator('.answer-notice-popover');
  await expect(popover).toBeVisible();
  await jeecg.screenshot({ path: '/tmp/announcement-bell.png' });
  await popover.locator('.answer-notice-item', { hasText: evilTitle }).click();
  const viewer = jeecg.locator('.ant-modal:visible', { hasText: '通知消息' });
  await expect(viewer).toBeVisible();
  await expect(viewer).toContainText(evilTitle);
  await expect(viewer).toContainText('安全内容');
  await expect(viewer).toContainText('管理员');
  const html = await viewer.locator('.answer-announcement-body').innerHTML();
  expect(html).not.toMatch(/<script|onerror|javascript:/i);
  expect(await jeecg.evaluate(() => (window as unknown as { __xss?: number }).__xss)).toBeUndefined();
  await jeecg.screenshot({ path: '/tmp/announcement-viewer.png' });
  await viewer.locator('.ant-modal-footer').getByRole('button', { name: '关闭' }).click();
  // opening marks it read
  await expect(bell(jeecg)).toHaveAccessibleName(`消息通知（${before + 1}条未读）`);

  // ---- 我的消息: unread first, 全部标记已读
  await openPage(jeecg, MY_URL);
  const mine = pageOf(jeecg, MY_URL);
  await expect(rowOf(mine, title)).toContainText('未读');
  await expect(rowOf(mine, evilTitle)).toContainText('已读');
  const firstRow = mine.locator('.ant-table-tbody tr.ant-table-row').first();
  await expect(firstRow).toContainText('未读');
  await jeecg.screenshot({ path: '/tmp/announcement-mine.png' });
  await mine.getByRole('button', { name: '全部标记已读' }).click();
  await jeecg
    .locator('.ant-popover:visible')
    .getByRole('button', { name: /确\s*定/ })
    .click();
  await expect(jeecg.getByText('全部已读')).toBeVisible();
  await expect(rowOf(mine, title)).toContainText('已读');
  await expect(bell(jeecg)).toHaveAccessibleName('消息通知（0条未读）');

  await jeecgCtx.close();
  await admin.context().close();
});

test('发送测试 of a template stores a message and delivers a 系统消息', async ({ page }) => {
  test.setTimeout(90_000);
  await signIn(page);
  await openPage(page, TPL_URL);
  const templates = pageOf(page, TPL_URL);
  const row = rowOf(templates, 'SYS_NOTICE');
  await expect(row).toContainText('系统维护通知');
  await page.screenshot({ path: '/tmp/announcement-templates.png' });
  await more(page, row, '发送测试');
  const modal = page.locator('.ant-modal:visible', { hasText: '发送测试' });
  await expect(modal).toBeVisible();
  await expect(modal.getByLabel('测试数据')).toHaveValue(/"name"/);
  await modal.getByLabel('测试数据').fill('[1]');
  await modal.getByLabel('消息接收方').fill('jeecg');
  await modal.getByRole('button', { name: /发\s*送/ }).click();
  await expect(modal.getByText('请输入 JSON 对象')).toBeVisible();
  await modal.getByLabel('测试数据').fill(`{"name":"jeecg","time":"今晚${stamp}"}`);
  await page.screenshot({ path: '/tmp/announcement-send-test.png' });
  await modal.getByRole('button', { name: /发\s*送/ }).click();
  await expect(page.getByText('消息发送成功！')).toBeVisible();
  await expect(modal).toBeHidden();

  await openPage(page, MSG_URL);
  const messages = pageOf(page, MSG_URL);
  const msg = rowOf(messages, `今晚${stamp}`);
  await expect(msg).toHaveCount(1);
  await expect(msg).toContainText('jeecg');
  await expect(msg).toContainText('推送成功');
  await expect(msg).toContainText('系统消息');
  await page.screenshot({ path: '/tmp/announcement-messages.png' });
});
