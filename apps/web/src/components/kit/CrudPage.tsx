import { DeleteOutlined, DownOutlined, ExportOutlined, HddOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Card, Drawer, Dropdown, Form, Table, type TableProps } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { type ComponentType, type ReactNode, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useDevice } from '../../layouts/useDevice';
import { useCan } from '../../permission/useCan';
import { feedback } from '../../utils/feedback';
import {
  ACTION_COLUMN_WIDTH,
  type ActionItem,
  actionColumn,
  ImportExcelButton,
  LIST_MESSAGES,
  QUERY_FORM_VISIBLE_FIELDS,
  QueryForm,
  SelectionAlert,
  type SuperQuery,
  type UseListPageResult,
  useListPage,
} from '../list';
import { CrudEditor, type EditorState } from './CrudEditor';
import { rowNumberColumn, toAntColumn } from './columns';
import { pageDecisions, visibleRowActions, visibleToolbar } from './permission';
import { buildSearchValues, initialQueryValues } from './query';
import { RecycleBin } from './RecycleBin';
import { buildTreeRows, isPlaceholder, parentsToRefresh } from './tree';
import type { ActionContext, EditorMode, FormContext, PageHandler, PageSchema, Row, RowActionSchema } from './types';
import { renderWidget } from './widgets';
import './kit.css';

/** the table's scroll width: the sum of the column widths when every column has one, else its content */
/** ids of the rows that have children, at any depth */
function allParents(rows: readonly unknown[], rowKey = 'id'): string[] {
  return rows.flatMap((r) => {
    const kids = (r as Row).children;
    return Array.isArray(kids) && kids.length ? [String((r as Row)[rowKey]), ...allParents(kids, rowKey)] : [];
  });
}

function tableWidth(columns: readonly { width?: unknown }[], selectable: boolean): number | 'max-content' {
  let sum = selectable ? 32 : 0;
  for (const c of columns) {
    if (typeof c.width !== 'number') return 'max-content';
    sum += c.width;
  }
  return sum;
}

/** the props of an advanced-query builder plugged into every page's toolbar */
export interface SuperQueryProps {
  /** the page declaration (its columns / query fields describe what can be queried) */
  schema: PageSchema<Row>;
  /** apply (or clear with null): reloads page 1 with superQueryParams / superQueryMatchType */
  onSearch: (q: SuperQuery | null) => void;
  /** a fuller field list, asked when the builder first opens (in the declaration's `superQuery` shape) */
  loadFields?: () => Promise<Exclude<PageSchema<Row>['superQuery'], boolean | undefined>>;
}

let SuperQueryBuilder: ComponentType<SuperQueryProps> | null = null;

/** The advanced-query issue registers its builder once; every page with `superQuery !== false` shows it. */
export function registerSuperQuery(builder: ComponentType<SuperQueryProps> | null): void {
  SuperQueryBuilder = builder;
}

function defaultActions<T>(): RowActionSchema<T>[] {
  return [
    { key: 'edit', label: '编辑', run: 'edit' },
    { key: 'delete', label: '删除', run: 'delete', more: true },
  ];
}

export interface CrudPageProps<T> {
  schema: PageSchema<T>;
  /** parameters every list call (and a new record) carries, e.g. the master key of a detail list */
  fixedParams?: Record<string, unknown>;
  /**
   * query-form values the page opens with (a drill-down's route query, e.g. ?status=0): shown in the form and sent
   * with the first load; 重置 clears them like any typed value (the form goes back to the declared initial values)
   */
  openWith?: Row;
  /** no card around the page (inside a drawer or a tab) */
  embedded?: boolean;
  /** named handlers the declaration's actions call (`run: 'name'`) */
  handlers?: Record<string, PageHandler<T>>;
  /** extra toolbar content */
  toolbarExtra?: (ctx: ActionContext<T>) => ReactNode;
  /** content between the selection bar and the table (e.g. tabs that choose the rows) */
  beforeTable?: (ctx: ActionContext<T>) => ReactNode;
  /** extra content (the page's own modals), with the page context */
  children?: (ctx: ActionContext<T>) => ReactNode;
  /** more antd Table props (row highlighting, row events) */
  tableProps?: (ctx: ActionContext<T>) => Partial<TableProps<T>>;
  /** rows were deleted (one or a batch) */
  onRemoved?: (ids: string[]) => void;
}

/**
 * A whole list page from its declaration (ADR 023): query form (展开/收起), advanced-query slot, toolbar (新增, 导出,
 * 导入, recycle bin, 批量操作), selection bar, the table with paging / sorting / row actions (更多), the add / edit /
 * detail editor, tree rows loaded on expansion, and the detail list of a master row in a drawer. Buttons follow the
 * declared permission codes.
 */
