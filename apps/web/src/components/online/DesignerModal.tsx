import { Spin } from 'antd';
import type { ReactNode } from 'react';
import { KitModal } from '../kit';

/**
 * The 新增 / 编辑 frame of the online designers (Online表单开发, Online报表配置): a 1200 px modal whose 确定 saves, a
 * spinner while the definition loads and a test id on the body.
 */
export function DesignerModal({
  isEdit,
  open,
  loading,
  saving,
  testId,
  onClose,
  onSave,
  children,
}: {
  isEdit: boolean;
  open: boolean;
  loading: boolean;
  saving: boolean;
  testId: string;
  onClose: () => void;
  onSave: () => void;
  children: ReactNode;
}) {
  return (
    <KitModal
      title={isEdit ? '编辑' : '新增'}
      open={open}
      width={1200}
      onCancel={onClose}
      onOk={onSave}
      confirmLoading={saving}
    >
      <Spin spinning={loading}>
        <div data-testid={testId}>{children}</div>
      </Spin>
    </KitModal>
  );
}
