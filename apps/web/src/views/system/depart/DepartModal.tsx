import { Form, Input, Modal } from 'antd';
import { useEffect, useState } from 'react';
import { addDepart, type DepartForm, type DepartNode } from '../../../api/depart';
import { useFeedback } from '../../../utils/feedback';
import { DEPART_NAME_RULES, DepartDetailFields, departBody, OrgCategoryField } from './depart-form';

export interface DepartModalProps {
  /** open with the parent (null → a top-level department) */
  target: { parent: DepartNode | null } | null;
  onClose: () => void;
  onSaved: () => void;
}

/** 新增 (添加部门 / 添加下级) of 部门管理: org_code and org_type are given by the server. */
export function DepartModal({ target, onClose, onSaved }: DepartModalProps) {
  const [form] = Form.useForm<DepartForm>();
  const { message } = useFeedback();
  const [saving, setSaving] = useState(false);
  const parent = target?.parent ?? null;

  useEffect(() => {
    if (!target) return;
    form.resetFields();
    form.setFieldsValue({ orgCategory: target.parent ? '2' : '1', departOrder: 0 });
  }, [target, form]);

  const submit = async () => {
    const v = await form.validateFields();
    setSaving(true);
    try {
      const res = await addDepart({ ...departBody(v), parentId: parent?.id ?? '' });
      if (res.success) {
        message.success(res.message);
        onSaved();
        onClose();
      } else message.warning(res.message);
    } catch {
      // shown by the http client
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      title="新增"
      open={!!target}
      width={800}
      onOk={() => void submit()}
      onCancel={onClose}
      confirmLoading={saving}
      okText="确定"
      cancelText="关闭"
      destroyOnHidden
    >
      <Form
        form={form}
        name="departAddForm"
        labelCol={{ span: 5 }}
        wrapperCol={{ span: 16 }}
        data-testid="depart-add-form"
      >
        <Form.Item label="机构名称" name="departName" rules={DEPART_NAME_RULES}>
          <Input placeholder="请输入机构/部门名称" maxLength={100} />
        </Form.Item>
        {parent && (
          <Form.Item label="上级部门">
            <Input value={parent.departName} disabled />
          </Form.Item>
        )}
        <OrgCategoryField topLevel={!parent} />
        <DepartDetailFields />
      </Form>
    </Modal>
  );
}
