import { Writable } from 'node:stream';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { queryRows } from '../db/client.ts';
import { neutralise } from './audit.ts';

/** Issue 10 §2: audit rows with actor, IP and time; no forged log lines; a correlation id on every answer. */
const API = '/jeecg-boot';
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

interface LogRow {
  log_type: number;
  log_content: string;
  userid: string | null;
  ip: string | null;
  create_time: Date | string;
  request_param: string | null;
}
const rowsLike = (pattern: string) =>
  queryRows<LogRow>(
    t.app.ctx.db,
    sql`select log_type, log_content, userid, ip, create_time, request_param from sys_log where log_content like ${pattern} order by create_time`,
  );

const login = (username: string, password: string, ip: string) =>
  t.req({
    method: 'POST',
    url: `${API}/sys/login`,
    payload: { username, password, captcha: 'x', checkKey: '1' },
    remoteAddress: ip,
  });

describe('audit rows (sys_log)', () => {
  it('sign-in, failed sign-in, sign-out and a mutation each write a row with actor, IP and time', async () => {
    const before = Date.now() - 1000;
    expect((await login('jeecg', 'wrong-pass', '198.51.100.7')).json.success).toBe(false);
    const ok = await login('jeecg', '123456', '198.51.100.8');
    const token = ok.json.result.token as string;
    await t.req({
      method: 'PUT',
      url: `${API}/sys/user/updatePassword`,
      token,
      payload: { username: 'jeecg', oldpassword: 'x-wrong', password: 'Abc12345!', confirmpassword: 'Abc12345!' },
      remoteAddress: '198.51.100.9',
    });
    await t.req({ method: 'POST', url: `${API}/sys/logout`, token, remoteAddress: '198.51.100.10' });

    const failed = await rowsLike('用户名: jeecg,登录失败%');
    expect(failed.at(-1)).toMatchObject({ log_type: 1, userid: 'jeecg', ip: '198.51.100.7' });
    const signedIn = await rowsLike('用户名: jeecg,登录成功！');
    expect(signedIn.at(-1)).toMatchObject({ log_type: 1, userid: 'jeecg', ip: '198.51.100.8' });
    const signedOut = await rowsLike('%退出成功！');
    expect(signedOut.at(-1)).toMatchObject({ log_type: 1, userid: 'jeecg', ip: '198.51.100.10' });
    // the operation row is written once the answer has gone out
    const mutation = await vi.waitFor(async () => {
      const rows = await queryRows<LogRow>(
        t.app.ctx.db,
        sql`select log_type, log_content, userid, ip, create_time from sys_log where log_type = 2 and request_url = '/jeecg-boot/sys/user/updatePassword' and ip = '198.51.100.9'`,
      );
      expect(rows.length).toBeGreaterThan(0);
      return rows;
    });
    expect(mutation).toHaveLength(1);
    expect(mutation[0].userid).toBe('jeecg');
    for (const r of [failed.at(-1)!, signedIn.at(-1)!, signedOut.at(-1)!, mutation[0]]) {
      expect(new Date(r.create_time).getTime()).toBeGreaterThan(before);
    }
  });

  it('line breaks and control characters in logged values cannot forge a row or a line', async () => {
    const forged = 'ghost\r\n用户名: admin,登录成功！\u2028\u001b[31m';
    await login(forged, 'whatever', '198.51.100.20');
    const rows = await queryRows<LogRow>(
      t.app.ctx.db,
      sql`select log_content, userid, ip from sys_log where ip = '198.51.100.20'`,
    );
    expect(rows).toHaveLength(1);
    expect(rows[0].log_content).toBe(
      '用户名: ghost\\r\\n用户名: admin,登录成功！\\u2028\\u001b[31m,登录失败：用户不存在',
    );
    expect(rows[0].log_content).not.toMatch(/[\r\n\u2028\u001b]/);
  });

  it('neutralise keeps ordinary text and escapes every control character', () => {
    expect(neutralise('普通文本 plain, 123')).toBe('普通文本 plain, 123');
    expect(neutralise('a\nb\rc\td\u0000e\u007ff\u0085g\u2029')).toBe('a\\nb\\rc\\td\\u0000e\\u007ff\\u0085g\\u2029');
  });
});

