import { expect, type Page, test } from '@playwright/test';
import { leavesOf, type MenuItem } from './menu-tree';
import { api, asAdmin, signIn } from './support';

// Every leaf of the seeded menu (as /sys/permission/getUserPermissionByToken gives it to admin) opens a real page:
// no MODULE_NOT_FOUND, no online placeholder (功能暂未开放), no route error boundary, no 404. External and iframe
// entries are left out (they open another site), and so are hidden `:param` routes (opened from their lists).

/**
 * Leaves that are still expected to be missing, with the issue that owns them. Empty this as they land: the test
 * fails when a leaf outside this set is missing AND when a leaf in it opens fine (so the list cannot go stale).
 */
const KNOWN_MISSING: ReadonlyMap<string, string> = new Map<string, string>([
  // ['/some/path', 'issue NN: what is still to build'],
]);

type Outcome = 'pending' | 'ok' | `missing: ${string}` | `error: ${string}`;

/** what the visible page of the current location shows, or 'pending' while its view is still loading */
function outcomeNow(page: Page, notFoundIsContent: boolean): Promise<Outcome> {
  return page.evaluate((notFoundPage: boolean): Outcome => {
    const here = window.location.pathname;
    const pages = [...document.querySelectorAll<HTMLElement>('.answer-page')].filter(
      (el) => el.offsetParent !== null || el.getClientRects().length > 0,
    );
    const current = pages.find((el) => {
      const key = el.dataset.pageKey ?? '';
      return key === here || key.startsWith(`${here}?`);
    });
    // a crash above the page (the shell's own boundary) replaces the layout
    const shellError = document.body.innerText.includes('页面出错了') && !document.querySelector('.answer-sider');
    if (shellError) return 'error: 页面出错了 (shell)';
    if (!current || current.querySelector('.app-boot') || !current.innerHTML.trim()) return 'pending';
    const text = current.innerText;
    if (text.includes('MODULE_NOT_FOUND')) return 'missing: MODULE_NOT_FOUND';
    if (text.includes('功能暂未开放')) return 'missing: online placeholder';
    if (text.includes('页面出错了')) return `error: ${text.slice(0, 200)}`;
    if (text.includes('页面加载失败')) return 'error: 页面加载失败';
    // a route nobody serves shows the router's 404; the 异常页 404 shows one on purpose
    if (!notFoundPage && current.querySelector('.ant-result-404')) return 'error: 404';
    return 'ok';
  }, notFoundIsContent);
}

test('every menu leaf opens its page (no MODULE_NOT_FOUND, no error boundary)', async ({ page, request }) => {
  test.setTimeout(240_000);
  let menu: MenuItem[] = [];
  await asAdmin(request, async (token) => {
    const res = await api<{ menu: MenuItem[] }>(request, token, 'GET', '/sys/permission/getUserPermissionByToken');
    expect(res.success, res.message).toBe(true);
    menu = res.result.menu;
  });
  const leaves = leavesOf(menu);
  expect(leaves.length).toBeGreaterThan(50);
  for (const path of KNOWN_MISSING.keys()) {
    expect(
      leaves.map((l) => l.path),
      `KNOWN_MISSING names ${path}, which is no menu leaf`,
    ).toContain(path);
  }

  await signIn(page);
  const pageErrors: string[] = [];
  page.on('pageerror', (err) => pageErrors.push(`${page.url()}: ${err.message}`));

  const missing: string[] = [];
  const broken: string[] = [];
  const nowWorking: string[] = [];
  for (const leaf of leaves) {
    // client-side navigation (as a menu click): the shell and its menu stay, only the view loads
    await page.evaluate((to) => {
      window.history.pushState({}, '', to);
      window.dispatchEvent(new PopStateEvent('popstate'));
    }, leaf.path);
    const seen: { outcome: Outcome } = { outcome: 'pending' };
    const notFoundIsContent = leaf.component.startsWith('exception/');
    await expect
      .poll(async () => (seen.outcome = await outcomeNow(page, notFoundIsContent)), {
        timeout: 20_000,
        message: `${leaf.path} never loaded`,
      })
      .not.toBe('pending');
    const { outcome } = seen;
    const label = `${leaf.title} ${leaf.path} (${leaf.component}): ${outcome}`;
    if (outcome.startsWith('error')) broken.push(label);
    else if (outcome.startsWith('missing') && !KNOWN_MISSING.has(leaf.path)) missing.push(label);
    else if (outcome === 'ok' && KNOWN_MISSING.has(leaf.path))
      nowWorking.push(`${label} — remove it from KNOWN_MISSING`);
  }

  expect(broken, 'leaves that show an error').toEqual([]);
  expect(missing, 'leaves missing outside KNOWN_MISSING').toEqual([]);
  expect(nowWorking, 'KNOWN_MISSING leaves that work now').toEqual([]);
  expect(pageErrors, 'uncaught page errors while walking the menu').toEqual([]);
});
