import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const main = path.resolve(import.meta.dirname, '../src/main.ts');

function runMain(env: Record<string, string>, timeoutMs = 60_000): Promise<{ code: number | null; out: string }> {
  return new Promise((resolve) => {
    const p = spawn(process.execPath, ['--import', 'tsx', main], {
      env: { PATH: process.env.PATH ?? '', LOG_LEVEL: 'silent', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    p.stdout.on('data', (d) => (out += d));
    p.stderr.on('data', (d) => (out += d));
    const timer = setTimeout(() => p.kill('SIGKILL'), timeoutMs);
    p.on('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, out });
    });
  });
}

describe('server start', () => {
  it('refuses bad configuration with a clear message naming the variable', async () => {
    const r = await runMain({ PORT: 'not-a-port', DATABASE_URL: 'mysql://root@localhost/x' });
    expect(r.code).toBe(2);
    expect(r.out).toContain('配置错误');
    expect(r.out).toContain('PORT');
    expect(r.out).toContain('DATABASE_URL');
  });

  it('refuses to start in production while admin still has the demo password', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'answer-prod-'));
    try {
      const r = await runMain({ NODE_ENV: 'production', DATA_DIR: dir, PORT: '0' });
      expect(r.code).toBe(3);
      expect(r.out).toContain('演示密码');
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  }, 120_000); // a fresh embedded database is migrated and seeded first

  it('drains in-flight requests on SIGTERM, then exits 0', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'answer-drain-'));
    const port = 19_000 + Math.floor(Math.random() * 500);
    const p = spawn(process.execPath, ['--import', 'tsx', main], {
      env: {
        PATH: process.env.PATH ?? '',
        LOG_LEVEL: 'info',
        DATA_DIR: dir,
        PORT: String(port),
        HOST: '127.0.0.1',
        CAPTCHA: 'off',
        AUTH_RATE_LIMIT_PER_MINUTE: '1000',
      },
      stdio: ['ignore', 'pipe', 'ignore'],
    });
    // the server logs every request it has received: SIGTERM is sent only once all of them are in flight
    let received = 0;
    let onReceived = () => {};
    let pending = '';
    p.stdout.on('data', (d: Buffer) => {
      pending += d.toString();
      const lines = pending.split('\n');
      pending = lines.pop() ?? '';
      received += lines.filter((l) => l.includes('"incoming request"') && l.includes('/sys/login')).length;
      onReceived();
    });
    const exited = new Promise<number | null>((resolve) => p.on('exit', (code) => resolve(code)));
    try {
      const base = `http://127.0.0.1:${port}`;
      for (let i = 0; i < 240; i++) {
        try {
          if ((await fetch(`${base}/healthz`)).ok) break;
        } catch {}
        await new Promise((r) => setTimeout(r, 250));
      }
      const body = JSON.stringify({ username: 'admin', password: '123456', captcha: 'x', checkKey: '1' });
      const n = 8;
      const inflight = Array.from({ length: n }, () =>
        fetch(`${base}/jeecg-boot/sys/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body })
          .then(async (r) => (await r.json()).code as number)
          .catch(() => -1),
      );
      await new Promise<void>((resolve) => {
        onReceived = () => {
          if (received >= n) resolve();
        };
        onReceived();
      });
      p.kill('SIGTERM');
      // every request that reached the server is answered in full (argon2id keeps them busy past the signal)
      expect(await Promise.all(inflight)).toEqual(Array.from({ length: n }, () => 200));
      expect(await exited).toBe(0);
      // and nothing is accepted afterwards
      expect(
        await fetch(`${base}/healthz`).then(
          () => 'answered',
          () => 'refused',
        ),
      ).toBe('refused');
    } finally {
      p.kill('SIGKILL');
      fs.rmSync(dir, { recursive: true, force: true });
    }
  }, 120_000); // a fresh embedded database is migrated and seeded first
});