describe('correlation id (X-Request-Id)', () => {
  it('answers a new id on every response, a different one each time', async () => {
    const a = await t.req({ method: 'GET', url: '/healthz' });
    const b = await t.req({ method: 'GET', url: `${API}/sys/user/list` });
    expect(a.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    expect(b.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    expect(a.headers['x-request-id']).not.toBe(b.headers['x-request-id']);
  });

  it('keeps a sane incoming id and puts it in error envelopes', async () => {
    const res = await t.req({
      method: 'GET',
      url: `${API}/sys/user/list`,
      headers: { 'x-request-id': 'edge-42.a_b:c' },
    });
    expect(res.statusCode).toBe(401);
    expect(res.headers['x-request-id']).toBe('edge-42.a_b:c');
    expect(res.json).toMatchObject({ success: false, code: 401, requestId: 'edge-42.a_b:c' });
    const biz = await t.req({
      method: 'POST',
      url: `${API}/sys/login`,
      payload: { username: 'nobody', password: 'x', captcha: 'x', checkKey: '1' },
      headers: { 'x-request-id': 'biz-1' },
    });
    expect(biz.json).toMatchObject({ success: false, message: '用户名或密码错误', requestId: 'biz-1' });
    const bad = await t.req({ method: 'GET', url: `${API}/nope/nothing`, headers: { 'x-request-id': 'nf-1' } });
    expect(bad.json).toMatchObject({ success: false, requestId: 'nf-1' });
  });

  it('replaces an id that is too long or has other characters', async () => {
    for (const given of ['x'.repeat(65), 'a b', 'a\u00e9', '<script>', 'a,b']) {
      const res = await t.req({ method: 'GET', url: '/healthz', headers: { 'x-request-id': given } });
      expect(res.headers['x-request-id']).not.toBe(given);
      expect(res.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    }
  });

  describe('server log lines', () => {
    let logged: string;
    let app: FastifyInstance;
    beforeAll(async () => {
      logged = '';
      const stream = new Writable({
        write(chunk, _enc, cb) {
          logged += chunk.toString();
          cb();
        },
      });
      const config = loadConfig({ ...envOf(t), LOG_LEVEL: 'info' });
      app = await buildApp(config, { database: t.database, migrate: false, logStream: stream });
      await app.ready();
    });
    afterAll(async () => {
      await app?.close();
    });

    it('carry the request id, and values with line breaks stay on one line', async () => {
      await app.inject({ method: 'GET', url: '/healthz', headers: { 'x-request-id': 'trace-me-1' } });
      app.log.warn({ detail: 'x\ny\u2028z' }, 'first\nsecond\u2028third');
      const lines = logged.split('\n').filter(Boolean);
      for (const line of lines) expect(() => JSON.parse(line)).not.toThrow();
      expect(lines.some((l) => JSON.parse(l).reqId === 'trace-me-1')).toBe(true);
      const warn = lines.map((l) => JSON.parse(l)).find((o) => o.level === 40 && 'detail' in o);
      expect(warn.msg).toBe('first\\nsecond\\u2028third');
      expect(warn.detail).toBe('x\\ny\\u2028z');
      expect(logged).not.toContain('\u2028');
    });
  });
});

/** the harness config as environment variables (CAPTCHA off, no Redis unless the suite uses it) */
function envOf(app: TestApp): Record<string, string> {
  const c = app.config;
  return {
    NODE_ENV: 'test',
    CAPTCHA: 'off',
    RATE_LIMIT_PER_MINUTE: '100000',
    ...(c.redisUrl ? { REDIS_URL: c.redisUrl, REDIS_PREFIX: c.redisPrefix } : {}),
  };
}
