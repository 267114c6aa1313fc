#!/usr/bin/env node
// `npm start`: build the web app when it is missing or older than its sources, then run the server.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const dist = path.join(root, 'apps/web/dist/index.html');

function newestMtime(dir) {
  let newest = 0;
  if (!fs.existsSync(dir)) return 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist') continue;
    const p = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(p) : fs.statSync(p).mtimeMs);
  }
  return newest;
}

const sources = Math.max(
  newestMtime(path.join(root, 'apps/web/src')),
  newestMtime(path.join(root, 'packages/contract/src')),
  fs.existsSync(path.join(root, 'apps/web/index.html'))
    ? fs.statSync(path.join(root, 'apps/web/index.html')).mtimeMs
    : 0,
);
const built = fs.existsSync(dist) ? fs.statSync(dist).mtimeMs : 0;

// Every child runs in the foreground of this process: a signal sent to `npm start` (Ctrl-C, SIGTERM from a process
// manager) is passed on to it, this process exits once it has, and with the child's status — nothing is left behind.
let current = null;
let stopping = null;
const FORWARDED = ['SIGINT', 'SIGTERM', 'SIGHUP'];
for (const sig of FORWARDED) {
  process.on(sig, () => {
    stopping ??= sig;
    if (current && current.exitCode === null && current.signalCode === null) current.kill(sig);
    else process.exit(128 + (os.constants.signals[sig] ?? 1));
  });
}

function run(cmd, args, opts) {
  return new Promise((resolve) => {
    const child = spawn(cmd, args, { cwd: root, env: process.env, ...opts });
    current = child;
    child.on('error', (err) => {
      console.error(`无法启动 ${cmd}: ${err.message}`);
      resolve({ code: 1, signal: null });
    });
    child.on('exit', (code, signal) => resolve({ code, signal }));
  });
}

/** leaves with the child's outcome: its exit code, or the signal that ended it (128 + n, as a shell reports it) */
function exitLike({ code, signal }) {
  if (code !== null) process.exit(code);
  process.exit(128 + (os.constants.signals[signal] ?? 1));
}

// SKIP_WEB_BUILD=1 serves whatever web build is present (or the API alone): a deployment that builds elsewhere
if ((!built || sources > built) && process.env.SKIP_WEB_BUILD !== '1') {
  console.log(built ? '网页端源码有更新，正在重新构建…' : '首次启动：正在构建网页端…');
  const r = await run('npm', ['run', 'build', '-w', '@answer/web'], { stdio: 'inherit' });
  if (r.code !== 0 || stopping) exitLike(r);
}

// the IPC channel lets the server notice when this process is gone, even killed outright (it then shuts down too)
const r = await run(process.execPath, ['--import', 'tsx', path.join(root, 'apps/server/src/main.ts')], {
  stdio: ['inherit', 'inherit', 'inherit', 'ipc'],
});
exitLike(r);
