import type { Result } from '@answer/contract';
import { CompressOutlined, ExpandOutlined } from '@ant-design/icons';
import { Button, Card, Drawer, Form, Modal, Space, Spin, Tooltip } from 'antd';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { http } from '../../api/http';
import { feedback } from '../../utils/feedback';
import { validFields } from '../../utils/form-validation';
import { MODAL_BODY_STYLE } from '../modal-style';
import { initialFormValues, pickFormValues, SchemaForm, saveBody } from './SchemaForm';
import type { ActionContext, EditorMode, FormContext, PageSchema, Row } from './types';

/** spec 02 §9: modal default width 60 % of the window */
export const DEFAULT_EDITOR_WIDTH = '60%';

export interface EditorState<T> {
  mode: EditorMode;
  record: T | null;
  /** initial values of a new record (e.g. the parent of 添加下级) */
  init?: Row;
}

const TITLES: Record<EditorMode, string> = { add: '新增', edit: '编辑', detail: '详情' };

/** body height of a `fill` modal: the window less the modal's top and bottom margins, title, footer and paddings */
const FILL_BODY = 'calc(100vh - 170px)';
/** …maximised: no margins */
const FILL_BODY_FULL = 'calc(100vh - 116px)';

/** a modal whose title carries the fullscreen toggle (spec 02 §4 "Modal fullscreen toggle exists") */
export function KitModal({
  title,
  open,
  width = DEFAULT_EDITOR_WIDTH,
  onOk,
  onCancel,
  confirmLoading,
  okText = '确定',
  footer,
  fill,
  children,
}: {
  title: ReactNode;
  open: boolean;
  width?: number | string;
  onOk?: () => void;
  onCancel: () => void;
  confirmLoading?: boolean;
  okText?: string;
  footer?: ReactNode;
  /**
   * the body is as tall as the screen allows (maximised too) and a column: an element with the class `kit-modal-grow`
   * takes the height the rest leaves (at least its min-height; below that the body scrolls, e.g. on a phone)
   */
  fill?: boolean;
  children: ReactNode;
}) {
  const [full, setFull] = useState(false);
  return (
    <Modal
      title={
        <div className="kit-modal-title">
          <span>{title}</span>
          <Tooltip title={full ? '还原' : '最大化'}>
            <Button
              type="text"
              size="small"
              aria-label={full ? '还原' : '最大化'}
              className="kit-modal-fullscreen"
              icon={full ? <CompressOutlined /> : <ExpandOutlined />}
              onClick={() => setFull((v) => !v)}
            />
          </Tooltip>
        </div>
      }
      open={open}
      width={full ? '100%' : width}
      className={`kit-modal${full ? ' kit-modal-full' : ''}${fill ? ' kit-modal-fill' : ''}`}
      onOk={onOk}
      onCancel={onCancel}
      confirmLoading={confirmLoading}
      okText={okText}
      cancelText="关闭"
      footer={footer}
      destroyOnHidden
      maskClosable={false}
      styles={{
        body: fill
          ? { ...MODAL_BODY_STYLE, maxHeight: 'none', height: full ? FILL_BODY_FULL : FILL_BODY, overflowX: 'hidden' }
          : full
            ? { maxHeight: 'none' }
            : { ...MODAL_BODY_STYLE, overflowX: 'hidden' },
      }}
    >
      {children}
    </Modal>
  );
}

/** POST urls.add / PUT urls.edit with the body */
export function defaultSave<T>(schema: PageSchema<T>, body: Row, ctx: FormContext<T>): Promise<Result<unknown>> {
  const url = ctx.mode === 'edit' ? schema.urls.edit : schema.urls.add;
  if (!url)
    return Promise.resolve({ success: false, message: '请设置保存地址', code: 500, result: null, timestamp: 0 });
  return ctx.mode === 'edit' ? http.put(url, body) : http.post(url, body);
}

/**
 * Add / edit / detail of a declared page in a modal (default, 60 % wide, fullscreen toggle) or a drawer: the
 * record's values in the declared form, save through urls.add / urls.edit (or the declaration's `save`), the
 * server's message, then `onSaved`.
 */
