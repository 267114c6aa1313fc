import { Form, Input, Modal } from 'antd';
import { useEffect, useState } from 'react';
import { checkRoleCode, type RoleForm, type SysRole, saveRole } from '../../../api/role';
import { useFeedback } from '../../../utils/feedback';

export interface RoleModalProps {
  /** null: closed; {}: 新增; a role: 编辑 */
  record: Partial<SysRole> | null;
  onClose: () => void;
  onSaved: () => void;
}

const CJK = /[\u3400-\u9FFF\uF900-\uFAFF]/;

/** 角色 add / edit dialog (JeecgBoot RoleModal): the code is checked as it is typed and fixed once saved. */
export function RoleModal({ record, onClose, onSaved }: RoleModalProps) {
  const [form] = Form.useForm<RoleForm>();
  const [saving, setSaving] = useState(false);
  const { message } = useFeedback();
  const editing = !!record?.id;

  useEffect(() => {
    if (!record) return;
    form.resetFields();
    form.setFieldsValue({
      roleName: record.roleName ?? '',
      roleCode: record.roleCode ?? '',
      description: record.description ?? '',
    });
  }, [record, form]);

  const ok = async () => {
    const values = await form.validateFields();
    setSaving(true);
    try {
      const res = await saveRole({ ...values, id: record?.id });
      if (!res.success) {
        message.warning(res.message);
        return;
      }
      message.success(res.message || '保存成功');
      onSaved();
      onClose();
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      title={editing ? '编辑' : '新增'}
      open={!!record}
      width={800}
      confirmLoading={saving}
      onOk={() => void ok()}
      onCancel={onClose}
      okText="确定"
      cancelText="关闭"
      forceRender
    >
      <Form form={form} name="roleForm" labelCol={{ span: 5 }} wrapperCol={{ span: 16 }}>
        <Form.Item
          name="roleName"
          label="角色名称"
          rules={[
            { required: true, message: '请输入角色名称!' },
            { min: 2, max: 30, message: '长度在 2 到 30 个字符' },
          ]}
        >
          <Input placeholder="请输入角色名称" />
        </Form.Item>
        <Form.Item
          name="roleCode"
          label="角色编码"
          hasFeedback={!editing}
          rules={[
            { required: true, message: '请输入角色编码!' },
            { max: 64, message: '长度不超过 64 个字符' },
            {
              validator: async (_r, value: string) => {
                if (!value || editing) return;
                if (CJK.test(value)) throw new Error('角色编码不可输入汉字!');
                const res = await checkRoleCode(value, record?.id);
                if (!res.success) throw new Error(res.message || '角色编码已存在');
              },
            },
          ]}
        >
          <Input placeholder="请输入角色编码" disabled={editing} />
        </Form.Item>
        <Form.Item name="description" label="描述" rules={[{ max: 126, message: '长度不超过 126 个字符' }]}>
          <Input.TextArea rows={5} placeholder="请输入描述" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
