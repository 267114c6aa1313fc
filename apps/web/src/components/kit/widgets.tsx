import { Checkbox, DatePicker, Input, InputNumber, Radio, Select, Switch, TimePicker, TreeSelect } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { type ComponentType, type ReactNode, useEffect, useState } from 'react';
import { IconPicker } from '../IconPicker';
import { JCategorySelect } from '../JCategorySelect';
import { JDictSelectTag } from '../JDictSelectTag';
import { JImageUpload } from '../JImageUpload';
import { JSearchSelect } from '../JSearchSelect';
import { JSelectDepart } from '../JSelectDepart';
import { JSelectPosition } from '../JSelectPosition';
import { JSelectRole } from '../JSelectRole';
import { JSelectUserByDep } from '../JSelectUserByDep';
import { JTreeSelect } from '../JTreeSelect';
import { JUpload } from '../JUpload';
import { RichTextEditor } from '../RichTextEditor';

/**
 * The one widget registry (ADR 023): a widget name of a declaration → the component that edits the value. Query
 * forms, CRUD forms and the online module's stored schemas all render through `renderWidget`. A new widget joins
 * with one line in `WIDGETS` (or `registerWidget` from a module that owns it).
 *
 * Every widget takes `value` / `onChange` (antd Form.Item wiring), `disabled`, `placeholder`, `id`; values are the
 * strings the server stores (dates as text, multi-values comma-joined) so a declaration never converts them.
 */

// biome-ignore lint/suspicious/noExplicitAny: the registry holds components of any props; declarations pass them
type AnyComponent = ComponentType<any>;

export interface WidgetDef {
  component: AnyComponent;
  /** props every use gets (a declaration's props win) */
  defaults?: Record<string, unknown>;
  /** the user picks a value (placeholder 请选择…) rather than types it (请输入…) */
  picked?: boolean;
  /** the query-form variant, when it differs */
  query?: AnyComponent;
  /** the Form.Item prop holding the value @default 'value' */
  valuePropName?: string;
}

// ---- small adapters: string values in and out

interface ValueProps<V> {
  value?: V | null;
  onChange?: (v: V | undefined) => void;
  disabled?: boolean;
  placeholder?: string;
  id?: string;
}

const asDayjs = (v: unknown, fmt: string): Dayjs | null => {
  if (v === undefined || v === null || v === '') return null;
  const d = dayjs(String(v), fmt.length > 10 ? undefined : fmt);
  return d.isValid() ? d : dayjs(String(v)).isValid() ? dayjs(String(v)) : null;
};

/** a date (or date-time) as text: `YYYY-MM-DD` / `YYYY-MM-DD HH:mm:ss` */
function JDate({
  value,
  onChange,
  showTime,
  format,
  ...rest
}: ValueProps<string> & { showTime?: boolean; format?: string }) {
  const fmt = format ?? (showTime ? 'YYYY-MM-DD HH:mm:ss' : 'YYYY-MM-DD');
  return (
    <DatePicker
      {...rest}
      showTime={showTime}
      format={fmt}
      style={{ width: '100%' }}
      value={asDayjs(value, fmt)}
      onChange={(d) => onChange?.(d ? d.format(fmt) : undefined)}
    />
  );
}

/** a time as `HH:mm:ss` */
function JTime({ value, onChange, ...rest }: ValueProps<string>) {
  return (
    <TimePicker
      {...rest}
      style={{ width: '100%' }}
      value={value ? dayjs(`1970-01-01 ${value}`) : null}
      onChange={(d) => onChange?.(d ? d.format('HH:mm:ss') : undefined)}
    />
  );
}

