import { Form, type FormInstance, Input, Modal } from 'antd';
import { useState } from 'react';
import { updatePassword } from '../../api/header';
import { useFeedback } from '../../utils/feedback';

export const MSG_OLD_REQUIRED = '请输入旧密码!';
export const MSG_NEW_REQUIRED = '请输入新密码!';
export const MSG_CONFIRM_REQUIRED = '请确认新密码!';
export const MSG_MISMATCH = '两次输入的密码不一样！';
export const MSG_NO_USER = '当前系统无登录用户!';

export interface PasswordValues {
  oldpassword: string;
  password: string;
  confirmpassword: string;
}

/** The three fields with the spec's rules (§5): all required, confirmation equal to the new password. */
export function PasswordFields() {
  return (
    <>
      <Form.Item label="旧密码" name="oldpassword" rules={[{ required: true, message: MSG_OLD_REQUIRED }]}>
        <Input.Password placeholder="请输入旧密码" autoComplete="current-password" />
      </Form.Item>
      <Form.Item label="新密码" name="password" rules={[{ required: true, message: MSG_NEW_REQUIRED }]}>
        <Input.Password placeholder="请输入新密码" autoComplete="new-password" />
      </Form.Item>
      <Form.Item
        label="确认新密码"
        name="confirmpassword"
        dependencies={['password']}
        rules={[
          { required: true, message: MSG_CONFIRM_REQUIRED },
          ({ getFieldValue }) => ({
            validator: (_r, value) =>
              !value || value === getFieldValue('password')
                ? Promise.resolve()
                : Promise.reject(new Error(MSG_MISMATCH)),
          }),
        ]}
      >
        <Input.Password placeholder="请确认新密码" autoComplete="new-password" />
      </Form.Item>
    </>
  );
}

/**
 * Validates and sends PUT /sys/user/updatePassword for `username`. Resolves true on success (message shown), false
 * when invalid, refused (warning shown; the form stays) or without a logged-in user (当前系统无登录用户!).
 */
export function usePasswordSubmit(form: FormInstance<PasswordValues>, username: string | null | undefined) {
  const { message } = useFeedback();
  const [submitting, setSubmitting] = useState(false);
  const submit = async (): Promise<boolean> => {
    if (!username) {
      message.error(MSG_NO_USER);
      return false;
    }
    let values: PasswordValues;
    try {
      values = await form.validateFields();
    } catch {
      return false;
    }
    setSubmitting(true);
    try {
      const res = await updatePassword({ username, ...values });
      if (res.success) {
        message.success(res.message || '密码修改成功');
        form.resetFields();
        return true;
      }
      message.warning(res.message || '密码修改失败');
      return false;
    } catch {
      // the http client already showed the failure
      return false;
    } finally {
      setSubmitting(false);
    }
  };
  return { submit, submitting };
}

export interface UserPasswordModalProps {
  open: boolean;
  /** the logged-in user; the change is refused without one */
  username: string | null | undefined;
  onClose: () => void;
}

/**
 * Password change for the current user (spec §2.5, §4, §5): closed → open → submitting → closed on success,
 * or left open with a warning on failure.
 */
export function UserPasswordModal({ open, username, onClose }: UserPasswordModalProps) {
  const [form] = Form.useForm<PasswordValues>();
  const { submit, submitting } = usePasswordSubmit(form, username);

  const close = () => {
    form.resetFields();
    onClose();
  };

  return (
    <Modal
      title="修改密码"
      open={open}
      width={800}
      confirmLoading={submitting}
      onOk={async () => {
        if (await submit()) onClose();
      }}
      onCancel={close}
      okText="确定"
      cancelText="关闭"
      forceRender
    >
      <Form<PasswordValues>
        form={form}
        labelCol={{ xs: { span: 24 }, sm: { span: 5 } }}
        wrapperCol={{ xs: { span: 24 }, sm: { span: 16 } }}
      >
        <PasswordFields />
      </Form>
    </Modal>
  );
}

export default UserPasswordModal;
