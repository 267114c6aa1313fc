/**
 * Web bundle budgets, measured in Chromium as the bytes that actually crossed the wire.
 *
 * Starts the real server on a throw-away embedded database (port 18095, CAPTCHA=off) serving the current
 * apps/web/dist, then walks one user's first visit in Debian's Chromium (cold cache):
 *   1. login   — /user/login until the username input exists enabled (a MutationObserver in the page takes that
 *                moment; Resource Timing's responseEnd says what had arrived by then: the login critical path);
 *   2. home    — sign in as admin, until the analysis dashboard has drawn its chart;
 *   3. users   — open 系统管理 › 用户管理 from the side menu, until the list shows its rows.
 * Each step ends when the network has been quiet for a second. For every JavaScript (and CSS) response it records the
 * encoded body size Chromium received (`Content-Encoding` as sent: br, gzip or none), the decoded size, and the size
 * the body has gzipped at level 9 (what the build's `.gz` copy weighs), and prints one table per step.
 *
 * Budgets (JavaScript only, kB of 1000 bytes):
 *   - login critical path ≤ WEB_BUNDLE_BUDGET_KB (default 200);
 *   - login + home + users together ≤ WEB_FLOW_BUDGET_KB (default 450).
 * A budget is checked on the bytes transferred when every script arrived compressed; when the server sent any
 * script uncompressed the transferred figure is not comparable with a gzip budget, so the check falls back to the gzip
 * sizes and says so. Exits 1 when a budget is exceeded, 2 on a failure to measure.
 *
 *   npm run build && npm run bench:web
 *
 * Env: WEB_BUNDLE_BUDGET_KB, WEB_FLOW_BUDGET_KB, BENCH_WEB_PORT (default 18095), BENCH_WEB_DIST (default
 * apps/web/dist), CHROMIUM_PATH (default /usr/bin/chromium).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium, type Page, type Request } from 'playwright-core';

const root = path.resolve(import.meta.dirname, '..');
const LOGIN_BUDGET_KB = Number(process.env.WEB_BUNDLE_BUDGET_KB ?? 200);
const FLOW_BUDGET_KB = Number(process.env.WEB_FLOW_BUDGET_KB ?? 450);
const PORT = Number(process.env.BENCH_WEB_PORT ?? 18095);
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
/** a step is over when no request has been in flight for this long */
const QUIET_MS = 1000;
/** the build to measure (another one, e.g. a copy of an older build, for a before/after comparison) */
const WEB_DIST = path.resolve(process.env.BENCH_WEB_DIST ?? path.join(root, 'apps/web/dist'));

type Kind = 'js' | 'css';
type Step = 'login' | 'home' | 'users';

interface Row {
  step: Step;
  url: string;
  file: string;
  kind: Kind;
  /** Content-Encoding the server answered with ('' for none) */
  encoding: string;
  /** body bytes received (compressed when encoded) */
  transferred: number;
  /** decoded body bytes */
  raw: number;
  /** the decoded body gzipped at level 9 */
  gzip: number;
}

