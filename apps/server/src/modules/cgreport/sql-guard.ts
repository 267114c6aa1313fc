import { parse } from '@libpg-query/parser';

/**
 * The checks every report SQL passes before it runs (issue 13 "Report SQL", docs/decisions/033-report-sql.md): parsed
 * by PostgreSQL's own parser (libpg_query in WASM), accepted only as ONE plain SELECT — no data-modifying statement
 * anywhere (CTE included), no SELECT INTO, no locking clause, no function of the deny list, no schema-qualified or
 * unlisted relation (reports on this database see only REPORT_TABLES, each without its denied columns) — and named
 * parameters `${name}` turned into bound `$n` parameters. What runs is the one statement's exact span as the parser
 * delimited it (no trailing `;` or text after it), with the allowed tables replaced by sub-selects of their readable
 * columns; the caller wraps it between line breaks, so a trailing `--` comment cannot swallow the wrapper.
 */

/** a refusal with the Chinese text the designer / report screen shows */
export class ReportSqlError extends Error {}

/**
 * Tables a report on this database may read, each without the listed columns (the SQL is rewritten to select only
 * the others, and the report_reader role is granted only those: ./reader.ts). Synchronised online-form tables are
 * resolved on demand (CheckOptions.local.resolve). Sessions, data-source secrets, online definitions, password/salt and every unlisted table stay unreachable.
 */
export const REPORT_TABLES: Readonly<Record<string, readonly string[]>> = {
  sys_user: ['password', 'salt', 'client_id'],
  sys_role: [],
  sys_user_role: [],
  sys_depart: [],
  sys_user_depart: [],
  sys_position: [],
  sys_dict: [],
  sys_dict_item: [],
  sys_category: [],
  sys_log: ['request_param'],
  sys_announcement: [],
  sys_tenant: [],
  demo: [],
  jeecg_order_main: [],
  jeecg_order_customer: [],
  jeecg_order_ticket: [],
  jeecg_vxe_demo: [],
};

/**
 * Functions a report may never call: sleeping, server files, large objects, other connections, settings, signalling
 * backends, sequences, and everything that runs SQL given as text (query_to_xml, ts_stat, crosstab …), which would
 * escape the relation check. Every `pg_*` function is refused as well.
 */
const DENIED_FUNCTIONS = new Set([
  'set_config',
  'current_setting',
  'copy',
  'nextval',
  'setval',
  'currval',
  'lastval',
  'version',
  'query_to_xml',
  'query_to_xmlschema',
  'query_to_xml_and_xmlschema',
  'cursor_to_xml',
  'cursor_to_xmlschema',
  'table_to_xml',
  'table_to_xmlschema',
  'table_to_xml_and_xmlschema',
  'schema_to_xml',
  'schema_to_xmlschema',
  'schema_to_xml_and_xmlschema',
  'database_to_xml',
  'database_to_xmlschema',
  'database_to_xml_and_xmlschema',
  'ts_stat',
  'ts_rewrite',
  'inet_server_addr',
  'inet_server_port',
  'inet_client_addr',
  'inet_client_port',
  'txid_current',
  'txid_current_if_assigned',
]);
const DENIED_PREFIXES = ['pg_', 'lo_', 'dblink', 'crosstab', 'connectby', 'file_', 'binary_upgrade'];

export function functionDenied(name: string): boolean {
  const n = name.toLowerCase();
  return DENIED_FUNCTIONS.has(n) || DENIED_PREFIXES.some((p) => n.startsWith(p));
}

/** statements (or clauses) that write, lock or act outside a SELECT; anywhere in the tree they refuse the SQL */
const WRITING_NODES = new Set([
  'InsertStmt',
  'UpdateStmt',
  'DeleteStmt',
  'MergeStmt',
  'CopyStmt',
  'IntoClause',
  'LockingClause',
  'CallStmt',
  'DoStmt',
]);

