import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/config.ts';
import { isCanonicalPath } from '../src/platform/canonical-path.ts';
import { createTestApp, type TestApp } from './harness.ts';

describe('canonical paths (security rule 2)', () => {
  it.each([
    '/jeecg-boot/sys/login',
    '/jeecg-boot/sys/randomImage/1700000000000',
    '/jeecg-boot/sys/dict/getDictItems/sex?_t=1',
    '/assets/index-abc.js',
    '/',
  ])('accepts %s', (p) => expect(isCanonicalPath(p)).toBe(true));

  it.each([
    '/jeecg-boot/sys/%2e%2e/login',
    '/jeecg-boot/sys%2flogin',
    '/jeecg-boot/sys%5clogin',
    '/jeecg-boot//sys/login',
    '/jeecg-boot/sys/./login',
    '/jeecg-boot/sys/../sys/login',
    '/jeecg-boot/sys/login;.js',
    '/jeecg-boot/sys/login%3b.css',
    '/jeecg-boot/sys/login%00',
    '/jeecg-boot/sys\\login',
    '/jeecg-boot/sys/..',
    'jeecg-boot/sys/login',
  ])('rejects %s', (p) => expect(isCanonicalPath(p)).toBe(false));
});

describe('config', () => {
  it('has the documented defaults', () => {
    const c = loadConfig({});
    expect(c.port).toBe(8080);
    expect(c.databaseUrl).toBeUndefined();
    expect(c.redisUrl).toBeUndefined();
    expect(c.sessionIdleMs).toBe(30 * 60_000);
    expect(c.sessionAbsoluteMs).toBe(12 * 3_600_000);
    expect(c.captcha).toBe(true);
    expect(c.signSecret).toBe('dd05f1c54d63749eda95f9fa6d49v442a');
    expect(c.dataDir.endsWith('data')).toBe(true);
  });

  it('names every bad variable in one clear error', () => {
    let err: unknown;
    try {
      loadConfig({
        PORT: 'abc',
        DATABASE_URL: 'mysql://x',
        CAPTCHA: 'maybe',
        CORS_ORIGINS: '*',
        SESSION_IDLE_MINUTES: '0',
        GATEWAY: 'yes',
        JOB_TIME_ZONE: 'Mars/Olympus',
      });
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(ConfigError);
    const msg = (err as Error).message;
    for (const v of [
      'PORT',
      'DATABASE_URL',
      'CAPTCHA',
      'CORS_ORIGINS',
      'SESSION_IDLE_MINUTES',
      'GATEWAY',
      'JOB_TIME_ZONE',
    ])
      expect(msg).toContain(v);
  });

  it('turns CAPTCHA=off into a disabled captcha check', () => {
    expect(loadConfig({ CAPTCHA: 'off' }).captcha).toBe(false);
  });
});

describe('platform over HTTP', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ CORS_ORIGINS: 'https://admin.example.com' });
  });
  afterAll(async () => {
    await t.close();
  });

  it('answers liveness and readiness', async () => {
    const h = await t.req({ method: 'GET', url: '/healthz' });
    expect(h.statusCode).toBe(200);
    expect(h.json.success).toBe(true);
    const r = await t.req({ method: 'GET', url: '/readyz' });
    expect(r.statusCode).toBe(200);
    expect(r.json.result.status).toBe('UP');
  });

  it('rejects non-canonical paths before routing with a Chinese envelope (raw HTTP, no client-side normalising)', async () => {
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = new URL(address);
    for (const path of [
      '/jeecg-boot/sys/%2e%2e/login',
      '/jeecg-boot/sys/../sys/login',
      '/jeecg-boot//sys/login',
      '/jeecg-boot/sys/login;x=1',
      '/jeecg-boot/sys%2flogin',
    ]) {
      const { status, body } = await rawRequest(port, 'POST', path);
      expect(status, path).toBe(400);
      expect(JSON.parse(body)).toMatchObject({ success: false, message: '非法的请求路径' });
    }
  });

  it('answers unknown API routes with a 404 envelope', async () => {
    const res = await t.req({ method: 'GET', url: '/jeecg-boot/sys/nope' });
    expect(res.statusCode).toBe(404);
    expect(res.json).toMatchObject({ success: false, code: 404 });
    expect(typeof res.json.timestamp).toBe('number');
  });

  it('has no ops consoles (security rule 11)', async () => {
    for (const url of [
      '/jeecg-boot/actuator',
      '/jeecg-boot/druid/index.html',
      '/jeecg-boot/swagger-ui.html',
      '/jeecg-boot/doc.html',
    ]) {
      const res = await t.req({ method: 'GET', url });
      expect(res.statusCode).toBe(404);
    }
  });

  it('sets security headers and no-store on API answers', async () => {
    const res = await t.req({ method: 'GET', url: '/jeecg-boot/sys/nope' });
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-security-policy']).toContain("script-src 'self'");
    expect(res.headers['content-security-policy']).toContain("frame-ancestors 'self'");
    expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(res.headers['content-security-policy']).toContain("object-src 'none'");
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['referrer-policy']).toBeDefined();
    expect(res.headers['x-powered-by']).toBeUndefined();
  });

  it('allows CORS only for configured origins, never reflecting others or null', async () => {
    const good = await t.req({
      method: 'OPTIONS',
      url: '/jeecg-boot/sys/login',
      headers: { origin: 'https://admin.example.com', 'access-control-request-method': 'POST' },
    });
    expect(good.headers['access-control-allow-origin']).toBe('https://admin.example.com');
    for (const origin of ['https://evil.example.com', 'null']) {
      const bad = await t.req({
        method: 'OPTIONS',
        url: '/jeecg-boot/sys/login',
        headers: { origin, 'access-control-request-method': 'POST' },
      });
      expect(bad.headers['access-control-allow-origin']).toBeUndefined();
    }
  });

  it('answers over-long path parameters and bad URL encoding with the envelope', async () => {
    const long = await t.req({ method: 'GET', url: `/jeecg-boot/sys/randomImage/${'a'.repeat(600)}` });
    expect(long.statusCode).toBeGreaterThanOrEqual(400);
    expect(long.json?.success).toBe(false);
    const bad = await t.req({ method: 'GET', url: '/jeecg-boot/sys/randomImage/%E0%A4%A' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json?.success).toBe(false);
  });

  it('refuses to register an API route that declares no access', async () => {
    expect(() => t.app.get('/jeecg-boot/sys/undeclared', async () => 'x')).toThrow();
  });

  it('serves the web app shell (or a placeholder) for unknown page paths, not for API paths', async () => {
    for (const url of ['/', '/some/client/route', '/user/login?redirect=%2F']) {
      const res = await t.req({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type']).toContain('text/html');
      expect(res.body).toContain('答题系统后台');
    }
  });
});

describe('global rate limit', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ RATE_LIMIT_PER_MINUTE: '10' });
  });
  afterAll(async () => {
    await t.close();
  });

  it('answers 429 with the envelope once an IP exceeds its budget', async () => {
    const codes: number[] = [];
    for (let i = 0; i < 12; i++) {
      codes.push((await t.req({ method: 'GET', url: '/jeecg-boot/sys/nope', remoteAddress: '10.9.9.9' })).statusCode);
    }
    expect(codes.slice(0, 10).every((c) => c === 404)).toBe(true);
    const last = await t.req({ method: 'GET', url: '/jeecg-boot/sys/nope', remoteAddress: '10.9.9.9' });
    expect(last.statusCode).toBe(429);
    expect(last.json.message).toBe('请求过于频繁，请稍后再试');
    // another client is not affected
    expect((await t.req({ method: 'GET', url: '/jeecg-boot/sys/nope', remoteAddress: '10.9.9.10' })).statusCode).toBe(
      404,
    );
  });
});

