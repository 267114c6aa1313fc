import { Form, Input, Modal } from 'antd';
import { useEffect, useState } from 'react';
import { changeUserPassword } from '../../../api/user';
import { useFeedback } from '../../../utils/feedback';
import { confirmRules, passwordRules } from './user-form';

export interface PasswordModalProps {
  /** the account whose password is set; null = closed */
  username: string | null;
  onClose: () => void;
}

interface Values {
  username: string;
  password: string;
  confirmpassword: string;
}

/**
 * 修改密码 of a user by an administrator (JeecgBoot's PasswordModal, width 800): PUT /sys/user/changePassword.
 * The server gives the account a new salt and ends all of its sessions.
 */
export function PasswordModal({ username, onClose }: PasswordModalProps) {
  const [form] = Form.useForm<Values>();
  const { message } = useFeedback();
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    if (username) {
      form.resetFields();
      form.setFieldsValue({ username });
    }
  }, [username, form]);

  const submit = async () => {
    let v: Values;
    try {
      v = await form.validateFields();
    } catch {
      return;
    }
    setSaving(true);
    try {
      const res = await changeUserPassword(v.username, v.password, v.confirmpassword);
      if (res.success) {
        message.success(res.message || '密码修改成功!');
        onClose();
      } else {
        message.warning(res.message || '密码修改失败');
      }
    } catch {
      // shown by the http client
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      title="修改密码"
      open={!!username}
      width={800}
      onCancel={onClose}
      onOk={submit}
      confirmLoading={saving}
      maskClosable={false}
      forceRender
    >
      <Form<Values>
        form={form}
        name="userPasswordForm"
        labelCol={{ span: 5 }}
        wrapperCol={{ span: 16 }}
        data-testid="password-form"
      >
        <Form.Item label="用户账号" name="username">
          <Input disabled />
        </Form.Item>
        <Form.Item label="密码" name="password" rules={passwordRules} hasFeedback>
          <Input.Password placeholder="请输入新密码" autoComplete="new-password" />
        </Form.Item>
        <Form.Item
          label="确认密码"
          name="confirmpassword"
          dependencies={['password']}
          rules={confirmRules()}
          hasFeedback
        >
          <Input.Password placeholder="请重新输入新密码" autoComplete="new-password" />
        </Form.Item>
      </Form>
    </Modal>
  );
}

export default PasswordModal;
