import { Select, Spin } from 'antd';
import { useRef } from 'react';
import { useDictText } from '../../../JDictSelectTag/useDictItems';
import { isTableDict } from '../../../JSearchSelect/search-logic';
import { useSearchSelect } from '../../../JSearchSelect/useSearchSelect';
import type { CellDisplayProps, CellEditorProps, JVxeOption } from '../../types';
import { tableDictResolver } from './resolvers';
import { useResolvedText } from './text-resolver';
import './rich.css';

/**
 * sel_search / sel_search_async (spec 02 §3, §7): a dictionary search select. Plain dictionary codes filter their
 * items locally; table dictionaries (`table,text,code[,condition]`) search the server (GET /sys/dict/loadDict/{dict}
 * ?keyword&pageSize=10, debounced 300 ms, or 800 ms and only once something is typed in the async type).
 * The display is plain text: the item text (plain code: the dictionary cache; table dictionary: batched
 * /sys/dict/loadDictItem lookups).
 */
export function SearchCellText({ value, column, dictText }: CellDisplayProps) {
  const dict = column.dictCode ?? '';
  const table = isTableDict(dict);
  const plainText = useDictText(table ? null : dict || null, table ? undefined : value);
  const tableText = useResolvedText(table ? tableDictResolver(dict) : null, table ? value : undefined);
  const local = dict ? '' : optionsText(column.options, value);
  const text =
    dictText ||
    local ||
    (table ? tableText : plainText) ||
    (value === undefined || value === null ? '' : String(value));
  return (
    <span className="jvxe-rich-text" title={text}>
      {text}
    </span>
  );
}

/** the text of a value among a column's own options (no dictionary) */
export function optionsText(options: JVxeOption[] | undefined, value: unknown): string {
  if (!options?.length || value === undefined || value === null || value === '') return '';
  const hit = options.find((o) => String(o.value) === String(value));
  return hit ? String(hit.text ?? hit.label ?? hit.title ?? hit.value) : '';
}

export function SearchCellEditor({
  value,
  column,
  placeholder,
  onChange,
  onCommit,
  onCancel,
  autoFocus,
  async,
}: CellEditorProps & { async: boolean }) {
  const dict = column.dictCode ?? '';
  const current = value === undefined || value === null || value === '' ? undefined : String(value);
  const s = useSearchSelect({ dict, async, value: current });
  // a column with its own options and no dictionary filters them locally
  const own = !dict && column.options?.length ? column.options : null;
  const options = own
    ? own.map((o) => ({ value: String(o.value), label: String(o.text ?? o.label ?? o.title ?? o.value) }))
    : s.options.map((o) => ({ value: o.value, label: o.text }));
  const serverSearch = !own && s.serverSearch;
  const committed = useRef(false);
  return (
    <Select
      style={{ width: '100%' }}
      size="small"
      value={current}
      placeholder={placeholder ?? '请选择'}
      defaultOpen
      autoFocus={autoFocus ?? true}
      allowClear={column.allowClear !== false}
      loading={!own && s.loading}
      options={options}
      showSearch={
        serverSearch
          ? { filterOption: false, onSearch: s.onSearch }
          : { optionFilterProp: 'label', onSearch: s.onSearch }
      }
      notFoundContent={!own && s.loading ? <Spin size="small" /> : own ? '没有查询到任何数据' : s.notFound}
      onChange={(v: string | undefined) => {
        const next = v ?? '';
        if (serverSearch && next) {
          const hit = s.options.find((o) => o.value === next);
          if (hit) tableDictResolver(dict).remember([[hit.value, hit.text]]);
        }
        committed.current = true;
        onChange(next);
        onCommit(next);
      }}
      onOpenChange={(open) => {
        if (!open && !committed.current) onCancel();
      }}
      onKeyDown={(e) => {
        if (e.key === 'Escape') onCancel();
      }}
    />
  );
}