export const MESSAGES = {
  empty: '报表SQL不能为空',
  unbounded: (f: string) =>
    `嵌入式数据库中报表不能调用 ${f}（其结果大小无法在查询前估算，可能长时间阻塞服务）；请改用 PostgreSQL 部署`,
  seriesArgs: (f: string) =>
    `嵌入式数据库中 ${f} 的参数只能是常量或报表参数（须能在查询前估算行数），不能引用字段或子查询；或改用 PostgreSQL 部署`,
  tooLong: '报表SQL长度不能超过 4000 个字符',
  syntax: (detail: string) => `SQL语法错误：${detail}`,
  oneStatement: '报表SQL只能是一条 SELECT 语句',
  notSelect: '报表SQL只能是查询语句（SELECT），不允许增删改或其他操作',
  writing: '报表SQL不允许包含增删改、SELECT INTO 或加锁（FOR UPDATE）',
  func: (name: string) => `报表SQL不允许调用函数 ${name}`,
  schema: (name: string) => `报表SQL不允许指定模式（schema）：${name}`,
  table: (name: string) => `报表SQL不允许查询表 ${name}（不在报表可访问的表中）`,
  form: '报表SQL的写法暂不支持，请简化表的引用方式',
  cteName: (name: string) => `报表SQL的 WITH 名称不能以 pg_ 开头：${name}`,
  quotedParam: (name: string) =>
    `参数 \${${name}} 不能写在字符串内，请直接写 \${${name}}（如需模糊匹配：'%' || \${${name}} || '%'）`,
  paramName: (name: string) => `参数名 ${name} 不合法（只能包含字母、数字、下划线）`,
  paramMarker: '报表SQL中不能直接使用 $1 这类占位符，请使用 ${参数名}',
  tooManyParams: '报表SQL的参数不能超过 50 个',
} as const;

const PARAM_NAME = /^[A-Za-z_][A-Za-z0-9_]{0,31}$/;
const MAX_SQL = 4000;
const MAX_PARAMS = 50;

export interface CheckedSql {
  /** the checked statement as PostgreSQL renders it, with `$1..$n` for the named parameters */
  text: string;
  /** parameter names in `$n` order */
  params: string[];
}

export interface CheckOptions {
  /**
   * Reports on this database: the schema of the application's tables and the readable columns of each table of
   * REPORT_TABLES (./reader.ts reads them from the catalog). Every reference to such a table is rewritten into a
   * sub-select of exactly these columns of `<schema>.<table>` (so `select * from sys_user` has no password column),
   * and any other relation is refused. Absent for a report on another data source, whose own account decides what it
   * may read.
   */
  local?: {
    schema: string;
    columns: ReadonlyMap<string, readonly string[]>;
    /**
     * readable columns of a table outside `columns` that a report may still read (a synchronised online-form table),
     * or null; asked once per unknown name before the checks
     */
    resolve?: (table: string) => Promise<readonly string[] | null>;
    /**
     * the row condition (SQL text over the table's own columns) each table is read with: the caller's tenant
     * (platform/tenant-scope.ts tenantSqlFor); undefined = every row
     */
    rows?: (table: string, columns: readonly string[]) => string | undefined;
  };
  /**
   * The report runs on PGlite (no statement_timeout; ./reader.ts refuses plans estimated too heavy): the rows of
   * `generate_series` must be known to the planner, so its arguments may not read a column or a sub-query.
   */
  embedded?: boolean;
}

/**
 * Functions whose cost the planner does not see (a value or set of any size built from a small argument:
 * `array_fill(1, array[100000000])`, `repeat('x', 1e9)`, splitting such a text …). On PGlite, which ignores
 * statement_timeout, a report calling them could hold the server for seconds (issue 28 security 6): refused there.
 */
const EMBEDDED_UNBOUNDED = new Set(['array_fill', 'repeat', 'lpad', 'rpad', 'format', 'factorial', 'power', 'pow']);

/** functions whose row count the planner takes from their arguments (unknown arguments → a guess of 1 000 rows) */
const SERIES_FUNCS = new Set(['generate_series']);

type Node = unknown;

