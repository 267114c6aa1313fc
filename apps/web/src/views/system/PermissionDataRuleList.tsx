import { Card, Empty, Form, TreeSelect } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { listPermissions, type SysPermission } from '../../api/permission';
import { useFeedback } from '../../utils/feedback';
import { DataRulePanel } from './permission/DataRulePanel';
import { parentOptions } from './permission/menu-logic';

/**
 * 数据规则 (hidden route, component system/PermissionDataRuleList): the data rules of one menu. The menu comes from
 * `?permissionId=` or is chosen here.
 */
export default function PermissionDataRuleList() {
  const [params, setParams] = useSearchParams();
  const { message } = useFeedback();
  const [tree, setTree] = useState<SysPermission[]>([]);
  const permissionId = params.get('permissionId') ?? '';
  const options = useMemo(() => parentOptions(tree), [tree]);

  useEffect(() => {
    void listPermissions().then((res) => {
      if (res.success) setTree(res.result);
      else message.warning(res.message);
    });
  }, [message]);

  return (
    <Card variant="borderless">
      <Form layout="inline" style={{ marginBottom: 16 }}>
        <Form.Item label="菜单">
          <TreeSelect
            style={{ width: 320 }}
            treeData={options}
            value={permissionId || undefined}
            placeholder="请选择菜单"
            showSearch
            treeNodeFilterProp="title"
            onChange={(v) => setParams(v ? { permissionId: String(v) } : {})}
          />
        </Form.Item>
      </Form>
      {permissionId ? (
        <DataRulePanel key={permissionId} permissionId={permissionId} />
      ) : (
        <Empty description="请选择菜单" />
      )}
    </Card>
  );
}
