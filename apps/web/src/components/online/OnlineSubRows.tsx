import { Empty, Spin, Table, Tabs } from 'antd';
import { useEffect, useState } from 'react';
import { getSubList, type OnlRecord } from '../../api/cgform-runtime';
import { DictTag } from '../JDictSelectTag';
import { readListResult } from '../list';
import { loadFormItem } from './OnlineForm';
import { formModel, type SubTableSchema, subColumn } from './online-logic';

interface SubData {
  sub: SubTableSchema;
  rows: OnlRecord[];
  error?: string;
}

/** one sub table's rows, read-only: option texts, dictionary texts */
function SubTable({ data }: { data: SubData }) {
  const columns = data.sub.relationType === 0 ? data.sub.columns.map(subColumn) : [];
  const cols =
    data.sub.relationType === 0
      ? columns
          .filter((c) => c.type !== 'hidden')
          .map((c) => ({
            key: c.key,
            dataIndex: c.key,
            title: c.title,
            align: 'center' as const,
            render: (v: unknown, row: OnlRecord) => {
              const t = row[`${c.key}_dictText`];
              if (t !== undefined && t !== null && t !== '') return String(t);
              const opts = c.options as { value: string; label: string }[] | undefined;
              if (opts?.length && v !== undefined && v !== null)
                return String(v)
                  .split(',')
                  .map((x) => opts.find((o) => o.value === x)?.label ?? x)
                  .join(',');
              if (typeof c.dictCode === 'string' && c.dictCode) return <DictTag dictCode={c.dictCode} value={v} />;
              return v === undefined || v === null ? '' : String(v);
            },
          }))
      : data.sub.fields.map((f) => ({
          key: f.field,
          dataIndex: f.field,
          title: f.label,
          align: 'center' as const,
          render: (v: unknown, row: OnlRecord) => {
            const t = row[`${f.field}_dictText`];
            return t !== undefined && t !== null && t !== ''
              ? String(t)
              : v === undefined || v === null
                ? ''
                : String(v);
          },
        }));
  return (
    <Table<OnlRecord>
      size="small"
      bordered
      rowKey={(r) => String(r.id ?? JSON.stringify(r))}
      columns={cols}
      dataSource={data.rows}
      pagination={false}
      locale={{ emptyText: data.error ?? '暂无数据' }}
    />
  );
}

/**
 * The sub rows of one main row (inner-table theme): GET subform/list/{subTable}/{mainId} for every sub table of the
 * definition, shown read-only under the expanded main row.
 */
export function OnlineSubRows({ headId, mainId }: { headId: string; mainId: string }) {
  const [subs, setSubs] = useState<SubData[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    let alive = true;
    (async () => {
      const model = formModel(await loadFormItem(headId));
      const out = await Promise.all(
        model.subs.map(async (sub): Promise<SubData> => {
          try {
            const res = await getSubList(sub.key, mainId);
            if (!res.success) return { sub, rows: [], error: res.message };
            return { sub, rows: readListResult<OnlRecord>(res.result).records };
          } catch (e) {
            return { sub, rows: [], error: e instanceof Error ? e.message : String(e) };
          }
        }),
      );
      if (alive) setSubs(out);
    })().catch((e: unknown) => alive && setError(e instanceof Error ? e.message : String(e)));
    return () => {
      alive = false;
    };
  }, [headId, mainId]);
  if (error) return <Empty description={error} />;
  if (!subs) return <Spin size="small" />;
  if (!subs.length) return <Empty description="无子表" />;
  return (
    <div data-testid={`online-inner-${mainId}`}>
      <Tabs
        size="small"
        items={subs.map((d) => ({ key: d.sub.key, label: d.sub.title, children: <SubTable data={d} /> }))}
      />
    </div>
  );
}
