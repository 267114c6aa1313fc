// Option cells: select, select-multiple, select-search, list_multi, radio, checkbox, checkbox_meta.
import { Radio, Select } from 'antd';
import { useRef, useState } from 'react';
import { registerCell } from '../../registry';
import type { CellDisplayProps, CellEditorProps, JVxeOption } from '../../types';
import {
  inputOptions,
  isChecked,
  joinMulti,
  optionText,
  parseChecked,
  parseOption,
  splitMulti,
  toggleChecked,
} from './logic';

function selectOptions(options: readonly JVxeOption[] | undefined) {
  return (options ?? []).map((o) => ({ value: String(o.value), label: optionText(o), disabled: o.disabled }));
}

const optionDisplay = ({ value, dictText }: CellDisplayProps) =>
  dictText ?? (value === undefined || value === null ? '' : Array.isArray(value) ? value.join(',') : String(value));

function SelectEditor({ value, options, onCommit, placeholder, autoFocus, column }: CellEditorProps) {
  const input = Boolean(column.allowInput);
  const search = input || column.type === 'select-search' || Boolean(column.allowSearch);
  const [typed, setTyped] = useState('');
  const current = value === undefined || value === null || value === '' ? undefined : String(value);
  const base = selectOptions(options);
  return (
    <Select
      value={current}
      options={input ? inputOptions(base, typed, current) : base}
      placeholder={placeholder}
      autoFocus={autoFocus}
      defaultOpen
      allowClear={column.allowClear !== false}
      showSearch={search ? { optionFilterProp: 'label', ...(input ? { onSearch: setTyped } : {}) } : undefined}
      style={{ width: '100%' }}
      {...(column.props as object)}
      onChange={(v) => onCommit(v ?? '')}
    />
  );
}

function MultiEditor({ value, options, onChange, onCommit, placeholder, autoFocus, column }: CellEditorProps) {
  const sep = column.separator ?? ',';
  const draft = useRef(splitMulti(value, sep));
  return (
    <Select
      mode="multiple"
      defaultValue={draft.current}
      options={selectOptions(options)}
      placeholder={placeholder}
      autoFocus={autoFocus}
      defaultOpen
      maxTagCount="responsive"
      showSearch={{ optionFilterProp: 'label' }}
      style={{ width: '100%' }}
      {...(column.props as object)}
      onChange={(v: string[]) => {
        draft.current = v;
        onChange(v.join(sep));
      }}
      onOpenChange={(open) => {
        if (!open) onCommit(draft.current.join(sep));
      }}
    />
  );
}

function RadioEditor({ value, options, onCommit, column }: CellEditorProps) {
  return (
    <Radio.Group
      value={value === undefined || value === null ? undefined : String(value)}
      options={selectOptions(options)}
      {...(column.props as object)}
      onChange={(e) => onCommit(e.target.value)}
    />
  );
}

function CheckboxDisplay({ value, column, disabled, onChange }: CellDisplayProps) {
  const on = isChecked(value, column);
  return (
    <input
      type="checkbox"
      className="jvxe-check"
      checked={on}
      disabled={disabled || column.disabled}
      onChange={() => onChange?.(toggleChecked(value, column))}
    />
  );
}

export function registerChoiceCells(): void {
  const optionParse = (raw: unknown, col: { options?: JVxeOption[] }) => parseOption(raw, col.options);
  registerCell('select', {
    display: optionDisplay,
    Editor: SelectEditor,
    usesOptions: true,
    keepKeys: true,
    parse: optionParse,
  });
  registerCell('select-search', {
    display: optionDisplay,
    Editor: SelectEditor,
    usesOptions: true,
    keepKeys: true,
    parse: optionParse,
  });
  const multi = {
    display: optionDisplay,
    Editor: MultiEditor,
    usesOptions: true,
    keepKeys: true,
    parse: (raw: unknown, col: { options?: JVxeOption[]; separator?: string }) =>
      splitMulti(raw, col.separator ?? ',')
        .map((p) => String(parseOption(p, col.options)))
        .join(col.separator ?? ','),
    format: (v: unknown, col: { separator?: string }) => (Array.isArray(v) ? joinMulti(v, col.separator ?? ',') : v),
  };
  registerCell('select-multiple', multi);
  registerCell('list_multi', multi);
  registerCell('radio', {
    display: optionDisplay,
    Editor: RadioEditor,
    usesOptions: true,
    keepKeys: true,
    parse: optionParse,
  });
  registerCell('checkbox', { display: CheckboxDisplay, alwaysEditor: true, parse: parseChecked });
  registerCell('checkbox_meta', { display: CheckboxDisplay, alwaysEditor: true, parse: parseChecked });
}