async function startServer(dataDir: string): Promise<{ proc: ChildProcess; base: string }> {
  const proc = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'apps/server/src/main.ts')], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(PORT),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      CAPTCHA: 'off',
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
      RATE_LIMIT_PER_MINUTE: '100000',
      LOGIN_RATE_LIMIT_PER_MINUTE: '100000',
      LOGIN_ACCOUNT_RATE_LIMIT_PER_MINUTE: '100000',
      AUTH_RATE_LIMIT_PER_MINUTE: '100000',
      WEB_DIST,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  // never leave the server behind, whatever ends this process
  process.once('exit', () => proc.kill('SIGKILL'));
  const base = `http://127.0.0.1:${PORT}`;
  for (let i = 0; i < 480; i++) {
    if (proc.exitCode !== null) throw new Error(`server exited with code ${proc.exitCode}`);
    try {
      if ((await fetch(`${base}/healthz`)).ok) return { proc, base };
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  proc.kill('SIGKILL');
  throw new Error('server did not start within 120 s');
}

function kindOf(req: Request, type: string): Kind | null {
  const pathname = new URL(req.url()).pathname;
  if (/javascript|ecmascript/.test(type) || /\.m?js$/.test(pathname)) return 'js';
  if (/text\/css/.test(type) || /\.css$/.test(pathname)) return 'css';
  return null;
}

/**
 * Records every finished JS / CSS response with its step, and knows when the network is quiet (no request in
 * flight for QUIET_MS; WebSockets do not count).
 */
class Recorder {
  step: Step = 'login';
  readonly rows: Promise<Row | null>[] = [];
  private inFlight = new Set<Request>();
  private lastChange = Date.now();

  constructor(page: Page) {
    page.on('request', (req) => {
      this.inFlight.add(req);
      this.lastChange = Date.now();
    });
    const done = (req: Request) => {
      this.inFlight.delete(req);
      this.lastChange = Date.now();
    };
    page.on('requestfailed', done);
    page.on('requestfinished', (req) => {
      done(req);
      this.rows.push(this.rowOf(req, this.step));
    });
  }

  private async rowOf(req: Request, step: Step): Promise<Row | null> {
    const res = await req.response();
    if (res?.status() !== 200) return null;
    const headers = await res.allHeaders();
    const kind = kindOf(req, headers['content-type'] ?? '');
    if (!kind) return null;
    const [body, sizes] = await Promise.all([res.body(), req.sizes()]);
    return {
      step,
      url: req.url(),
      file: new URL(req.url()).pathname,
      kind,
      encoding: headers['content-encoding'] ?? '',
      transferred: sizes.responseBodySize,
      raw: body.length,
      gzip: gzipSync(body, { level: 9 }).length,
    };
  }

  async quiet(timeoutMs = 60_000): Promise<void> {
    const start = Date.now();
    while (this.inFlight.size > 0 || Date.now() - this.lastChange < QUIET_MS) {
      if (Date.now() - start > timeoutMs) throw new Error(`network not quiet after ${timeoutMs / 1000} s`);
      await new Promise((r) => setTimeout(r, 100));
    }
  }

  async all(): Promise<Row[]> {
    return (await Promise.all(this.rows)).filter((r): r is Row => r !== null);
  }
}

const kb = (n: number) => (n / 1000).toFixed(1);
const sum = (rows: readonly Row[], key: 'transferred' | 'raw' | 'gzip') => rows.reduce((n, r) => n + r[key], 0);

function printTable(title: string, rows: Row[]): void {
  const width = Math.max(34, ...rows.map((r) => r.file.length));
  console.log(`\n${title}`);
  console.log(
    `${'file'.padEnd(width)}  ${'enc'.padEnd(4)}  ${'sent KB'.padStart(8)}  ${'raw KB'.padStart(8)}  ${'gzip KB'.padStart(8)}`,
  );
  for (const r of [...rows].sort((a, b) => b.gzip - a.gzip)) {
    console.log(
      `${r.file.padEnd(width)}  ${(r.encoding || '-').padEnd(4)}  ${kb(r.transferred).padStart(8)}  ${kb(r.raw).padStart(8)}  ${kb(r.gzip).padStart(8)}`,
    );
  }
  console.log(
    `${`total (${rows.length} files)`.padEnd(width)}  ${''.padEnd(4)}  ${kb(sum(rows, 'transferred')).padStart(8)}  ${kb(sum(rows, 'raw')).padStart(8)}  ${kb(sum(rows, 'gzip')).padStart(8)}`,
  );
}

/**
 * One budget check: on the bytes sent when every script came compressed, otherwise on their gzip sizes.
 * Returns true when over budget.
 */
function check(label: string, scripts: Row[], budgetKb: number): boolean {
  const plain = scripts.filter((r) => !r.encoding);
  const measured = plain.length === 0 ? sum(scripts, 'transferred') : sum(scripts, 'gzip');
  const how =
    plain.length === 0
      ? `sent (${[...new Set(scripts.map((r) => r.encoding))].join('/')}), gzip would be ${kb(sum(scripts, 'gzip'))} KB`
      : `gzip level 9 — the server sent ${plain.length} of ${scripts.length} scripts uncompressed (${kb(sum(plain, 'transferred'))} KB), so transferred bytes are not comparable`;
  const over = measured > budgetKb * 1000;
  console.log(
    `${label}: ${kb(measured)} KB of a ${budgetKb} KB budget, ${scripts.length} files [${how}] — ${over ? 'OVER BUDGET' : 'ok'}`,
  );
  return over;
}

async function main(): Promise<number> {
  if (!fs.existsSync(path.join(WEB_DIST, 'index.html'))) {
    console.error(`${WEB_DIST} has no build: run \`npm run build\` first`);
    return 2;
  }
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'answer-web-bundle-'));
  let server: { proc: ChildProcess; base: string } | undefined;
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });
  try {
    server = await startServer(dataDir);
    const context = await browser.newContext({
      viewport: { width: 1366, height: 768 },
      locale: 'zh-CN',
      timezoneId: 'Asia/Shanghai',
    });
    const page = await context.newPage();
    // the moment the username input exists and is enabled, taken in the page (no polling delay)
    // (a string: tsx would put its own helpers into a function's source)
    await page.addInitScript(`
      new MutationObserver(() => {
        const input = document.querySelector('input[placeholder="请输入帐户名"]');
        if (window.__loginReady === undefined && input && !input.disabled) window.__loginReady = performance.now();
      }).observe(document, { childList: true, subtree: true, attributes: true });
    `);
    const rec = new Recorder(page);

    // 1. login page
    await page.goto(`${server.base}/user/login`);
    await page.waitForFunction(
      () => (window as unknown as { __loginReady?: number }).__loginReady !== undefined,
      null,
      {
        timeout: 60_000,
      },
    );
    await rec.quiet();
    const { ready, timings } = (await page.evaluate(`({
      ready: window.__loginReady,
      timings: performance.getEntriesByType('resource').map((e) => ({ url: e.name, end: e.responseEnd })),
    })`)) as { ready: number; timings: { url: string; end: number }[] };

    // 2. sign in → home (the analysis dashboard with its chart drawn)
    rec.step = 'home';
    await page.getByPlaceholder('请输入帐户名').fill('admin');
    await page.getByPlaceholder('请输入密码').fill('123456');
    await page.getByPlaceholder('请输入验证码').fill('0000');
    await page.locator('button.login-submit').click();
    await page.waitForURL(/\/dashboard\/analysis/, { timeout: 60_000 });
    await page.locator('[aria-label="最近7天访问量"] svg').waitFor({ timeout: 60_000 });
    await rec.quiet();

    // 3. the user list, from the side menu
    rec.step = 'users';
    const sider = page.locator('.answer-sider');
    await sider.getByText('系统管理', { exact: true }).click();
    await sider.getByRole('menuitem', { name: '用户管理' }).click();
    await page.waitForURL(/\/isystem\/user$/, { timeout: 60_000 });
    // the user table's own rows (the home page stays mounted, hidden, with a table of its own)
    await page.locator('[data-testid="user-table"] .ant-table-row').first().waitFor({ timeout: 60_000 });
    await rec.quiet();

    const rows = await rec.all();
    const scripts = rows.filter((r) => r.kind === 'js');
    const loginScripts = scripts.filter((r) => r.step === 'login');
    const critical = loginScripts.filter((r) => {
      const t = timings.find((s) => s.url === r.url);
      return t !== undefined && t.end <= ready;
    });
    printTable(`login: JS before the form is usable (at ${Math.round(ready)} ms, cold cache)`, critical);
    const behind = loginScripts.filter((r) => !critical.includes(r));
    if (behind.length) printTable('login: JS loaded behind the usable form', behind);
    printTable(
      'home: JS loaded by signing in and drawing the dashboard',
      scripts.filter((r) => r.step === 'home'),
    );
    printTable(
      'users: JS loaded by opening 用户管理',
      scripts.filter((r) => r.step === 'users'),
    );
    const styles = rows.filter((r) => r.kind === 'css');
    if (styles.length) printTable('CSS over the three steps (not budgeted)', styles);

    console.log('');
    for (const step of ['login', 'home', 'users'] as const) {
      const s = scripts.filter((r) => r.step === step);
      console.log(
        `${step.padEnd(6)} ${String(s.length).padStart(3)} files  sent ${kb(sum(s, 'transferred')).padStart(7)} KB  gzip ${kb(sum(s, 'gzip')).padStart(7)} KB  raw ${kb(sum(s, 'raw')).padStart(7)} KB`,
      );
    }
    console.log('');
    const loginOver = check('login critical path', critical, LOGIN_BUDGET_KB);
    const flowOver = check('sign-in → home → user list', scripts, FLOW_BUDGET_KB);
    return loginOver || flowOver ? 1 : 0;
  } finally {
    await browser.close();
    if (server) {
      const { proc } = server;
      proc.kill('SIGTERM');
      await new Promise((r) => (proc.exitCode !== null ? r(null) : proc.once('exit', r)));
    }
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

main().then(
  (code) => process.exit(code),
  (err) => {
    console.error(err);
    process.exit(2);
  },
);
