import type { TablePaginationConfig, TableProps } from 'antd';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { HttpError, http } from '../../api/http';
import { feedback } from '../../utils/feedback';
import {
  confirmDeleteMany,
  DEFAULT_PAGE_SIZE,
  DEFAULT_ROW_KEY,
  DEFAULT_SORT,
  EXPORT_TIMEOUT_MS,
  LIST_MESSAGES,
  PAGE_SIZE_OPTIONS,
  totalText,
} from './constants';
import {
  type AntdSorterLike,
  applySelection,
  buildExportParams,
  buildListQuery,
  EMPTY_SELECTION,
  joinKeys,
  type ListQuery,
  type ListSort,
  pageAfterDelete,
  type RowKey,
  readListResult,
  removeFromSelection,
  type Selection,
  type SuperQuery,
  sorterToSort,
  stripEmpty,
} from './list-core';

export interface ListUrls {
  list?: string;
  delete?: string;
  deleteBatch?: string;
  exportXls?: string;
  importExcel?: string;
}

export interface UseListPageOptions {
  urls: ListUrls;
  /** default `createTime desc` */
  defaultSort?: ListSort;
  /** parameters always sent with the list (and the export); a change reloads page 1 */
  fixedParams?: Record<string, unknown>;
  /** export file name when the server does not name the file (it normally does) */
  exportFileName?: string;
  /** load on mount @default true */
  autoLoad?: boolean;
  /** row key field @default 'id' */
  rowKey?: string;
  /** checkbox selection column @default true */
  selectable?: boolean;
  /** first page size @default 10 */
  pageSize?: number;
  /** initial query form values */
  initialQuery?: Record<string, unknown>;
  /** called with every loaded page (e.g. to expand tree rows) */
  onLoaded?: (records: unknown[], total: number) => void;
}

export interface ListPageTableProps<T> {
  rowKey: string;
  dataSource: T[];
  loading: boolean;
  bordered: boolean;
  size: 'middle';
  pagination: TablePaginationConfig;
  onChange: NonNullable<TableProps<T>['onChange']>;
  rowSelection?: TableProps<T>['rowSelection'];
}

export interface UseListPageResult<T> {
  /** spread on antd `<Table>` */
  tableProps: ListPageTableProps<T>;
  /** the query form values in effect (empty ones stripped) */
  queryParams: ListQuery;
  /** search with these form values (or the current ones), from page 1; clears the selection */
  search(params?: Record<string, unknown>): void;
  /** forget the form values, page 1 */
  reset(): void;
  /** reload the current page with the current query */
  reload(): Promise<void>;
  selectedRowKeys: RowKey[];
  selectedRows: T[];
  clearSelection(): void;
  /** DELETE urls.delete?id=…; resolves to whether it worked */
  handleDelete(id: RowKey): Promise<boolean>;
  /** confirm, then DELETE urls.deleteBatch?ids=a,b; resolves to whether rows were deleted */
  batchDelete(): Promise<boolean>;
  /** GET urls.exportXls with the query and `selections` as a file */
  exportXls(fileName?: string): Promise<void>;
  /** urls.importExcel, for `<ImportExcelButton url={importUrl} onDone={reload} />` */
  importUrl: string;
  /** loaded rows, total, loading and exporting flags */
  dataSource: T[];
  total: number;
  loading: boolean;
  exporting: boolean;
  /** the full list query the next load sends */
  currentQuery(): ListQuery;
  /** set (or clear with null) the advanced query and reload page 1 */
  setSuperQuery(superQuery: SuperQuery | null): void;
}

interface ListState {
  query: ListQuery;
  filters: Record<string, unknown[] | null | undefined>;
  sort: ListSort;
  pageNo: number;
  pageSize: number;
  superQuery: SuperQuery | null;
}

/**
 * The list-page machinery (JeecgBoot's JeecgListMixin): paged loading, search/reset, sort and filters, paging,
 * selection, delete and batch delete with reload, export. Plain state with a request sequence: the last request
 * wins, one load on mount (also under StrictMode), and every mutation reloads.
 */
