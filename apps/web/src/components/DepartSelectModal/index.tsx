import type { SysDepartInfo, SysUserInfo } from '@answer/contract';
import { Form, Modal, Select } from 'antd';
import { useEffect, useState } from 'react';
import { selectDepart } from '../../api/header';
import { useFeedback } from '../../utils/feedback';

export const MSG_NO_DEPART = '您尚未设置部门信息!';

export interface DepartSelectModalProps {
  open: boolean;
  username: string | null | undefined;
  departs: SysDepartInfo[];
  /** org code of the current department */
  current: string | null | undefined;
  onClose: () => void;
  /** the server's updated user after a successful switch */
  onSwitched: (userInfo: SysUserInfo) => void;
}

/** 切换部门 (spec §2.5, §4): width 450; confirming without a choice marks the select as in error. */
export function DepartSelectModal({ open, username, departs, current, onClose, onSwitched }: DepartSelectModalProps) {
  const { message } = useFeedback();
  const [orgCode, setOrgCode] = useState<string | undefined>(current ?? undefined);
  const [invalid, setInvalid] = useState(false);
  const [submitting, setSubmitting] = useState(false);

  useEffect(() => {
    if (open) {
      setOrgCode(current || undefined);
      setInvalid(false);
    }
  }, [open, current]);

  const submit = async () => {
    if (!orgCode) {
      setInvalid(true);
      return;
    }
    setSubmitting(true);
    try {
      const res = await selectDepart({ orgCode, username: username ?? '' });
      if (res.success) {
        if (res.result?.userInfo) onSwitched(res.result.userInfo);
        message.success(res.message || '部门切换成功');
        onClose();
      } else {
        message.warning(res.message || '部门切换失败');
      }
    } catch {
      // feedback already shown by the http client
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <Modal
      title="切换部门"
      open={open}
      width={450}
      confirmLoading={submitting}
      onOk={submit}
      onCancel={onClose}
      okText="确认"
      cancelText="关闭"
      destroyOnHidden
    >
      <Form layout="vertical">
        <Form.Item
          label="部门"
          validateStatus={invalid ? 'error' : undefined}
          help={invalid ? '请选择部门' : undefined}
          required
        >
          <Select
            placeholder="请选择登录部门"
            value={orgCode}
            status={invalid ? 'error' : undefined}
            onChange={(v) => {
              setOrgCode(v);
              setInvalid(false);
            }}
            options={departs.map((d) => ({ value: d.orgCode, label: d.departName }))}
            style={{ width: '100%' }}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}

export default DepartSelectModal;
