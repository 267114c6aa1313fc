import { Alert, Empty, Form, type FormInstance, Spin, Tabs } from 'antd';
import { type ReactNode, useEffect, useMemo, useRef, useState } from 'react';
import {
  addRecord,
  editRecord,
  getErpFormItem,
  getFormItem,
  getRecord,
  getSubForm,
  type OnlFormItem,
  type OnlRecord,
} from '../../api/cgform-runtime';
import { feedback } from '../../utils/feedback';
import { type JVxeColumn, type JVxeRow, JVxeTable, type JVxeTableApi, type JVxeValidationError } from '../jvxe';
import { KitModal } from '../kit/CrudEditor';
import { SchemaForm } from '../kit/SchemaForm';
import type { EditorMode, FormContext, FormFieldSchema, Row } from '../kit/types';
import { formBody, formModel, type OnlineFormModel, type SubTableSchema, subColumn, subRowsOf } from './online-logic';
import './online-widgets';

/**
 * The schema-driven online form (contract-2 §4.2): getFormItem's JSON schema rendered with the kit's widgets (every
 * view of §4.2), required + pattern rules with the schema's messages, read-only fields, the formTemplate's columns;
 * one-to-many subs as editable tables and one-to-one subs as nested forms; detail mode read-only. A save sends the
 * main record and every sub in one request.
 */

const schemaCache = new Map<string, Promise<OnlFormItem>>();

/** getFormItem (ERP main: getErpFormItem) of a head, once per page visit (a failed load is asked again next time) */
export function loadFormItem(headId: string, erp = false): Promise<OnlFormItem> {
  const key = `${erp ? 'erp:' : ''}${headId}`;
  let p = schemaCache.get(key);
  if (!p) {
    p = (erp ? getErpFormItem(headId) : getFormItem(headId)).then((res) => {
      if (!res.success || !res.result) throw new Error(res.message || '表单配置加载失败');
      return res.result;
    });
    schemaCache.set(key, p);
    p.catch(() => schemaCache.delete(key));
  }
  return p;
}

/** forget the cached schemas (a definition was changed) */
export function clearFormItemCache(): void {
  schemaCache.clear();
}

function describeError(e: unknown): string {
  const err = e as Partial<JVxeValidationError> | null;
  if (err && typeof err.message === 'string' && typeof err.rowIndex === 'number') {
    return `第${err.rowIndex + 1}行「${err.title ?? err.key}」：${err.message}`;
  }
  return e instanceof Error ? e.message : String(e);
}

/** Esc inside an editable table cancels the cell edit; the dialog must not close on it */
function stopTableEscape(e: React.KeyboardEvent) {
  if (e.key === 'Escape' && (e.target as HTMLElement).closest?.('.jvxe-table')) e.stopPropagation();
}

/** a one-to-one sub form: its own form instance, handed to the parent */
function OneToOneForm({
  sub,
  ctx,
  values,
  register,
}: {
  sub: SubTableSchema;
  ctx: FormContext<Row>;
  values: Row | null;
  register: (key: string, form: FormInstance | null) => void;
}) {
  const [form] = Form.useForm();
  useEffect(() => {
    register(sub.key, form);
    return () => register(sub.key, null);
  }, [form, register, sub.key]);
  useEffect(() => {
    form.resetFields();
    if (values) form.setFieldsValue(values);
  }, [form, values]);
  return (
    <SchemaForm
      form={form}
      fields={sub.fields}
      ctx={ctx}
      name={`online-sub-${sub.key}`}
      labelSpan={sub.fields.some((f) => (f.span ?? 24) < 24) ? 4 : 5}
    />
  );
}

export interface OnlineFormHandle {
  /** validates everything; the save body, or null (the form shows why) */
  collect(): Promise<Row | null>;
}

export interface OnlineFormProps {
  model: OnlineFormModel;
  mode: EditorMode;
  /** the loaded record (edit / detail) with its sub arrays; null when adding */
  record: OnlRecord | null;
  /** initial values of a new record (e.g. the parent of 添加下级, the FK of an ERP sub) */
  init?: Row;
  /** 'tab': the main form is the first tab and each sub another (Tab theme) */
  layout?: 'normal' | 'tab';
  handleRef?: React.RefObject<OnlineFormHandle | null>;
  /** one-to-one records when the record has no array for them */
  oneToOne?: Record<string, Row | null>;
}

