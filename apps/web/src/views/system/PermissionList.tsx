import { DeleteOutlined, MinusSquareOutlined, PlusOutlined, PlusSquareOutlined } from '@ant-design/icons';
import { Button, Form, Input, Table, type TableColumnsType, Tag, Typography } from 'antd';
import { useCallback, useEffect, useMemo, useState } from 'react';
import {
  deletePermission,
  deletePermissions,
  listPermissions,
  type MenuType,
  type SysPermission,
} from '../../api/permission';
import { Icon } from '../../components/Icon';
import { ActionLinks, ListCard, QueryForm, SelectionAlert } from '../../components/list';
import { useCan } from '../../permission/useCan';
import { useFeedback } from '../../utils/feedback';
import { DataRuleDrawer } from './permission/DataRuleDrawer';
import { descendantCount, expandableIds, MENU_TYPE_TEXT, newRowDefaults } from './permission/menu-logic';
import { PermissionModal } from './permission/PermissionModal';

type Editing = (Partial<SysPermission> & { menuType: MenuType }) | null;

const TYPE_COLOR: Record<MenuType, string> = { 0: 'blue', 1: 'cyan', 2: 'orange' };

/**
 * 菜单管理 (component system/PermissionList; contract §4.3): the whole menu and button tree as a tree table, search by
 * name, 新增菜单 / 添加下级 / 编辑 / 删除 (with every row below), batch delete, and the data rules of each menu.
 * Menu changes reach every user's menu on their next load.
 */