/** every `${name}` → `$k` (a name used twice shares its number); `'${name}'` (JeecgBoot's quoted style) too */
export function bindNamedParams(sql: string): { text: string; params: string[] } {
  const params: string[] = [];
  const num = (name: string) => {
    if (!PARAM_NAME.test(name)) throw new ReportSqlError(MESSAGES.paramName(name));
    let i = params.indexOf(name);
    if (i < 0) {
      params.push(name);
      i = params.length - 1;
    }
    if (params.length > MAX_PARAMS) throw new ReportSqlError(MESSAGES.tooManyParams);
    return `$${i + 1}`;
  };
  const text = sql
    .replace(/'\$\{\s*([^}]*?)\s*\}'/g, (_m, name: string) => num(name))
    .replace(/\$\{\s*([^}]*?)\s*\}/g, (_m, name: string) => num(name));
  return { text, params };
}

/** `${name}` names of a SQL text, in first-use order (the designer's params grid) */
export function paramNamesOf(sql: string): string[] {
  try {
    return bindNamedParams(sql).params;
  } catch {
    return [];
  }
}

function walk(node: Node, visit: (type: string, value: Record<string, unknown>) => void): void {
  if (Array.isArray(node)) {
    for (const n of node) walk(n, visit);
    return;
  }
  if (!node || typeof node !== 'object') return;
  for (const [k, v] of Object.entries(node as Record<string, unknown>)) {
    if (/^[A-Z]/.test(k) && v && typeof v === 'object' && !Array.isArray(v)) visit(k, v as Record<string, unknown>);
    walk(v, visit);
  }
}

const sval = (n: unknown) => (n as { String?: { sval?: string } })?.String?.sval ?? '';

/**
 * Parses and checks a report SQL; answers the statement to run (parameters as `$n`) or throws ReportSqlError with a
 * Chinese message.
 */
export async function checkReportSql(sql: string, opts: CheckOptions): Promise<CheckedSql> {
  const raw = String(sql ?? '').trim();
  if (!raw) throw new ReportSqlError(MESSAGES.empty);
  if (raw.length > MAX_SQL) throw new ReportSqlError(MESSAGES.tooLong);
  if (/\$\d/.test(raw.replace(/\$\{[^}]*\}/g, ''))) throw new ReportSqlError(MESSAGES.paramMarker);
  const { text, params } = bindNamedParams(raw);

  let tree: { stmts?: { stmt?: Record<string, unknown>; stmt_location?: number; stmt_len?: number }[] };
  try {
    tree = (await parse(text)) as typeof tree;
  } catch (err) {
    const msg = err instanceof Error ? err.message : '';
    throw new ReportSqlError(MESSAGES.syntax(msg.slice(0, 120) || '无法解析'));
  }
  const stmts = tree.stmts ?? [];
  if (stmts.length !== 1) throw new ReportSqlError(MESSAGES.oneStatement);
  const stmt = stmts[0].stmt ?? {};
  if (!('SelectStmt' in stmt)) throw new ReportSqlError(MESSAGES.notSelect);

  const cteNames = new Set<string>();
  walk(stmt, (type, v) => {
    if (type !== 'CommonTableExpr' || typeof v.ctename !== 'string') return;
    // the statement runs with search_path = pg_catalog: a pg_* name must never stand for a system catalog
    if (/^pg_/i.test(v.ctename)) throw new ReportSqlError(MESSAGES.cteName(v.ctename));
    cteNames.add(v.ctename);
  });
  let local = opts.local;
  if (local?.resolve) {
    const unknown = new Set<string>();
    walk(stmt, (type, v) => {
      const rel = String(v.relname ?? '');
      if (type === 'RangeVar' && !v.schemaname && !cteNames.has(rel) && !local?.columns.has(rel)) unknown.add(rel);
    });
    if (unknown.size) {
      const columns = new Map(local.columns);
      for (const rel of unknown) {
        const cols = await local.resolve(rel);
        if (cols?.length) columns.set(rel, cols);
      }
      local = { ...local, columns };
    }
  }
  const used = new Set<number>();
  if (JSON.stringify(stmt).includes('"intoClause"')) throw new ReportSqlError(MESSAGES.writing);
  walk(stmt, (type, v) => {
    if (WRITING_NODES.has(type)) throw new ReportSqlError(MESSAGES.writing);
    if (type === 'FuncCall') {
      const names = (v.funcname as unknown[] | undefined)?.map(sval) ?? [];
      const name = names.at(-1) ?? '';
      if (names.length > 1 && names[0].toLowerCase() !== 'pg_catalog')
        throw new ReportSqlError(MESSAGES.func(names.join('.')));
      if (functionDenied(name)) throw new ReportSqlError(MESSAGES.func(name));
      if (opts.embedded && EMBEDDED_UNBOUNDED.has(name.toLowerCase()))
        throw new ReportSqlError(MESSAGES.unbounded(name));
      if (opts.embedded && SERIES_FUNCS.has(name.toLowerCase())) {
        walk(v.args, (t) => {
          if (t === 'ColumnRef' || t === 'SubLink') throw new ReportSqlError(MESSAGES.seriesArgs(name));
        });
      }
    }
    if (type === 'RangeVar') {
      const rel = String(v.relname ?? '');
      if (v.schemaname || v.catalogname) throw new ReportSqlError(MESSAGES.schema(`${v.schemaname}.${rel}`));
      if (local && !cteNames.has(rel) && !local.columns.has(rel)) throw new ReportSqlError(MESSAGES.table(rel));
    }
    if (type === 'ParamRef') used.add(Number(v.number));
  });
  // every `${name}` must have become a real parameter (not text inside a string literal or a comment)
  params.forEach((name, i) => {
    if (!used.has(i + 1)) throw new ReportSqlError(MESSAGES.quotedParam(name));
  });

  // the statement's own bytes (libpg_query locations are UTF-8 byte offsets)
  const bytes = Buffer.from(text, 'utf8');
  const start = Number(stmts[0].stmt_location ?? 0);
  const len = stmts[0].stmt_len ? Number(stmts[0].stmt_len) : bytes.length - start;
  const span = { start, end: start + len };
  const edits = local ? tableEdits(stmt, bytes, span, local, cteNames) : [];
  let out = '';
  let at = span.start;
  for (const e of edits.sort((a, b) => a.from - b.from)) {
    out += bytes.subarray(at, e.from).toString('utf8') + e.text;
    at = e.to;
  }
  out += bytes.subarray(at, span.end).toString('utf8');
  return { text: out.trim(), params };
}