/** the form itself (main fields + subs), without the dialog */
export function OnlineForm({ model, mode, record, init, layout = 'normal', handleRef, oneToOne }: OnlineFormProps) {
  const [form] = Form.useForm();
  const tables = useRef(new Map<string, JVxeTableApi | null>());
  const subForms = useRef(new Map<string, FormInstance | null>());
  const [tab, setTab] = useState<string>(layout === 'tab' ? '__main' : (model.subs[0]?.key ?? ''));
  const ctx = useMemo<FormContext<Row>>(() => ({ record, mode, fixed: {}, init }), [record, mode, init]);
  const readOnly = mode === 'detail';
  const labelSpan = model.columns > 1 ? 4 : 5;

  useEffect(() => {
    form.resetFields();
    const values: Row = {};
    for (const f of model.fields) if (f.initialValue !== undefined) values[f.field] = f.initialValue;
    Object.assign(values, init ?? {});
    if (record) {
      for (const f of [...model.fields.map((x) => x.field), ...model.hidden]) {
        const v = record[f];
        values[f] = v === null ? undefined : v;
      }
    }
    form.setFieldsValue(values);
  }, [form, model, record, init]);

  const rowsBySub = useMemo(() => {
    const out: Record<string, JVxeRow[]> = {};
    for (const s of model.subs) if (s.relationType === 0) out[s.key] = subRowsOf(record, s.key) as JVxeRow[];
    return out;
  }, [model, record]);

  const oneValues = useMemo(() => {
    const out: Record<string, Row | null> = {};
    for (const s of model.subs) {
      if (s.relationType !== 1) continue;
      out[s.key] = subRowsOf(record, s.key)[0] ?? oneToOne?.[s.key] ?? null;
    }
    return out;
  }, [model, record, oneToOne]);

  const columnsBySub = useMemo(() => {
    const out: Record<string, JVxeColumn[]> = {};
    for (const s of model.subs) out[s.key] = s.columns.map((c) => subColumn(c) as JVxeColumn);
    return out;
  }, [model]);

  const registerSub = useRef((key: string, f: FormInstance | null) => {
    subForms.current.set(key, f);
  }).current;

  if (handleRef) {
    handleRef.current = {
      async collect() {
        let main: Row;
        try {
          main = { ...(form.getFieldsValue(true) as Row), ...(await form.validateFields()) };
        } catch {
          if (layout === 'tab') setTab('__main');
          return null;
        }
        const subs: Record<string, Row[] | Row | null> = {};
        for (const s of model.subs) {
          if (s.relationType === 0) {
            const api = tables.current.get(s.key);
            if (!api) continue;
            try {
              subs[s.key] = await api.getValues({ validate: true });
            } catch (e) {
              setTab(s.key);
              feedback.message.warning(`${s.title}${describeError(e)}`);
              return null;
            }
          } else {
            const f = subForms.current.get(s.key);
            if (!f) continue;
            try {
              const v = { ...(f.getFieldsValue(true) as Row), ...(await f.validateFields()) };
              const prev = oneValues[s.key];
              if (prev?.id) v.id = prev.id;
              const filled = Object.entries(v).some(
                ([k, x]) => k !== 'id' && x !== undefined && x !== null && x !== '',
              );
              subs[s.key] = filled ? v : null;
            } catch {
              setTab(s.key);
              return null;
            }
          }
        }
        const id = record?.id === undefined || record?.id === null ? null : String(record.id);
        return formBody(main, subs, mode === 'edit' ? id : null);
      },
    };
  }

  // a detail shows values only (no 请输入… hints in empty read-only fields); a tree row cannot be its own parent
  const fields = useMemo(
    () =>
      model.fields.map((f) => {
        const props = { ...(f.props as Row | undefined) };
        if (readOnly) props.placeholder = '';
        if (f.widget === 'online-tree-parent' && record?.id !== undefined && record?.id !== null)
          props.selfId = String(record.id);
        return { ...f, props };
      }),
    [model, readOnly, record],
  );
  const mainForm = (
    <SchemaForm
      form={form}
      fields={fields as FormFieldSchema<Row>[]}
      ctx={ctx}
      name="online-main"
      labelSpan={labelSpan}
    />
  );

  const subItems = model.subs.map((s) => ({
    key: s.key,
    label: s.title,
    forceRender: true,
    children:
      s.relationType === 0 ? (
        <div data-testid={`online-sub-${s.key}`}>
          <JVxeTable
            ref={(api) => {
              tables.current.set(s.key, api);
            }}
            columns={columnsBySub[s.key] ?? []}
            dataSource={rowsBySub[s.key]}
            rowNumber
            rowSelection={!readOnly}
            toolbar={!readOnly}
            disabled={readOnly}
            maxHeight={300}
          />
        </div>
      ) : (
        <div data-testid={`online-sub-${s.key}`}>
          <OneToOneForm sub={s} ctx={ctx} values={oneValues[s.key] ?? null} register={registerSub} />
        </div>
      ),
  }));

  if (layout === 'tab') {
    return (
      <div data-testid="online-editor" onKeyDown={stopTableEscape} style={{ overflowX: 'clip' }}>
        <Tabs
          activeKey={tab}
          onChange={setTab}
          items={[
            { key: '__main', label: model.title || '主表信息', forceRender: true, children: mainForm },
            ...subItems,
          ]}
        />
      </div>
    );
  }
  return (
    <div data-testid="online-editor" onKeyDown={stopTableEscape} style={{ overflowX: 'clip' }}>
      {mainForm}
      {subItems.length > 0 && <Tabs activeKey={tab || subItems[0]?.key} onChange={setTab} items={subItems} />}
    </div>
  );
}

