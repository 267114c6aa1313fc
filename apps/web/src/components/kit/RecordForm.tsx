import type { Result } from '@answer/contract';
import { Button, Form, Space } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import { validFields } from '../../utils/form-validation';
import { runCall } from './run-call';
import { SchemaForm } from './SchemaForm';
import type { FormFieldSchema, Row } from './types';

export interface RecordFormProps<T> {
  /** the record shown; its declared fields are filled from `values` */
  record: T;
  values: Row;
  fields: readonly FormFieldSchema<T>[];
  /** editable with 保存 / 重置; otherwise read-only (detail) */
  canEdit: boolean;
  save: (values: Row) => Promise<Result<unknown>>;
  onSaved: () => void;
  name: string;
  wrapperSpan?: number;
}

/**
 * A loaded record's form on a page (部门管理's 基本信息 tab): the declared fields with 保存 (the server's message, then
 * `onSaved`) and 重置 (back to the loaded values) where it may be edited.
 */
export function RecordForm<T>({
  record,
  values,
  fields,
  canEdit,
  save,
  onSaved,
  name,
  wrapperSpan,
}: RecordFormProps<T>) {
  const [form] = Form.useForm();
  const [saving, setSaving] = useState(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `values` belong to `record`
  const fill = useCallback(() => {
    form.resetFields();
    form.setFieldsValue(values);
  }, [record, form]);
  useEffect(fill, [fill]);

  const submit = async () => {
    const v = await validFields(form);
    if (!v) return;
    setSaving(true);
    await runCall(() => save(v), onSaved);
    setSaving(false);
  };

  return (
    <SchemaForm
      form={form}
      fields={fields}
      ctx={{ record, mode: canEdit ? 'edit' : 'detail', fixed: {} }}
      wrapperSpan={wrapperSpan}
      name={name}
    >
      {canEdit && (
        <Form.Item wrapperCol={{ offset: 5, span: wrapperSpan ?? 16 }}>
          <Space>
            <Button type="primary" loading={saving} onClick={() => void submit()}>
              保存
            </Button>
            <Button onClick={fill}>重置</Button>
          </Space>
        </Form.Item>
      )}
    </SchemaForm>
  );
}