export default function PermissionList() {
  const { message, modal } = useFeedback();
  const decide = useCan();
  const allowed = (c: string) => decide(c) === 'allow';
  const [tree, setTree] = useState<SysPermission[]>([]);
  const [loading, setLoading] = useState(false);
  const [name, setName] = useState('');
  const [expanded, setExpanded] = useState<string[]>([]);
  const [selected, setSelected] = useState<string[]>([]);
  const [editing, setEditing] = useState<Editing>(null);
  const [ruleFor, setRuleFor] = useState<{ id: string; name: string } | null>(null);

  const load = useCallback(async () => {
    setLoading(true);
    try {
      const res = await listPermissions(name || undefined);
      if (!res.success) {
        message.warning(res.message);
        return;
      }
      setTree(res.result);
      if (name) setExpanded(expandableIds(res.result));
    } finally {
      setLoading(false);
    }
  }, [name, message]);

  useEffect(() => {
    void load();
  }, [load]);

  const byId = useMemo(() => {
    const m = new Map<string, SysPermission>();
    const walk = (ns: SysPermission[]) => {
      for (const n of ns) {
        m.set(n.id, n);
        walk(n.children ?? []);
      }
    };
    walk(tree);
    return m;
  }, [tree]);

  const remove = async (row: SysPermission) => {
    const res = await deletePermission(row.id);
    if (!res.success) {
      message.warning(res.message);
      return;
    }
    message.success(res.message);
    setSelected((s) => s.filter((id) => id !== row.id));
    void load();
  };

  const removeSelected = () => {
    if (!selected.length) {
      message.warning('请选择一条记录！');
      return;
    }
    modal.confirm({
      title: '确认删除',
      content: `确定要删除所选中的 ${selected.length} 条数据，以及其下所有子菜单和按钮吗?`,
      okText: '确定',
      cancelText: '取消',
      onOk: async () => {
        // rows below a selected row go with it: send only the topmost ones
        const ids = selected.filter((id) => {
          let p = byId.get(id)?.parentId;
          while (p) {
            if (selected.includes(p)) return false;
            p = byId.get(p)?.parentId;
          }
          return true;
        });
        const res = await deletePermissions(ids);
        if (!res.success) {
          message.warning(res.message);
          return;
        }
        message.success(res.message);
        setSelected([]);
        void load();
      },
    });
  };

  const columns: TableColumnsType<SysPermission> = [
    { title: '菜单名称', dataIndex: 'name', key: 'name', width: 240, ellipsis: true },
    {
      title: '菜单类型',
      dataIndex: 'menuType',
      width: 100,
      align: 'center',
      render: (v: MenuType) => <Tag color={TYPE_COLOR[v]}>{MENU_TYPE_TEXT[v] ?? v}</Tag>,
    },
    {
      title: 'icon',
      dataIndex: 'icon',
      width: 60,
      align: 'center',
      render: (v: string | null) => (v ? <Icon type={v} style={{ fontSize: 16 }} /> : null),
    },
    {
      title: '组件',
      dataIndex: 'component',
      width: 200,
      ellipsis: true,
      render: (v: string | null, r) => (r.menuType === 2 ? <Typography.Text code>{r.perms}</Typography.Text> : v),
    },
    { title: '路径', dataIndex: 'url', width: 200, ellipsis: true },
    { title: '排序', dataIndex: 'sortNo', width: 70, align: 'center' },
    {
      title: '操作',
      key: 'action',
      width: 150,
      align: 'center',
      fixed: 'right',
      render: (_v, row) => {
        const n = descendantCount(row);
        return (
          <ActionLinks
            onEdit={allowed('permission:edit') ? () => setEditing(row) : undefined}
            more={[
              {
                key: 'child',
                label: '添加下级',
                hidden: row.menuType === 2 || !allowed('permission:add'),
                onClick: () => setEditing(newRowDefaults(row)),
              },
              {
                key: 'button',
                label: '添加按钮',
                hidden: row.menuType !== 1 || !allowed('permission:add'),
                onClick: () => setEditing(newRowDefaults(row, true)),
              },
              {
                key: 'rule',
                label: '数据规则',
                hidden: row.menuType === 2 || !allowed('permission:datarule'),
                onClick: () => setRuleFor({ id: row.id, name: row.name ?? '' }),
              },
              ...(allowed('permission:delete')
                ? [
                    {
                      key: 'del',
                      label: '删除',
                      danger: true,
                      confirm: n ? `确定删除吗? 其下的 ${n} 个子菜单/按钮将一并删除` : '确定删除吗?',
                      onClick: () => void remove(row),
                    },
                  ]
                : []),
            ]}
          />
        );
      },
    },
  ];

  return (
    <ListCard
      query={
        <QueryForm onSearch={(v) => setName(String(v.name ?? '').trim())} onReset={() => setName('')}>
          <Form.Item name="name" label="菜单名称">
            <Input placeholder="请输入菜单名称" allowClear />
          </Form.Item>
        </QueryForm>
      }
      toolbar={
        <>
          {allowed('permission:add') && (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing(newRowDefaults())}>
              新增菜单
            </Button>
          )}
          <Button icon={<PlusSquareOutlined />} onClick={() => setExpanded(expandableIds(tree))}>
            展开全部
          </Button>
          <Button icon={<MinusSquareOutlined />} onClick={() => setExpanded([])}>
            折叠全部
          </Button>
          {selected.length > 0 && allowed('permission:deleteBatch') && (
            <Button danger icon={<DeleteOutlined />} onClick={removeSelected}>
              批量删除
            </Button>
          )}
        </>
      }
      alert={<SelectionAlert count={selected.length} onClear={() => setSelected([])} />}
    >
      <Table<SysPermission>
        rowKey="id"
        size="middle"
        bordered
        loading={loading}
        columns={columns}
        dataSource={tree}
        pagination={false}
        scroll={{ x: 'max-content' }}
        expandable={{ expandedRowKeys: expanded, onExpandedRowsChange: (keys) => setExpanded(keys as string[]) }}
        rowSelection={{
          checkStrictly: true,
          selectedRowKeys: selected,
          onChange: (keys) => setSelected(keys as string[]),
        }}
      />
      <PermissionModal
        record={editing}
        tree={tree}
        onClose={() => setEditing(null)}
        onSaved={(parentId) => {
          if (parentId) {
            // open the path down to the parent so the saved row is in view
            const path: string[] = [];
            for (let p: string | null | undefined = parentId; p; p = byId.get(p)?.parentId) path.push(p);
            setExpanded((e) => [...new Set([...e, ...path])]);
          }
          void load();
        }}
      />
      <DataRuleDrawer permission={ruleFor} onClose={() => setRuleFor(null)} onChanged={() => void load()} />
    </ListCard>
  );
}