describe('global rate limit of signed-in clients', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ RATE_LIMIT_PER_MINUTE: '10', RATE_LIMIT_PER_ADDRESS_PER_MINUTE: '30' });
  });
  afterAll(async () => {
    await t.close();
  });

  it('budgets each session on its own behind one address (an exam room behind NAT), the address more widely', async () => {
    const nat = '10.8.8.8';
    const tokens = ['x'.repeat(43), 'y'.repeat(43), 'z'.repeat(43)];
    const get = (token: string) =>
      t.req({ method: 'GET', url: '/jeecg-boot/sys/nope', remoteAddress: nat, headers: { 'X-Access-Token': token } });
    // 3 sessions × 8 requests from one address: each stays inside its own budget of 10, the address inside 30
    for (let i = 0; i < 8; i++) for (const tk of tokens) expect((await get(tk)).statusCode).not.toBe(429);
    // one session alone runs out at its own budget …
    expect((await get(tokens[0])).statusCode).not.toBe(429);
    expect((await get(tokens[0])).statusCode).not.toBe(429);
    const over = await get(tokens[0]);
    expect(over.statusCode).toBe(429);
    expect(over.json.message).toBe('请求过于频繁，请稍后再试');
    // … and inventing new tokens does not escape the address's budget (27 requests so far, 30 in all)
    for (const c of ['w', 'v', 'u']) expect((await get(c.repeat(43))).statusCode).not.toBe(429);
    expect((await get('s'.repeat(43))).statusCode).toBe(429);
    // requests without a token keep the per-address budget of 10
    expect((await t.req({ method: 'GET', url: '/jeecg-boot/sys/nope', remoteAddress: nat })).statusCode).not.toBe(429);
  });
});

describe('database outage', () => {
  it('turns readiness to 503 while liveness stays 200', async () => {
    const t = await createTestApp();
    try {
      await t.database.close();
      const started = Date.now();
      const r = await t.req({ method: 'GET', url: '/readyz' });
      expect(r.statusCode).toBe(503);
      expect(r.json.message).toBe('数据库暂时不可用，请稍后再试');
      expect(Date.now() - started).toBeLessThan(3000);
      expect((await t.req({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
    } finally {
      await t.close();
    }
  });
});

function rawRequest(port: string, method: string, path: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      { host: '127.0.0.1', port: Number(port), method, path, headers: { 'content-type': 'application/json' } },
      (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (c) => (body += c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
      },
    );
    req.on('error', reject);
    req.end('{}');
  });
}
