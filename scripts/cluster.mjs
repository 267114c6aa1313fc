#!/usr/bin/env node
// `npm run cluster:demo`: the cluster mode of the README on one machine — N stateless nodes of the server on a
// PostgreSQL server and Redis, behind HAProxy (Debian package `haproxy`). Also imported by the services suite
// (startCluster) to run exam day through a real load balancer and kill a node in the middle of it.
//
//   CLUSTER_NODES=3 CLUSTER_PORT=8080 DATABASE_URL=postgres://… REDIS_URL=redis://… npm run cluster:demo
//
// Every node gets TRUST_PROXY=on (HAProxy adds X-Forwarded-For: per-address limits and the operation log see the
// client's address, not the balancer's). Ctrl-C stops the balancer and every node.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const root = path.resolve(import.meta.dirname, '..');

/** the haproxy binary, or null when the package is missing */
export function haproxyPath() {
  for (const p of ['/usr/sbin/haproxy', '/usr/bin/haproxy', '/usr/local/sbin/haproxy']) {
    if (fs.existsSync(p)) return p;
  }
  const r = spawnSync('sh', ['-c', 'command -v haproxy'], { encoding: 'utf8' });
  return r.status === 0 ? r.stdout.trim() : null;
}

/** a free TCP port on 127.0.0.1 */
export function freePort() {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });
}

/**
 * The balancer's configuration. Health checks on /readyz take a node out within ~1 s of it dying; a request whose
 * connection fails is sent to another node (`redispatch`), and a request that got no answer at all from a node that
 * died under it is retried on another (`retry-on … empty-response`) — safe for this API's idempotent hot calls
 * (answer saves are upserts; clients retry the rest).
 */
export function haproxyConfig({ port, nodes, statsPort }) {
  const servers = nodes
    .map((n, i) => `  server node${i + 1} 127.0.0.1:${n.port} check inter 500ms fall 2 rise 2 maxconn 512`)
    .join('\n');
  return `global
  maxconn 8000
  log stderr format short local0 warning

defaults
  mode http
  log global
  option dontlognull
  option forwardfor
  option http-buffer-request
  timeout connect 2s
  timeout client 60s
  timeout server 30s
  timeout tunnel 1h
  timeout http-keep-alive 30s
  retries 3
  option redispatch 1
  retry-on conn-failure empty-response response-timeout

frontend answer
  bind 127.0.0.1:${port}
  default_backend nodes

backend nodes
  balance roundrobin
  option httpchk GET /readyz
  http-check expect status 200
${servers}
${
  statsPort
    ? `
listen stats
  bind 127.0.0.1:${statsPort}
  stats enable
  stats uri /
`
    : ''
}`;
}

