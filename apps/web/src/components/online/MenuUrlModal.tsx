import { Alert, Button, Input, Modal, Space, Typography } from 'antd';
import type { ReactNode } from 'react';
import { feedback } from '../../utils/feedback';

/**
 * 菜单链接 (配置地址 of the online form and report lists): the read-only menu URL of a generated screen with a 复制
 * button (复制成功 / 复制失败，请手动复制), a hint on where to paste it and a note below.
 */
export function MenuUrlModal({
  open,
  url,
  hint,
  note,
  testId,
  onClose,
}: {
  open: boolean;
  url: string;
  hint: string;
  note: ReactNode;
  testId: string;
  onClose: () => void;
}) {
  return (
    <Modal
      title="菜单链接"
      open={open}
      onCancel={onClose}
      footer={<Button onClick={onClose}>关闭</Button>}
      destroyOnHidden
    >
      <Alert type="info" showIcon style={{ marginBottom: 12 }} title={hint} />
      <Space.Compact style={{ width: '100%' }}>
        <Input value={url} readOnly data-testid={testId} />
        <Button
          type="primary"
          onClick={() =>
            void navigator.clipboard
              ?.writeText(url)
              .then(() => feedback.message.success('复制成功'))
              .catch(() => feedback.message.warning('复制失败，请手动复制'))
          }
        >
          复制
        </Button>
      </Space.Compact>
      <Typography.Paragraph type="secondary" style={{ marginTop: 8, marginBottom: 0 }}>
        {note}
      </Typography.Paragraph>
    </Modal>
  );
}
