export { type ActionItem, ActionLinks, type ActionLinksProps } from './ActionLinks';
export {
  ACTION_CELL_CLASS,
  type ActionColumnOptions,
  actionColumn,
  PHONE_ACTION_COLUMN_WIDTH,
  useActionColumn,
} from './action-column';
export * from './constants';
export { ImportExcelButton, type ImportExcelButtonProps } from './ImportExcelButton';
export { errorFileHref, type ImportOutcome, importOutcome, isExcelFile } from './import-core';
export { ListCard, type ListCardProps } from './ListCard';
export * from './list-core';
export { QueryForm, type QueryFormProps } from './QueryForm';
export { SelectionAlert, type SelectionAlertProps } from './SelectionAlert';
export { useKeyedLoad } from './use-keyed-load';
export {
  exportName,
  type ListPageTableProps,
  type ListUrls,
  type UseListPageOptions,
  type UseListPageResult,
  useListPage,
} from './useListPage';