export function useListPage<T = Record<string, unknown>>(options: UseListPageOptions): UseListPageResult<T> {
  const optsRef = useRef(options);
  optsRef.current = options;
  const rowKey = options.rowKey ?? DEFAULT_ROW_KEY;
  const defaultSort = options.defaultSort ?? DEFAULT_SORT;

  const stateRef = useRef<ListState>({
    query: stripEmpty(options.initialQuery),
    filters: {},
    sort: { ...defaultSort },
    pageNo: 1,
    pageSize: options.pageSize ?? DEFAULT_PAGE_SIZE,
    superQuery: null,
  });
  const [view, setView] = useState(() => ({ ...stateRef.current }));
  const [dataSource, setDataSource] = useState<T[]>([]);
  const [total, setTotal] = useState(0);
  const [loading, setLoading] = useState(false);
  const [exporting, setExporting] = useState(false);
  const [selection, setSelection] = useState<Selection<T>>(EMPTY_SELECTION);
  const selectionRef = useRef(selection);
  selectionRef.current = selection;
  const totalRef = useRef(0);
  const seqRef = useRef(0);

  const currentQuery = useCallback((): ListQuery => {
    const s = stateRef.current;
    return buildListQuery({
      queryParams: s.query,
      filters: s.filters,
      fixedParams: optsRef.current.fixedParams,
      sort: s.sort,
      defaultSort: optsRef.current.defaultSort ?? DEFAULT_SORT,
      pageNo: s.pageNo,
      pageSize: s.pageSize,
      superQuery: s.superQuery,
    });
  }, []);

  const update = useCallback((patch: Partial<ListState>) => {
    stateRef.current = { ...stateRef.current, ...patch };
    setView({ ...stateRef.current });
  }, []);

  const setSel = useCallback((next: Selection<T>) => {
    selectionRef.current = next;
    setSelection(next);
  }, []);

  const load = useCallback(async (): Promise<void> => {
    const url = optsRef.current.urls.list;
    if (!url) {
      feedback.message.error(LIST_MESSAGES.noListUrl);
      return;
    }
    const seq = ++seqRef.current;
    setLoading(true);
    try {
      const res = await http.get<unknown>(url, currentQuery());
      if (seq !== seqRef.current) return;
      if (res.success) {
        const { records, total: count } = readListResult<T>(res.result);
        setDataSource(records);
        setTotal(count);
        totalRef.current = count;
        optsRef.current.onLoaded?.(records, count);
      } else {
        feedback.message.warning(res.message || '数据加载失败');
      }
    } catch {
      // the http client has already shown the failure
    } finally {
      if (seq === seqRef.current) setLoading(false);
    }
  }, [currentQuery]);

  // one load on mount: the ref survives StrictMode's second effect run
  const mountedRef = useRef(false);
  useEffect(() => {
    if (mountedRef.current) return;
    mountedRef.current = true;
    if (optsRef.current.autoLoad !== false) void load();
  }, [load]);

  // a change of the fixed parameters (e.g. the chosen department of an embedded list) reloads page 1
  const fixedKey = JSON.stringify(stripEmpty(options.fixedParams));
  const fixedKeyRef = useRef(fixedKey);
  useEffect(() => {
    if (fixedKeyRef.current === fixedKey) return;
    fixedKeyRef.current = fixedKey;
    update({ pageNo: 1 });
    setSel(EMPTY_SELECTION);
    void load();
  }, [fixedKey, load, update, setSel]);

  const search = useCallback(
    (params?: Record<string, unknown>) => {
      update({ query: params === undefined ? stateRef.current.query : stripEmpty(params), pageNo: 1 });
      setSel(EMPTY_SELECTION);
      void load();
    },
    [load, update, setSel],
  );

  const reset = useCallback(() => {
    // the advanced query stays (as in JeecgBoot): its own button shows it and clears it
    update({ query: {}, filters: {}, pageNo: 1 });
    setSel(EMPTY_SELECTION);
    void load();
  }, [load, update, setSel]);

  const setSuperQuery = useCallback(
    (superQuery: SuperQuery | null) => {
      update({ superQuery, pageNo: 1 });
      void load();
    },
    [load, update],
  );

  const clearSelection = useCallback(() => setSel(EMPTY_SELECTION), [setSel]);

  const afterRemoved = useCallback(
    (ids: RowKey[]) => {
      const s = stateRef.current;
      update({ pageNo: pageAfterDelete(s.pageNo, s.pageSize, totalRef.current, ids.length) });
      setSel(removeFromSelection(selectionRef.current, ids, rowKey));
      return load();
    },
    [load, update, setSel, rowKey],
  );

  const handleDelete = useCallback(
    async (id: RowKey): Promise<boolean> => {
      const url = optsRef.current.urls.delete;
      if (!url) {
        feedback.message.error(LIST_MESSAGES.noDeleteUrl);
        return false;
      }
      try {
        const res = await http.delete<unknown>(url, { id });
        if (!res.success) {
          feedback.message.warning(res.message || '删除失败');
          return false;
        }
        feedback.message.success(res.message || '删除成功!');
        await afterRemoved([id]);
        return true;
      } catch {
        return false;
      }
    },
    [afterRemoved],
  );

  const batchDelete = useCallback((): Promise<boolean> => {
    const url = optsRef.current.urls.deleteBatch;
    if (!url) {
      feedback.message.error(LIST_MESSAGES.noDeleteBatchUrl);
      return Promise.resolve(false);
    }
    const keys = selectionRef.current.keys;
    if (!keys.length) {
      feedback.message.warning(LIST_MESSAGES.selectOne);
      return Promise.resolve(false);
    }
    return new Promise<boolean>((resolve) => {
      feedback.modal.confirm({
        title: LIST_MESSAGES.confirmDeleteTitle,
        content: confirmDeleteMany(keys.length),
        okText: '确定',
        cancelText: '取消',
        onCancel: () => resolve(false),
        onOk: async () => {
          try {
            const res = await http.delete<unknown>(url, { ids: joinKeys(keys) });
            if (!res.success) {
              feedback.message.warning(res.message || '删除失败');
              resolve(false);
              return;
            }
            feedback.message.success(res.message || '删除成功!');
            await afterRemoved(keys);
            resolve(true);
          } catch {
            resolve(false);
          }
        },
      });
    });
  }, [afterRemoved]);

  const exportXls = useCallback(
    async (fileName?: string): Promise<void> => {
      const url = optsRef.current.urls.exportXls;
      if (!url) {
        feedback.message.error(LIST_MESSAGES.noExportUrl);
        return;
      }
      const name = fileName ?? optsRef.current.exportFileName;
      const hide = feedback.message.loading(LIST_MESSAGES.exporting, 0);
      setExporting(true);
      try {
        await http.download(url, buildExportParams(currentQuery(), selectionRef.current.keys), exportName(name), {
          // a large export takes longer than the 9 s of an ordinary call to start answering
          timeout: EXPORT_TIMEOUT_MS,
        });
      } catch (err) {
        // http.download has shown 文件下载失败 / the server message; other failures were shown by the client
        if (!(err instanceof HttpError)) feedback.message.warning(LIST_MESSAGES.downloadFailed);
      } finally {
        hide();
        setExporting(false);
      }
    },
    [currentQuery],
  );

  const onChange = useCallback<ListPageTableProps<T>['onChange']>(
    (pagination, filters, sorter, extra) => {
      const s = stateRef.current;
      const pageSize = pagination.pageSize ?? s.pageSize;
      // a new page size or column filter starts at page 1; a sort keeps the page (as JeecgBoot)
      const restart = pageSize !== s.pageSize || extra?.action === 'filter';
      update({
        pageNo: restart ? 1 : (pagination.current ?? s.pageNo),
        pageSize,
        sort: sorterToSort(sorter as AntdSorterLike | AntdSorterLike[], optsRef.current.defaultSort ?? DEFAULT_SORT),
        filters: (filters ?? {}) as ListState['filters'],
      });
      void load();
    },
    [load, update],
  );

  const selectable = options.selectable !== false;
  const tableProps = useMemo<ListPageTableProps<T>>(
    () => ({
      rowKey,
      dataSource,
      loading,
      bordered: true,
      size: 'middle',
      pagination: {
        current: view.pageNo,
        pageSize: view.pageSize,
        total,
        showQuickJumper: true,
        showSizeChanger: true,
        pageSizeOptions: PAGE_SIZE_OPTIONS,
        showTotal: totalText,
      },
      onChange,
      rowSelection: selectable
        ? {
            selectedRowKeys: selection.keys,
            preserveSelectedRowKeys: true,
            onChange: (keys, rows) => setSel(applySelection(selectionRef.current, keys as RowKey[], rows, rowKey)),
          }
        : undefined,
    }),
    [rowKey, dataSource, loading, view.pageNo, view.pageSize, total, onChange, selectable, selection.keys, setSel],
  );

  return {
    tableProps,
    queryParams: view.query,
    search,
    reset,
    reload: load,
    selectedRowKeys: selection.keys,
    selectedRows: selection.rows,
    clearSelection,
    handleDelete,
    batchDelete,
    exportXls,
    importUrl: options.urls.importExcel ?? '',
    dataSource,
    total,
    loading,
    exporting,
    currentQuery,
    setSuperQuery,
  };
}

/**
 * The name to save an export under: the page's name (with the server's .xlsx extension added when it has none),
 * or undefined so the server's Content-Disposition name (else 导出文件) is used.
 */
export function exportName(name: string | undefined): string | undefined {
  if (!name) return undefined;
  return /\.xlsx?$/i.test(name) ? name : `${name}.xlsx`;
}
