import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig } from '../config.ts';
import { connect, type Database } from '../db/client.ts';
import { migrateAndSeed } from '../db/migrate.ts';
import { loadKey, SecretBox } from '../modules/data-source/secret.ts';
import { type ImportReport, renderReport, reportJson } from './report.ts';
import { runImport } from './run.ts';
import { ImportError, openSource } from './source.ts';
import { AREA_TITLES, AREAS, type Area } from './tables.ts';

/**
 * `npm run import:jeecg -- --from mysql://user:pw@host:3306/jeecg-boot [--dry-run] [--only users,menus] [--with-logs]
 * [--report file]`: imports a JeecgBoot 3.0–3.4 database into the configured one (DATABASE_URL, else the embedded
 * database in DATA_DIR), migrated and seeded first. Exit code 0 when every area was imported, 1 when an area failed,
 * 2 for bad arguments or a source that cannot be read.
 */

export const USAGE = `用法: npm run import:jeecg -- --from mysql://用户名:密码@主机:3306/jeecg-boot [选项]

选项:
  --from <url>        JeecgBoot 的 MySQL/MariaDB 数据库（必填）
  --dry-run           只读取和检查，不写入，打印报告
  --only <范围,…>     只导入这些范围：${AREAS.join(', ')}
  --with-logs         同时导入登录和操作日志（sys_log）
  --report <文件>     报告写到这个文件（默认 $DATA_DIR/import-jeecg-<时间>.txt）
  --help              显示本说明

目标数据库：DATABASE_URL（PostgreSQL），未设置时为 DATA_DIR（默认 ./data）中的内置数据库。
`;

export interface CliIo {
  out(line: string): void;
  err(line: string): void;
  /** progress line (rewritten in place on a terminal) */
  progress?(line: string): void;
}

export interface CliResult {
  code: number;
  report?: ImportReport;
  reportFile?: string;
}

export function parseCli(argv: string[]): {
  from: string;
  dryRun: boolean;
  only?: Area[];
  withLogs: boolean;
  reportFile?: string;
  help: boolean;
} {
  let values: Record<string, string | boolean | undefined>;
  try {
    ({ values } = parseArgs({
      args: argv,
      options: {
        from: { type: 'string' },
        'dry-run': { type: 'boolean', default: false },
        only: { type: 'string' },
        'with-logs': { type: 'boolean', default: false },
        report: { type: 'string' },
        help: { type: 'boolean', default: false },
      },
      strict: true,
      allowPositionals: false,
    }));
  } catch (err) {
    throw new ImportError(`参数错误：${(err as Error).message}`);
  }
  if (values.help) return { from: '', dryRun: false, withLogs: false, help: true };
  if (!values.from)
    throw new ImportError('缺少 --from：JeecgBoot 数据库地址，如 mysql://root:root@127.0.0.1:3306/jeecg-boot');
  let only: Area[] | undefined;
  if (typeof values.only === 'string') {
    const names = values.only
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean);
    const bad = names.filter((n) => !(AREAS as readonly string[]).includes(n));
    if (bad.length || !names.length) {
      throw new ImportError(`--only 中有不认识的范围：${bad.join(', ') || '(空)'}；可用：${AREAS.join(', ')}`);
    }
    only = names as Area[];
  }
  return {
    from: String(values.from),
    dryRun: values['dry-run'] === true,
    only,
    withLogs: values['with-logs'] === true || (only?.includes('logs') ?? false),
    reportFile: typeof values.report === 'string' ? values.report : undefined,
    help: false,
  };
}