export interface OnlineEditorState {
  mode: EditorMode;
  /** the row of the list (edit / detail) */
  record?: OnlRecord | null;
  init?: Row;
}

export interface OnlineFormModalProps {
  headId: string;
  state: OnlineEditorState | null;
  onClose: () => void;
  onSaved: () => void;
  /** ERP sub forms: ?tabletype= on save */
  tabletype?: number | string;
  /** the ERP main form: getErpFormItem (no sub tables; they have their own tabs) */
  erpMain?: boolean;
  layout?: 'normal' | 'tab';
  title?: ReactNode;
}

const TITLES: Record<EditorMode, string> = { add: '新增', edit: '编辑', detail: '详情' };

/** 新增 / 编辑 / 详情 of a generated list: loads the schema and the record, saves main + subs in one request */
export function OnlineFormModal({
  headId,
  state,
  onClose,
  onSaved,
  tabletype,
  layout,
  title,
  erpMain,
}: OnlineFormModalProps) {
  const [model, setModel] = useState<OnlineFormModel | null>(null);
  const [record, setRecord] = useState<OnlRecord | null>(null);
  const [oneToOne, setOneToOne] = useState<Record<string, Row | null>>({});
  const [error, setError] = useState<string | null>(null);
  const [loading, setLoading] = useState(false);
  const [saving, setSaving] = useState(false);
  const handle = useRef<OnlineFormHandle | null>(null);
  const mode = state?.mode ?? 'add';

  useEffect(() => {
    if (!state) return;
    let alive = true;
    setError(null);
    setRecord(null);
    setOneToOne({});
    setLoading(true);
    const id = state.record?.id === undefined || state.record?.id === null ? null : String(state.record.id);
    (async () => {
      const item = await loadFormItem(headId, erpMain);
      const m = formModel(item);
      let rec: OnlRecord | null = null;
      const one: Record<string, Row | null> = {};
      if (id && state.mode !== 'add') {
        const res = await getRecord(headId, id);
        if (!res.success) throw new Error(res.message || '数据加载失败');
        rec = { ...(state.record ?? {}), ...(res.result ?? {}) };
        for (const s of m.subs) {
          if (s.relationType !== 1 || subRowsOf(rec, s.key).length) continue;
          const r = await getSubForm(s.key, id).catch(() => null);
          one[s.key] = r?.success && r.result && typeof r.result === 'object' ? (r.result as Row) : null;
        }
      }
      if (!alive) return;
      setModel(m);
      setRecord(rec);
      setOneToOne(one);
    })()
      .catch((e: unknown) => alive && setError(e instanceof Error ? e.message : String(e)))
      .finally(() => alive && setLoading(false));
    return () => {
      alive = false;
    };
  }, [headId, state, erpMain]);

  const submit = async () => {
    if (mode === 'detail') {
      onClose();
      return;
    }
    const body = await handle.current?.collect();
    if (!body) return;
    setSaving(true);
    try {
      const res =
        mode === 'edit' ? await editRecord(headId, body, tabletype) : await addRecord(headId, body, tabletype);
      if (!res.success) {
        feedback.message.warning(res.message || '保存失败');
        return;
      }
      feedback.message.success(res.message || '保存成功！');
      onSaved();
      onClose();
    } catch {
      // shown by the http client
    } finally {
      setSaving(false);
    }
  };

  const wide = (model?.subs.length ?? 0) > 0 || (model?.columns ?? 1) > 1;
  return (
    <KitModal
      title={title ?? TITLES[mode]}
      open={!!state}
      width={wide ? 1200 : 800}
      onOk={() => void submit()}
      onCancel={onClose}
      confirmLoading={saving}
      footer={mode === 'detail' ? null : undefined}
    >
      <Spin spinning={loading}>
        {error ? (
          <Alert type="error" showIcon message={error} />
        ) : model ? (
          <OnlineForm
            key={`${state?.mode}:${String(record?.id ?? '')}`}
            model={model}
            mode={mode}
            record={record}
            init={state?.init}
            layout={layout}
            handleRef={handle}
            oneToOne={oneToOne}
          />
        ) : (
          <Empty description={loading ? '加载中' : '无表单配置'} />
        )}
      </Spin>
    </KitModal>
  );
}
