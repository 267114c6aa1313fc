/**
 * `npm run bench:heap` (issue 28): the console kept open all day. Signs in to the BUILT app in Debian's Chromium,
 * opens every routed menu leaf one after the other as a menu click does (the tabs fill up to their cap, kept-alive
 * pages stay mounted in the background), then collects garbage and prints the page's JS heap, the DOM counters and
 * the pages still mounted — at 1366×768 and at 375×812. Also printed: the heap right after sign-in (the floor) and
 * after closing every tab but the current one (what a walk leaves behind). Not a test; exit code 2 when it cannot run.
 *
 * With BENCH_HEAP_ALL_KEPT=1 every menu entry is first marked kept alive (meta keepAlive + componentName, through
 * /sys/permission/edit), the worst case of an installation that keeps every page alive.
 *
 * Env: BENCH_WEB_DIST (default apps/web/dist), BENCH_HEAP_PORT (18097), CHROMIUM_PATH, BENCH_HEAP_ALL_KEPT.
 */
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { leavesOf, type MenuItem } from '../e2e/tests/menu-tree';
import { root, runBrowserBench, signIn } from './browser';

const WEB_DIST = path.resolve(process.env.BENCH_WEB_DIST ?? path.join(root, 'apps/web/dist'));
const PORT = Number(process.env.BENCH_HEAP_PORT ?? 18097);

interface Sample {
  heapMB: number;
  nodes: number;
  listeners: number;
  pages: number;
  tabs: number;
}

async function sample(page: Page): Promise<Sample> {
  const cdp = await page.context().newCDPSession(page);
  for (let i = 0; i < 3; i++) await cdp.send('HeapProfiler.collectGarbage');
  const { usedSize } = (await cdp.send('Runtime.getHeapUsage')) as { usedSize: number };
  const dom = (await cdp.send('Memory.getDOMCounters')) as { nodes: number; jsEventListeners: number };
  await cdp.detach();
  const counts = (await page.evaluate(`({
    pages: document.querySelectorAll('.answer-page').length,
    tabs: document.querySelectorAll('.answer-multitab-label').length,
  })`)) as { pages: number; tabs: number };
  return { heapMB: usedSize / 1048576, nodes: dom.nodes, listeners: dom.jsEventListeners, ...counts };
}

const show = (s: Sample) =>
  `JS heap ${s.heapMB.toFixed(1)} MB, DOM nodes ${s.nodes}, JS listeners ${s.listeners}, pages mounted ${s.pages}, tabs ${s.tabs}`;

/** the current location's page has content (or 20 s passed) and no spinner of its own is left (or 5 s more) */
async function settled(page: Page, to: string): Promise<void> {
  const ready = `(() => {
    const pages = [...document.querySelectorAll('.answer-page')];
    const cur = pages.find((el) => { const k = el.dataset.pageKey || ''; return k === ${JSON.stringify(to)} || k.startsWith(${JSON.stringify(`${to}?`)}); });
    return Boolean(cur && cur.innerHTML.trim() && !cur.querySelector('.app-boot'));
  })()`;
  await page.waitForFunction(ready, null, { timeout: 20_000 }).catch(() => {});
  await page
    .waitForFunction(
      `!document.querySelector('.answer-page:not([hidden]) .ant-spin-spinning, .answer-page:not([hidden]) .ant-skeleton-active')`,
      null,
      { timeout: 5_000 },
    )
    .catch(() => {});
}

async function walk(browser: Browser, base: string, width: number, height: number) {
  const context = await browser.newContext({
    viewport: { width, height },
    locale: 'zh-CN',
    timezoneId: 'Asia/Shanghai',
  });
  const page = await context.newPage();
  try {
    await signIn(page, base);
    await settled(page, new URL(page.url()).pathname);
    const token = (await page.evaluate(
      `JSON.parse(localStorage.getItem('pro__Access-Token') || '{}').value`,
    )) as string;
    const menu = (await page.evaluate(
      `fetch('/jeecg-boot/sys/permission/getUserPermissionByToken', { headers: { 'X-Access-Token': ${JSON.stringify(token)} } }).then((r) => r.json())`,
    )) as { result: { menu: MenuItem[] } };
    if (process.env.BENCH_HEAP_ALL_KEPT === '1' && width === 1366) {
      const marked = (await page.evaluate(`(async () => {
        const headers = { 'X-Access-Token': ${JSON.stringify(token)}, 'Content-Type': 'application/json' };
        const tree = (await (await fetch('/jeecg-boot/sys/permission/list', { headers })).json()).result;
        const rows = [];
        const flat = (xs) => { for (const x of xs || []) { rows.push(x); flat(x.children); } };
        flat(tree);
        let n = 0;
        for (const r of rows) {
          if (String(r.menuType) !== '1' || r.keepAlive) continue;
          const { children, ...row } = r;
          const body = { ...row, keepAlive: true, componentName: row.componentName || 'Page' + row.id };
          const res = await (await fetch('/jeecg-boot/sys/permission/edit', { method: 'PUT', headers, body: JSON.stringify(body) })).json();
          if (res.success) n++;
        }
        return n;
      })()`)) as number;
      console.log(`  (every menu entry kept alive: ${marked} entries marked)`);
      await page.reload();
      await settled(page, new URL(page.url()).pathname);
    }
    const leaves = leavesOf(menu.result.menu);
    const start = await sample(page);
    for (const leaf of leaves) {
      await page.evaluate((to) => {
        window.history.pushState({}, '', to);
        window.dispatchEvent(new PopStateEvent('popstate'));
      }, leaf.path);
      await settled(page, leaf.path);
    }
    const after = await sample(page);
    // 关闭其他 as a user would: every background tab closed, the current one kept
    await page.locator('.answer-multitab .ant-tabs-tab-active .answer-multitab-label').click({ button: 'right' });
    await page.getByRole('menuitem', { name: /关闭其他/ }).click({ timeout: 5_000 });
    await page.waitForFunction(`document.querySelectorAll('.answer-multitab-label').length <= 2`, null, {
      timeout: 5_000,
    });
    await page.waitForTimeout(500);
    const closed = await sample(page);
    return { leaves: leaves.length, start, after, closed };
  } finally {
    await context.close();
  }
}

runBrowserBench({ name: 'heap', port: PORT, webDist: WEB_DIST }, async (server, browser) => {
  console.log(`\nconsole heap after visiting every menu leaf — built app ${WEB_DIST}\n`);
  for (const [w, h] of [
    [1366, 768],
    [375, 812],
  ] as const) {
    const r = await walk(browser, server.base, w, h);
    console.log(`${w}×${h}, ${r.leaves} leaves`);
    console.log(`  after sign-in:            ${show(r.start)}`);
    console.log(`  after the walk:           ${show(r.after)}`);
    console.log(`  after 关闭其他:            ${show(r.closed)}`);
  }
  return 0;
});