export function CrudEditor<T>({
  schema,
  state,
  fixed,
  rows,
  page,
  onClose,
  onSaved,
}: {
  schema: PageSchema<T>;
  state: EditorState<T> | null;
  fixed: Record<string, unknown>;
  /** the page's loaded rows (FormContext.rows) */
  rows?: readonly T[];
  /** the page context (for afterSave) */
  page?: ActionContext<T>;
  onClose: () => void;
  onSaved: (body: Row, ctx: FormContext<T>) => void;
}) {
  const [form] = Form.useForm();
  const [saving, setSaving] = useState(false);
  const [loading, setLoading] = useState(false);
  const [record, setRecord] = useState<T | null>(null);
  const editor = schema.editor ?? {};
  const fields = schema.form ?? [];
  const mode = state?.mode ?? 'add';
  const ctx: FormContext<T> = { record, mode, fixed, init: state?.init, rows };

  // the declaration and the fixed parameters as of the opening (the effect runs for a new state only)
  const latest = useRef({ editor, fields, fixed, rows });
  latest.current = { editor, fields, fixed, rows };
  useEffect(() => {
    if (!state) return;
    const { editor, fields, fixed } = latest.current;
    let alive = true;
    form.resetFields();
    const fill = (rec: T | null) => {
      if (!alive) return;
      setRecord(rec);
      const c: FormContext<T> = { record: rec, mode: state.mode, fixed, init: state.init, rows: latest.current.rows };
      const values = rec
        ? (editor.toForm?.(rec, c) ?? pickFormValues(fields, rec))
        : { ...initialFormValues(fields), ...state.init };
      form.setFieldsValue(values);
    };
    if (state.record && editor.load) {
      setLoading(true);
      editor
        .load(state.record)
        .then(fill, () => fill(state.record))
        .finally(() => alive && setLoading(false));
    } else {
      fill(state.record);
    }
    return () => {
      alive = false;
    };
  }, [state, form]);

  const submit = async () => {
    const values = (await validFields(form)) as Row | null;
    if (!values) return;
    const all = { ...(form.getFieldsValue(true) as Row), ...values };
    const body = editor.toSave ? editor.toSave(all, ctx) : saveBody(fields, all, ctx);
    setSaving(true);
    try {
      const res = await (editor.save ? editor.save(body, ctx) : defaultSave(schema, body, ctx));
      if (!res.success) {
        feedback.message.warning(res.message);
        return;
      }
      if (editor.notify) editor.notify(res);
      else feedback.message.success(res.message);
      editor.afterSave?.(body, ctx, page);
      onSaved(body, ctx);
      onClose();
    } catch {
      // shown by the http client
    } finally {
      setSaving(false);
    }
  };

  const title = state ? (editor.title?.(mode, record) ?? TITLES[mode]) : '';
  const okText = typeof editor.okText === 'function' ? editor.okText(mode) : editor.okText;
  const body = (
    <Spin spinning={loading}>
      <SchemaForm
        form={form}
        fields={fields}
        ctx={ctx}
        labelSpan={editor.labelSpan}
        wrapperSpan={editor.wrapperSpan}
        name={editor.name ?? schema.name}
        onValuesChange={editor.onValuesChange && ((changed, all) => editor.onValuesChange?.(changed, all, form))}
      />
    </Spin>
  );
  const detail = mode === 'detail';

  const buttons = (
    <Space>
      <Button onClick={onClose}>{editor.mode === 'page' ? '返回' : '关闭'}</Button>
      {!detail && (
        <Button type="primary" loading={saving} onClick={() => void submit()}>
          {okText ?? '确定'}
        </Button>
      )}
    </Space>
  );
  if (editor.mode === 'page') {
    if (!state) return null;
    return (
      <Card variant="borderless" title={title} extra={buttons} data-testid="kit-editor-page">
        {body}
      </Card>
    );
  }
  if (editor.mode === 'drawer') {
    return (
      <Drawer
        title={title}
        open={!!state}
        size={editor.width ?? DEFAULT_EDITOR_WIDTH}
        onClose={onClose}
        destroyOnHidden
        footer={<div style={{ textAlign: 'right' }}>{buttons}</div>}
      >
        {body}
      </Drawer>
    );
  }
  return (
    <KitModal
      title={title}
      open={!!state}
      width={editor.width}
      onOk={() => void submit()}
      onCancel={onClose}
      confirmLoading={saving}
      okText={okText}
      footer={detail ? <Button onClick={onClose}>关闭</Button> : undefined}
    >
      {body}
    </KitModal>
  );
}
