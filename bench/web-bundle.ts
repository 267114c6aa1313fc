/**
 * Web bundle budget: the JavaScript a browser downloads before the login form can be used.
 *
 * Starts the real server on a throw-away embedded database (port 18095, CAPTCHA=off) serving the current
 * apps/web/dist, opens /user/login in Debian's Chromium (cold cache) and counts every JavaScript response that had
 * fully arrived when the username input first existed enabled (a MutationObserver in the page takes that moment;
 * Resource Timing's responseEnd says what had arrived). Each body is gzipped here (level 9, as Vite's size report;
 * the server itself does not compress). Prints the table, plus what loads in the seconds after (not counted), and
 * exits 1 when the total exceeds the budget.
 *
 *   npm run build -w @answer/web && node --import tsx bench/web-bundle.ts
 *
 * Env: WEB_BUNDLE_BUDGET_KB (default 200), BENCH_WEB_PORT (default 18095), BENCH_WEB_DIST (default apps/web/dist),
 * CHROMIUM_PATH (default /usr/bin/chromium). Sizes in kB of 1000 bytes.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium, type Response } from 'playwright-core';

const root = path.resolve(import.meta.dirname, '..');
const BUDGET_KB = Number(process.env.WEB_BUNDLE_BUDGET_KB ?? 200);
const PORT = Number(process.env.BENCH_WEB_PORT ?? 18095);
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
/** after the form is usable, how long to keep listening for the chunks that load behind it (reported, not counted) */
const AFTER_MS = 3000;
/** the build to measure (another one, e.g. a copy of an older build, for a before/after comparison) */
const WEB_DIST = path.resolve(process.env.BENCH_WEB_DIST ?? path.join(root, 'apps/web/dist'));

interface Row {
  file: string;
  raw: number;
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

function isScript(res: Response): boolean {
  const type = res.headers()['content-type'] ?? '';
  return /javascript|ecmascript/.test(type) || /\.m?js(\?|$)/.test(new URL(res.url()).pathname);
}

async function rowOf(res: Response): Promise<Row> {
  const body = await res.body();
  return { file: new URL(res.url()).pathname, raw: body.length, gzip: gzipSync(body, { level: 9 }).length };
}

const kb = (n: number) => (n / 1000).toFixed(1);

function printTable(title: string, rows: Row[]): number {
  const total = rows.reduce((n, r) => n + r.gzip, 0);
  const width = Math.max(30, ...rows.map((r) => r.file.length));
  console.log(`\n${title}`);
  console.log(`${'file'.padEnd(width)}  ${'raw KB'.padStart(8)}  ${'gzip KB'.padStart(8)}`);
  for (const r of [...rows].sort((a, b) => b.gzip - a.gzip)) {
    console.log(`${r.file.padEnd(width)}  ${kb(r.raw).padStart(8)}  ${kb(r.gzip).padStart(8)}`);
  }
  const raw = rows.reduce((n, r) => n + r.raw, 0);
  console.log(`${`total (${rows.length} files)`.padEnd(width)}  ${kb(raw).padStart(8)}  ${kb(total).padStart(8)}`);
  return total;
}

async function main(): Promise<number> {
  if (!fs.existsSync(path.join(WEB_DIST, 'index.html'))) {
    console.error(`${WEB_DIST} has no build: run \`npm run build -w @answer/web\` first`);
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
    const page = await browser.newPage({ viewport: { width: 1366, height: 768 }, locale: 'zh-CN' });
    // the moment the username input exists and is enabled, taken in the page (no polling delay)
    // (a string: tsx would put its own helpers into a function's source)
    await page.addInitScript(`
      new MutationObserver(() => {
        const input = document.querySelector('input[placeholder="请输入帐户名"]');
        if (window.__loginReady === undefined && input && !input.disabled) window.__loginReady = performance.now();
      }).observe(document, { childList: true, subtree: true, attributes: true });
    `);
    const bodies = new Map<string, Promise<Row>>();
    page.on('response', (res) => {
      if (isScript(res) && res.status() === 200) bodies.set(res.url(), rowOf(res));
    });
    await page.goto(`${server.base}/user/login`);
    await page.waitForFunction(
      () => (window as unknown as { __loginReady?: number }).__loginReady !== undefined,
      null,
      {
        timeout: 60_000,
      },
    );
    await page.waitForTimeout(AFTER_MS);
    // Resource Timing says which scripts had fully arrived when the form became usable
    const { ready, scripts } = (await page.evaluate(`({
      ready: window.__loginReady,
      scripts: performance.getEntriesByType('resource').map((e) => ({ url: e.name, end: e.responseEnd })),
    })`)) as { ready: number; scripts: { url: string; end: number }[] };
    const before: Promise<Row>[] = [];
    const after: Promise<Row>[] = [];
    for (const [url, row] of bodies) {
      const timing = scripts.find((s) => s.url === url);
      (timing && timing.end <= ready ? before : after).push(row);
    }
    const elapsed = Math.round(ready);

    const critical = await Promise.all(before);
    const total = printTable(`JS loaded before the login form is usable (at ${elapsed} ms, cold cache):`, critical);
    const later = await Promise.all(after);
    if (later.length) printTable(`JS loaded in the ${AFTER_MS / 1000} s after it (not counted):`, later);

    const over = total > BUDGET_KB * 1000;
    console.log(
      `\nlogin critical path: ${kb(total)} KB gzip of a ${BUDGET_KB} KB budget — ${over ? 'OVER BUDGET' : 'ok'}`,
    );
    return over ? 1 : 0;
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
