import { eq } from 'drizzle-orm';
import { buildApp } from './app.ts';
import { ConfigError, loadConfig } from './config.ts';
import { sysUser } from './db/schema/index.ts';
import { DEMO_ADMIN } from './db/seed/index.ts';
import { verifyPassword } from './modules/auth/password.ts';

async function main() {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(2);
    }
    throw err;
  }

  const app = await buildApp(config);

  // security rule 12: the demo password is for the embedded demo only
  if (config.env === 'production') {
    const [admin] = await app.ctx.db.select().from(sysUser).where(eq(sysUser.username, DEMO_ADMIN.username)).limit(1);
    if (admin?.password && (await verifyPassword(admin, DEMO_ADMIN.password))) {
      console.error(
        `拒绝启动：生产模式 (NODE_ENV=production) 下管理员账号 ${DEMO_ADMIN.username} 仍在使用演示密码，请先修改密码。`,
      );
      await app.close();
      process.exit(3);
    }
  }

  // SIGTERM / Ctrl-C: new requests get the 503 envelope while the listener is still open, in-flight ones finish,
  // then the listener, the database and Redis close (app.ts: drain, onClose)
  let closing = false;
  const shutdown = async (reason: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ reason }, 'draining in-flight requests');
    const force = setTimeout(() => process.exit(1), 15_000);
    force.unref();
    try {
      await app.drain();
      await app.close();
    } catch (err) {
      app.log.error({ err }, 'shutdown failed');
      process.exit(1);
    }
    process.exit(0);
  };
  for (const signal of ['SIGTERM', 'SIGINT', 'SIGHUP'] as const) process.on(signal, () => void shutdown(signal));
  // started by scripts/start.mjs over an IPC channel: when that parent is gone, even killed outright, stop as well
  // instead of living on as an orphan holding the port
  if (process.send) process.on('disconnect', () => void shutdown('parent exited'));

  await app.listen({ port: config.port, host: config.host });
  app.log.info(
    `答题系统后台 listening on http://localhost:${config.port} (database: ${app.ctx.database.kind}, cache: ${config.redisUrl ? 'redis' : 'in-process'})`,
  );
}

main().catch((err) => {
  console.error('启动失败:', err instanceof Error ? err.message : err);
  process.exit(1);
});