const quoteIdent = (name: string) => `"${name.replace(/"/g, '""')}"`;

interface Edit {
  from: number;
  to: number;
  text: string;
}

/**
 * Every `FROM <allowed table> [alias]` (not a WITH name) becomes `FROM (SELECT <readable columns> FROM
 * "<schema>"."<table>") <alias or the table name>`: the edits of the name tokens.
 */
function tableEdits(
  stmt: Node,
  bytes: Buffer,
  span: { start: number; end: number },
  local: NonNullable<CheckOptions['local']>,
  cteNames: ReadonlySet<string>,
): Edit[] {
  const edits: Edit[] = [];
  walk(stmt, (type, v) => {
    if (type !== 'RangeVar') return;
    const rel = String(v.relname ?? '');
    const cols = local.columns.get(rel);
    if (!cols || cteNames.has(rel)) return;
    const from = Number(v.location);
    if (!Number.isInteger(from) || from < span.start || from >= span.end) throw new ReportSqlError(MESSAGES.form);
    // the name token as written: "sys_user" or sys_user (any case)
    const rest = bytes.subarray(from, span.end).toString('utf8');
    const m = /^("(?:[^"]|"")+"|[A-Za-z_][A-Za-z0-9_$]*)/.exec(rest);
    const token = m?.[1] ?? '';
    const name = token.startsWith('"') ? token.slice(1, -1).replace(/""/g, '"') : token.toLowerCase();
    if (name !== rel) throw new ReportSqlError(MESSAGES.form);
    const cond = local.rows?.(rel, cols);
    const select = `(SELECT ${cols.map(quoteIdent).join(', ')} FROM ${quoteIdent(local.schema)}.${quoteIdent(rel)}${cond ? ` WHERE ${cond}` : ''})`;
    edits.push({
      from,
      to: from + Buffer.byteLength(token, 'utf8'),
      text: v.alias ? select : `${select} ${quoteIdent(rel)}`,
    });
  });
  return edits;
}
