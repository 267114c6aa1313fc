import { DeleteOutlined, DownOutlined, ExportOutlined, PlusOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Dropdown, Empty, Form, Result, Spin, Table, Tooltip, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { type ReactNode, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import {
  CGFORM_RUNTIME_URLS,
  deleteRecords,
  doButton,
  exportXls,
  getColumns,
  getData,
  getQueryInfo,
  getTreeData,
  NO_DB_SYNC,
  NO_PAGING_SIZE,
  type OnlButton,
  type OnlColumnsInfo,
  type OnlQueryItem,
  type OnlRecord,
} from '../../api/cgform-runtime';
import { fileUrl, HttpError } from '../../api/http';
import { feedback } from '../../utils/feedback';
import { buildSearchValues } from '../kit/query';
import { buildTreeRows, isPlaceholder } from '../kit/tree';
import type { PageSchema, Row } from '../kit/types';
import { renderWidget } from '../kit/widgets';
import {
  ACTION_COLUMN_WIDTH,
  type ActionItem,
  confirmDeleteMany,
  DEFAULT_PAGE_SIZE,
  ImportExcelButton,
  LIST_MESSAGES,
  PAGE_SIZE_OPTIONS,
  QueryForm,
  readListResult,
  SelectionAlert,
  type SuperQuery,
  sorterToSort,
  totalText,
  useActionColumn,
} from '../list';
import { SuperQueryButton } from '../SuperQuery';
import { loadFormItem, type OnlineEditorState, OnlineFormModal } from './OnlineForm';
import {
  buttonShown,
  cellKind,
  cellText,
  hasChildFlag,
  hasQueryValues,
  hrefTarget,
  isJsButton,
  JS_BUTTON_TIP,
  listParams,
  ONLINE_DEFAULT_SORT,
  type OnlineListState,
  onlineSuperFields,
  queryFields,
  SELECT_ONE,
  splitButtons,
  substituteHref,
} from './online-logic';
import '../kit/kit.css';

export const NOT_SYNCED_TITLE = '表单尚未同步数据库';
export const NOT_SYNCED_TEXT = '该表单的数据库表还没有创建，请先在「Online表单开发」中同步数据库后再使用。';

export interface OnlineListProps {
  headId: string;
  /** tree rows loaded level by level; inner: sub rows shown under an expanded row */
  variant?: 'normal' | 'tree' | 'inner';
  /** the editor's layout ('tab': main and subs as tabs) */
  formLayout?: 'normal' | 'tab';
  /** the columns when the caller has them (ERP); otherwise getColumns */
  info?: OnlColumnsInfo | null;
  /** no query form (ERP sub lists) */
  noQuery?: boolean;
  /** parameters every getData carries (route query, ERP: tabletype + foreign key) */
  fixedParams?: Row;
  /** values of a new record (ERP sub: its foreign key) */
  formInit?: Row;
  /** ERP sub: ?tabletype= on save / delete */
  tabletype?: number;
  pageSize?: number;
  /** a row click (ERP: choose the main row) */
  onRowClick?: (row: OnlRecord) => void;
  /** the highlighted row */
  activeRowId?: string | null;
  /** content under an expanded row (inner-table) */
  expandedRowRender?: (row: OnlRecord) => ReactNode;
  /** no card around it */
  embedded?: boolean;
  /** the main list of an ERP screen: its form edits the main record alone */
  erpMain?: boolean;
  /** after a save or delete */
  onChanged?: () => void;
  /** the rows of every load (ERP: forget a chosen main row that is gone) */
  onLoaded?: (rows: OnlRecord[]) => void;
}

interface DataState {
  rows: OnlRecord[];
  total: number;
  loading: boolean;
  notSynced: boolean;
}

/** the thumbnail of the first image of a comma path list */
function ImageCell({ value }: { value: string }) {
  const first = value.split(',')[0];
  if (!first) return null;
  return <img src={fileUrl(first)} alt="" style={{ maxWidth: 80, height: 25, objectFit: 'contain' }} />;
}

/**
 * The runtime list of a generated online screen (contract-2 §4.1): query form from getQueryInfo, columns from
 * getColumns, paging or none (-521), sorting, checkbox, 高级查询, 导出/导入, 新增/编辑/详情/删除/批量删除 as the
 * definition's hideColumns allow, custom buttons (action → doButton; js shown disabled), and a clear notice when
 * the table is not synchronised (NO_DB_SYNC). Tree rows load their children on expansion.
 */
export function OnlineList({
  headId,
  variant = 'normal',
  formLayout,
  info: givenInfo,
  noQuery,
  fixedParams,
  formInit,
  tabletype,
  pageSize: firstPageSize,
  onRowClick,
  activeRowId,
  expandedRowRender,
  embedded,
  erpMain,
  onChanged,
  onLoaded,
}: OnlineListProps) {
  const navigate = useNavigate();
  const [queryForm] = Form.useForm();
  const [info, setInfo] = useState<OnlColumnsInfo | null>(givenInfo ?? null);
  const [queryItems, setQueryItems] = useState<OnlQueryItem[]>([]);
  const [defError, setDefError] = useState<string | null>(null);
  const [ready, setReady] = useState(false);
  const [data, setData] = useState<DataState>({ rows: [], total: 0, loading: false, notSynced: false });
  const [selected, setSelected] = useState<{ keys: string[]; rows: OnlRecord[] }>({ keys: [], rows: [] });
  const [kids, setKids] = useState<Record<string, OnlRecord[]>>({});
  const [expanded, setExpanded] = useState<string[]>([]);
  const [editor, setEditor] = useState<OnlineEditorState | null>(null);
  const [exporting, setExporting] = useState(false);
  const paged = (info?.paginationFlag ?? 'Y') !== 'N';
  const checkbox = (info?.checkboxFlag ?? 'Y') !== 'N';
  const tree = variant === 'tree';
  const pidField = info?.pidField || 'pid';
  const hasChildField = info?.hasChildrenField || 'has_child';

  const stateRef = useRef<OnlineListState>({
    query: {},
    sort: ONLINE_DEFAULT_SORT,
    pageNo: 1,
    pageSize: firstPageSize ?? DEFAULT_PAGE_SIZE,
    superQuery: null,
    paged: true,
    fixed: fixedParams,
  });
  stateRef.current.fixed = fixedParams;
  stateRef.current.paged = paged;
  const [paging, setPaging] = useState({ pageNo: 1, pageSize: stateRef.current.pageSize });
  const seq = useRef(0);
  const onLoadedRef = useRef(onLoaded);
  onLoadedRef.current = onLoaded;

  const { fields: qFields, initial: qInitial } = useMemo(() => queryFields(queryItems), [queryItems]);
  // the advanced query's fields with the form's dictionary / search-select / popup config (asked on first open)
  const loadSuperFields = useCallback(
    async () => (info ? onlineSuperFields(info, queryItems, (await loadFormItem(headId)).schema?.properties) : []),
    [headId, info, queryItems],
  );

  // the definition: columns (unless given) and the query info
  useEffect(() => {
    let alive = true;
    setReady(false);
    setDefError(null);
    (async () => {
      let cols = givenInfo ?? null;
      if (!cols) {
        const res = await getColumns(headId);
        if (!res.success || !res.result) throw new Error(res.message || '表单配置加载失败');
        cols = res.result;
      }
      let items: OnlQueryItem[] = [];
      if (!noQuery) {
        const q = await getQueryInfo(headId);
        if (q.success && Array.isArray(q.result)) items = q.result;
        else if (!q.success) feedback.message.warning(q.message);
      }
      if (!alive) return;
      setInfo(cols);
      setQueryItems(items);
      const init = queryFields(items).initial;
      stateRef.current.query = buildSearchValues(queryFields(items).fields, init);
      setReady(true);
    })().catch((e: unknown) => {
      if (alive) setDefError(e instanceof HttpError || e instanceof Error ? e.message : String(e));
    });
    return () => {
      alive = false;
    };
  }, [headId, givenInfo, noQuery]);

  const load = useCallback(async () => {
    const n = ++seq.current;
    setData((d) => ({ ...d, loading: true }));
    const params = listParams(stateRef.current);
    try {
      const res = tree
        ? await getTreeData(headId, { ...params, hasQuery: String(hasQueryValues(stateRef.current.query)) })
        : await getData(headId, params);
      if (n !== seq.current) return;
      if (!res.success) {
        const notSynced = res.message === NO_DB_SYNC;
        if (!notSynced) feedback.message.warning(res.message || '数据加载失败');
        setData({ rows: [], total: 0, loading: false, notSynced });
        return;
      }
      const { records, total } = readListResult<OnlRecord>(res.result);
      setKids({});
      setExpanded([]);
      setData({ rows: records, total, loading: false, notSynced: false });
      onLoadedRef.current?.(records);
    } catch (e) {
      if (n !== seq.current) return;
      const notSynced = e instanceof HttpError && e.message === NO_DB_SYNC;
      if (!notSynced && e instanceof HttpError && e.kind === 'http') feedback.message.warning(e.message);
      setData({ rows: [], total: 0, loading: false, notSynced });
    }
  }, [headId, tree]);

  // first load once the definition is there; a change of the fixed parameters reloads page 1
  const fixedKey = JSON.stringify(fixedParams ?? {});
  // biome-ignore lint/correctness/useExhaustiveDependencies: fixedKey stands for fixedParams
  useEffect(() => {
    if (!ready) return;
    stateRef.current.pageNo = 1;
    setPaging((p) => ({ ...p, pageNo: 1 }));
    setSelected({ keys: [], rows: [] });
    void load();
  }, [ready, fixedKey, load]);

  const reload = useCallback(() => {
    void load();
    onChanged?.();
  }, [load, onChanged]);

  const search = (values: Row) => {
    stateRef.current.query = buildSearchValues(qFields, values);
    stateRef.current.pageNo = 1;
    setPaging((p) => ({ ...p, pageNo: 1 }));
    setSelected({ keys: [], rows: [] });
    void load();
  };

  const setSuperQuery = (q: SuperQuery | null) => {
    stateRef.current.superQuery = q;
    stateRef.current.pageNo = 1;
    setPaging((p) => ({ ...p, pageNo: 1 }));
    void load();
  };

  const loadChildren = async (row: OnlRecord) => {
    const id = String(row.id);
    try {
      const res = await getTreeData(headId, {
        ...(fixedParams ?? {}),
        [pidField]: id,
        hasQuery: 'false',
        column: stateRef.current.sort.column,
        order: stateRef.current.sort.order,
        pageNo: 1,
        pageSize: NO_PAGING_SIZE,
      });
      if (!res.success) {
        feedback.message.warning(res.message);
        return;
      }
      setKids((k) => ({ ...k, [id]: readListResult<OnlRecord>(res.result).records }));
    } catch (e) {
      if (e instanceof HttpError && e.kind === 'http') feedback.message.warning(e.message);
    }
  };

  const removeIds = async (ids: string[]) => {
    try {
      const res = await deleteRecords(headId, ids.join(','), tabletype);
      if (!res.success) {
        feedback.message.warning(res.message || '删除失败');
        return;
      }
      feedback.message.success(res.message || '删除成功!');
      setSelected((s) => ({
        keys: s.keys.filter((k) => !ids.includes(k)),
        rows: s.rows.filter((r) => !ids.includes(String(r.id))),
      }));
      const s = stateRef.current;
      const remaining = Math.max(0, data.total - ids.length);
      const last = Math.max(1, Math.ceil(remaining / Math.max(1, s.pageSize)));
      if (s.pageNo > last) {
        s.pageNo = last;
        setPaging((p) => ({ ...p, pageNo: last }));
      }
      reload();
    } catch {
      // shown by the http client
    }
  };

  const batchDelete = () => {
    if (!selected.keys.length) {
      feedback.message.warning(LIST_MESSAGES.selectOne);
      return;
    }
    const ids = [...selected.keys];
    feedback.modal.confirm({
      title: LIST_MESSAGES.confirmDeleteTitle,
      content: confirmDeleteMany(ids.length),
      okText: '确定',
      cancelText: '取消',
      onOk: () => removeIds(ids),
    });
  };

  const runButton = async (b: OnlButton, row?: OnlRecord) => {
    const ids = row ? [String(row.id)] : selected.keys;
    if (!ids.length) {
      feedback.message.warning(SELECT_ONE);
      return;
    }
    try {
      const res = await doButton(headId, b.buttonCode, ids.join(','));
      if (!res.success) {
        feedback.message.warning(res.message);
        return;
      }
      feedback.message.success(res.message || '处理完成!');
      reload();
    } catch {
      // shown by the http client
    }
  };

  const doExport = async () => {
    const { pageNo: _n, pageSize: _s, ...query } = listParams(stateRef.current);
    const body: Row = { ...query };
    if (selected.keys.length) body.selections = selected.keys.join(',');
    if (tabletype !== undefined) body.tabletype = tabletype;
    setExporting(true);
    const hide = feedback.message.loading(LIST_MESSAGES.exporting, 0);
    try {
      await exportXls(headId, body);
    } catch (err) {
      if (!(err instanceof HttpError)) feedback.message.warning(LIST_MESSAGES.downloadFailed);
    } finally {
      hide();
      setExporting(false);
    }
  };

  const buttons = useMemo(() => splitButtons(info?.cgButtonList), [info]);
  const show = (code: Parameters<typeof buttonShown>[1]) => buttonShown(info, code);

  const hrefSlots = useMemo(() => {
    const m = new Map<string, string>();
    for (const s of info?.fieldHrefSlots ?? [])
      if (s?.slotName && typeof s.href === 'string') m.set(s.slotName, s.href);
    return m;
  }, [info]);

  const openHref = (href: string) => {
    const t = hrefTarget(href);
    if (!t) return;
    if (t.kind === 'external') window.open(t.to, '_blank', 'noopener,noreferrer');
    else navigate(t.to);
  };

  // on a phone the row actions are one ⋯ menu in a narrow column kept at the right edge (issue 29)
  const actions = useActionColumn();
  const columnsOf = (info: OnlColumnsInfo): ColumnsType<OnlRecord> => {
    const dict = info.dictOptions ?? {};
    const cols: ColumnsType<OnlRecord> = info.columns
      .filter((c) => c?.dataIndex)
      .map((c, i) => {
        const kind = cellKind(c);
        const slot = c.hrefSlotName ?? c.scopedSlots?.customRender ?? '';
        const href = slot ? hrefSlots.get(slot) : undefined;
        return {
          key: c.dataIndex,
          dataIndex: c.dataIndex,
          title: c.title,
          // a tree's first column carries the expand icon and the indentation: left-aligned so the levels show
          align: tree && i === 0 ? 'left' : (c.align ?? 'center'),
          width: typeof c.width === 'number' || typeof c.width === 'string' ? c.width : undefined,
          sorter: c.sorter ? true : undefined,
          render: (_v: unknown, row: OnlRecord) => {
            if (isPlaceholder(row))
              return c === info.columns[0] ? <Typography.Text type="secondary">loading...</Typography.Text> : null;
            const raw = row[c.dataIndex];
            if (kind === 'image' && typeof raw === 'string' && raw) return <ImageCell value={raw} />;
            if (kind === 'file' && typeof raw === 'string' && raw)
              return (
                <a href={fileUrl(raw.split(',')[0])} target="_blank" rel="noreferrer">
                  下载
                </a>
              );
            let text = cellText(c, row, dict);
            if (c.showLength && text.length > c.showLength) text = `${text.slice(0, c.showLength)}...`;
            if (href && text) {
              const to = substituteHref(href, row);
              return hrefTarget(to) ? <Typography.Link onClick={() => openHref(to)}>{text}</Typography.Link> : text;
            }
            return text;
          },
        };
      });
    cols.push(
      actions.column<OnlRecord>({
        key: '__action',
        fixed: true,
        width: ACTION_COLUMN_WIDTH + (tree ? 40 : 0),
        links: (row) => {
          if (isPlaceholder(row)) return null;
          const more: ActionItem[] = [];
          if (tree && show('add'))
            more.push({
              key: 'addChild',
              label: '添加下级',
              onClick: () => setEditor({ mode: 'add', init: { ...(formInit ?? {}), [pidField]: row.id } }),
            });
          if (show('detail'))
            more.push({ key: 'detail', label: '详情', onClick: () => setEditor({ mode: 'detail', record: row }) });
          for (const b of buttons.row) {
            more.push(
              isJsButton(b)
                ? { key: b.buttonCode, label: <Tooltip title={JS_BUTTON_TIP}>{b.buttonName}</Tooltip>, disabled: true }
                : { key: b.buttonCode, label: b.buttonName, onClick: () => void runButton(b, row) },
            );
          }
          return {
            onEdit: show('update') ? () => setEditor({ mode: 'edit', record: row }) : undefined,
            onDelete: show('delete') ? () => void removeIds([String(row.id)]) : undefined,
            more,
          };
        },
      }),
    );
    return cols;
  };

  const rows = useMemo(() => {
    if (!tree) return data.rows;
    return buildTreeRows<OnlRecord>(
      data.rows,
      kids,
      (r) => hasChildFlag(r[hasChildField]),
      'id',
      info?.columns[0]?.dataIndex ?? 'name',
    ) as OnlRecord[];
  }, [tree, data.rows, kids, hasChildField, info]);

  if (defError) {
    return (
      <Card variant="borderless">
        <Result status="warning" title="表单配置加载失败" subTitle={defError} />
      </Card>
    );
  }
  if (!info) {
    return (
      <Card variant="borderless">
        <div style={{ textAlign: 'center', padding: 48 }}>
          <Spin />
        </div>
      </Card>
    );
  }

  const superSchema = {
    name: `online-${headId}`,
    urls: {},
    columns: [],
    query: [],
    superQuery: onlineSuperFields(info, queryItems),
  } as unknown as PageSchema<Row>;

  const toolbar = (
    <>
      {show('add') && (
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditor({ mode: 'add', init: formInit })}>
          新增
        </Button>
      )}
      {show('import') && (
        <ImportExcelButton
          url={`${CGFORM_RUNTIME_URLS.importXls(headId)}${tabletype !== undefined ? `?tabletype=${tabletype}` : ''}`}
          onDone={reload}
          validateChoice
        />
      )}
      {show('export') && (
        <Button icon={<ExportOutlined />} loading={exporting} onClick={() => void doExport()}>
          导出
        </Button>
      )}
      {buttons.toolbar.map((b) =>
        isJsButton(b) ? (
          <Tooltip key={b.buttonCode} title={JS_BUTTON_TIP}>
            <Button disabled>{b.buttonName}</Button>
          </Tooltip>
        ) : (
          <Button key={b.buttonCode} onClick={() => void runButton(b)}>
            {b.buttonName}
          </Button>
        ),
      )}
      {show('super_query') && (
        <SuperQueryButton schema={superSchema} onSearch={setSuperQuery} loadFields={loadSuperFields} />
      )}
      {checkbox && show('batch_delete') && selected.keys.length > 0 && (
        <Dropdown
          menu={{
            items: [{ key: 'delete', label: '删除', icon: <DeleteOutlined /> }],
            onClick: () => batchDelete(),
          }}
        >
          <Button>
            批量操作 <DownOutlined />
          </Button>
        </Dropdown>
      )}
    </>
  );

  const query =
    !noQuery && qFields.length > 0 ? (
      <QueryForm form={queryForm} initialValues={qInitial} onSearch={search} onReset={() => search({})}>
        {qFields.map((f) => (
          <Form.Item key={f.field} name={f.field} label={f.label}>
            {renderWidget({ widget: f.widget, label: f.label, props: f.props, query: true })}
          </Form.Item>
        ))}
      </QueryForm>
    ) : null;

  const body = (
    <div data-testid="online-list">
      {query}
      {/* a table that does not exist takes no record, import or export: only the notice */}
      {!data.notSynced && (
        <div className="table-operator" style={{ marginBottom: 16, display: 'flex', flexWrap: 'wrap', gap: 8 }}>
          {toolbar}
        </div>
      )}
      {data.notSynced && (
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 16 }}
          message={NOT_SYNCED_TITLE}
          description={NOT_SYNCED_TEXT}
          data-testid="online-not-synced"
        />
      )}
      {checkbox && selected.keys.length > 0 && (
        <SelectionAlert count={selected.keys.length} onClear={() => setSelected({ keys: [], rows: [] })} />
      )}
      <Table<OnlRecord>
        rowKey={(r) => String(r.id)}
        size="middle"
        bordered
        columns={columnsOf(info)}
        dataSource={rows}
        loading={data.loading}
        scroll={{ x: 'max-content' }}
        locale={data.notSynced ? { emptyText: <Empty description={NOT_SYNCED_TITLE} /> } : undefined}
        pagination={
          paged
            ? {
                current: paging.pageNo,
                pageSize: paging.pageSize,
                total: data.total,
                showQuickJumper: true,
                showSizeChanger: true,
                pageSizeOptions: firstPageSize === 5 ? ['5', '10', '20', '30'] : PAGE_SIZE_OPTIONS,
                showTotal: totalText,
              }
            : false
        }
        onChange={(p, _f, sorter, extra) => {
          const s = stateRef.current;
          const size = p.pageSize ?? s.pageSize;
          s.pageNo = size !== s.pageSize ? 1 : (p.current ?? s.pageNo);
          s.pageSize = size;
          s.sort = sorterToSort(sorter as never, ONLINE_DEFAULT_SORT);
          if (extra?.action === 'sort' && !s.sort.column) s.sort = ONLINE_DEFAULT_SORT;
          setPaging({ pageNo: s.pageNo, pageSize: s.pageSize });
          void load();
        }}
        rowSelection={
          checkbox
            ? {
                selectedRowKeys: selected.keys,
                preserveSelectedRowKeys: true,
                getCheckboxProps: (r) => ({ disabled: isPlaceholder(r) }),
                onChange: (keys, picked) =>
                  setSelected({ keys: keys.map(String), rows: picked.filter((r) => r && !isPlaceholder(r)) }),
              }
            : undefined
        }
        onRow={
          onRowClick
            ? (r) => ({
                onClick: (e) => {
                  if ((e.target as HTMLElement).closest('a,button,.ant-checkbox-wrapper,.ant-dropdown-trigger')) return;
                  onRowClick(r);
                },
                style: { cursor: 'pointer' },
              })
            : undefined
        }
        rowClassName={(r) => (activeRowId && String(r.id) === activeRowId ? 'ant-table-row-selected' : '')}
        expandable={
          tree
            ? {
                expandedRowKeys: expanded,
                onExpandedRowsChange: (keys) => setExpanded(keys.map(String)),
                onExpand: (open, r) => {
                  if (open && !kids[String(r.id)]) void loadChildren(r);
                },
              }
            : expandedRowRender
              ? { expandedRowRender: (r) => expandedRowRender(r) }
              : undefined
        }
        data-testid="online-table"
      />
      <OnlineFormModal
        headId={headId}
        state={editor}
        onClose={() => setEditor(null)}
        onSaved={() => {
          if (tree) setKids({});
          reload();
        }}
        tabletype={tabletype}
        layout={formLayout}
        erpMain={erpMain}
      />
    </div>
  );

  if (embedded) return body;
  return (
    <Card variant="borderless" title={info.description || undefined}>
      {body}
    </Card>
  );
}
