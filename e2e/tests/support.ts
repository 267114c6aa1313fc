import { type APIRequestContext, expect, type Locator, type Page } from '@playwright/test';

/**
 * Signs in through the real login page (CAPTCHA=off in the e2e server) and waits for the shell (its side menu, unless
 * `withSider` is false: at phone width the menu is a closed drawer). Seeded users all have the demo password 123456:
 * admin (role admin, every permission), jeecg (role test: home, 用户管理 list only, 我的消息).
 */
export async function signIn(
  page: Page,
  username = 'admin',
  password = '123456',
  { withSider = true }: { withSider?: boolean } = {},
): Promise<void> {
  await page.goto('/user/login');
  await page.getByPlaceholder('请输入帐户名').fill(username);
  await page.getByPlaceholder('请输入密码').fill(password);
  await page.getByPlaceholder('请输入验证码').fill('0000');
  await page.locator('button.login-submit').click();
  await expect(page).toHaveURL(/\/dashboard\/analysis/);
  if (withSider) await expect(page.locator('.answer-sider')).toBeVisible();
}

/** Opens a page of the menu by its url (e.g. `/isystem/user`) once signed in, and waits for its content. */
export async function openPage(page: Page, url: string): Promise<void> {
  await page.goto(url);
  await expect(page.locator('.answer-sider')).toBeVisible();
}

/**
 * Waits until an antd overlay (modal, drawer, dropdown) has finished its opening motion: no `*-appear` / `*-enter`
 * class left, and the same box on two reads in a row. A click computed during the zoom lands where the button was a
 * frame earlier and is lost.
 */
export async function settled(target: Locator): Promise<void> {
  await expect(target).not.toHaveClass(/(^|\s)[\w-]+-(appear|enter)(\s|$)/);
  let last = '';
  await expect
    .poll(
      async () => {
        const now = JSON.stringify(await target.boundingBox());
        const same = now === last && now !== 'null';
        last = now;
        return same;
      },
      { intervals: [100] },
    )
    .toBe(true);
}

type Envelope<T = unknown> = { success: boolean; message: string; code: number; result: T };

/** One API call with a token (for test set-up and clean-up, never for what a test asserts on screen). */
export async function api<T = unknown>(
  request: APIRequestContext,
  token: string,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  data?: unknown,
): Promise<Envelope<T>> {
  const res = await request.fetch(`/jeecg-boot${url}`, {
    method,
    headers: { 'X-Access-Token': token, 'tenant-id': '0' },
    data: data as never,
  });
  return (await res.json()) as Envelope<T>;
}

/** Runs `work` with a fresh admin session of its own (signed in through the API, signed out afterwards). */
export async function asAdmin(request: APIRequestContext, work: (token: string) => Promise<void>): Promise<void> {
  const res = await request.post('/jeecg-boot/sys/login', {
    data: { username: 'admin', password: '123456', captcha: '0000', checkKey: String(Date.now()) },
  });
  const body = (await res.json()) as Envelope<{ token: string }>;
  expect(body.success, body.message).toBe(true);
  const token = body.result.token;
  try {
    await work(token);
  } finally {
    await request.post('/jeecg-boot/sys/logout', { headers: { 'X-Access-Token': token } });
  }
}

/**
 * Removes users a test created (logical delete, then purge from the recycle bin), so that later spec files see only
 * the seeded users again: the browser suite shares one server and database across spec files.
 */
export async function purgeUsers(request: APIRequestContext, usernames: readonly string[]): Promise<void> {
  await asAdmin(request, async (token) => {
    const live: string[] = [];
    for (const username of usernames) {
      const found = await api<{ records: { id: string; username: string }[] }>(
        request,
        token,
        'GET',
        `/sys/user/list?username=${encodeURIComponent(username)}&pageSize=100`,
      );
      for (const r of found.result?.records ?? []) if (r.username === username) live.push(r.id);
    }
    if (live.length) {
      const deleted = await api(request, token, 'DELETE', `/sys/user/deleteBatch?ids=${live.join(',')}`);
      expect(deleted.success, deleted.message).toBe(true);
    }
    const bin = await api<{ id: string; username: string }[]>(request, token, 'GET', '/sys/user/recycleBin');
    const binned = (bin.result ?? []).filter((r) => usernames.includes(r.username)).map((r) => r.id);
    if (!binned.length) return;
    const purged = await api(request, token, 'DELETE', `/sys/user/deleteRecycleBin?userIds=${binned.join(',')}`);
    expect(purged.success, purged.message).toBe(true);
  });
}

/** Ends every live session of a user (through 在线用户's force logout), e.g. sessions left by earlier spec files. */
export async function endSessionsOf(request: APIRequestContext, username: string): Promise<void> {
  await asAdmin(request, async (token) => {
    const list = await api<{ records: { token: string; username: string }[] }>(
      request,
      token,
      'GET',
      `/sys/online/list?username=${encodeURIComponent(username)}&pageSize=100`,
    );
    for (const r of list.result?.records ?? []) {
      if (r.username === username) await api(request, token, 'POST', '/sys/online/forceLogout', { token: r.token });
    }
  });
}