/** a date range as two texts */
function JDateRange({
  value,
  onChange,
  showTime,
  disabled,
  id,
}: ValueProps<[string, string]> & { showTime?: boolean }) {
  const fmt = showTime ? 'YYYY-MM-DD HH:mm:ss' : 'YYYY-MM-DD';
  const [a, b] = Array.isArray(value) ? value : [];
  return (
    <DatePicker.RangePicker
      id={id}
      disabled={disabled}
      showTime={showTime}
      format={fmt}
      style={{ width: '100%' }}
      value={[asDayjs(a, fmt), asDayjs(b, fmt)]}
      onChange={(v) => onChange?.(v?.[0] && v[1] ? [v[0].format(fmt), v[1].format(fmt)] : undefined)}
    />
  );
}

/** a switch over two stored values (spec 02 §4: options [on, off], default Y / N; empty = off) */
function JSwitch({
  value,
  onChange,
  options = ['Y', 'N'],
  checkedChildren,
  unCheckedChildren,
  disabled,
  id,
}: ValueProps<unknown> & { options?: [unknown, unknown]; checkedChildren?: ReactNode; unCheckedChildren?: ReactNode }) {
  return (
    <Switch
      id={id}
      disabled={disabled}
      checked={value === options[0]}
      checkedChildren={checkedChildren}
      unCheckedChildren={unCheckedChildren}
      onChange={(on) => onChange?.(on ? options[0] : options[1])}
    />
  );
}

/** the query form's switch: a 是 / 否 dropdown (spec 02 §4) */
function JSwitchQuery({
  value,
  onChange,
  options = ['Y', 'N'],
  placeholder,
  id,
}: ValueProps<unknown> & { options?: [unknown, unknown] }) {
  return (
    <Select
      id={id}
      allowClear
      placeholder={placeholder}
      value={value ?? undefined}
      onChange={(v) => onChange?.(v)}
      options={[
        { value: options[0] as string, label: '是' },
        { value: options[1] as string, label: '否' },
      ]}
    />
  );
}

/** a multi select whose value is a comma string */
function JMultiSelect({
  value,
  onChange,
  ...rest
}: ValueProps<string> & { options?: { value: string; label: ReactNode }[] }) {
  const arr = typeof value === 'string' && value ? value.split(',') : [];
  return (
    <Select
      {...rest}
      mode="multiple"
      allowClear
      value={arr}
      onChange={(v: string[]) => onChange?.(v.join(',') || undefined)}
    />
  );
}

/** a checkbox group whose value is a comma string */
function JCheckboxGroup({
  value,
  onChange,
  ...rest
}: ValueProps<string> & { options?: { value: string; label: ReactNode }[] }) {
  const arr = typeof value === 'string' && value ? value.split(',') : [];
  return <Checkbox.Group {...rest} value={arr} onChange={(v) => onChange?.((v as string[]).join(',') || undefined)} />;
}

/** read-only text of a value (detail views, computed fields) */
function JText({ value, id }: ValueProps<unknown>) {
  return (
    <span id={id} className="kit-text-value">
      {value === undefined || value === null || value === '' ? '-' : String(value)}
    </span>
  );
}

type Option = { value: string | number; label: ReactNode };
const optionCache = new WeakMap<() => Promise<Option[]>, Promise<Option[]>>();

/**
 * A select whose options come from the server (`load`, called once per load function and page visit; a failed load
 * is asked again next time). Other props go to antd's Select (mode="multiple" for an array value).
 */
function JAsyncSelect({ load, ...rest }: { load: () => Promise<Option[]> } & Record<string, unknown>) {
  const [options, setOptions] = useState<Option[]>([]);
  useEffect(() => {
    let alive = true;
    let p = optionCache.get(load);
    if (!p) {
      p = load();
      optionCache.set(load, p);
      p.catch(() => optionCache.delete(load));
    }
    p.then((o) => alive && setOptions(o)).catch(() => undefined);
    return () => {
      alive = false;
    };
  }, [load]);
  return (
    <Select
      allowClear
      optionFilterProp="label"
      getPopupContainer={(n: HTMLElement) => n.parentElement ?? document.body}
      {...rest}
      options={options}
    />
  );
}

const InputNumberFull = (p: Record<string, unknown>) => <InputNumber style={{ width: '100%' }} {...p} />;

