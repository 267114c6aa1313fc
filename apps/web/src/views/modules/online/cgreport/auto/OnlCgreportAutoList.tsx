import { DownloadOutlined } from '@ant-design/icons';
import { Alert, Button, DatePicker, Form, Input, Table, type TableColumnsType } from 'antd';
import dayjs from 'dayjs';
import { useCallback, useEffect, useMemo, useState } from 'react';
import {
  type ColumnsAndData,
  exportReport,
  getColumnsAndData,
  getParamsInfo,
  getQueryInfo,
  type ReportColumn,
  type ReportParamInfo,
  type ReportQueryItem,
} from '../../../../../api/cgreport';
import { JDictSelectTag } from '../../../../../components/JDictSelectTag';
import { ListCard, QueryForm } from '../../../../../components/list';
import { useHeadId, useRouteQuery } from '../../cgform/auto/use-head-id';
import {
  cellText,
  fillHref,
  groupColumns,
  REPORT_PAGE_SIZE,
  REPORT_PAGE_SIZES,
  reportParams,
  selfParams,
  totalRow,
} from './report-logic';

type Rec = Record<string, unknown>;

const DATE_VIEWS = new Set(['date', 'datetime']);

/** a date picker holding yyyy-MM-dd text */
function DateText({
  value,
  onChange,
  placeholder,
}: {
  value?: string;
  onChange?: (v: string) => void;
  placeholder?: string;
}) {
  return (
    <DatePicker
      style={{ width: '100%' }}
      placeholder={placeholder}
      value={value ? dayjs(value) : null}
      onChange={(d) => onChange?.(d ? d.format('YYYY-MM-DD') : '')}
    />
  );
}

/** `self_<name>` → the declared default of each SQL parameter that has one */
function paramDefaults(params: readonly ReportParamInfo[]): Rec {
  const out: Rec = {};
  for (const p of params)
    if (p.paramValue !== undefined && p.paramValue !== null && p.paramValue !== '')
      out[`self_${p.paramName}`] = p.paramValue;
  return out;
}

function queryField(item: ReportQueryItem) {
  const label = item.label || item.field;
  const isDate = DATE_VIEWS.has(item.view);
  if (item.mode === 'group') {
    const one = (suffix: string, text: string) =>
      isDate ? (
        <DateText placeholder={`${text}`} />
      ) : (
        <Input placeholder={text} name={`${item.field}${suffix}`} allowClear />
      );
    return (
      <Form.Item key={item.field} label={label} style={{ marginBottom: 12 }}>
        <div style={{ display: 'flex', gap: 4, alignItems: 'center' }}>
          <Form.Item name={`${item.field}_begin`} noStyle>
            {one('_begin', '开始')}
          </Form.Item>
          <span>~</span>
          <Form.Item name={`${item.field}_end`} noStyle>
            {one('_end', '结束')}
          </Form.Item>
        </div>
      </Form.Item>
    );
  }
  return (
    <Form.Item key={item.field} name={item.field} label={label}>
      {item.dictCode ? (
        <JDictSelectTag dictCode={item.dictCode} placeholder={`请选择${label}`} />
      ) : isDate ? (
        <DateText placeholder={`请选择${label}`} />
      ) : (
        <Input placeholder={`请输入${label}`} allowClear />
      )}
    </Form.Item>
  );
}

/**
 * Online报表 (AUTO在线报表, component modules/online/cgreport/auto/OnlCgreportAutoList; contract-2 §4.3): the report of
 * the route's id — its query form (getQueryInfo), parameters from the route query (`self_<name>`, getParamsInfo),
 * columns with dictionary texts, grouped titles and safe links, paging, sorting on sortable columns, a total row
 * computed over the page (包含非数字内容 when a value is not a number), and 导出 (exportManySheetXls). A failure shows
 * 查询失败：<message>.
 */
