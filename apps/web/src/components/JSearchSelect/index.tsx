import { Select, type SelectProps, Spin } from 'antd';
import type { CSSProperties } from 'react';
import { useSearchSelect } from './useSearchSelect';

export * from './search-logic';
export { type SearchSelectState, type UseSearchSelectOptions, useSearchSelect } from './useSearchSelect';

export interface JSearchSelectProps {
  /** a dictionary code, or a table dictionary `table,text,code[,condition]` */
  dict: string;
  /** search on the server only while typing (800 ms debounce) */
  async?: boolean;
  value?: string | null;
  onChange?: (value: string | undefined) => void;
  placeholder?: string;
  disabled?: boolean;
  allowClear?: boolean;
  pageSize?: number;
  style?: CSSProperties;
  getPopupContainer?: SelectProps['getPopupContainer'];
  id?: string;
}

/** Searchable dictionary select (JeecgBoot JSearchSelectTag). */
export function JSearchSelect({
  dict,
  async,
  value,
  onChange,
  placeholder = '请选择',
  disabled,
  allowClear = true,
  pageSize,
  style,
  getPopupContainer,
  id,
}: JSearchSelectProps) {
  const current = value === undefined || value === null || value === '' ? undefined : String(value);
  const s = useSearchSelect({ dict, async, value: current, pageSize });
  return (
    <Select
      id={id}
      style={{ width: '100%', ...style }}
      value={current}
      placeholder={placeholder}
      disabled={disabled}
      allowClear={allowClear}
      loading={s.loading}
      options={s.options.map((o) => ({ value: o.value, label: o.text }))}
      showSearch={
        s.serverSearch
          ? { filterOption: false, onSearch: s.onSearch }
          : { optionFilterProp: 'label', onSearch: s.onSearch }
      }
      notFoundContent={s.loading ? <Spin size="small" /> : s.notFound}
      getPopupContainer={getPopupContainer}
      onChange={(v: string | undefined) => onChange?.(v ?? undefined)}
    />
  );
}

export default JSearchSelect;
