import { Col, Form, type FormInstance, Row as GridRow, Spin } from 'antd';
import type { ReactNode } from 'react';
import { useCan } from '../../permission/useCan';
import type { Decide } from './permission';
import { fieldRules, isRemoteChecked } from './rules';
import type { FormContext, FormFieldSchema, Row } from './types';
import { renderWidget, useWidgetsReady, widgetDef } from './widgets';

export interface SchemaFormProps<T> {
  form: FormInstance;
  fields: readonly FormFieldSchema<T>[];
  ctx: FormContext<T>;
  /** label column span @default 5 (half-width fields scale it) */
  labelSpan?: number;
  /** control column span of a full-width field @default 16 */
  wrapperSpan?: number;
  name?: string;
  /** extra content after the fields */
  children?: ReactNode;
  onValuesChange?: (changed: Row, all: Row) => void;
}

function resolveProps<T>(f: FormFieldSchema<T>, ctx: FormContext<T>) {
  return typeof f.props === 'function' ? f.props(ctx) : f.props;
}

function isReadOnly<T>(f: FormFieldSchema<T>, values: Row, ctx: FormContext<T>, decide: Decide): boolean {
  if (ctx.mode === 'detail') return true;
  if (f.disabledAuth && decide(f.disabledAuth) !== 'allow') return true;
  return typeof f.readOnly === 'function' ? f.readOnly(values, ctx) : Boolean(f.readOnly);
}

/**
 * The control span of a field: a full row takes `wrapperSpan`; a narrower field ends where the full rows end
 * (right-hand neighbours line up with them), e.g. label 5 + control 18 of 24 → a half field: label 10 + control 12.
 */
export function wrapperOf(span: number, label: number, labelSpan: number, wrapperSpan: number): number {
  if (span >= 24) return Math.min(24 - label, wrapperSpan);
  const rowEnd = (labelSpan + wrapperSpan) / 24;
  const start = 1 - span / 24; // a field of the right-hand column
  const end = Math.round(((rowEnd - start) / (span / 24)) * 24);
  return Math.max(1, Math.min(24 - label, end - label));
}

/** one declared field as a Form.Item */
function FieldItem<T>({
  f,
  ctx,
  values,
  labelSpan,
  wrapperSpan,
}: {
  f: FormFieldSchema<T>;
  ctx: FormContext<T>;
  values: Row;
  labelSpan: number;
  wrapperSpan: number;
}) {
  const decide = useCan();
  const def = widgetDef(f.widget);
  const span = f.span ?? 24;
  // a half-width field keeps its label as wide as the full-width ones
  const label = Math.min(23, Math.round((labelSpan * 24) / span));
  const readOnly = isReadOnly(f, values, ctx, decide);
  return (
    <Col span={span}>
      <Form.Item
        name={f.field}
        label={f.label}
        extra={typeof f.extra === 'function' ? f.extra(ctx) : f.extra}
        labelCol={{ span: label }}
        wrapperCol={{ span: wrapperOf(span, label, labelSpan, wrapperSpan) }}
        valuePropName={def.valuePropName}
        rules={readOnly ? undefined : fieldRules(f, ctx)}
        validateDebounce={isRemoteChecked(f as FormFieldSchema<never>) ? 300 : undefined}
      >
        {renderWidget({ widget: f.widget, label: f.label, props: resolveProps(f, ctx), disabled: readOnly })}
      </Form.Item>
    </Col>
  );
}

const dynamic = <T,>(f: FormFieldSchema<T>) => Boolean(f.show) || typeof f.readOnly === 'function';

/**
 * The one form renderer (ADR 023): declared fields → Form.Items with the registry's widgets, their rules,
 * visibility (`show`) and read-only conditions re-evaluated as values change, on a 24-column grid.
 */
export function SchemaForm<T>({
  form,
  fields,
  ctx,
  labelSpan = 5,
  wrapperSpan: wrapperProp,
  name,
  children,
  onValuesChange,
}: SchemaFormProps<T>) {
  // with half-width fields the full rows reach the right edge their right-column neighbours reach
  const wrapperSpan = wrapperProp ?? (fields.some((f) => (f.span ?? 24) < 24) ? 23 - labelSpan : 16);
  // a field may be declared twice with complementary `show` conditions (e.g. another label per type)
  const keys = new Map<FormFieldSchema<T>, string>();
  const seen = new Map<string, number>();
  for (const f of fields) {
    const n = seen.get(f.field) ?? 0;
    seen.set(f.field, n + 1);
    keys.set(f, n ? `${f.field}#${n}` : f.field);
  }
  // a form with widgets loaded on first use shows one spinner until all are in, then every field at once (no
  // field growing into place); the Form is there meanwhile, so values set now are kept
  const ready = useWidgetsReady(fields.map((f) => f.widget));
  if (!ready) {
    return (
      <Form form={form} name={name} className="kit-schema-form">
        <div className="kit-form-loading" data-testid="kit-form-loading">
          <Spin />
        </div>
      </Form>
    );
  }
  return (
    <Form
      form={form}
      name={name}
      data-testid={name ? `${name}-form` : undefined}
      onValuesChange={onValuesChange}
      className="kit-schema-form"
    >
      <GridRow gutter={8}>
        {fields.map((f) =>
          dynamic(f) ? (
            <Form.Item noStyle shouldUpdate key={keys.get(f)}>
              {({ getFieldsValue }) => {
                const values = getFieldsValue(true) as Row;
                if (f.show && !f.show(values, ctx)) return null;
                return <FieldItem f={f} ctx={ctx} values={values} labelSpan={labelSpan} wrapperSpan={wrapperSpan} />;
              }}
            </Form.Item>
          ) : (
            <FieldItem key={keys.get(f)} f={f} ctx={ctx} values={{}} labelSpan={labelSpan} wrapperSpan={wrapperSpan} />
          ),
        )}
      </GridRow>
      {children}
    </Form>
  );
}

/** the values a new record starts with */
export function initialFormValues<T>(fields: readonly FormFieldSchema<T>[]): Row {
  const out: Row = {};
  for (const f of fields) if (f.initialValue !== undefined) out[f.field] = f.initialValue;
  return out;
}

/** the form values of a record: the declared fields of the row */
export function pickFormValues<T>(fields: readonly FormFieldSchema<T>[], record: T): Row {
  const r = record as Row;
  const out: Row = {};
  for (const f of fields) {
    const v = r[f.field];
    out[f.field] = v === null ? undefined : v;
  }
  return out;
}

/** the body of a save: the fixed parameters, declared submitted fields (text inputs trimmed), `id` when editing */
export function saveBody<T>(fields: readonly FormFieldSchema<T>[], values: Row, ctx: FormContext<T>): Row {
  const out: Row = ctx.mode === 'detail' ? {} : { ...ctx.fixed };
  for (const f of fields) {
    if (f.submit === false || !(f.field in values)) continue;
    let v = values[f.field];
    const w = f.widget ?? 'input';
    if (typeof v === 'string' && (w === 'input' || w === 'textarea')) v = v.trim();
    out[f.field] = v;
  }
  const id = (ctx.record as Row | null)?.id;
  if (ctx.mode === 'edit' && id !== undefined) out.id = id;
  return out;
}