export default function OnlCgreportAutoList() {
  const id = useHeadId();
  const route = useRouteQuery();
  const [params, setParams] = useState<ReportParamInfo[] | null>(null);
  const [queryInfo, setQueryInfo] = useState<ReportQueryItem[]>([]);
  const [query, setQuery] = useState<Rec>({});
  // the SQL parameters' starting values (route `self_x`, else the declared default): the query form starts from them
  const [initialQuery, setInitialQuery] = useState<Rec>({});
  const [page, setPage] = useState({ pageNo: 1, pageSize: REPORT_PAGE_SIZE });
  const [sort, setSort] = useState<{ column: string; order: 'asc' | 'desc' } | null>(null);
  const [answer, setAnswer] = useState<ColumnsAndData | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [loading, setLoading] = useState(false);
  const [exporting, setExporting] = useState(false);

  // the definition's parameters and query fields, once per report
  // biome-ignore lint/correctness/useExhaustiveDependencies: the route's values are read when the report opens
  useEffect(() => {
    let live = true;
    setParams(null);
    setAnswer(null);
    setError(null);
    setQuery({});
    setSort(null);
    setPage({ pageNo: 1, pageSize: REPORT_PAGE_SIZE });
    void Promise.all([getParamsInfo(id), getQueryInfo(id)])
      .then(([p, q]) => {
        if (!live) return;
        if (!p.success) setError(p.message || '报表不存在');
        setQueryInfo(q.success && Array.isArray(q.result) ? q.result : []);
        const ps = p.success && Array.isArray(p.result) ? p.result : [];
        // issue 29: a report whose SQL has ${min_score} runs with its default (or the route's value) and shows the
        // parameter as a query field, instead of opening empty with nowhere to enter it
        const init = { ...paramDefaults(ps), ...selfParams(route ?? {}, ps) };
        setInitialQuery(init);
        setQuery(init);
        setParams(ps);
      })
      .catch(() => live && setParams([]));
    return () => {
      live = false;
    };
  }, [id]);

  const load = useCallback(async () => {
    if (!params) return;
    setLoading(true);
    try {
      const res = await getColumnsAndData(id, reportParams({ query, sort, page }));
      if (!res.success) {
        setError(res.message || '未知错误');
        setAnswer((a) => (a ? { ...a, data: { total: 0, records: [] } } : a));
        return;
      }
      setError(null);
      setAnswer(res.result);
    } catch (err) {
      setError(err instanceof Error ? err.message : '网络异常');
    } finally {
      setLoading(false);
    }
  }, [id, params, query, sort, page]);

  useEffect(() => {
    void load();
  }, [load]);

  const records = answer?.data.records ?? [];
  const columns = answer?.columns ?? [];
  const total = totalRow(records, columns);
  /** leaf columns in display order (group titles are headers only) */
  const leaves = groupColumns(columns).flatMap((g) => ('children' in g ? g.children : [g]));

  const tableColumns: TableColumnsType<Rec> = useMemo(() => {
    const hrefs = new Map((answer?.fieldHrefSlots ?? []).map((h) => [h.slotName, h.href]));
    const toCol = (c: ReportColumn) => ({
      title: c.title,
      dataIndex: c.dataIndex,
      key: c.dataIndex,
      width: c.width,
      align: 'center' as const,
      ellipsis: true,
      sorter: c.sorter ? true : undefined,
      sortOrder:
        sort?.column === c.dataIndex ? (sort.order === 'asc' ? ('ascend' as const) : ('descend' as const)) : null,
      render: (v: unknown, r: Rec) => {
        const text = cellText(v, c, answer?.dictOptions[c.customRender ?? '']);
        const template = c.hrefSlotName ? hrefs.get(c.hrefSlotName) : undefined;
        const href = template ? fillHref(template, r) : null;
        return href ? (
          <a href={href} target="_blank" rel="noopener noreferrer">
            {text}
          </a>
        ) : (
          <span title={text}>{text}</span>
        );
      },
    });
    return groupColumns(columns).map((g) =>
      'children' in g ? { title: g.title, key: `group_${g.title}`, children: g.children.map(toCol) } : toCol(g),
    );
  }, [answer, columns, sort]);

  const doExport = async () => {
    setExporting(true);
    try {
      await exportReport(id, reportParams({ query, sort }), answer?.cgreportHeadName || '报表');
    } catch {
      // the http client showed the message
    } finally {
      setExporting(false);
    }
  };

  return (
    <ListCard
      title={answer?.cgreportHeadName}
      query={
        queryInfo.length || params?.length ? (
          <QueryForm
            onSearch={(v) => {
              setQuery(v);
              setPage((p) => ({ ...p, pageNo: 1 }));
            }}
            onReset={() => {
              setQuery(initialQuery);
              setPage((p) => ({ ...p, pageNo: 1 }));
            }}
          >
            {(params ?? []).map((p) => (
              <Form.Item
                key={`self_${p.paramName}`}
                name={`self_${p.paramName}`}
                label={p.paramTxt || p.paramName}
                initialValue={initialQuery[`self_${p.paramName}`]}
                style={{ marginBottom: 12 }}
              >
                <Input
                  placeholder={`请输入${p.paramTxt || p.paramName}`}
                  allowClear
                  data-testid={`report-param-${p.paramName}`}
                />
              </Form.Item>
            ))}
            {queryInfo.map(queryField)}
          </QueryForm>
        ) : null
      }
      toolbar={
        <Button type="primary" icon={<DownloadOutlined />} loading={exporting} onClick={() => void doExport()}>
          导出
        </Button>
      }
      alert={
        error ? (
          <Alert
            type="error"
            showIcon
            style={{ marginBottom: 12 }}
            message={`查询失败：${error}`}
            data-testid="report-error"
          />
        ) : null
      }
    >
      <Table<Rec>
        size="middle"
        bordered
        data-testid="report-table"
        rowKey={(r) => JSON.stringify(r)}
        columns={tableColumns}
        dataSource={records}
        summary={() =>
          total ? (
            <Table.Summary.Row data-testid="report-total">
              {leaves.map((c, i) => (
                <Table.Summary.Cell key={c.dataIndex} index={i} align="center">
                  <strong>{total[c.dataIndex] === undefined ? '' : String(total[c.dataIndex])}</strong>
                </Table.Summary.Cell>
              ))}
            </Table.Summary.Row>
          ) : null
        }
        loading={loading}
        scroll={{ x: 'max-content' }}
        onChange={(pg, _f, s) => {
          const one = Array.isArray(s) ? s[0] : s;
          const field = one?.columnKey ? String(one.columnKey) : '';
          setSort(field && one?.order ? { column: field, order: one.order === 'ascend' ? 'asc' : 'desc' } : null);
          setPage({ pageNo: pg.current ?? 1, pageSize: pg.pageSize ?? REPORT_PAGE_SIZE });
        }}
        pagination={{
          current: page.pageNo,
          pageSize: page.pageSize,
          total: answer?.data.total ?? 0,
          pageSizeOptions: REPORT_PAGE_SIZES,
          showSizeChanger: true,
          showQuickJumper: true,
          showTotal: (t, range) => `${range[0]}-${Math.min(range[1], t)} 共 ${t} 条`,
        }}
      />
    </ListCard>
  );
}
