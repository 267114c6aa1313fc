#!/usr/bin/env node
// Fails when an installed package declares an `engines.node` range that excludes the Node this project promises to
// support: the running Node and the minimum of the root package.json's own `engines.node` (the README's "Node ≥ …").
// Walks every node_modules tree of the workspace (nested copies included), so a transitive dependency that silently
// moved to a newer Node is caught at install time in CI instead of in production.
import fs from 'node:fs';
import path from 'node:path';
import semver from 'semver';

const root = path.resolve(import.meta.dirname, '..');
const rootPkg = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8'));
const stated = rootPkg.engines?.node;
if (!stated) {
  console.error('package.json 缺少 engines.node：无法核对所支持的 Node 版本');
  process.exit(1);
}
const running = process.version;
const minimum = semver.minVersion(stated)?.version;
if (!semver.satisfies(running, stated)) {
  console.error(`当前 Node ${running} 不满足本项目声明的 engines.node "${stated}"`);
  process.exit(1);
}
const targets = [...new Set([running.replace(/^v/, ''), minimum].filter(Boolean))];

/** package directories below a node_modules folder (scoped ones included) */
function* packagesIn(nodeModules) {
  let entries;
  try {
    entries = fs.readdirSync(nodeModules, { withFileTypes: true });
  } catch {
    return;
  }
  for (const e of entries) {
    if (e.name.startsWith('.')) continue;
    const p = path.join(nodeModules, e.name);
    if (e.name.startsWith('@')) {
      for (const s of fs.readdirSync(p, { withFileTypes: true })) yield path.join(p, s.name);
    } else {
      yield p;
    }
  }
}

const problems = [];
let checked = 0;
const seen = new Set();
function walk(nodeModules) {
  for (const dir of packagesIn(nodeModules)) {
    let real;
    try {
      real = fs.realpathSync(dir);
    } catch {
      continue;
    }
    // workspace packages are symlinked into node_modules; each real directory is read once
    if (seen.has(real)) continue;
    seen.add(real);
    const pj = path.join(real, 'package.json');
    if (!fs.existsSync(pj)) continue;
    let pkg;
    try {
      pkg = JSON.parse(fs.readFileSync(pj, 'utf8'));
    } catch {
      continue;
    }
    checked++;
    const range = pkg.engines?.node;
    if (typeof range === 'string' && range.trim() && semver.validRange(range)) {
      const excluded = targets.filter((v) => !semver.satisfies(v, range));
      if (excluded.length) {
        problems.push(
          `${path.relative(root, dir)} (${pkg.name}@${pkg.version}) engines.node "${range}" 不支持 Node ${excluded.join(', ')}`,
        );
      }
    }
    walk(path.join(real, 'node_modules'));
  }
}

walk(path.join(root, 'node_modules'));
for (const ws of rootPkg.workspaces ?? []) {
  const base = ws.endsWith('/*') ? path.join(root, ws.slice(0, -2)) : null;
  const dirs = base
    ? fs.existsSync(base)
      ? fs.readdirSync(base).map((d) => path.join(base, d))
      : []
    : [path.join(root, ws)];
  for (const d of dirs) walk(path.join(d, 'node_modules'));
}

if (problems.length) {
  console.error(`以下已安装的依赖不支持本项目声明的 Node（engines.node "${stated}"，当前 ${running}）：`);
  for (const p of problems) console.error(`  - ${p}`);
  console.error('请把这些依赖固定到支持该 Node 版本的版本（package.json 的依赖版本或 overrides）。');
  process.exit(1);
}
console.log(`engines: ${checked} 个已安装的依赖均支持 Node ${targets.join(' 和 ')}（engines.node "${stated}"）`);
