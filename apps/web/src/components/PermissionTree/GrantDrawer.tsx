import { Button, Drawer, Space } from 'antd';
import type { ReactNode } from 'react';

/**
 * The drawer of an authorisation (角色权限配置, 部门角色权限配置): 650 wide, the tree as its content, 取消 / 仅保存 /
 * 保存并关闭 below (with `menu`, e.g. the 树操作 dropdown, on the left). `save` resolves to whether it succeeded.
 */
export function GrantDrawer({
  title,
  open,
  onClose,
  saving,
  save,
  menu,
  children,
}: {
  title: ReactNode;
  open: boolean;
  onClose: () => void;
  saving: boolean;
  save: () => Promise<boolean>;
  menu?: ReactNode;
  children: ReactNode;
}) {
  const run = async (close: boolean) => {
    if ((await save()) && close) onClose();
  };
  return (
    <Drawer
      title={title}
      open={open}
      onClose={onClose}
      size={650}
      destroyOnHidden
      footer={
        <Space style={{ display: 'flex', justifyContent: 'space-between' }}>
          {menu ?? <span />}
          <Space>
            <Button onClick={onClose}>取消</Button>
            <Button type="primary" ghost loading={saving} onClick={() => void run(false)}>
              仅保存
            </Button>
            <Button type="primary" loading={saving} onClick={() => void run(true)}>
              保存并关闭
            </Button>
          </Space>
        </Space>
      }
    >
      {children}
    </Drawer>
  );
}
