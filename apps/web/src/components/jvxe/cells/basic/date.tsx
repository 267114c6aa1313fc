// Date cells: date (YYYY-MM-DD), datetime (YYYY-MM-DD HH:mm:ss), time (HH:mm:ss); min widths of spec §9.
import { DatePicker, TimePicker } from 'antd';
import type { KeyboardEvent } from 'react';
import { registerCell } from '../../registry';
import type { CellEditorProps } from '../../types';
import { type DateKind, dateFormat, formatDate, toDayjs, typedDate } from './logic';

function makeEditor(kind: DateKind) {
  return function DateEditor({ value, onCommit, placeholder, autoFocus, column }: CellEditorProps) {
    const fmt = dateFormat(kind, column);
    // a typed date is taken on Enter or when the cell is left, in any common spelling (issue 29)
    const takeTyped = (e: { target: EventTarget | null }) => {
      const text = (e.target as HTMLInputElement | null)?.value ?? '';
      const typed = typedDate(text, kind, column);
      if (typed && typed !== formatDate(value, kind, column)) onCommit(typed);
    };
    const common = {
      onBlur: takeTyped,
      onKeyDown: (e: KeyboardEvent<HTMLElement>) => {
        if (e.key === 'Enter') takeTyped(e);
      },
      value: toDayjs(value, kind),
      format: fmt,
      placeholder,
      autoFocus,
      defaultOpen: true,
      style: { width: '100%' },
      ...(column.props as object),
    };
    if (kind === 'time') {
      return <TimePicker {...common} onChange={(d) => onCommit(d ? d.format(fmt) : '')} />;
    }
    return <DatePicker {...common} showTime={kind === 'datetime'} onChange={(d) => onCommit(d ? d.format(fmt) : '')} />;
  };
}

export function registerDateCells(): void {
  for (const kind of ['date', 'datetime', 'time'] as const) {
    registerCell(kind, {
      minWidth: kind === 'date' ? 135 : kind === 'datetime' ? 190 : undefined,
      display: ({ value, column }) => {
        if (value === undefined || value === null || value === '') return '';
        return formatDate(value, kind, column) || String(value);
      },
      Editor: makeEditor(kind),
      keepKeys: true,
      parse: (raw, column) => formatDate(raw, kind, column),
      format: (v, column) => (v === undefined || v === null || v === '' ? v : formatDate(v, kind, column) || v),
    });
  }
}
