// Rich cells of the editable table (C2): upload, file, image, popup, input_pop, sel_search, sel_search_async, sel_user,
// sel_depart. Registered here; the table's index imports this module.
import { registerCell } from '../../registry';
import type { CellDisplayProps, CellEditorProps, JVxeColumn } from '../../types';
import { departPickerConfig, parseStored, splitStored, userPickerConfig } from './extend';
import { type FileCellKind, FileCellView } from './FileCell';
import { formatFileValue, parseFileValue } from './file-logic';
import { DepartCellEditor, DepartCellText, UserCellEditor, UserCellText } from './PickerCells';
import { InputPopEditor, PlainText, PopupCellEditor } from './PopupCells';
import { SearchCellEditor, SearchCellText } from './SearchCells';

/** spec 02 §9: user / department cells are at least 190 px wide */
export const PICKER_MIN_WIDTH = 190;

const fileDef = (kind: FileCellKind) => ({
  alwaysEditor: true,
  minWidth: kind === 'image' ? 120 : 150,
  display: (p: CellDisplayProps) => <FileCellView {...p} kind={kind} />,
  parse: (raw: unknown) => parseFileValue(raw),
  format: (v: unknown) => formatFileValue(v),
  toText: (v: unknown) => formatFileValue(v),
});

const text = (v: unknown) => (v === undefined || v === null ? '' : String(v));

export const RICH_TYPES = [
  'upload',
  'file',
  'image',
  'popup',
  'input_pop',
  'sel_search',
  'sel_search_async',
  'sel_user',
  'sel_depart',
] as const;

let registered = false;

export function registerRichCells(): void {
  if (registered) return;
  registered = true;
  registerCell('upload', fileDef('upload'));
  registerCell('file', fileDef('file'));
  registerCell('image', fileDef('image'));

  registerCell('popup', {
    display: (p) => <PlainText {...p} />,
    Editor: PopupCellEditor,
    keepKeys: true,
    parse: (raw) => (raw === undefined || raw === null ? '' : raw),
    toText: text,
  });
  registerCell('input_pop', {
    display: (p) => <PlainText {...p} />,
    Editor: InputPopEditor,
    keepKeys: true,
    parse: (raw) => (raw === undefined || raw === null ? '' : String(raw)),
    toText: text,
  });

  const searchParse = (raw: unknown) => (raw === undefined || raw === null ? '' : String(raw).trim());
  registerCell('sel_search', {
    display: (p) => <SearchCellText {...p} />,
    Editor: (p: CellEditorProps) => <SearchCellEditor {...p} async={false} />,
    keepKeys: true,
    parse: searchParse,
    toText: text,
  });
  registerCell('sel_search_async', {
    display: (p) => <SearchCellText {...p} />,
    Editor: (p: CellEditorProps) => <SearchCellEditor {...p} async />,
    keepKeys: true,
    parse: searchParse,
    toText: text,
  });

  registerCell('sel_user', {
    minWidth: PICKER_MIN_WIDTH,
    display: (p) => <UserCellText {...p} />,
    Editor: UserCellEditor,
    keepKeys: true,
    parse: (raw, col: JVxeColumn) => parseStored(raw, userPickerConfig(col).multi),
    format: (v, col: JVxeColumn) => parseStored(v, userPickerConfig(col).multi),
    toText: (v) => splitStored(v).join(','),
  });
  registerCell('sel_depart', {
    minWidth: PICKER_MIN_WIDTH,
    display: (p) => <DepartCellText {...p} />,
    Editor: DepartCellEditor,
    keepKeys: true,
    parse: (raw, col: JVxeColumn) => parseStored(raw, departPickerConfig(col).multi),
    format: (v, col: JVxeColumn) => parseStored(v, departPickerConfig(col).multi),
    toText: (v) => splitStored(v).join(','),
  });
}

registerRichCells();
