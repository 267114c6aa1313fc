import { PlusOutlined } from '@ant-design/icons';
import { Button, Form, Input, Modal, Radio, Space, Table, type TableColumnsType, Tag, Typography } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import { type DataRuleForm, deleteDataRule, queryDataRules, saveDataRule } from '../../../api/permission';
import type { DataRule } from '../../../api/role';
import { DictTag, JDictSelectTag } from '../../../components/JDictSelectTag';
import { ActionLinks } from '../../../components/list';
import { useCan } from '../../../permission/useCan';
import { useFeedback } from '../../../utils/feedback';

export interface DataRulePanelProps {
  permissionId: string;
  /** a rule was added or the last one removed (the menu's rule flag changed) */
  onChanged?: () => void;
}

const STATUS_OPTIONS = [
  { value: '1', label: '有效' },
  { value: '0', label: '无效' },
];

/**
 * The data rules of one menu (JeecgBoot PermissionDataRuleList): search by name / value, add, edit, delete. A rule is
 * `字段 条件 值`; values may use #{sys_user_code} (the user's account) and #{sys_org_code} (the selected department code).
 */
export function DataRulePanel({ permissionId, onChanged }: DataRulePanelProps) {
  const { message } = useFeedback();
  const decide = useCan();
  const canEdit = decide('permission:datarule') === 'allow';
  const [rows, setRows] = useState<DataRule[]>([]);
  const [loading, setLoading] = useState(false);
  const [filters, setFilters] = useState<{ ruleName?: string; ruleValue?: string }>({});
  const [editing, setEditing] = useState<Partial<DataRule> | null>(null);
  const [saving, setSaving] = useState(false);
  const [form] = Form.useForm<DataRuleForm>();
  const [queryForm] = Form.useForm();

  const load = useCallback(async () => {
    setLoading(true);
    try {
      const params: Record<string, string> = { permissionId };
      if (filters.ruleName?.trim()) params.ruleName = `*${filters.ruleName.trim()}*`;
      if (filters.ruleValue?.trim()) params.ruleValue = `*${filters.ruleValue.trim()}*`;
      const res = await queryDataRules(params);
      if (res.success) setRows(res.result);
      else message.warning(res.message);
    } finally {
      setLoading(false);
    }
  }, [permissionId, filters, message]);

  useEffect(() => {
    void load();
  }, [load]);

  const open = (r: Partial<DataRule>) => {
    setEditing(r);
    form.resetFields();
    form.setFieldsValue({
      ruleName: r.ruleName ?? '',
      ruleColumn: r.ruleColumn ?? '',
      ruleConditions: r.ruleConditions ?? '',
      ruleValue: r.ruleValue ?? '',
      status: r.status ?? '1',
    });
  };

  const save = async () => {
    const values = await form.validateFields();
    setSaving(true);
    try {
      const res = await saveDataRule({ ...values, id: editing?.id, permissionId });
      if (!res.success) {
        message.warning(res.message);
        return;
      }
      message.success(res.message);
      setEditing(null);
      await load();
      onChanged?.();
    } finally {
      setSaving(false);
    }
  };

  const remove = async (id: string) => {
    const res = await deleteDataRule(id);
    if (!res.success) {
      message.warning(res.message);
      return;
    }
    message.success(res.message);
    await load();
    onChanged?.();
  };

  const columns: TableColumnsType<DataRule> = [
    { title: '规则名称', dataIndex: 'ruleName', ellipsis: true },
    { title: '规则字段', dataIndex: 'ruleColumn', ellipsis: true },
    {
      title: '条件',
      dataIndex: 'ruleConditions',
      width: 90,
      render: (v: string) => <DictTag dictCode="rule_conditions" value={v} />,
    },
    { title: '规则值', dataIndex: 'ruleValue', ellipsis: true },
    {
      title: '状态',
      dataIndex: 'status',
      width: 70,
      render: (v: string) => (v === '0' ? <Tag>无效</Tag> : <Tag color="green">有效</Tag>),
    },
    ...(canEdit
      ? [
          {
            title: '操作',
            key: 'action',
            width: 110,
            align: 'center' as const,
            render: (_v: unknown, r: DataRule) => (
              <ActionLinks onEdit={() => open(r)} onDelete={() => void remove(r.id)} />
            ),
          },
        ]
      : []),
  ];

  return (
    <>
      <Form form={queryForm} layout="inline" onFinish={(v) => setFilters(v)} style={{ marginBottom: 12, rowGap: 8 }}>
        <Form.Item name="ruleName" label="规则名称">
          <Input placeholder="请输入规则名称" allowClear style={{ width: 150 }} />
        </Form.Item>
        <Form.Item name="ruleValue" label="规则值">
          <Input placeholder="请输入规则值" allowClear style={{ width: 150 }} />
        </Form.Item>
        <Space>
          <Button type="primary" htmlType="submit">
            查询
          </Button>
          <Button
            onClick={() => {
              queryForm.resetFields();
              setFilters({});
            }}
          >
            重置
          </Button>
        </Space>
      </Form>
      {canEdit && (
        <Button type="primary" icon={<PlusOutlined />} onClick={() => open({})} style={{ marginBottom: 12 }}>
          新增
        </Button>
      )}
      <Table<DataRule>
        rowKey="id"
        size="middle"
        bordered
        loading={loading}
        dataSource={rows}
        columns={columns}
        pagination={false}
        scroll={{ x: 'max-content' }}
      />
      <Modal
        title={editing?.id ? '编辑数据规则' : '新增数据规则'}
        open={!!editing}
        width={640}
        confirmLoading={saving}
        onOk={() => void save()}
        onCancel={() => setEditing(null)}
        okText="确定"
        cancelText="关闭"
        forceRender
      >
        <Form form={form} name="dataRuleForm" labelCol={{ span: 5 }} wrapperCol={{ span: 17 }}>
          <Form.Item name="ruleName" label="规则名称" rules={[{ required: true, message: '请输入规则名称!' }]}>
            <Input placeholder="请输入规则名称" maxLength={50} />
          </Form.Item>
          <Form.Item
            name="ruleColumn"
            label="规则字段"
            extra="列表实体的字段名（驼峰或下划线），如 username、orgCode、createBy"
            rules={[
              { required: true, message: '请输入规则字段!' },
              { pattern: /^[A-Za-z_][A-Za-z0-9_]*$/, message: '规则字段只能是字母、数字和下划线组成的字段名' },
            ]}
          >
            <Input placeholder="请输入规则字段" maxLength={50} />
          </Form.Item>
          <Form.Item
            name="ruleConditions"
            label="条件规则"
            rules={[
              { required: true, message: '请选择条件规则!' },
              {
                validator: async (_r, v: string) => {
                  if (v === 'USE_SQL_RULES') throw new Error('不支持自定义SQL表达式规则');
                },
              },
            ]}
          >
            <JDictSelectTag dictCode="rule_conditions" placeholder="请选择条件规则" />
          </Form.Item>
          <Form.Item
            name="ruleValue"
            label="规则值"
            rules={[{ required: true, message: '请输入规则值!' }]}
            extra={
              <span>
                可用系统变量：<Typography.Text code>#{'{sys_user_code}'}</Typography.Text>当前用户账号、
                <Typography.Text code>#{'{sys_org_code}'}</Typography.Text>当前部门编码、
                <Typography.Text code>#{'{sys_date}'}</Typography.Text>当前日期；“包含”用逗号分隔多个值
              </span>
            }
          >
            <Input placeholder="请输入规则值" maxLength={300} />
          </Form.Item>
          <Form.Item name="status" label="状态">
            <Radio.Group options={STATUS_OPTIONS} />
          </Form.Item>
        </Form>
      </Modal>
    </>
  );
}