/** Runs the command; never throws (every failure is a message and an exit code). */
export async function main(
  argv: string[],
  env: Record<string, string | undefined>,
  io: CliIo,
  opts: { database?: Database } = {},
): Promise<CliResult> {
  let args: ReturnType<typeof parseCli>;
  try {
    args = parseCli(argv);
  } catch (err) {
    io.err((err as Error).message);
    io.err(USAGE);
    return { code: 2 };
  }
  if (args.help) {
    io.out(USAGE);
    return { code: 0 };
  }
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig(env);
  } catch (err) {
    io.err((err as Error).message);
    return { code: 2 };
  }

  io.out(`连接 JeecgBoot 数据库 ${safeAddress(args.from)} …`);
  let source: Awaited<ReturnType<typeof openSource>>;
  try {
    source = await openSource(args.from);
  } catch (err) {
    io.err(err instanceof ImportError ? err.message : `无法读取 JeecgBoot 数据库：${(err as Error).message}`);
    return { code: 2 };
  }
  const target = config.databaseUrl
    ? safeAddress(config.databaseUrl)
    : `内置数据库 ${path.join(config.dataDir, 'pgdata')}`;
  let database = opts.database;
  const owned = !database;
  try {
    if (!database) {
      database = await connect({
        databaseUrl: config.databaseUrl,
        pgliteDir: config.databaseUrl ? undefined : path.join(config.dataDir, 'pgdata'),
        poolMax: 2,
        acquireTimeoutMs: 10_000,
      });
    }
    io.out(`目标: ${target}（先执行迁移${args.dryRun ? '' : '和初始数据'}）`);
    // the schema must be there for the checks; an empty target also gets our own menus and demo rows first (ADR 050)
    await migrateAndSeed(database);
    const key = loadKey(env.DATA_SOURCE_KEY, config.dataDir, (m) => io.err(m));
    const box = new SecretBox(key);
    let lastLine = '';
    const report = await runImport(database, source, {
      dryRun: args.dryRun,
      only: args.only,
      withLogs: args.withLogs,
      target,
      sealPassword: (plain, code) => box.seal(plain, code),
      onArea: (area, title) => io.out(`[${area}] ${title}`),
      onProgress: (table, done, total) => {
        const line = progressLine(table, done, total);
        if (line !== lastLine) (io.progress ?? io.out)(line);
        lastLine = line;
      },
    });
    const textReport = renderReport(report);
    io.out('');
    io.out(textReport);
    const file = path.resolve(
      args.reportFile ??
        path.join(config.dataDir, `import-jeecg-${report.startedAt.toISOString().replace(/[:.]/g, '-')}.txt`),
    );
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, textReport);
    fs.writeFileSync(file.replace(/(\.txt)?$/, '.json'), `${JSON.stringify(reportJson(report), null, 2)}\n`);
    io.out(`报告已写入 ${file}`);
    return { code: report.areas.every((a) => a.ok) ? 0 : 1, report, reportFile: file };
  } catch (err) {
    io.err(err instanceof ImportError ? err.message : `导入失败：${(err as Error).message.split('\n')[0]}`);
    return { code: err instanceof ImportError ? 2 : 1 };
  } finally {
    await source.close();
    if (owned) await database?.close();
  }
}

/** `sys_user  [██████░░░░]  60 000 / 100 000` */
export function progressLine(table: string, done: number, total: number): string {
  const width = 24;
  const filled = total ? Math.round((done / total) * width) : 0;
  const bar = '█'.repeat(filled) + '░'.repeat(width - filled);
  return `  ${table.padEnd(28)} [${bar}] ${done.toLocaleString('en-US')} / ${total.toLocaleString('en-US')}`;
}

/** an address without its password */
export function safeAddress(url: string): string {
  try {
    const u = new URL(url);
    if (u.password) u.password = '***';
    return u.toString();
  } catch {
    return '(无效地址)';
  }
}

export { AREA_TITLES };

if (import.meta.url === `file://${process.argv[1]}`) {
  const tty = process.stderr.isTTY;
  const result = await main(process.argv.slice(2), process.env, {
    out: (l) => {
      if (tty) process.stderr.write('\r\x1b[2K');
      process.stdout.write(`${l}\n`);
    },
    err: (l) => process.stderr.write(`${l}\n`),
    progress: tty ? (l) => process.stderr.write(`\r\x1b[2K${l}`) : (l) => process.stdout.write(`${l}\n`),
  });
  process.exit(result.code);
}