async function waitFor(url, ms, isAlive) {
  const until = Date.now() + ms;
  let last = '';
  while (Date.now() < until) {
    if (isAlive && !isAlive()) throw new Error(`进程已退出：${url}`);
    try {
      const r = await fetch(url);
      if (r.ok) return;
      last = `HTTP ${r.status}`;
    } catch (e) {
      last = e.message;
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`等待 ${url} 超时（${last}）`);
}

/**
 * Starts `nodes` server processes and HAProxy in front of them.
 * @returns {Promise<{url: string, port: number, nodes: Array<{port: number, child: import('node:child_process').ChildProcess, kill: (sig?: string) => void}>, stop: () => Promise<void>}>}
 */
export async function startCluster({
  nodes: count = 3,
  port,
  databaseUrl,
  redisUrl,
  env = {},
  stdio = 'inherit',
  webDist,
} = {}) {
  if (!databaseUrl) throw new Error('集群模式需要 DATABASE_URL（PostgreSQL）');
  if (!redisUrl) throw new Error('集群模式需要 REDIS_URL');
  const haproxy = haproxyPath();
  if (!haproxy) throw new Error('未找到 haproxy：请先安装（apt-get install -y haproxy）');
  const lbPort = port ?? (await freePort());
  const uploadDir = env.UPLOAD_DIR ?? fs.mkdtempSync(path.join(os.tmpdir(), 'answer-cluster-upload-'));
  const nodes = [];
  const startNode = async () => {
    const nodePort = await freePort();
    const child = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'apps/server/src/main.ts')], {
      cwd: root,
      stdio: stdio === 'inherit' ? ['ignore', 'inherit', 'inherit'] : ['ignore', 'ignore', 'pipe'],
      env: {
        ...process.env,
        PORT: String(nodePort),
        HOST: '127.0.0.1',
        DATABASE_URL: databaseUrl,
        REDIS_URL: redisUrl,
        TRUST_PROXY: 'on',
        UPLOAD_DIR: uploadDir,
        ...(webDist ? { WEB_DIST: webDist } : {}),
        ...env,
      },
    });
    const node = {
      port: nodePort,
      child,
      kill: (sig = 'SIGTERM') => {
        if (child.exitCode === null && child.signalCode === null) child.kill(sig);
      },
    };
    nodes.push(node);
    return node;
  };
  // the first node migrates and seeds (the others would wait on the advisory lock anyway)
  const first = await startNode();
  await waitFor(`http://127.0.0.1:${first.port}/readyz`, 120_000, () => first.child.exitCode === null);
  const rest = [];
  for (let i = 1; i < count; i++) rest.push(await startNode());
  await Promise.all(
    rest.map((n) => waitFor(`http://127.0.0.1:${n.port}/readyz`, 120_000, () => n.child.exitCode === null)),
  );
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'answer-haproxy-'));
  const cfg = path.join(dir, 'haproxy.cfg');
  fs.writeFileSync(cfg, haproxyConfig({ port: lbPort, nodes }));
  const check = spawnSync(haproxy, ['-c', '-q', '-f', cfg], { encoding: 'utf8' });
  if (check.status !== 0) throw new Error(`haproxy 配置无效：${check.stderr || check.stdout}`);
  const lb = spawn(haproxy, ['-db', '-f', cfg], {
    stdio: stdio === 'inherit' ? ['ignore', 'inherit', 'inherit'] : ['ignore', 'ignore', 'pipe'],
  });
  await waitFor(`http://127.0.0.1:${lbPort}/healthz`, 20_000, () => lb.exitCode === null);
  const exited = (c) => new Promise((r) => (c.exitCode !== null || c.signalCode !== null ? r() : c.once('exit', r)));
  return {
    url: `http://127.0.0.1:${lbPort}`,
    port: lbPort,
    nodes,
    haproxy: lb,
    async stop() {
      if (lb.exitCode === null) lb.kill('SIGTERM');
      for (const n of nodes) n.kill('SIGTERM');
      await Promise.all([exited(lb), ...nodes.map((n) => exited(n.child))]);
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

async function main() {
  const count = Number(process.env.CLUSTER_NODES ?? 3);
  if (!Number.isInteger(count) || count < 2 || count > 8) {
    console.error('CLUSTER_NODES 必须是 2–8 的整数');
    process.exit(2);
  }
  const databaseUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/answer_cluster';
  const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379/0';
  // the demo database is created when missing (the nodes migrate and seed it)
  if (!process.env.DATABASE_URL) {
    const { default: pg } = await import('pg');
    const admin = new pg.Client({ connectionString: 'postgres://postgres@127.0.0.1:5432/postgres' });
    await admin.connect();
    const exists = await admin.query(`select 1 from pg_database where datname = 'answer_cluster'`);
    if (!exists.rowCount) await admin.query('create database answer_cluster');
    await admin.end();
  }
  const webDist = path.join(root, 'apps/web/dist');
  if (!fs.existsSync(path.join(webDist, 'index.html'))) {
    console.log('首次启动：正在构建网页端…');
    const r = spawnSync('npm', ['run', 'build', '-w', '@answer/web'], { cwd: root, stdio: 'inherit' });
    if (r.status !== 0) process.exit(r.status ?? 1);
  }
  const port = Number(process.env.CLUSTER_PORT ?? 8080);
  const cluster = await startCluster({ nodes: count, port, databaseUrl, redisUrl });
  console.log(`集群已启动：${cluster.url}（HAProxy → ${cluster.nodes.map((n) => n.port).join(', ')}）`);
  let stopping = false;
  const stop = async () => {
    if (stopping) return;
    stopping = true;
    await cluster.stop();
    process.exit(0);
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  main().catch((e) => {
    console.error(e.message);
    process.exit(1);
  });
}
