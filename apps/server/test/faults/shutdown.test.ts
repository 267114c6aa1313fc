import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type Answer,
  call,
  freshDatabase,
  processAlive,
  type Served,
  START_SCRIPT,
  serviceProxies,
  servicesAvailable,
  spawnServer,
  through,
  token,
  until,
} from './support.ts';
import type { TcpProxy } from './tcp-proxy.ts';

describe.skipIf(!servicesAvailable)('stopping the server', () => {
  let url: URL;
  let drop: () => Promise<void>;
  let db: TcpProxy;
  let redis: TcpProxy;

  beforeAll(async () => {
    const fresh = await freshDatabase();
    url = fresh.url;
    drop = fresh.drop;
    ({ db, redis } = await serviceProxies());
  });

  afterAll(async () => {
    await db?.close();
    await redis?.close();
    await drop?.();
  });

  it('after SIGTERM new requests get the 503 envelope (not a reset) until in-flight work is done and the listener closes', async () => {
    const server: Served = await spawnServer({ DATABASE_URL: through(url, db) });
    try {
      const tok = await token(server.base);
      // a request stuck in flight: every database exchange is held at the proxy
      db.hold();
      const inflight = call(server.base, 'GET', '/jeecg-boot/sys/role/list?pageNo=1&pageSize=5', { token: tok });
      await server.logLine(
        (l) => l.msg === 'incoming request' && String((l.req as { url?: string })?.url).includes('/sys/role/list'),
      );
      server.proc.kill('SIGTERM');

      // every new connection is answered — first normally, then with the envelope; none is reset or refused
      const seen: Answer[] = [];
      const draining = await until(
        async () => {
          const r = await call(server.base, 'GET', '/healthz');
          seen.push(r);
          return r;
        },
        (r) => r.status === 503,
      );
      for (const r of seen) expect([200, 503]).toContain(r.status);
      expect(draining.json).toMatchObject({ success: false, code: 503, message: '服务正在重启，请稍后重试' });
      const api = await call(server.base, 'GET', '/jeecg-boot/sys/role/list?pageNo=1&pageSize=5', { token: tok });
      expect(api.status).toBe(503);
      expect(api.json).toMatchObject({ success: false, code: 503, message: '服务正在重启，请稍后重试' });
      expect(server.exit).toBeNull();

      // the held request completes in full, then the process ends cleanly and nothing listens any more
      db.release();
      const done = await inflight;
      expect(done.status).toBe(200);
      expect(done.json.success).toBe(true);
      expect(await server.exited).toEqual({ code: 0, signal: null });
      await expect(call(server.base, 'GET', '/healthz')).rejects.toThrow(/ECONNREFUSED/);
    } finally {
      db.release();
      server.kill();
    }
  });

  // `npm start` runs scripts/start.mjs, which spawns the server: stopping the launcher must stop the server too
  const launch = async () => {
    const launcher = await spawnServer({ DATABASE_URL: url.toString(), SKIP_WEB_BUILD: '1' }, START_SCRIPT);
    const listening = await launcher.logLine((l) => /Server listening at/.test(String(l.msg)));
    const serverPid = Number(listening.pid);
    expect(serverPid).toBeGreaterThan(0);
    expect(serverPid).not.toBe(launcher.proc.pid);
    expect(processAlive(serverPid)).toBe(true);
    return { launcher, serverPid };
  };

  it.concurrent.each(['SIGTERM', 'SIGINT'] as const)(
    'npm start: %s to the launcher stops the server it started, and the launcher exits with it',
    async (signal) => {
      const { launcher, serverPid } = await launch();
      try {
        launcher.proc.kill(signal);
        expect(await launcher.exited).toEqual({ code: 0, signal: null });
        expect(processAlive(serverPid)).toBe(false);
        await expect(call(launcher.base, 'GET', '/healthz')).rejects.toThrow(/ECONNREFUSED/);
      } finally {
        launcher.kill();
        if (processAlive(serverPid)) process.kill(serverPid, 'SIGKILL');
      }
    },
  );

  it.concurrent('npm start: a launcher killed outright (SIGKILL) leaves no orphan server behind', async () => {
    const { launcher, serverPid } = await launch();
    try {
      launcher.proc.kill('SIGKILL');
      await launcher.exited;
      await until(
        async () => processAlive(serverPid),
        (alive) => !alive,
        { tries: 200 },
      );
      await expect(call(launcher.base, 'GET', '/healthz')).rejects.toThrow(/ECONNREFUSED/);
    } finally {
      if (processAlive(serverPid)) process.kill(serverPid, 'SIGKILL');
    }
  });
});