export const WIDGETS: Record<string, WidgetDef> = {
  input: { component: Input, defaults: { allowClear: true } },
  password: { component: Input.Password },
  textarea: { component: Input.TextArea, defaults: { rows: 3 } },
  number: { component: InputNumberFull },
  text: { component: JText },
  select: { component: Select, picked: true, defaults: { allowClear: true } },
  'select-multi': { component: JMultiSelect, picked: true },
  'async-select': { component: JAsyncSelect, picked: true },
  radio: { component: Radio.Group, picked: true },
  checkbox: { component: JCheckboxGroup, picked: true },
  switch: { component: JSwitch, picked: true, query: JSwitchQuery },
  dict: { component: JDictSelectTag, picked: true },
  'dict-radio': { component: JDictSelectTag, picked: true, defaults: { type: 'radio' }, query: JDictSelectTag },
  'dict-radio-button': {
    component: JDictSelectTag,
    picked: true,
    defaults: { type: 'radioButton' },
    query: JDictSelectTag,
  },
  'dict-checkbox': { component: JDictSelectTag, picked: true, defaults: { type: 'checkbox' } },
  'dict-multi': { component: JDictSelectTag, picked: true, defaults: { type: 'list_multi' } },
  'dict-search': { component: JSearchSelect, picked: true },
  tree: { component: JTreeSelect, picked: true },
  /** a tree of given `treeData` (e.g. the parents a row may hang below) */
  'tree-select': {
    component: TreeSelect,
    picked: true,
    defaults: {
      showSearch: true,
      allowClear: true,
      treeNodeFilterProp: 'title',
      styles: { popup: { root: { maxHeight: 400, overflow: 'auto' } } },
    },
  },
  category: { component: JCategorySelect, picked: true },
  user: { component: JSelectUserByDep, picked: true },
  depart: { component: JSelectDepart, picked: true },
  position: { component: JSelectPosition, picked: true },
  role: { component: JSelectRole, picked: true },
  image: { component: JImageUpload, picked: true },
  file: { component: JUpload, picked: true },
  editor: { component: RichTextEditor },
  icon: { component: IconPicker, picked: true },
  date: { component: JDate, picked: true },
  datetime: { component: JDate, picked: true, defaults: { showTime: true } },
  time: { component: JTime, picked: true },
  'date-range': { component: JDateRange, picked: true },
  'datetime-range': { component: JDateRange, picked: true, defaults: { showTime: true } },
};

/** add (or replace) a widget: the online module registers its own here */
export function registerWidget(name: string, def: WidgetDef): void {
  WIDGETS[name] = def;
}

export function widgetDef(name: string | undefined): WidgetDef {
  const def = WIDGETS[name ?? 'input'];
  if (!def) throw new Error(`unknown widget: ${name}`);
  return def;
}

/** the placeholder of a widget for a label: 请输入… / 请选择… */
export function placeholderOf(widget: string | undefined, label: ReactNode): string | undefined {
  if (typeof label !== 'string') return undefined;
  return `${widgetDef(widget).picked ? '请选择' : '请输入'}${label}`;
}

export interface RenderWidgetOptions {
  widget?: string;
  label?: ReactNode;
  props?: Record<string, unknown>;
  /** render the query-form variant */
  query?: boolean;
  disabled?: boolean;
}

/**
 * The element for a widget name. antd's Form.Item adds value / onChange / id to it; the label gives the
 * placeholder unless the props set one.
 */
export function renderWidget({ widget, label, props, query, disabled }: RenderWidgetOptions) {
  const def = widgetDef(widget);
  const Component = (query && def.query) || def.component;
  const all: Record<string, unknown> = { placeholder: placeholderOf(widget, label), ...def.defaults, ...props };
  if (disabled) all.disabled = true;
  if (query && def.query === JDictSelectTag) all.type = 'select';
  return <Component {...all} />;
}

export { JAsyncSelect, JCheckboxGroup, JDate, JDateRange, JMultiSelect, JSwitch, JText, JTime };
