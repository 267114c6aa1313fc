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
  fill,
  children,
}: {
  isEdit: boolean;
  open: boolean;
  loading: boolean;
  saving: boolean;
  testId: string;
  onClose: () => void;
  onSave: () => void;
  /** the body fills the window's height; a child with the class `kit-modal-grow` takes what is left (KitModal) */
  fill?: boolean;
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
      fill={fill}
    >
      <Spin spinning={loading}>
        <div data-testid={testId} className={fill ? 'kit-modal-column' : undefined}>
          {children}
        </div>
      </Spin>
    </KitModal>
  );
}
