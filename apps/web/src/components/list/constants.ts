/**
 * Table / list constants of every list page (spec 02 §9, §5): one place, so pages and the machinery agree.
 */

/** page size of a list (spec 02 §9) */
export const DEFAULT_PAGE_SIZE = 10;
/** size changer options */
export const PAGE_SIZE_OPTIONS = ['10', '20', '30'];
/** default sort of a list query: createTime desc (spec 02 §3 "List query") */
export const DEFAULT_SORT = { column: 'createTime', order: 'desc' } as const;
/** the key of a row unless the page says otherwise */
export const DEFAULT_ROW_KEY = 'id';
/** width of the 操作 column of a list */
export const ACTION_COLUMN_WIDTH = 147;
/** import dialog width (spec 02 §9) */
export const IMPORT_MODAL_WIDTH = 600;
/** export default file name (spec 02 §7: 导出文件) */
export const DEFAULT_EXPORT_NAME = '导出文件';

/** time allowed for an export to start answering (the server builds large files in batches) */
export const EXPORT_TIMEOUT_MS = 5 * 60_000;
/** query fields shown before the form collapses behind 展开 */
export const QUERY_FORM_VISIBLE_FIELDS = 3;

/** `a-b 共 n 条` (spec 02 §9) */
export function totalText(total: number, range: [number, number]): string {
  return `${range[0]}-${range[1]} 共 ${total} 条`;
}

/** Messages of the list machinery, verbatim (spec 02 §5, §8, §9). */
export const LIST_MESSAGES = {
  /** an import that lost the network (spec 02 §9) */
  uploadFailed: '文件上传失败',
  noListUrl: '请设置url.list属性!',
  noDeleteUrl: '请设置url.delete属性!',
  noDeleteBatchUrl: '请设置url.deleteBatch属性!',
  noExportUrl: '请设置url.exportXlsUrl属性!',
  noImportUrl: '请设置url.importExcelUrl属性!',
  selectOne: '请选择一条记录！',
  confirmDeleteTitle: '确认删除',
  confirmDeleteOne: '确定删除吗?',
  exporting: '正在导出，请稍候…',
  downloadFailed: '文件下载失败',
  importPartly: '导入成功,但是有错误数据!',
  /** issue 29: every row had an error (the detail names the count; the report the reasons) */
  importNone: '未导入任何数据',
  importOnlyExcel: '只能上传.xls或.xlsx格式的文件',
  importProcessing: '文件处理中，请稍候…',
} as const;

/** `确定要删除这 N 项吗?` */
export function confirmDeleteMany(n: number): string {
  return `确定要删除这 ${n} 项吗?`;
}
