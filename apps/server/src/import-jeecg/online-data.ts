import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { syncDefinition } from '../modules/cgform/design/sync.ts';
import type { RunOptions } from './engine.ts';
import { addTo, newTableReport, type TableReport } from './report.ts';
import type { Source } from './source.ts';
import { decodeText, Problem, toDateString, toFloat, toInstant, toInt } from './values.ts';

/**
 * The data tables of imported online forms: each synchronised definition (is_db_synch Y, not a copy) is synchronised
 * here by our own designer code (column types mapped by it: string → varchar, int → integer, double/BigDecimal →
 * numeric, Date → date, Datetime → timestamp, Text → text; ADR 031), then its rows are copied from JeecgBoot's table of
 * the same name. A definition our designer refuses is reported and its data left behind; the rest is unaffected (each
 * form in its own savepoint). Rows already here (same id) are kept as they are: a form's data is edited here after the
 * move.
 */

interface FieldRow {
  db_field_name: string;
  db_type: string;
}

export async function copyFormData(tx: Db, source: Source, opts: RunOptions): Promise<TableReport[]> {
  const heads = (await source.rows('onl_cgform_head', ['id', 'table_name', 'is_db_synch', 'copy_type'])).map((r) => ({
    id: text(r.id),
    table: text(r.table_name).toLowerCase(),
    synced: text(r.is_db_synch) === 'Y',
    copy: Number(text(r.copy_type) || 0) === 1,
  }));
  const reports: TableReport[] = [];
  for (const head of heads) {
    if (!head.synced || head.copy) continue;
    const report = newTableReport('online', head.table);
    reports.push(report);
    if (!source.tables.has(head.table)) {
      addTo(report.skipped, 'JeecgBoot 库中没有这张表（表单未同步数据库）', head.table);
      continue;
    }
    const res = (await tx.execute(
      sql`select db_field_name, db_type from onl_cgform_field where cgform_head_id = ${head.id}`,
    )) as unknown as { rows: FieldRow[] };
    if (!res.rows.length) {
      // the definition itself was not imported (reported with onl_cgform_head)
      addTo(report.skipped, '表单定义未导入', head.table);
      continue;
    }
    const fields = res.rows;
    const raws = await source.rows(
      head.table,
      fields.map((f) => f.db_field_name),
    );
    report.read = raws.length;
    opts.onProgress?.(head.table, 0, raws.length);
    if (opts.dryRun) continue;
    try {
      await tx.transaction(async (sp) => {
        await syncDefinition(sp as unknown as Db, head.id, { method: 'normal', confirm: false, user: 'jeecg-import' });
        const srcCols = source.tables.get(head.table)!;
        const present = fields.filter((f) => srcCols.has(f.db_field_name));
        const rows: Record<string, unknown>[] = [];
        for (const raw of raws) {
          const row: Record<string, unknown> = {};
          let skip: string | null = null;
          for (const f of present) {
            let v = convertField(f, raw[f.db_field_name], srcCols.get(f.db_field_name)?.charset ?? null);
            if (v instanceof Problem) {
              if (v.kind === 'skip') {
                skip = v.reason;
                break;
              }
              addTo(report.fixed, v.reason, text(raw.id));
              v = v.value;
            }
            row[f.db_field_name] = v;
          }
          if (skip) addTo(report.skipped, skip, text(raw.id));
          else rows.push(row);
        }
        const cols = present.map((f) => f.db_field_name);
        for (let i = 0; i < rows.length; i += 500) {
          const part = rows.slice(i, i + 500);
          const values = sql.join(
            part.map(
              (r) =>
                sql`(${sql.join(
                  cols.map((c) => sql`${r[c] instanceof Date ? (r[c] as Date).toISOString() : r[c]}`),
                  sql`, `,
                )})`,
            ),
            sql`, `,
          );
          const res2 = (await sp.execute(
            sql`insert into ${sql.identifier(head.table)} (${sql.join(
              cols.map((c) => sql.identifier(c)),
              sql`, `,
            )}) values ${values} on conflict (id) do nothing`,
          )) as unknown as { rowCount?: number; affectedRows?: number };
          const n = res2.rowCount ?? res2.affectedRows ?? 0;
          report.inserted += n;
          report.unchanged += part.length - n;
          opts.onProgress?.(head.table, i + part.length, raws.length);
        }
      });
    } catch (err) {
      const msg = err instanceof Error ? err.message : String(err);
      opts.attention.push({ kind: 'form', key: head.table, detail: `表单无法同步，数据未导入：${msg.slice(0, 200)}` });
      addTo(report.skipped, '表单无法同步', head.table);
    }
  }
  return reports;
}

function convertField(f: FieldRow, raw: unknown, charset: string | null): unknown {
  const col = f.db_field_name;
  switch ((f.db_type ?? 'string').toLowerCase()) {
    case 'int':
      return toInt(Buffer.isBuffer(raw) ? raw.toString('latin1') : raw, col);
    case 'double':
    case 'bigdecimal':
      return toFloat(Buffer.isBuffer(raw) ? raw.toString('latin1') : raw, col);
    case 'date':
      return toDateString(raw, col);
    case 'datetime':
      return toInstant(raw, col);
    case 'blob':
      return Buffer.isBuffer(raw) ? raw : raw;
    default:
      if (typeof raw === 'number') return String(raw);
      return decodeText(raw as Buffer | null, charset, col);
  }
}

function text(v: unknown): string {
  if (v === null || v === undefined) return '';
  return Buffer.isBuffer(v) ? v.toString('utf8') : String(v);
}
