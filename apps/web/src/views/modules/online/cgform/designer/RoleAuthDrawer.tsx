import {
  Alert,
  Button,
  Checkbox,
  Drawer,
  Empty,
  Form,
  Input,
  Select,
  Space,
  Spin,
  Switch,
  Table,
  Tabs,
  Typography,
} from 'antd';
import { useCallback, useEffect, useState } from 'react';
import {
  type AuthButton,
  type AuthColumn,
  type AuthDataRule,
  type AuthKind,
  type CgformHead,
  deleteAuthData,
  getAuthButtons,
  getAuthColumns,
  getAuthData,
  getRoleAuth,
  type RoleAuth,
  saveAuthData,
  setAuthButton,
  setAuthColumn,
  setRoleAuth,
} from '../../../../../api/cgform-design';
import { http } from '../../../../../api/http';
import { runCall } from '../../../../../components/kit';
import { useActionColumn } from '../../../../../components/list';
import { feedback } from '../../../../../utils/feedback';
import { AUTH_OPERATORS, authRuleLabel } from './designer-logic';

/**
 * 角色授权 of a form (JeecgBoot's online auth): 权限规则 switch field rules (list/form visible, form editable), button
 * rules and data rules on; 角色授权 binds a role to the switched-on rules (a switched-on field/button rule hides
 * from every role not bound to it; a data rule filters the rows of the roles bound to it). Applied on the server.
 */
export function RoleAuthDrawer({ head, onClose }: { head: CgformHead | null; onClose: () => void }) {
  return (
    <Drawer title={`角色授权 — ${head?.tableTxt ?? ''}`} open={!!head} size={900} onClose={onClose} destroyOnHidden>
      {head && (
        <Tabs
          items={[
            { key: 'rules', label: '权限规则', children: <RulesPane id={head.id} /> },
            { key: 'roles', label: '角色授权', children: <RolesPane id={head.id} /> },
          ]}
        />
      )}
    </Drawer>
  );
}

