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
  });
});
