import { Checkbox, Input, Radio, Select, Spin } from 'antd';
import { type ComponentType, lazy, type ReactNode, Suspense, useEffect, useState } from 'react';
import { JDictSelectTag } from '../JDictSelectTag';
import { JSearchSelect } from '../JSearchSelect';
import { JSelectDepart } from '../JSelectDepart';
import { JSwitch, JSwitchQuery } from '../JSwitch';
import { RichTextEditor } from '../RichTextEditor';
import type { ValueProps } from './value-props';

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

export type { ValueProps } from './value-props';

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

/** a registry component whose code is loaded on first use: `preload()` fetches it (once; again after a failure) */
export type LazyWidget = AnyComponent & { preload: () => Promise<unknown>; isLoaded: () => boolean };

/** what a lazy widget shows while its code loads: a spinner as tall as a control */
function WidgetLoading() {
  return (
    <div className="kit-widget-loading">
      <Spin size="small" />
    </div>
  );
}

/**
 * A widget loaded the first time it is shown (ADR 022): heavy controls (pickers, uploads, tree selects) stay out of
 * the list pages until a form or query shows them. A use that mounts after the code arrived renders it directly; one
 * mounted before shows `WidgetLoading` meanwhile. `SchemaForm` preloads a form's lazy widgets before drawing it.
 */
export function lazyWidget<M>(
  load: () => Promise<M>,
  pick: (m: M) => AnyComponent = (m) => (m as { default: AnyComponent }).default,
): LazyWidget {
  let loaded: AnyComponent | undefined;
  let pending: Promise<AnyComponent> | undefined;
  const preload = () => {
    pending ??= load().then(
      (m) => {
        loaded = pick(m);
        return loaded;
      },
      (err: unknown) => {
        pending = undefined;
        throw err;
      },
    );
    return pending;
  };
  const Deferred = lazy(() => preload().then((c) => ({ default: c })));
  function Widget(props: Record<string, unknown>) {
    // decided once per use: switching paths later would remount the control and lose its state
    const [ready] = useState(() => loaded);
    if (ready) {
      const C = ready;
      return <C {...props} />;
    }
    return (
      <Suspense fallback={<WidgetLoading />}>
        <Deferred {...props} />
      </Suspense>
    );
  }
  return Object.assign(Widget, { preload, isLoaded: () => loaded !== undefined });
}

const isLazy = (c: AnyComponent | undefined): c is LazyWidget =>
  typeof (c as Partial<LazyWidget> | undefined)?.preload === 'function';

/**
 * Loads the lazy widgets of the given names; true once all are there (at once when none is lazy or all have loaded).
 * A failed load counts as done: the widget's own use then reports it.
 */
export function useWidgetsReady(names: readonly (string | undefined)[]): boolean {
  const waiting = [...new Set(names.map((n) => n ?? 'input'))].filter((n) =>
    [WIDGETS[n]?.component, WIDGETS[n]?.query].some((c) => isLazy(c) && !c.isLoaded()),
  );
  const key = waiting.join();
  const [done, setDone] = useState<string | null>(null);
  useEffect(() => {
    if (!key) return;
    let alive = true;
    const finish = () => alive && setDone(key);
    const loads = key.split(',').flatMap((n) => [WIDGETS[n]?.component, WIDGETS[n]?.query].filter(isLazy));
    Promise.all(loads.map((c) => c.preload())).then(finish, finish);
    return () => {
      alive = false;
    };
  }, [key]);
  return !key || done === key;
}

/** the date and time widgets: one chunk (date-widgets.tsx) */
const DATE = lazyWidget(
  () => import('./date-widgets'),
  (m) => m.JDate,
);
const DATE_RANGE = lazyWidget(
  () => import('./date-widgets'),
  (m) => m.JDateRange,
);
const TIME = lazyWidget(
  () => import('./date-widgets'),
  (m) => m.JTime,
);

export const WIDGETS: Record<string, WidgetDef> = {
  input: { component: Input, defaults: { allowClear: true } },
  password: { component: Input.Password },
  textarea: { component: Input.TextArea, defaults: { rows: 3 } },
  number: { component: lazyWidget(() => import('antd/es/input-number')), defaults: { style: { width: '100%' } } },
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
  /** the online report record picker (props code, orgFields, destFields, field, multi); value = this field's text */
  popup: {
    component: lazyWidget(
      () => import('../JPopup'),
      (m) => m.JPopup,
    ),
    picked: true,
  },
  tree: { component: lazyWidget(() => import('../JTreeSelect')), picked: true },
  /** a tree of given `treeData` (e.g. the parents a row may hang below) */
  'tree-select': {
    component: lazyWidget(() => import('antd/es/tree-select')),
    picked: true,
    defaults: {
      showSearch: true,
      allowClear: true,
      treeNodeFilterProp: 'title',
      styles: { popup: { root: { maxHeight: 400, overflow: 'auto' } } },
    },
  },
  category: { component: lazyWidget(() => import('../JCategorySelect')), picked: true },
  user: { component: lazyWidget(() => import('../JSelectUserByDep')), picked: true },
  depart: { component: JSelectDepart, picked: true },
  position: { component: lazyWidget(() => import('../JSelectPosition')), picked: true },
  role: { component: lazyWidget(() => import('../JSelectRole')), picked: true },
  image: { component: lazyWidget(() => import('../JImageUpload')), picked: true },
  file: { component: lazyWidget(() => import('../JUpload')), picked: true },
  editor: { component: RichTextEditor },
  icon: { component: lazyWidget(() => import('../IconPicker')), picked: true },
  cron: { component: lazyWidget(() => import('../JCron')) },
  pca: { component: lazyWidget(() => import('../JAreaLinkage')), picked: true },
  markdown: { component: lazyWidget(() => import('../JMarkdownEditor')) },
  code: { component: lazyWidget(() => import('../JCodeEditor')) },
  'image-tabs': { component: lazyWidget(() => import('../JImageUploadTabs')), picked: true },
  'image-preview': { component: lazyWidget(() => import('../JImagePreview')) },
  date: { component: DATE, picked: true },
  datetime: { component: DATE, picked: true, defaults: { showTime: true } },
  time: { component: TIME, picked: true },
  'date-range': { component: DATE_RANGE, picked: true },
  'datetime-range': { component: DATE_RANGE, picked: true, defaults: { showTime: true } },
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
  // a text box with a limit shows its count, so stopping at the limit is never silent (issue 29)
  if ((Component === Input || Component === Input.TextArea) && typeof all.maxLength === 'number' && !query)
    all.showCount ??= true;
  return <Component {...all} />;
}

export { JAsyncSelect, JCheckboxGroup, JMultiSelect, JSwitch, JText };