export function CrudPage<T>({
  schema,
  fixedParams,
  openWith,
  embedded,
  tableProps: extraTableProps,
  onRemoved,
  handlers = {},
  toolbarExtra,
  beforeTable,
  children,
}: CrudPageProps<T>) {
  const decide = useCan();
  const { isSmall } = useDevice();
  const can = pageDecisions(schema, decide);
  const rowKey = schema.rowKey ?? 'id';
  const tree = schema.tree;
  const pidField = tree?.pidField ?? 'pid';
  const rootPid = tree?.rootPid ?? '0';
  const queryFields = schema.query ?? [];
  const [queryForm] = Form.useForm();

  const [editor, setEditor] = useState<EditorState<T> | null>(null);
  const [detailOf, setDetailOf] = useState<T | null>(null);
  const [binOpen, setBinOpen] = useState(false);
  const [kids, setKids] = useState<Record<string, T[]>>({});
  const [expanded, setExpanded] = useState<string[]>([]);
  /** a search with values on a whole-tree page opens every row once it has loaded */
  const expandNext = useRef(false);
  const [busy, setBusy] = useState<string | null>(null);
  // the opening values into the form once (the list's first load already carries them); a new set needs a new key
  const openedWith = useRef(openWith);
  useEffect(() => {
    if (openedWith.current) queryForm.setFieldsValue(openedWith.current);
  }, [queryForm]);

  const list = useListPage<T>({
    urls: {
      list: schema.urls.list,
      delete: schema.urls.delete,
      deleteBatch: schema.urls.deleteBatch,
      exportXls: schema.urls.exportXls,
      importExcel: schema.urls.importExcel,
    },
    defaultSort: schema.defaultSort,
    fixedParams,
    rowKey,
    selectable: schema.selectable,
    initialQuery: buildSearchValues(queryFields, { ...initialQueryValues(queryFields), ...openWith }),
    exportFileName: schema.exportName,
    onLoaded: (records) => {
      if (!expandNext.current) return;
      expandNext.current = false;
      setExpanded(allParents(records));
    },
  });

  // ---- tree: children loaded on expansion
  const loadChildren = useCallback(
    async (pid: string) => {
      if (!tree) return;
      try {
        const res = await tree.children(pid);
        if (res.success) setKids((k) => ({ ...k, [pid]: res.result ?? [] }));
        else feedback.message.warning(res.message);
      } catch {
        // shown by the http client
      }
    },
    [tree],
  );
  const kidsRef = useRef(kids);
  kidsRef.current = kids;
  const forgetTree = () => {
    setKids({});
    setExpanded([]);
  };
  const refreshUnder = (pid: string | undefined) => {
    void list.reload();
    if (!tree) return;
    for (const id of parentsToRefresh(pid, kidsRef.current, pidField, rootPid, rowKey)) void loadChildren(id);
    if (pid && pid !== rootPid) setExpanded((e) => (e.includes(pid) ? e : [...e, pid]));
  };
  const reload = () => {
    if (tree) for (const id of Object.keys(kidsRef.current)) void loadChildren(id);
    void list.reload();
  };

  const openEditor = (mode: EditorMode, record?: Partial<T> | null, init?: Row) =>
    setEditor({ mode, record: (record as T) ?? null, init });
  const ctx: ActionContext<T> = {
    list,
    openEditor,
    reload,
    handlers: handlers as ActionContext<T>['handlers'],
    openDetail: (row) => setDetailOf(row),
    fixed: fixedParams ?? {},
    setExpanded: (keys) => setExpanded(keys === 'all' ? allParents(list.dataSource) : keys),
  };

  const remove = async (row: T) => {
    const id = (row as Row)[rowKey] as string;
    const ok = await list.handleDelete(id);
    if (ok) onRemoved?.([String(id)]);
    if (ok && tree) refreshUnder(String((row as Row)[pidField] ?? ''));
  };

  const runRow = (a: RowActionSchema<T>, row: T) => {
    if (a.onClick) return a.onClick(row, ctx);
    switch (a.run) {
      case 'edit':
      case 'detail':
        return openEditor(a.run, row);
      case 'delete':
        return void remove(row);
      case 'addChild':
        return openEditor('add', null, { [tree?.parentFormField ?? pidField]: (row as Row)[rowKey] });
      case 'detailList':
        return setDetailOf(row);
      default:
        if (a.run && handlers[a.run]) return handlers[a.run](row, ctx);
    }
  };

  const rowActions = (schema.rowActions ?? defaultActions<T>()).map((a) =>
    a.run === 'delete' && a.confirm === undefined ? { ...a, confirm: LIST_MESSAGES.confirmDeleteOne } : a,
  );
  const actionCell =
    // no 操作 column when the user may run none of the actions on any row
    rowActions.some((a) => visibleRowActions([{ ...a, show: undefined }], {} as T, decide, schema).length > 0)
      ? // on a phone the actions are one ⋯ menu in a narrow column that stays on screen (action-column.tsx, list.css)
        actionColumn<T>(isSmall, {
          fixed: true,
          width: schema.actionWidth ?? ACTION_COLUMN_WIDTH,
          links: (row) => {
            if (isPlaceholder(row)) return null;
            const shown = visibleRowActions(rowActions, row, decide, schema);
            const item = ({ action: a, decision }: (typeof shown)[number]): ActionItem => ({
              key: a.key,
              label: a.label,
              confirm: typeof a.confirm === 'function' ? a.confirm(row) : a.confirm,
              danger: a.danger,
              disabled: decision === 'disabled',
              onClick: () => runRow(a, row),
            });
            return {
              actions: shown.filter((s) => !s.action.more).map(item),
              more: shown.filter((s) => s.action.more).map(item),
            };
          },
        })
      : null;

  const columns: ColumnsType<T> = [
    ...(schema.rowNumber === false || tree ? [] : [rowNumberColumn<T>()]),
    ...schema.columns.filter((c) => !c.hidden).map((c) => toAntColumn(c, ctx)),
    ...(actionCell ? [actionCell] : []),
  ];

  const dataSource = useMemo(
    () => (tree ? (buildTreeRows(list.dataSource, kids, tree.hasChildren, rowKey) as unknown as T[]) : list.dataSource),
    [tree, list.dataSource, kids, rowKey],
  );

  // ---- toolbar
  const builtins = schema.builtins ?? {};
  const showAdd = builtins.add !== false && can.add !== 'deny' && !!(schema.urls.add || schema.editor?.save);
  const showExport = builtins.export !== false && !!schema.urls.exportXls && can.export !== 'deny';
  const showImport = builtins.import !== false && !!schema.urls.importExcel && can.import !== 'deny';
  const showBatch =
    builtins.batchDelete !== false &&
    !!schema.urls.deleteBatch &&
    can.deleteBatch !== 'deny' &&
    schema.selectable !== false;
  const batchItems = [
    ...(showBatch
      ? [{ key: 'delete', icon: <DeleteOutlined />, label: '删除', disabled: can.deleteBatch === 'disabled' }]
      : []),
    ...visibleToolbar(schema.batch ?? [], decide).map(({ action: b, decision }) => ({
      key: b.key,
      icon: b.icon,
      label: b.label,
      disabled: decision === 'disabled',
    })),
  ];
  const bin = schema.recycleBin;
  const showBin = !!bin && (bin.auth ? decide(bin.auth) !== 'deny' : true);
  const extraButtons = visibleToolbar(schema.toolbar ?? [], decide);
  const runToolbar = async (key: string) => {
    const hit = schema.toolbar?.find((t) => t.key === key);
    if (!hit) return;
    setBusy(key);
    try {
      if (hit.onClick) await hit.onClick(ctx);
      else if (hit.run && handlers[hit.run]) handlers[hit.run](undefined, ctx);
    } finally {
      setBusy(null);
    }
  };

  const toolbar = (
    <>
      {showAdd && (
        <Button
          type="primary"
          icon={<PlusOutlined />}
          disabled={can.add === 'disabled'}
          onClick={() => openEditor('add')}
        >
          {typeof builtins.add === 'string' ? builtins.add : '新增'}
        </Button>
      )}
      {showExport && (
        <Button
          icon={<ExportOutlined />}
          disabled={can.export === 'disabled'}
          loading={list.exporting}
          onClick={() => void list.exportXls(schema.exportName)}
        >
          导出
        </Button>
      )}
      {showImport && (
        <ImportExcelButton
          url={list.importUrl}
          buttonProps={{ disabled: can.import === 'disabled' }}
          onDone={() => {
            forgetTree();
            void list.reload();
          }}
        />
      )}
      {extraButtons.map(({ action: a, decision }) => (
        <Button
          key={a.key}
          type={a.primary ? 'primary' : 'default'}
          danger={a.danger}
          icon={a.icon}
          disabled={decision === 'disabled'}
          loading={busy === a.key}
          onClick={() => void runToolbar(a.key)}
        >
          {a.label}
        </Button>
      ))}
      {showBin && (
        <Button icon={<HddOutlined />} onClick={() => setBinOpen(true)}>
          回收站
        </Button>
      )}
      {toolbarExtra?.(ctx)}
      {schema.superQuery !== false && SuperQueryBuilder && (
        <SuperQueryBuilder schema={schema as unknown as PageSchema<Row>} onSearch={list.setSuperQuery} />
      )}
      {batchItems.length > 0 && list.selectedRowKeys.length > 0 && (
        <Dropdown
          menu={{
            items: batchItems,
            onClick: ({ key }) => {
              if (key !== 'delete') return schema.batch?.find((b) => b.key === key)?.onClick(ctx);
              const ids = list.selectedRowKeys.map(String);
              void list.batchDelete().then((ok) => {
                if (ok) onRemoved?.(ids);
                if (ok && tree) forgetTree();
              });
            },
          }}
        >
          <Button>
            批量操作 <DownOutlined />
          </Button>
        </Dropdown>
      )}
    </>
  );

  // a page opened with a value for a field behind 展开 opens the form expanded: the filter in force is visible
  const visibleCount = schema.queryVisible ?? QUERY_FORM_VISIBLE_FIELDS;
  const openedBehindExpand = queryFields.some(
    (f, i) => i >= visibleCount && openWith?.[f.field] !== undefined && openWith[f.field] !== '',
  );
  const query = queryFields.length ? (
    <QueryForm
      form={queryForm}
      visibleCount={visibleCount}
      defaultExpanded={openedBehindExpand}
      inline={schema.queryInline}
      initialValues={initialQueryValues(queryFields)}
      onSearch={(v) => {
        forgetTree();
        const q = buildSearchValues(queryFields, v);
        expandNext.current = !!schema.treeData && Object.values(q).some((x) => x !== undefined && x !== '');
        list.search(q);
      }}
      onReset={() => {
        forgetTree();
        list.reset();
      }}
    >
      {queryFields.map((f) => (
        <Form.Item key={f.field} name={f.field} label={f.label}>
          {renderWidget({ widget: f.widget, label: f.label, props: f.props, query: true })}
        </Form.Item>
      ))}
    </QueryForm>
  ) : null;

  const selectable = schema.selectable !== false;
  const table = (
    <Table<T>
      {...list.tableProps}
      dataSource={dataSource}
      columns={columns}
      pagination={schema.paged === false ? false : list.tableProps.pagination}
      scroll={schema.scrollX === false ? undefined : { x: schema.scrollX ?? tableWidth(columns, selectable) }}
      rowSelection={
        list.tableProps.rowSelection && {
          ...list.tableProps.rowSelection,
          checkStrictly: tree ? true : undefined,
          getCheckboxProps: (r: T) => ({ disabled: isPlaceholder(r) }),
        }
      }
      expandable={
        tree
          ? {
              expandedRowKeys: expanded,
              onExpand: (open, r) => {
                const id = String((r as Row)[rowKey]);
                setExpanded((e) => (open ? [...e, id] : e.filter((k) => k !== id)));
                if (open && !kids[id]) void loadChildren(id);
              },
            }
          : schema.treeData
            ? { expandedRowKeys: expanded, onExpandedRowsChange: (keys) => setExpanded(keys.map(String)) }
            : schema.expandedRow
              ? { expandedRowRender: (r: T) => schema.expandedRow?.(r) }
              : undefined
      }
      data-testid={`${schema.name}-table`}
      {...extraTableProps?.(ctx)}
    />
  );

  const onSaved = (body: Row, c: FormContext<T>) => {
    if (!tree) return void list.reload();
    const pid = (c.record as Row | null)?.[pidField] ?? body[pidField];
    refreshUnder(pid === undefined || pid === null ? undefined : String(pid));
  };
  const pageMode = schema.editor?.mode === 'page' && !!editor;
  const editorEl = (
    <CrudEditor
      schema={schema}
      state={editor}
      fixed={fixedParams ?? {}}
      rows={list.dataSource}
      page={ctx}
      onClose={() => setEditor(null)}
      onSaved={onSaved}
    />
  );
  const detail = schema.detail;

  const content = (
    <>
      <div style={pageMode ? { display: 'none' } : undefined} className="kit-page">
        {query}
        <div className="table-operator kit-toolbar">{toolbar}</div>
        {selectable && <SelectionAlert count={list.selectedRowKeys.length} onClear={list.clearSelection} />}
        {beforeTable?.(ctx)}
        {table}
      </div>
      {editorEl}
      {bin && (
        <RecycleBin bin={bin} open={binOpen} rowKey={rowKey} onClose={() => setBinOpen(false)} onRestored={reload} />
      )}
      {detail && (
        <Drawer
          title={detailOf ? detail.title(detailOf) : ''}
          open={!!detailOf}
          size={detail.width ?? 760}
          onClose={() => setDetailOf(null)}
          destroyOnHidden
        >
          {detailOf && <CrudPage schema={detail.page} fixedParams={detail.params(detailOf)} embedded />}
        </Drawer>
      )}
      {children?.(ctx)}
    </>
  );

  if (embedded) return <div data-testid={`${schema.name}-panel`}>{content}</div>;
  return (
    <Card variant="borderless" title={schema.title}>
      {content}
    </Card>
  );
}

export type { UseListPageResult };
