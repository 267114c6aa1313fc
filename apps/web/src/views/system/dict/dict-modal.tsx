import { Form, Input, Modal, Radio } from 'antd';
import { useEffect, useState } from 'react';
import { type DictForm, isDictCodeFree, type SysDict, saveDict } from '../../../api/dict-admin';
import { useFeedback } from '../../../utils/feedback';

export interface DictEditorState {
  record: SysDict | null;
}

/** 新增 / 编辑 a dictionary: 字典名称, 字典编码 (checked for duplicates as typed), 字典类型, 描述. */
export function DictModal({
  editor,
  onClose,
  onSaved,
}: {
  editor: DictEditorState | null;
  onClose: () => void;
  onSaved: () => void;
}) {
  const [form] = Form.useForm<DictForm>();
  const { message } = useFeedback();
  const [saving, setSaving] = useState(false);
  const record = editor?.record ?? null;

  useEffect(() => {
    if (!editor) return;
    form.resetFields();
    const r = editor.record;
    form.setFieldsValue(
      r
        ? { dictName: r.dictName, dictCode: r.dictCode, description: r.description ?? undefined, type: r.type ?? 0 }
        : { type: 0 },
    );
  }, [editor, form]);

  const submit = async () => {
    const v = await form.validateFields();
    setSaving(true);
    try {
      const res = await saveDict(
        {
          dictName: v.dictName.trim(),
          dictCode: v.dictCode.trim(),
          description: v.description?.trim() || null,
          type: v.type ?? 0,
        },
        record?.id,
      );
      if (res.success) {
        message.success(res.message);
        onSaved();
        onClose();
      } else {
        message.warning(res.message);
      }
    } catch {
      // shown by the http client
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      title={record ? '编辑' : '新增'}
      open={!!editor}
      width={800}
      onOk={() => void submit()}
      onCancel={onClose}
      confirmLoading={saving}
      okText="确定"
      cancelText="关闭"
      destroyOnHidden
    >
      <Form form={form} labelCol={{ span: 5 }} wrapperCol={{ span: 16 }} name="dict" data-testid="dict-form">
        <Form.Item
          label="字典名称"
          name="dictName"
          rules={[{ required: true, whitespace: true, message: '请输入字典名称!' }]}
        >
          <Input placeholder="请输入字典名称" maxLength={100} />
        </Form.Item>
        <Form.Item
          label="字典编码"
          name="dictCode"
          validateDebounce={300}
          rules={[
            { required: true, whitespace: true, message: '请输入字典编码!' },
            { pattern: /^[A-Za-z0-9_.-]+$/, message: '字典编码只能包含字母、数字、下划线、中划线和点' },
            {
              validator: async (_, value: string) => {
                if (!value?.trim() || value.trim() === record?.dictCode) return;
                const r = await isDictCodeFree(value.trim(), record?.id);
                if (!r.free) throw new Error(r.message || '该值不可用，系统中已存在！');
              },
            },
          ]}
        >
          <Input placeholder="请输入字典编码" maxLength={100} />
        </Form.Item>
        <Form.Item label="字典类型" name="type">
          <Radio.Group
            options={[
              { value: 0, label: '字符串' },
              { value: 1, label: '数字' },
            ]}
          />
        </Form.Item>
        <Form.Item label="描述" name="description">
          <Input.TextArea placeholder="请输入描述" maxLength={255} rows={3} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
