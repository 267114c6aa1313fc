/**
 * The page kit (ADR 023, docs/web-list-pages.md): declarations (`definePage`) rendered by `<CrudPage>`, the one form
 * renderer (`SchemaForm` + the widget registry) and the list machinery of components/list, re-exported so that a page
 * imports from one place.
 */
import '../SuperQuery/register';

export * from '../list';
export { CrudEditor, DEFAULT_EDITOR_WIDTH, defaultSave, type EditorState, KitModal } from './CrudEditor';
export { CrudPage, type CrudPageProps, registerSuperQuery, type SuperQueryProps } from './CrudPage';
export { formatDate, formatMoney, MIN_WIDTH, renderCell, rowNumberColumn, Truncated, toAntColumn } from './columns';
export { decideCode, opCode, pageDecisions, visibleRowActions, visibleToolbar } from './permission';
export { buildSearchValues, initialQueryValues, queryValueOf, rangeNames } from './query';
export { RecordForm, type RecordFormProps } from './RecordForm';
export { RecycleBin } from './RecycleBin';
export { duplicateCheck, fieldRules, PATTERN_PRESETS, presetRules, requiredMessage } from './rules';
export { runCall } from './run-call';
export { initialFormValues, pickFormValues, SchemaForm, type SchemaFormProps, saveBody } from './SchemaForm';
export { TreePage, type TreePageContext, type TreePageNode, type TreePageProps, type TreePageSchema } from './TreePage';
export { buildTreeRows, isPlaceholder, LOADING_TEXT, parentsToRefresh } from './tree';
export * from './types';
export { placeholderOf, registerWidget, renderWidget, WIDGETS, type WidgetDef, widgetDef } from './widgets';
