import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Form, Space, type TreeDataNode } from 'antd';
import { useCallback, useEffect, useMemo, useState } from 'react';
import {
  DEPART_URLS,
  type DepartNode,
  deleteDeparts,
  departPermissionIds,
  departTree,
  editDepart,
  fullPermissionTree,
  type PermissionNode,
  saveDepartPermission,
  searchDeparts,
} from '../../api/depart';
import { runCall, SchemaForm } from '../../components/kit';
import { SplitTabs, useMountLoad } from '../../components/list/SplitTabs';
import { TreeCard } from '../../components/list/TreeCard';
import { useCan } from '../../permission/useCan';
import { useFeedback } from '../../utils/feedback';
import { DataRuleDrawer, type DataRuleTarget } from './depart/DataRuleDrawer';
import { DepartModal } from './depart/DepartModal';
import { departBody, departFields, departValues } from './depart/depart.data';
import { PermissionTree } from './depart/PermissionTree';
import { useGrants } from './depart/use-grants';

function flatten(nodes: DepartNode[], into = new Map<string, DepartNode>()) {
  for (const n of nodes) {
    into.set(n.id, n);
    if (n.children) flatten(n.children, into);
  }
  return into;
}

/** 基本信息: the selected department's own fields (depart/depart.data.tsx); parent and code are read-only. */
function DepartInfoForm({
  depart,
  parentName,
  canEdit,
  onSaved,
}: {
  depart: DepartNode;
  parentName: string;
  canEdit: boolean;
  onSaved: () => void;
}) {
  const [form] = Form.useForm();
  const [saving, setSaving] = useState(false);
  const fill = useCallback(() => {
    form.resetFields();
    form.setFieldsValue(departValues(depart, parentName));
  }, [depart, parentName, form]);
  useEffect(fill, [fill]);

  const submit = async () => {
    const v = await form.validateFields();
    setSaving(true);
    await runCall(() => editDepart({ ...departBody(v), id: depart.id }), onSaved);
    setSaving(false);
  };

  return (
    <SchemaForm
      form={form}
      fields={departFields}
      ctx={{ record: depart, mode: canEdit ? 'edit' : 'detail', fixed: {} }}
      wrapperSpan={17}
      name="depart-info"
    >
      {canEdit && (
        <Form.Item wrapperCol={{ offset: 5, span: 17 }}>
          <Space>
            <Button type="primary" loading={saving} onClick={() => void submit()}>
              保存
            </Button>
            <Button onClick={fill}>重置</Button>
          </Space>
        </Form.Item>
      )}
    </SchemaForm>
  );
}

/** 部门权限: which permissions the department may hand out to its department roles. */
function DepartPermissionPane({ depart, canSave }: { depart: DepartNode; canSave: boolean }) {
  const [rule, setRule] = useState<DataRuleTarget | null>(null);
  const { tree, checked, setChecked, loading, saving, save } = useGrants(depart.id, () =>
    Promise.all([fullPermissionTree(), departPermissionIds(depart.id)]),
  );

  const openRule = useCallback(
    (n: PermissionNode) =>
      setRule({
        title: String(n.slotTitle ?? n.title ?? ''),
        loadUrl: `${DEPART_URLS.departDataRule}/${n.key}/${depart.id}`,
        saveUrl: DEPART_URLS.departDataRule,
        saveBody: { permissionId: String(n.key), departId: depart.id },
      }),
    [depart.id],
  );

  return (
    <div data-testid="depart-permission-pane">
      <PermissionTree
        treeList={tree}
        checkedKeys={checked}
        onChange={setChecked}
        loading={loading}
        disabled={!canSave}
        onDataRule={canSave ? openRule : undefined}
        height={380}
      />
      {canSave && (
        <div style={{ marginTop: 12, textAlign: 'right' }}>
          <Button
            type="primary"
            loading={saving}
            onClick={() => void save((c, l) => saveDepartPermission(depart.id, c, l))}
          >
            保存
          </Button>
        </div>
      )}
      <DataRuleDrawer target={rule} onClose={() => setRule(null)} />
    </div>
  );
}

/**
 * 部门管理 (component system/DepartList; contract §4.4, JeecgBoot DepartList): the department tree on the left with
 * 添加部门 / 添加下级 / 删除 (checked nodes and their sub-departments), a name search and a right-click menu; the
 * selected department's 基本信息 form and 部门权限 on the right.
 */
