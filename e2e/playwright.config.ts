import os from 'node:os';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';

// Browser suite: Debian's Chromium (no browser download) against the built web app served by the real server
// on a throw-away embedded database. CAPTCHA=off because a test cannot read the captcha image.
const PORT = Number(process.env.E2E_PORT ?? 18080);
const dataDir = path.join(os.tmpdir(), `answer-e2e-${process.pid}`);
const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const launchOptions = {
  executablePath: chromium,
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
    '--disable-quic',
  ],
};

export default defineConfig({
  testDir: './tests',
  outputDir: './artifacts/results',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    locale: 'zh-CN',
    timezoneId: 'Asia/Shanghai',
    screenshot: 'only-on-failure',
    // the app follows the system's reduced-motion setting (antd motion off, ADR 048): dialogs and menus are there at
    // once, so no click lands on a button that is still zooming in, and no screenshot waits for an animation
    reducedMotion: 'reduce',
    trace: 'off',
    launchOptions,
  },
  projects: [
    { name: 'desktop', use: { viewport: { width: 1366, height: 768 } }, testIgnore: /mobile\.spec\.ts/ },
    {
      name: 'mobile',
      use: { ...devices['iPhone X'], defaultBrowserType: 'chromium', launchOptions },
      testMatch: /mobile\.spec\.ts/,
    },
  ],
  webServer: {
    command: 'node --import tsx ../apps/server/src/main.ts',
    url: `http://127.0.0.1:${PORT}/healthz`,
    reuseExistingServer: false,
    // a fresh embedded database is migrated and seeded first (the quiz areas made that longer)
    timeout: 300_000,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(PORT),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      CAPTCHA: 'off',
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
      RATE_LIMIT_PER_MINUTE: '100000',
      RATE_LIMIT_PER_ADDRESS_PER_MINUTE: '1000000',
      LOGIN_RATE_LIMIT_PER_MINUTE: '100000',
      LOGIN_ACCOUNT_RATE_LIMIT_PER_MINUTE: '100000',
      AUTH_RATE_LIMIT_PER_MINUTE: '100000',
      // a web build of its own (helpers building in parallel): WEB_DIST=/tmp/x-dist after `vite build --outDir /tmp/x-dist`
      ...(process.env.WEB_DIST ? { WEB_DIST: process.env.WEB_DIST } : {}),
    },
  },
});
