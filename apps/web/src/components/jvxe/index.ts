// Editable table (JVxeTable). Lazy: import from pages only, never from the shell/kit index.
import './cells/rich';

export { JVxeTable } from './JVxeTable';
export { getCell, registerCell } from './registry';
export type {
  CellDef,
  CellDisplayProps,
  CellEditorProps,
  JVxeColumn,
  JVxeOption,
  JVxeRow,
  JVxeRule,
  JVxeTableApi,
  JVxeTableProps,
  JVxeValidationError,
  JVxeValueChangeEvent,
} from './types';
export { JVxeTypes } from './types';
