/**
 * The import report: per table what was read, written (inserted, updated), left unchanged and skipped with the
 * reason; adjustments made to keep a row (invalid dates, broken parents); conflicts (both sides changed a column:
 * ours kept, ADR 050); and the items an operator must look at (unmapped components, job classes, refused reports,
 * form definitions we cannot honour). Printed at the end of a run and written as a file.
 */

export interface TableReport {
  area: string;
  table: string;
  read: number;
  inserted: number;
  updated: number;
  unchanged: number;
  /** reason → row keys */
  skipped: Map<string, string[]>;
  /** reason → row keys (row imported with the value adjusted) */
  fixed: Map<string, string[]>;
  /** row key → columns kept as changed here although JeecgBoot changed them too */
  conflicts: Map<string, string[]>;
  /** demo rows of our seed that an imported row replaced (same natural key, other id) */
  replacedSeed: string[];
  /** rows that were imported earlier, deleted here since: not re-created */
  deletedHere: number;
}

export interface AttentionItem {
  kind: 'component' | 'jobClass' | 'report' | 'form' | 'dataSource' | 'other';
  key: string;
  detail: string;
}

export interface AreaResult {
  area: string;
  ok: boolean;
  /** why the area was not written (its transaction rolled back) */
  error?: string;
}

export interface ImportReport {
  source: string;
  sourceVersion: string;
  target: string;
  dryRun: boolean;
  startedAt: Date;
  finishedAt?: Date;
  tables: TableReport[];
  areas: AreaResult[];
  attention: AttentionItem[];
}

export function newTableReport(area: string, table: string): TableReport {
  return {
    area,
    table,
    read: 0,
    inserted: 0,
    updated: 0,
    unchanged: 0,
    skipped: new Map(),
    fixed: new Map(),
    conflicts: new Map(),
    replacedSeed: [],
    deletedHere: 0,
  };
}

export function addTo(map: Map<string, string[]>, reason: string, key: string): void {
  const list = map.get(reason);
  if (list) list.push(key);
  else map.set(reason, [key]);
}

const count = (m: Map<string, string[]>) => [...m.values()].reduce((n, l) => n + l.length, 0);

const MAX_KEYS = 10;
const keys = (l: string[]) =>
  l.length > MAX_KEYS ? `${l.slice(0, MAX_KEYS).join(', ')} …（共 ${l.length} 行）` : l.join(', ');

/** The report as text (what is printed and written to the file). */
export function renderReport(r: ImportReport): string {
  const out: string[] = [];
  const secs = r.finishedAt ? ((r.finishedAt.getTime() - r.startedAt.getTime()) / 1000).toFixed(1) : '?';
  out.push(`JeecgBoot 导入报告${r.dryRun ? '（演练 --dry-run：未写入任何数据）' : ''}`);
  out.push(`来源: ${r.source}（${r.sourceVersion}）`);
  out.push(`目标: ${r.target}`);
  out.push(`开始: ${r.startedAt.toISOString()}  用时: ${secs} 秒`);
  out.push('');
  const failed = r.areas.filter((a) => !a.ok);
  if (failed.length) {
    out.push('未完成的范围（该范围整体回滚，其余范围不受影响）:');
    for (const a of failed) out.push(`  ✗ ${a.area}: ${a.error}`);
    out.push('');
  }
  const header = ['范围', '表', '读取', '新增', '更新', '未变', '跳过', '修正', '冲突'];
  const rows = r.tables.map((t) => [
    t.area,
    t.table,
    String(t.read),
    String(t.inserted),
    String(t.updated),
    String(t.unchanged),
    String(count(t.skipped)),
    String(count(t.fixed)),
    String(t.conflicts.size),
  ]);
  const width = header.map((h, i) => Math.max(displayWidth(h), ...rows.map((row) => displayWidth(row[i]))));
  const line = (cells: string[]) => cells.map((c, i) => pad(c, width[i], i >= 2)).join('  ');
  out.push(line(header));
  for (const row of rows) out.push(line(row));
  out.push('');
  for (const t of r.tables) {
    const details: string[] = [];
    for (const [reason, l] of t.skipped) details.push(`  跳过 ${l.length} 行：${reason} — ${keys(l)}`);
    for (const [reason, l] of t.fixed) details.push(`  修正 ${l.length} 行：${reason} — ${keys(l)}`);
    for (const [key, cols] of t.conflicts)
      details.push(`  冲突：行 ${key} 的 ${cols.join(', ')} 两边都改过，保留本系统的值`);
    if (t.replacedSeed.length)
      details.push(`  替换本系统演示数据 ${t.replacedSeed.length} 行：${keys(t.replacedSeed)}`);
    if (t.deletedHere) details.push(`  ${t.deletedHere} 行曾导入、已在本系统删除，未重新导入`);
    if (details.length) {
      out.push(`${t.table}:`);
      out.push(...details);
    }
  }
  if (r.attention.length) {
    out.push('');
    out.push('需要留意:');
    const titles: Record<AttentionItem['kind'], string> = {
      component: '未对应的菜单组件（打开时显示“页面不存在”）',
      jobClass: '没有的定时任务类（已导入为暂停）',
      report: '报表 SQL 未通过检查（导入后无法运行，等同停用）',
      form: '无法按原样支持的 Online 表单',
      dataSource: '数据源',
      other: '其他',
    };
    for (const kind of Object.keys(titles) as AttentionItem['kind'][]) {
      const items = r.attention.filter((a) => a.kind === kind);
      if (!items.length) continue;
      out.push(`  ${titles[kind]}:`);
      for (const a of items) out.push(`    - ${a.key}: ${a.detail}`);
    }
  }
  return `${out.join('\n')}\n`;
}

/** The report as JSON (for tools). */
export function reportJson(r: ImportReport): unknown {
  return {
    ...r,
    tables: r.tables.map((t) => ({
      ...t,
      skipped: Object.fromEntries(t.skipped),
      fixed: Object.fromEntries(t.fixed),
      conflicts: Object.fromEntries(t.conflicts),
    })),
  };
}

function displayWidth(s: string): number {
  let w = 0;
  for (const ch of s) w += /[\u2e80-\uffff]/.test(ch) ? 2 : 1;
  return w;
}

function pad(s: string, w: number, right: boolean): string {
  const fill = ' '.repeat(Math.max(0, w - displayWidth(s)));
  return right ? fill + s : s + fill;
}