export default function DepartList() {
  const { message, modal } = useFeedback();
  const decide = useCan();
  const allowed = (code: string) => decide(code) === 'allow';
  const can = {
    add: allowed('depart:add'),
    edit: allowed('depart:edit'),
    delete: allowed('depart:delete'),
    deleteBatch: allowed('depart:deleteBatch'),
    permission: allowed('depart:permission'),
  };
  const [tree, setTree] = useState<DepartNode[]>([]);
  const [shown, setShown] = useState<DepartNode[] | null>(null);
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const [checked, setChecked] = useState<string[]>([]);
  const [expanded, setExpanded] = useState<string[] | null>(null);
  const [adding, setAdding] = useState<{ parent: DepartNode | null } | null>(null);
  const [keyword, setKeyword] = useState('');

  const byId = useMemo(() => flatten(tree), [tree]);
  const selected = selectedId ? (byId.get(selectedId) ?? null) : null;

  const { loading, load } = useMountLoad(async () => {
    const t = await departTree();
    setTree(t);
    setShown(null);
    setKeyword('');
    setChecked((c) => c.filter((id) => flatten(t).has(id)));
  });

  const search = async (value: string) => {
    const kw = value.trim();
    setKeyword(value);
    if (!kw) {
      setShown(null);
      return;
    }
    try {
      const res = await searchDeparts(kw);
      if (res.success) setShown(res.result ?? []);
      else {
        message.warning(res.message);
        setShown([]);
      }
    } catch {
      // shown by the http client
    }
  };

  const remove = (ids: string[], single: boolean) => {
    modal.confirm({
      title: '确认删除',
      content: single
        ? '确定要删除此部门以及子节点数据吗?'
        : `确定要删除所选中的 ${ids.length} 条数据，以及子节点数据吗?`,
      okText: '确定',
      cancelText: '取消',
      onOk: async () => {
        if (!(await runCall(() => deleteDeparts(ids)))) return;
        setChecked([]);
        if (selectedId && ids.includes(selectedId)) setSelectedId(null);
        await load();
      },
    });
  };

  const toData = useCallback(
    (nodes: DepartNode[]): TreeDataNode[] =>
      nodes.map((n) => ({
        key: n.id,
        title: n.departName,
        isLeaf: !n.children?.length,
        children: n.children?.length ? toData(n.children) : undefined,
      })),
    [],
  );
  const data = useMemo(() => toData(shown ?? tree), [shown, tree, toData]);
  const expandedKeys = expanded ?? tree.map((n) => n.id);

  const contextItems = [
    ...(can.add ? [{ key: 'add', label: '添加下级' }] : []),
    ...(can.delete ? [{ key: 'delete', label: '删除', danger: true }] : []),
  ];
  const onContext = (key: string, id: string) => {
    const node = byId.get(id);
    if (!node) return;
    if (key === 'add') setAdding({ parent: node });
    else remove([id], true);
  };

  const parentName = selected?.parentId ? (byId.get(selected.parentId)?.departName ?? '') : '';

  return (
    <SplitTabs
      emptyText="请先选择一个部门!"
      testId="depart-page"
      treeSpan={10}
      selected={!!selected}
      tabs={() =>
        selected
          ? [
              {
                key: 'info',
                label: '基本信息',
                children: (
                  <DepartInfoForm
                    key={selected.id}
                    depart={selected}
                    parentName={parentName}
                    canEdit={can.edit}
                    onSaved={() => void load()}
                  />
                ),
              },
              ...(can.permission
                ? [
                    {
                      key: 'permission',
                      label: '部门权限',
                      children: <DepartPermissionPane key={selected.id} depart={selected} canSave={can.permission} />,
                    },
                  ]
                : []),
            ]
          : []
      }
      tree={
        <TreeCard
          testId="depart"
          toolbar={
            <>
              {can.add && (
                <Button type="primary" icon={<PlusOutlined />} onClick={() => setAdding({ parent: null })}>
                  添加部门
                </Button>
              )}
              {can.add && (
                <Button
                  type="primary"
                  icon={<PlusOutlined />}
                  onClick={() => {
                    if (!selected) message.warning('请先选择一个部门！');
                    else setAdding({ parent: selected });
                  }}
                >
                  添加下级
                </Button>
              )}
              {can.deleteBatch && (
                <Button
                  icon={<DeleteOutlined />}
                  danger
                  onClick={() => {
                    if (!checked.length) message.warning('请勾选要删除的部门！');
                    else remove(checked, false);
                  }}
                >
                  删除
                </Button>
              )}
            </>
          }
          current={selected?.departName ?? null}
          onClearCurrent={() => setSelectedId(null)}
          searchPlaceholder="请输入部门名称"
          keyword={keyword}
          onKeyword={(v) => {
            setKeyword(v);
            if (!v) setShown(null);
          }}
          onSearch={(v) => void search(v)}
          loading={loading}
          treeData={data}
          expandedKeys={shown ? undefined : expandedKeys}
          onExpand={setExpanded}
          selectedKey={selectedId}
          onSelect={setSelectedId}
          checked={checked}
          onCheck={setChecked}
          contextItems={contextItems}
          onContext={onContext}
        />
      }
    >
      <DepartModal target={adding} onClose={() => setAdding(null)} onSaved={() => void load()} />
    </SplitTabs>
  );
}
