import { useState } from 'react';
import { CrudPage } from '../../components/kit';
import { DataRuleDrawer } from './permission/DataRuleDrawer';
import { permissionPage } from './permission/permission.data';

/** 菜单管理 (component system/PermissionList): the declaration in permission/permission.data.tsx; 数据规则 drawer. */
export default function PermissionList() {
  const [ruleFor, setRuleFor] = useState<{ id: string; name: string } | null>(null);
  return (
    <CrudPage
      schema={permissionPage}
      handlers={{ dataRules: (r) => r && setRuleFor({ id: r.id, name: r.name ?? '' }) }}
    >
      {(ctx) => <DataRuleDrawer permission={ruleFor} onClose={() => setRuleFor(null)} onChanged={ctx.reload} />}
    </CrudPage>
  );
}
