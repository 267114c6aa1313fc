import { Button } from 'antd';
import {
  type DepartNode,
  departPermissionIds,
  editDepart,
  fullPermissionTree,
  saveDepartPermission,
} from '../../api/depart';
import { RecordForm, TreePage } from '../../components/kit';
import { PermissionTree, useGrants } from '../../components/PermissionTree';
import { useCan } from '../../permission/useCan';
import { departBody, departFields, departRuleTarget, departTreePage, departValues } from './depart/depart.data';

/** 部门权限 (shown with depart:permission): which permissions the department may hand out to its department roles. */
function DepartPermissionPane({ depart }: { depart: DepartNode }) {
  const { tree, checks, loading, saving, save } = useGrants(depart.id, () =>
    Promise.all([fullPermissionTree(), departPermissionIds(depart.id)]),
  );

  return (
    <div data-testid="depart-permission-pane">
      <PermissionTree
        treeList={tree}
        checks={checks}
        emptyText="暂无可分配的权限"
        loading={loading}
        ruleTarget={(n) => departRuleTarget(n, depart.id)}
        height={380}
      />
      <div style={{ marginTop: 12, textAlign: 'right' }}>
        <Button
          type="primary"
          loading={saving}
          onClick={() => void save((c, l) => saveDepartPermission(depart.id, c, l))}
        >
          保存
        </Button>
      </div>
    </div>
  );
}

/**
 * 部门管理 (component system/DepartList; contract §4.4, JeecgBoot DepartList): the kit's tree page declared in
 * depart/depart.data.tsx; the selected department's 基本信息 (parent and code read-only) and 部门权限 tabs.
 */
export default function DepartList() {
  const decide = useCan();
  const [canEdit, canGrant] = ['depart:edit', 'depart:permission'].map((c) => decide(c) === 'allow');
  return (
    <TreePage
      schema={departTreePage}
      tabs={(d, page) => [
        {
          key: 'info',
          label: '基本信息',
          children: (
            <RecordForm
              key={d.id}
              record={d}
              values={departValues(d, d.parentId ? (page.byId.get(d.parentId)?.departName ?? '') : '')}
              fields={departFields}
              canEdit={canEdit}
              save={(v) => editDepart({ ...departBody(v), id: d.id })}
              onSaved={() => void page.reload()}
              name="depart-info"
              wrapperSpan={17}
            />
          ),
        },
        ...(canGrant
          ? [
              {
                key: 'permission',
                label: '部门权限',
                children: <DepartPermissionPane key={d.id} depart={d} />,
              },
            ]
          : []),
      ]}
    />
  );
}