function RulesPane({ id }: { id: string }) {
  const [cols, setCols] = useState<AuthColumn[]>([]);
  const [buttons, setButtons] = useState<AuthButton[]>([]);
  const [rules, setRules] = useState<AuthDataRule[]>([]);
  const [loading, setLoading] = useState(false);
  const [form] = Form.useForm();
  // on a phone the rule's 删除 sits in a ⋯ menu kept on screen (issue 29)
  const actions = useActionColumn();

  const load = useCallback(async () => {
    setLoading(true);
    try {
      const [c, b, d] = await Promise.all([getAuthColumns(id), getAuthButtons(id), getAuthData(id)]);
      if (!c.success) feedback.message.warning(c.message);
      setCols(c.result ?? []);
      setButtons(b.result ?? []);
      setRules(d.result ?? []);
    } catch {
      // shown by the http client
    } finally {
      setLoading(false);
    }
  }, [id]);
  useEffect(() => {
    void load();
  }, [load]);

  const toggleColumn = (c: AuthColumn, key: 'listShow' | 'formShow' | 'formEditable', v: boolean) =>
    void runCall(
      () =>
        setAuthColumn({
          cgformId: id,
          code: c.code,
          listShow: c.listShow,
          formShow: c.formShow,
          formEditable: c.formEditable,
          [key]: v,
        }),
      load,
    );

  const addRule = async () => {
    let v: Record<string, string>;
    try {
      v = await form.validateFields();
    } catch {
      return;
    }
    const ok = await runCall(() => saveAuthData({ ...v, cgformId: id, status: 1 }), load);
    if (ok) form.resetFields();
  };

  return (
    <Spin spinning={loading}>
      <Alert
        type="info"
        showIcon
        style={{ marginBottom: 12 }}
        title="开启的字段/按钮规则只对在「角色授权」中勾选了它的角色放开；数据规则只过滤勾选了它的角色能看到的数据"
      />
      <h4>字段权限</h4>
      <Table<AuthColumn>
        size="small"
        rowKey="code"
        pagination={false}
        dataSource={cols}
        data-testid="cgform-auth-columns"
        // on a phone the three switches take short titles and the table scrolls sideways, 字段 kept in sight on the
        // left (before, the three 130 px columns took the whole width and squeezed 字段 to nothing)
        scroll={actions.scroll({ y: 240 })}
        columns={[
          {
            title: '字段',
            dataIndex: 'code',
            width: actions.phone ? 132 : undefined,
            fixed: actions.phone ? ('left' as const) : undefined,
            render: (v, r) => `${r.title}（${v}）`,
          },
          ...(['listShow', 'formShow', 'formEditable'] as const).map((k) => ({
            title: actions.phone
              ? { listShow: '列表可见', formShow: '表单可见', formEditable: '表单可编辑' }[k]
              : { listShow: '列表可见控制', formShow: '表单可见控制', formEditable: '表单可编辑控制' }[k],
            dataIndex: k,
            width: actions.phone ? (k === 'formEditable' ? 92 : 76) : 130,
            align: 'center' as const,
            render: (v: boolean, r: AuthColumn) => (
              <Checkbox checked={!!v} onChange={(e) => toggleColumn(r, k, e.target.checked)} />
            ),
          })),
        ]}
      />
      <h4 style={{ marginTop: 16 }}>按钮权限</h4>
      <Space wrap data-testid="cgform-auth-buttons">
        {buttons.map((b) => (
          <Space key={b.code} size={4} style={{ border: '1px solid #f0f0f0', padding: '2px 8px', borderRadius: 4 }}>
            {b.title}
            <Switch
              size="small"
              checked={b.status === 1}
              onChange={(on) =>
                void runCall(() => setAuthButton({ cgformId: id, code: b.code, status: on ? 1 : 0 }), load)
              }
            />
          </Space>
        ))}
      </Space>
      <h4 style={{ marginTop: 16 }}>数据权限</h4>
      <Form form={form} layout="inline" style={{ marginBottom: 8, rowGap: 8 }}>
        <Form.Item name="ruleName" rules={[{ required: true, message: '请输入规则名称' }]}>
          <Input placeholder="规则名称" style={{ width: 140 }} maxLength={50} />
        </Form.Item>
        <Form.Item name="ruleColumn" rules={[{ required: true, message: '请选择规则字段' }]}>
          <Select
            placeholder="规则字段"
            style={{ width: 160 }}
            options={cols.map((c) => ({ value: c.code, label: `${c.title}（${c.code}）` }))}
          />
        </Form.Item>
        <Form.Item name="ruleOperator" rules={[{ required: true, message: '请选择条件' }]}>
          <Select placeholder="条件" style={{ width: 110 }} options={AUTH_OPERATORS.map((o) => ({ ...o }))} />
        </Form.Item>
        <Form.Item name="ruleValue">
          <Input placeholder="规则值，如 #{sys_user_code}" style={{ width: 200 }} maxLength={255} />
        </Form.Item>
        <Button type="primary" onClick={() => void addRule()}>
          添加
        </Button>
      </Form>
      <Table<AuthDataRule>
        size="small"
        rowKey="id"
        pagination={false}
        dataSource={rules}
        scroll={actions.scroll()}
        columns={[
          { title: '规则名称', dataIndex: 'ruleName' },
          { title: '规则字段', dataIndex: 'ruleColumn' },
          {
            title: '条件',
            dataIndex: 'ruleOperator',
            render: (v) => AUTH_OPERATORS.find((o) => o.value === v)?.label ?? v,
          },
          { title: '规则值', dataIndex: 'ruleValue' },
          {
            title: '状态',
            dataIndex: 'status',
            width: 80,
            render: (v, r) => (
              <Switch
                size="small"
                checked={Number(v) === 1}
                onChange={(on) => void runCall(() => saveAuthData({ ...r, status: on ? 1 : 0 }), load)}
              />
            ),
          },
          actions.column<AuthDataRule>({
            key: 'op',
            width: 70,
            links: (r) => ({
              actions: [
                {
                  key: 'delete',
                  label: <Typography.Text type="danger">删除</Typography.Text>,
                  danger: true,
                  onClick: () => void runCall(() => deleteAuthData(r.id), load),
                },
              ],
            }),
          }),
        ]}
      />
    </Spin>
  );
}

