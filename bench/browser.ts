/**
 * Shared pieces of the browser benches: the real server on a throw-away embedded database serving a web build,
 * headless Chromium, and signing in through the login page. (web-bundle.ts has its own copy of the server start
 * from before this file; new benches import these.)
 */
import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type Browser, chromium, type Page } from 'playwright-core';

export const root = path.resolve(import.meta.dirname, '..');
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export interface Server {
  proc: ChildProcess;
  base: string;
  stop(): Promise<void>;
}

/** the server (apps/server/src/main.ts) on port, data in dataDir, serving webDist; resolves once /healthz answers */
export async function startServer(opts: { port: number; dataDir: string; webDist: string }): Promise<Server> {
  const proc = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'apps/server/src/main.ts')], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(opts.port),
      HOST: '127.0.0.1',
      DATA_DIR: opts.dataDir,
      CAPTCHA: 'off',
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
      RATE_LIMIT_PER_MINUTE: '100000',
      LOGIN_RATE_LIMIT_PER_MINUTE: '100000',
      LOGIN_ACCOUNT_RATE_LIMIT_PER_MINUTE: '100000',
      AUTH_RATE_LIMIT_PER_MINUTE: '100000',
      WEB_DIST: opts.webDist,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  // never leave the server behind, whatever ends this process
  process.once('exit', () => proc.kill('SIGKILL'));
  const base = `http://127.0.0.1:${opts.port}`;
  const stop = async () => {
    if (proc.exitCode !== null) return;
    proc.kill('SIGTERM');
    await new Promise((r) => (proc.exitCode !== null ? r(null) : proc.once('exit', r)));
  };
  for (let i = 0; i < 480; i++) {
    if (proc.exitCode !== null) throw new Error(`server exited with code ${proc.exitCode}`);
    try {
      if ((await fetch(`${base}/healthz`)).ok) return { proc, base, stop };
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  proc.kill('SIGKILL');
  throw new Error('server did not start within 120 s');
}

export function launchChromium(extraArgs: string[] = []): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      ...extraArgs,
    ],
  });
}

/** sign in as admin through the login page (CAPTCHA off: any code) and wait for the home page */
export async function signIn(page: Page, base: string, username = 'admin', password = '123456'): Promise<void> {
  await page.goto(`${base}/user/login`);
  await page.getByPlaceholder('请输入帐户名').fill(username);
  await page.getByPlaceholder('请输入密码').fill(password);
  await page.getByPlaceholder('请输入验证码').fill('0000');
  await page.locator('button.login-submit').click();
  await page.waitForURL((url) => !url.pathname.startsWith('/user/login'), { timeout: 60_000 });
}

/** the q-quantile (0..1) of numbers, nearest rank */
export function quantile(values: readonly number[], q: number): number {
  if (!values.length) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const i = Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1));
  return sorted[i] as number;
}

/**
 * Runs a browser bench against the BUILT app: checks `webDist` has a build, starts the server on a throw-away
 * embedded database and Chromium (`chromiumArgs`), runs `body`, always cleans up, and exits the process with
 * `body`'s code (2 when the bench could not run).
 */
export function runBrowserBench(
  opts: { name: string; port: number; webDist: string; chromiumArgs?: string[] },
  body: (server: Server, browser: Browser) => Promise<number>,
): void {
  const run = async (): Promise<number> => {
    if (!fs.existsSync(path.join(opts.webDist, 'index.html'))) {
      console.error(`${opts.webDist} has no build: run \`npm run build\` first`);
      return 2;
    }
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `answer-bench-${opts.name}-`));
    let server: Server | undefined;
    const browser = await launchChromium(opts.chromiumArgs);
    try {
      server = await startServer({ port: opts.port, dataDir, webDist: opts.webDist });
      return await body(server, browser);
    } finally {
      await browser.close();
      if (server) await server.stop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  };
  run().then(
    (code) => process.exit(code),
    (err) => {
      console.error(err);
      process.exit(2);
    },
  );
}
