import { Select, Spin } from 'antd';
import { useRef } from 'react';
import { useDictText } from '../../../JDictSelectTag/useDictItems';
import { isTableDict } from '../../../JSearchSelect/search-logic';
import { useSearchSelect } from '../../../JSearchSelect/useSearchSelect';
import type { CellDisplayProps, CellEditorProps } from '../../types';
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
  const text =
    dictText || (table ? tableText : plainText) || (value === undefined || value === null ? '' : String(value));
  return (
    <span className="jvxe-rich-text" title={text}>
      {text}
    </span>
  );
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
      loading={s.loading}
      options={s.options.map((o) => ({ value: o.value, label: o.text }))}
      showSearch={
        s.serverSearch
          ? { filterOption: false, onSearch: s.onSearch }
          : { optionFilterProp: 'label', onSearch: s.onSearch }
      }
      notFoundContent={s.loading ? <Spin size="small" /> : s.notFound}
      onChange={(v: string | undefined) => {
        const next = v ?? '';
        if (s.serverSearch && next) {
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
