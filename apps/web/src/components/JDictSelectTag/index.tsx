import { Checkbox, Radio, Select, type SelectProps, Tag } from 'antd';
import type { CSSProperties, ReactNode } from 'react';
import { type DictItem, dictText, joinValue, splitValue } from './dict-logic';
import { useDictItems } from './useDictItems';

export {
  cachedItems,
  clearDictMemo,
  type DictItem,
  dictText,
  EMPTY_DICT_CODE,
  joinValue,
  loadDictItems,
  normalizeItems,
  splitValue,
} from './dict-logic';
export { type DictItemsState, useDictItems, useDictText } from './useDictItems';

export type DictSelectType = 'select' | 'list' | 'list_multi' | 'radio' | 'radioButton' | 'checkbox' | 'tag';

export interface JDictSelectTagProps {
  dictCode: string;
  /** select (default; `list` alias), list_multi (multi select), radio, radioButton, checkbox, tag (read-only) */
  type?: DictSelectType;
  /** a string (checkbox / list_multi: comma string); numbers are compared as strings */
  value?: string | number | null;
  onChange?: (value: string | undefined) => void;
  placeholder?: string;
  disabled?: boolean;
  allowClear?: boolean;
  style?: CSSProperties;
  className?: string;
  getPopupContainer?: SelectProps['getPopupContainer'];
  /** items left out of the choice (e.g. a status the page sets itself) */
  exclude?: string[];
  id?: string;
}

function optionsOf(items: DictItem[], exclude?: string[]) {
  const skip = new Set(exclude ?? []);
  return items
    .filter((i) => !skip.has(i.value))
    .map((i) => (i.disabled ? { value: i.value, label: i.text, disabled: true } : { value: i.value, label: i.text }));
}

/**
 * Dictionary-backed select / radio / checkbox (JeecgBoot JDictSelectTag): items from the local dictionary cache or
 * getDictItems; values are strings (multi: comma string). An empty dictCode shows 字典Code不能为空!.
 */
export function JDictSelectTag({
  dictCode,
  type = 'select',
  value,
  onChange,
  placeholder = '请选择',
  disabled,
  allowClear = true,
  style,
  className,
  getPopupContainer,
  exclude,
  id,
}: JDictSelectTagProps) {
  const { items, loading, error } = useDictItems(dictCode);
  const options = optionsOf(items, exclude);
  const single = value === undefined || value === null || value === '' ? undefined : String(value);

  if (type === 'tag') return <DictTag dictCode={dictCode} value={value} tag />;
  if (type === 'radio' || type === 'radioButton')
    return (
      <Radio.Group
        id={id}
        className={className}
        style={style}
        disabled={disabled}
        value={single}
        optionType={type === 'radioButton' ? 'button' : 'default'}
        buttonStyle={type === 'radioButton' ? 'solid' : undefined}
        options={options}
        onChange={(e) => onChange?.(e.target.value as string)}
      />
    );
  if (type === 'checkbox')
    return (
      <Checkbox.Group
        className={className}
        style={style}
        disabled={disabled}
        value={splitValue(value)}
        options={options}
        onChange={(v) => onChange?.(joinValue(v))}
      />
    );
  const multi = type === 'list_multi';
  return (
    <Select
      id={id}
      className={className}
      style={{ width: '100%', ...style }}
      disabled={disabled}
      loading={loading}
      status={error ? 'error' : undefined}
      placeholder={error ?? placeholder}
      allowClear={allowClear}
      showSearch={{ optionFilterProp: 'label' }}
      mode={multi ? 'multiple' : undefined}
      maxTagCount={multi ? 1 : undefined}
      value={multi ? splitValue(value) : single}
      options={options}
      getPopupContainer={getPopupContainer}
      onChange={(v: string | string[] | undefined) => onChange?.(Array.isArray(v) ? joinValue(v) : (v ?? undefined))}
    />
  );
}

export interface DictTagProps {
  dictCode: string;
  value: unknown;
  /** each value as an antd Tag */
  tag?: boolean;
  color?: string;
  /** shown for an empty value */
  empty?: ReactNode;
}

/** The text of a dictionary value (comma multi-values joined with ',' or shown as tags). */
export function DictTag({ dictCode, value, tag, color, empty = null }: DictTagProps) {
  const { items } = useDictItems(dictCode);
  const parts = splitValue(value);
  if (!parts.length) return <>{empty}</>;
  if (!tag) return <span>{dictText(items, value)}</span>;
  return (
    <>
      {parts.map((p) => (
        <Tag key={p} color={color}>
          {dictText(items, p)}
        </Tag>
      ))}
    </>
  );
}

/** hook-free text lookup for column renderers that already hold the items */
export function renderDictText(items: DictItem[]) {
  return (value: unknown) => dictText(items, value);
}

export default JDictSelectTag;
