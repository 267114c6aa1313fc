import { Col, Row } from 'antd';
import { useState } from 'react';
import type { SysRole } from '../../api/role';
import { RoleTable } from './role/RoleTable';
import { RoleUsersPanel } from './role/RoleUsersPanel';

/**
 * 角色管理 (component system/RoleUserList): the roles on the left; 用户 opens the chosen role's members on the right
 * (search, 添加已有用户, 取消关联). Authorising, editing and deleting roles work as on the role list.
 */
export default function RoleUserList() {
  const [role, setRole] = useState<SysRole | null>(null);
  return (
    <Row gutter={12}>
      <Col xs={24} xl={role ? 13 : 24}>
        <RoleTable
          onUsers={setRole}
          selectedId={role?.id}
          compact={!!role}
          onDeleted={(ids) => {
            if (role && ids.includes(role.id)) setRole(null);
          }}
        />
      </Col>
      {role && (
        <Col xs={24} xl={11}>
          <RoleUsersPanel key={role.id} role={role} onClose={() => setRole(null)} />
        </Col>
      )}
    </Row>
  );
}
