import { CloseOutlined } from '@ant-design/icons';
import { Button, Card, Typography } from 'antd';
import { useState } from 'react';
import { addUsersToRole, type SysRole } from '../../../api/role';
import { AddUsersPicker } from '../../../components/JSelectUserByDep';
import { CrudPage } from '../../../components/kit';
import { roleUsersPage } from './role.data';

/** The users of one role (JeecgBoot RoleUserList right side), in a card with the role's name and a close button. */
export function RoleUsersPanel({ role, onClose }: { role: SysRole; onClose?: () => void }) {
  const [picking, setPicking] = useState(false);
  return (
    <Card
      size="small"
      variant="borderless"
      title={
        <span>
          角色用户：<Typography.Text strong>{role.roleName}</Typography.Text>
          <Typography.Text type="secondary" style={{ marginLeft: 8, fontWeight: 'normal' }}>
            {role.roleCode}
          </Typography.Text>
        </span>
      }
      extra={
        onClose && <Button type="text" size="small" icon={<CloseOutlined />} onClick={onClose} aria-label="关闭" />
      }
    >
      <CrudPage
        schema={roleUsersPage}
        fixedParams={{ roleId: role.id }}
        embedded
        handlers={{ pick: () => setPicking(true) }}
      >
        {(ctx) => (
          <AddUsersPicker
            open={picking}
            onClose={() => setPicking(false)}
            add={(ids) => addUsersToRole(role.id, ids)}
            after={ctx.reload}
            okText="添加成功!"
          />
        )}
      </CrudPage>
    </Card>
  );
}
