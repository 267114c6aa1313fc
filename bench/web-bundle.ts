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
 * Then the answering page (exam.html, issue 26), on an exam set up through the API (a subject, four questions, a
 * paper, an exam open now for jeecg and zhangsan, published):
 *   4. exam    — a candidate's first visit, in a fresh browser context (cold cache, 1366×768): jeecg opens /exam, is
 *                sent to its sign-in, signs in there (account, password, captcha), opens the exam from the list, reads
 *                the instructions, presses 开始答题, until the first question is on screen (then the network quiet).
 *                Counted: EVERY request of that path, both directions, as Chromium saw them on the wire
 *                (Playwright's request.sizes()): response status line + headers + body as received (encoded: br or
 *                gzip as the server sent it), plus request line + headers + body as sent — HTML, JS, CSS, images,
 *                fonts, API answers alike. DevTools' "transferred" is the received part only, so this is the larger
 *                figure. Printed with its JS/CSS table and a table per resource type;
 *   5. phone   — a slow phone: a new context at 375×812 (isMobile, hasTouch, device pixel ratio 1), Chromium's CPU
 *                throttled ×4 (Emulation.setCPUThrottlingRate) and DevTools' "Fast 3G" network (renamed "Slow 4G" in
 *                DevTools 2024, same figures: latency 150 × 3.75 = 562.5 ms, download 1.6 Mbit/s × 0.9 = 180 000 B/s,
 *                upload 750 kbit/s × 0.9 = 84 375 B/s; Network.emulateNetworkConditions). What is timed: zhangsan has
 *                signed in on that phone's answering page earlier (unthrottled; the token is in its storage) and opens
 *                the link of the exam's questions page (/exam/<id>/answer) — an attempt not started yet, so the server
 *                creates it — with the HTTP cache emptied first (Network.clearBrowserCache: the code arrives over
 *                3G too). From the start of that navigation (the page's time origin) to the first animation frame
 *                after the first question is in the document (a MutationObserver in the page takes the moment). The
 *                resources are printed in the order they loaded; a reload with the cache warm is printed beside it
 *                (not budgeted).
 *
 * Budgets (kB of 1000 bytes, not KiB: the smaller unit):
 *   - login critical path ≤ WEB_BUNDLE_BUDGET_KB (default 200), JavaScript only;
 *   - login + home + users together ≤ WEB_FLOW_BUDGET_KB (default 450), JavaScript only;
 *   - the answering page's first visit ≤ WEB_EXAM_BUDGET_KB (default 200), every byte as counted above;
 *   - the slow phone's first question ≤ WEB_EXAM_PHONE_BUDGET_MS (default 3000 ms).
 * A JavaScript budget is checked on the bytes transferred when every script arrived compressed; when the server sent
 * any script uncompressed the transferred figure is not comparable with a gzip budget, so the check falls back to the
 * gzip sizes and says so. Exits 1 when a budget is exceeded, 2 on a failure to measure.
 *
 *   npm run build && npm run bench:web
 *
 * Env: WEB_BUNDLE_BUDGET_KB, WEB_FLOW_BUDGET_KB, WEB_EXAM_BUDGET_KB, WEB_EXAM_PHONE_BUDGET_MS, BENCH_WEB_PORT
 * (default 18095), BENCH_WEB_DIST (default apps/web/dist), CHROMIUM_PATH (default /usr/bin/chromium).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { type Browser, chromium, type Page, type Request } from 'playwright-core';

const root = path.resolve(import.meta.dirname, '..');
const LOGIN_BUDGET_KB = Number(process.env.WEB_BUNDLE_BUDGET_KB ?? 200);
const FLOW_BUDGET_KB = Number(process.env.WEB_FLOW_BUDGET_KB ?? 450);
const EXAM_BUDGET_KB = Number(process.env.WEB_EXAM_BUDGET_KB ?? 200);
const PHONE_BUDGET_MS = Number(process.env.WEB_EXAM_PHONE_BUDGET_MS ?? 3000);
/**
 * Chrome DevTools' "Fast 3G" preset (front_end/core/sdk/NetworkManager.ts; "Slow 4G" since 2024, same figures;
 * Puppeteer's PredefinedNetworkConditions['Fast 3G']): bytes per second and milliseconds. Older DevTools used 1024
 * instead of 1000 (1.6 × 1024 × 1024 / 8 × 0.9 = 188 744 B/s): these are the slower ones.
 */
const FAST_3G = {
  offline: false,
  latency: 150 * 3.75,
  downloadThroughput: ((1.6 * 1000 * 1000) / 8) * 0.9,
  uploadThroughput: ((750 * 1000) / 8) * 0.9,
};
const CPU_SLOWDOWN = 4;
/** the phone of the slow run (device pixel ratio left at 1) */
const PHONE = { viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true } as const;
/** seeded users, password 123456 (the e2e suite's candidates too) */
const CANDIDATE = 'jeecg';
const PHONE_CANDIDATE = 'zhangsan';
const PASSWORD = '123456';
const EXAM_NAME = '网页预算考试';
const PORT = Number(process.env.BENCH_WEB_PORT ?? 18095);
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
/** a step is over when no request has been in flight for this long */
const QUIET_MS = 1000;
/** the build to measure (another one, e.g. a copy of an older build, for a before/after comparison) */
const WEB_DIST = path.resolve(process.env.BENCH_WEB_DIST ?? path.join(root, 'apps/web/dist'));

type Kind = 'js' | 'css';
type Step = 'login' | 'home' | 'users' | 'exam';

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

/** one request of a step as it crossed the wire (Playwright's request.sizes()) */
interface Wire {
  step: Step;
  url: string;
  /** Chromium's resource type: document, script, stylesheet, fetch, image, font … */
  type: string;
  method: string;
  status: number;
  /** response status line + headers + body as received (encoded) */
  received: number;
  /** request line + headers + body */
  sent: number;
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
  step: Step;
  readonly rows: Promise<Row | null>[] = [];
  readonly wires: Promise<Wire | null>[] = [];
  /** requests that failed (aborted, refused): nothing to count, but said */
  readonly failed: string[] = [];
  private inFlight = new Set<Request>();
  private lastChange = Date.now();

  constructor(page: Page, step: Step = 'login') {
    this.step = step;
    page.on('request', (req) => {
      this.inFlight.add(req);
      this.lastChange = Date.now();
    });
    const done = (req: Request) => {
      this.inFlight.delete(req);
      this.lastChange = Date.now();
    };
    page.on('requestfailed', (req) => {
      done(req);
      this.failed.push(`${req.method()} ${req.url()} (${req.failure()?.errorText ?? 'failed'})`);
    });
    page.on('requestfinished', (req) => {
      done(req);
      this.rows.push(this.rowOf(req, this.step));
      this.wires.push(this.wireOf(req, this.step));
    });
  }

  private async wireOf(req: Request, step: Step): Promise<Wire | null> {
    const [res, sizes] = await Promise.all([req.response(), req.sizes()]);
    if (!res) return null;
    return {
      step,
      url: req.url(),
      type: req.resourceType(),
      method: req.method(),
      status: res.status(),
      received: sizes.responseHeadersSize + sizes.responseBodySize,
      sent: sizes.requestHeadersSize + sizes.requestBodySize,
    };
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

  async allWires(): Promise<Wire[]> {
    return (await Promise.all(this.wires)).filter((w): w is Wire => w !== null);
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

type Envelope<T> = { success: boolean; message: string; result: T };

/** one API call of the set-up (not measured) */
async function apiCall<T>(
  base: string,
  token: string,
  method: 'GET' | 'POST',
  url: string,
  body?: unknown,
): Promise<T> {
  const res = await fetch(`${base}/jeecg-boot${url}`, {
    method,
    headers: { 'X-Access-Token': token, 'tenant-id': '0', 'Content-Type': 'application/json;charset=UTF-8' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = (await res.json()) as Envelope<T>;
  if (!json.success) throw new Error(`${method} ${url}: ${json.message}`);
  return json.result;
}

/** GMT+8 wall clock `YYYY-MM-DD HH:mm:ss` of now + offset (the server's exam times) */
const wallClock = (offsetMs: number) =>
  new Date(Date.now() + offsetMs + 8 * 3_600_000).toISOString().slice(0, 19).replace('T', ' ');

/**
 * The exam the candidates sit, set up as an operator would (the API of 题库 / 试卷 / 考试管理, as the e2e suite
 * does): four questions (单选, 多选, 填空, 简答), open from a minute ago for an hour, for jeecg and zhangsan,
 * published. Returns its id.
 */
async function setUpExam(base: string): Promise<string> {
  const login = await fetch(`${base}/jeecg-boot/sys/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json;charset=UTF-8' },
    body: JSON.stringify({ username: 'admin', password: PASSWORD, captcha: 'x', checkKey: '1' }),
  });
  const { success, message, result } = (await login.json()) as Envelope<{ token: string }>;
  if (!success) throw new Error(`admin sign-in: ${message}`);
  const call = <T>(method: 'GET' | 'POST', url: string, body?: unknown) =>
    apiCall<T>(base, result.token, method, url, body);
  const subjectId = await call<string>('POST', '/answer/subject/add', { name: '网页预算科目' });
  const q = (body: Record<string, unknown>) =>
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
    name: '网页预算试卷',
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
  const userIds: string[] = [];
  for (const username of [CANDIDATE, PHONE_CANDIDATE]) {
    const users = await call<{ records: { id: string; username: string }[] }>(
      'GET',
      `/sys/user/list?username=${username}&pageSize=10`,
    );
    const id = users.records.find((u) => u.username === username)?.id;
    if (!id) throw new Error(`no seeded user ${username}`);
    userIds.push(id);
  }
  const examId = await call<string>('POST', '/answer/exam/add', {
    name: EXAM_NAME,
    paperId,
    startTime: wallClock(-60_000),
    endTime: wallClock(3_600_000),
    userIds: userIds.join(','),
    showResult: '2',
    maxSwitches: 0,
  });
  await call('POST', '/answer/exam/publish', { id: examId });
  await call('POST', '/sys/logout', {});
  return examId;
}

/**
 * Signs in on the answering page's own form (a system user) once the captcha image is there, as a person would, and
 * waits for the exam list.
 */
async function signInOnExamPage(page: Page, base: string, username: string): Promise<void> {
  await page.goto(`${base}/exam`);
  await page.waitForURL(/\/exam\/login/, { timeout: 60_000 });
  await page.locator('.exam-captcha-image img').waitFor({ timeout: 60_000 });
  await page.getByLabel('帐户名').fill(username);
  await page.getByLabel('密码', { exact: true }).fill(PASSWORD);
  await page.getByLabel('验证码', { exact: true }).fill('0000');
  await page.getByRole('button', { name: '登录', exact: true }).click();
  await page.waitForURL(/\/exam$/, { timeout: 60_000 });
}

/**
 * The moment the first question is on screen, taken in the page: the first animation frame after an element
 * `[data-testid="exam-question"]` entered the document, in ms from the page's time origin (the navigation's start).
 * (A string: tsx would put its own helpers into a function's source.)
 */
const QUESTION_SEEN = `
  new MutationObserver((_, observer) => {
    if (window.__questionAt !== undefined || !document.querySelector('[data-testid="exam-question"]')) return;
    window.__questionAt = null;
    observer.disconnect();
    requestAnimationFrame(() => { window.__questionAt = performance.now(); });
  }).observe(document, { childList: true, subtree: true });
`;

async function questionSeenAt(page: Page): Promise<number> {
  // a function, not a string: a string predicate is evaluated with eval(), which the page's CSP refuses
  await page.waitForFunction(
    () => typeof (window as unknown as { __questionAt?: number | null }).__questionAt === 'number',
    null,
    { timeout: 60_000, polling: 100 },
  );
  return (await page.evaluate('window.__questionAt')) as number;
}

/** the wire figures of a path by Chromium's resource type, then every API call */
function printWires(title: string, wires: Wire[]): void {
  const width = 58;
  console.log(`\n${title}`);
  console.log(
    `${'resource type'.padEnd(width)}  ${'requests'.padStart(8)}  ${'received KB'.padStart(11)}  ${'sent KB'.padStart(8)}`,
  );
  const types = [...new Set(wires.map((w) => w.type))];
  const total = (ws: Wire[], key: 'received' | 'sent') => ws.reduce((n, w) => n + w[key], 0);
  for (const type of types.sort()) {
    const ws = wires.filter((w) => w.type === type);
    console.log(
      `${type.padEnd(width)}  ${String(ws.length).padStart(8)}  ${kb(total(ws, 'received')).padStart(11)}  ${kb(total(ws, 'sent')).padStart(8)}`,
    );
  }
  console.log(
    `${'total'.padEnd(width)}  ${String(wires.length).padStart(8)}  ${kb(total(wires, 'received')).padStart(11)}  ${kb(total(wires, 'sent')).padStart(8)}`,
  );
  console.log('\nevery request, in the order they finished');
  for (const w of wires) {
    const { pathname } = new URL(w.url);
    console.log(
      `${`${w.method} ${pathname} ${w.status}`.slice(0, width).padEnd(width)}  ${w.type.padStart(8)}  ${kb(w.received).padStart(11)}  ${kb(w.sent).padStart(8)}`,
    );
  }
}

interface Timing {
  name: string;
  type: string;
  start: number;
  end: number;
  size: number;
}

/** what the page loaded, in the order it asked, with Resource Timing's start / end and transfer size */
async function waterfall(page: Page): Promise<Timing[]> {
  return (await page.evaluate(`[
    ...performance.getEntriesByType('navigation').map((e) => ({
      name: e.name, type: 'document', start: e.startTime, end: e.responseEnd, size: e.transferSize,
    })),
    ...performance.getEntriesByType('resource').map((e) => ({
      name: e.name, type: e.initiatorType, start: e.startTime, end: e.responseEnd, size: e.transferSize,
    })),
  ]`)) as Timing[];
}

function printWaterfall(title: string, timings: Timing[], seenAt: number): void {
  console.log(`\n${title}`);
  console.log(
    `${'start ms'.padStart(8)}  ${'end ms'.padStart(8)}  ${'KB'.padStart(6)}  ${'type'.padEnd(16)}  resource`,
  );
  for (const t of [...timings].sort((a, b) => a.start - b.start)) {
    const { pathname } = new URL(t.name);
    console.log(
      `${Math.round(t.start).toString().padStart(8)}  ${Math.round(t.end).toString().padStart(8)}  ${kb(t.size).padStart(6)}  ${t.type.padEnd(16)}  ${pathname}`,
    );
  }
  console.log(
    `${Math.round(seenAt).toString().padStart(8)}  ${''.padStart(8)}  ${''.padStart(6)}  first question on screen`,
  );
}

/**
 * The slow phone (see the file's comment): signs in unthrottled, then empties the cache, throttles CPU and network
 * and opens the questions page of the exam. Returns the time to the first question with a cold cache.
 */
async function phoneRun(browser: Browser, base: string, examId: string): Promise<number> {
  const context = await browser.newContext({ ...PHONE, locale: 'zh-CN', timezoneId: 'Asia/Shanghai' });
  try {
    const page = await context.newPage();
    await page.addInitScript(QUESTION_SEEN);
    await signInOnExamPage(page, base, PHONE_CANDIDATE);
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.clearBrowserCache');
    await cdp.send('Network.emulateNetworkConditions', FAST_3G);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
    const url = `${base}/exam/${encodeURIComponent(examId)}/answer`;
    await page.goto(url, { waitUntil: 'commit', timeout: 60_000 });
    const cold = await questionSeenAt(page);
    const coldTimings = await waterfall(page);
    const doc = coldTimings.find((t) => t.type === 'document');
    // the HTML alone takes the emulated latency: a faster answer means the throttling did not apply
    if (!doc || doc.end < FAST_3G.latency) {
      throw new Error(`network throttling not in effect (the HTML arrived at ${Math.round(doc?.end ?? 0)} ms)`);
    }
    // the same page again, its code in the cache (the attempt is open now: start answers it again)
    await page.goto(url, { waitUntil: 'commit', timeout: 60_000 });
    const warm = await questionSeenAt(page);
    const warmTimings = await waterfall(page);
    printWaterfall(
      `phone (${PHONE.viewport.width}×${PHONE.viewport.height}, CPU ×${CPU_SLOWDOWN}, Fast 3G): /exam/<id>/answer with an empty cache, in the order it loaded`,
      coldTimings,
      cold,
    );
    printWaterfall('phone: the same page reloaded, the code in the cache (not budgeted)', warmTimings, warm);
    return cold;
  } finally {
    await context.close();
  }
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

    const consoleWires = await rec.allWires();
    console.log('');
    for (const step of ['login', 'home', 'users'] as const) {
      const s = scripts.filter((r) => r.step === step);
      const w = consoleWires.filter((x) => x.step === step);
      console.log(
        `${step.padEnd(6)} ${String(s.length).padStart(3)} files  sent ${kb(sum(s, 'transferred')).padStart(7)} KB  gzip ${kb(sum(s, 'gzip')).padStart(7)} KB  raw ${kb(sum(s, 'raw')).padStart(7)} KB  (every request: ${w.length}, ${kb(w.reduce((n, x) => n + x.received, 0))} KB received)`,
      );
    }
    await context.close();

    // 4. the answering page: a candidate's first visit, cold cache
    const examId = await setUpExam(server.base);
    const examContext = await browser.newContext({
      viewport: { width: 1366, height: 768 },
      locale: 'zh-CN',
      timezoneId: 'Asia/Shanghai',
    });
    const examPage = await examContext.newPage();
    await examPage.addInitScript(QUESTION_SEEN);
    const examRec = new Recorder(examPage, 'exam');
    await signInOnExamPage(examPage, server.base, CANDIDATE);
    await examPage
      .getByTestId('exam-item')
      .filter({ hasText: EXAM_NAME })
      .getByRole('link', { name: '进入考试' })
      .click();
    await examPage.getByRole('link', { name: '开始答题' }).click();
    const seenAt = await questionSeenAt(examPage);
    await examRec.quiet();
    const examRows = await examRec.all();
    const wires = await examRec.allWires();
    await examContext.close();
    printTable(
      `exam: JS of the answering page's first visit (/exam → sign-in → list → instructions → first question at ${Math.round(seenAt)} ms)`,
      examRows.filter((r) => r.kind === 'js'),
    );
    const examStyles = examRows.filter((r) => r.kind === 'css');
    if (examStyles.length) printTable('exam: CSS', examStyles);
    printWires('exam: every request of the first visit, as it crossed the wire', wires);
    if (examRec.failed.length) console.log(`failed requests (not counted): ${examRec.failed.join('; ')}`);

    // 5. the slow phone
    const phoneMs = await phoneRun(browser, server.base, examId);

    console.log('');
    const loginOver = check('login critical path', critical, LOGIN_BUDGET_KB);
    const flowOver = check('sign-in → home → user list', scripts, FLOW_BUDGET_KB);
    const received = wires.reduce((n, w) => n + w.received, 0);
    const sent = wires.reduce((n, w) => n + w.sent, 0);
    const examOver = received + sent > EXAM_BUDGET_KB * 1000;
    console.log(
      `answering page, first visit: ${kb(received + sent)} KB of a ${EXAM_BUDGET_KB} KB budget (${wires.length} requests: ${kb(received)} KB received, ${kb(sent)} KB sent; JS ${kb(
        sum(
          examRows.filter((r) => r.kind === 'js'),
          'transferred',
        ),
      )} KB) — ${examOver ? 'OVER BUDGET' : 'ok'}`,
    );
    const phoneOver = phoneMs > PHONE_BUDGET_MS;
    console.log(
      `slow phone (CPU ×${CPU_SLOWDOWN}, Fast 3G, empty cache), first question: ${Math.round(phoneMs)} ms of a ${PHONE_BUDGET_MS} ms budget — ${phoneOver ? 'OVER BUDGET' : 'ok'}`,
    );
    return loginOver || flowOver || examOver || phoneOver ? 1 : 0;
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