const KINDS: { kind: AuthKind; title: string }[] = [
  { kind: 'Column', title: '字段权限' },
  { kind: 'Button', title: '按钮权限' },
  { kind: 'Data', title: '数据权限' },
];

function RolesPane({ id }: { id: string }) {
  const [roles, setRoles] = useState<{ value: string; label: string }[]>([]);
  const [roleId, setRoleId] = useState<string | undefined>();
  const [data, setData] = useState<Partial<Record<AuthKind, RoleAuth>>>({});
  const [checked, setChecked] = useState<Partial<Record<AuthKind, string[]>>>({});
  const [loading, setLoading] = useState(false);
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    void http
      .get<{ records: { id: string; roleName: string; roleCode: string }[] }>('/sys/role/list', { pageSize: 200 })
      .then((res) =>
        setRoles((res.result?.records ?? []).map((r) => ({ value: r.id, label: `${r.roleName}（${r.roleCode}）` }))),
      )
      .catch(() => undefined);
  }, []);

  useEffect(() => {
    if (!roleId) return;
    setLoading(true);
    void Promise.all(KINDS.map((k) => getRoleAuth(k.kind, roleId, id)))
      .then((all) => {
        const d: Partial<Record<AuthKind, RoleAuth>> = {};
        const c: Partial<Record<AuthKind, string[]>> = {};
        KINDS.forEach((k, i) => {
          const r = all[i].result ?? { authList: [], checkedIds: [] };
          d[k.kind] = r;
          c[k.kind] = r.checkedIds;
        });
        setData(d);
        setChecked(c);
      })
      .catch(() => undefined)
      .finally(() => setLoading(false));
  }, [roleId, id]);

  const save = async () => {
    if (!roleId) return;
    setSaving(true);
    try {
      for (const k of KINDS) {
        const res = await setRoleAuth(k.kind, roleId, id, checked[k.kind] ?? []);
        if (!res.success) return feedback.message.warning(res.message);
      }
      feedback.message.success('授权成功');
    } catch {
      // shown by the http client
    } finally {
      setSaving(false);
    }
  };

  return (
    <div data-testid="cgform-role-auth">
      <Space style={{ marginBottom: 12 }}>
        角色
        <Select
          showSearch
          optionFilterProp="label"
          style={{ width: 280 }}
          placeholder="请选择角色"
          value={roleId}
          onChange={setRoleId}
          options={roles}
        />
        <Button type="primary" disabled={!roleId} loading={saving} onClick={() => void save()}>
          保存授权
        </Button>
      </Space>
      {!roleId ? (
        <Empty description="请选择角色" />
      ) : (
        <Spin spinning={loading}>
          {KINDS.map((k) => {
            const list = (data[k.kind]?.authList ?? []).filter((a) => a.status === 1);
            return (
              <div key={k.kind} style={{ marginBottom: 16 }}>
                <h4>{k.title}</h4>
                {list.length ? (
                  <Checkbox.Group
                    value={checked[k.kind] ?? []}
                    onChange={(v) => setChecked((c) => ({ ...c, [k.kind]: v as string[] }))}
                    options={list.map((a) => ({ value: a.id, label: authRuleLabel(k.kind, a) }))}
                  />
                ) : (
                  <span style={{ color: '#999' }}>没有开启的规则（在「权限规则」中开启）</span>
                )}
              </div>
            );
          })}
        </Spin>
      )}
    </div>
  );
}
