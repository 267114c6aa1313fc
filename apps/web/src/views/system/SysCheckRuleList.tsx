import { DeleteOutlined, DownOutlined, MinusCircleOutlined, PlusOutlined } from '@ant-design/icons';
import { Alert, Button, Dropdown, Form, Input, Modal, Space, Table, type TableColumnsType, Typography } from 'antd';
import { useEffect, useState } from 'react';
import {
  CHECK_RULE_URLS,
  type CheckRuleForm,
  parseRuleJson,
  type RuleSegment,
  type SysCheckRule,
  saveCheckRule,
} from '../../api/rules';
import { ActionLinks, ListCard, QueryForm, SelectionAlert, useListPage } from '../../components/list';
import { useCan } from '../../permission/useCan';
import { validateCheckRule } from '../../utils/check-rule';
import { useFeedback } from '../../utils/feedback';

const like = (v: unknown) => (typeof v === 'string' && v.trim() ? `*${v.trim()}*` : undefined);

interface FormValues {
  ruleName: string;
  ruleCode: string;
  ruleDescription?: string;
  rules: RuleSegment[];
}

function CheckRuleModal({
  editor,
  onClose,
  onSaved,
}: {
  editor: { record: SysCheckRule | null } | null;
  onClose: () => void;
  onSaved: () => void;
}) {
  const [form] = Form.useForm<FormValues>();
  const { message } = useFeedback();
  const [saving, setSaving] = useState(false);
  const record = editor?.record ?? null;

  useEffect(() => {
    if (!editor) return;
    form.resetFields();
    const r = editor.record;
    form.setFieldsValue(
      r
        ? {
            ruleName: r.ruleName ?? '',
            ruleCode: r.ruleCode,
            ruleDescription: r.ruleDescription ?? undefined,
            rules: parseRuleJson(r.ruleJson),
          }
        : { rules: [{ digits: '*', pattern: '', message: '' }] },
    );
  }, [editor, form]);

  const submit = async () => {
    const v = await form.validateFields();
    const body: CheckRuleForm = {
      ruleName: v.ruleName.trim(),
      ruleCode: v.ruleCode.trim(),
      ruleDescription: v.ruleDescription?.trim() || null,
      ruleJson: JSON.stringify(
        (v.rules ?? []).map((s) => ({ digits: s.digits.trim(), pattern: s.pattern, message: s.message.trim() })),
      ),
    };
    setSaving(true);
    try {
      const res = await saveCheckRule(body, record?.id);
      if (res.success) {
        message.success(res.message);
        onSaved();
        onClose();
      } else {
        message.warning(res.message);
      }
    } catch {
      // shown by the http client
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      title={record ? '编辑' : '新增'}
      open={!!editor}
      width={1000}
      onOk={() => void submit()}
      onCancel={onClose}
      confirmLoading={saving}
      okText="确定"
      cancelText="关闭"
      destroyOnHidden
    >
      <Form form={form} labelCol={{ span: 3 }} wrapperCol={{ span: 20 }} name="checkRule" data-testid="check-rule-form">
        <Form.Item
          label="规则名称"
          name="ruleName"
          rules={[{ required: true, whitespace: true, message: '请输入规则名称!' }]}
        >
          <Input placeholder="请输入规则名称" maxLength={100} />
        </Form.Item>
        <Form.Item
          label="规则编码"
          name="ruleCode"
          rules={[
            { required: true, whitespace: true, message: '请输入规则编码!' },
            { pattern: /^[A-Za-z0-9_.-]+$/, message: '规则编码只能包含字母、数字、下划线、中划线和点' },
          ]}
        >
          <Input placeholder="请输入规则编码" maxLength={100} disabled={!!record} />
        </Form.Item>
        <Form.Item label="规则描述" name="ruleDescription">
          <Input.TextArea placeholder="请输入规则描述" maxLength={200} rows={2} />
        </Form.Item>
        <Form.Item label="规则设置" required>
          <Typography.Paragraph type="secondary" style={{ marginBottom: 8 }}>
            按顺序校验：位数为数字时依次截取对应位数的字符进行校验，位数为 * 时校验整个值；每一段须完整匹配正则。
          </Typography.Paragraph>
          <Form.List
            name="rules"
            rules={[
              {
                validator: async (_, rules: RuleSegment[] | undefined) => {
                  if (!rules?.length) throw new Error('请至少设置一条规则');
                },
              },
            ]}
          >
            {(fields, { add, remove }, { errors }) => (
              <div data-testid="rule-editor">
                <div style={{ display: 'flex', gap: 8, fontWeight: 500, marginBottom: 4 }}>
                  <span style={{ width: 90 }}>位数</span>
                  <span style={{ flex: 2 }}>正则表达式</span>
                  <span style={{ flex: 1.4 }}>提示文本</span>
                  <span style={{ width: 22 }} />
                </div>
                {fields.map((f) => (
                  <div key={f.key} style={{ display: 'flex', gap: 8, alignItems: 'flex-start' }}>
                    <Form.Item
                      name={[f.name, 'digits']}
                      style={{ width: 90, marginBottom: 8 }}
                      rules={[
                        { required: true, message: '请输入位数' },
                        { pattern: /^(\*|[1-9]\d{0,2})$/, message: '正整数或 *' },
                      ]}
                    >
                      <Input placeholder="* 或位数" />
                    </Form.Item>
                    <Form.Item
                      name={[f.name, 'pattern']}
                      style={{ flex: 2, marginBottom: 8 }}
                      rules={[
                        { required: true, message: '请输入正则表达式' },
                        {
                          validator: async (_, v: string) => {
                            if (!v) return;
                            try {
                              new RegExp(v);
                            } catch {
                              throw new Error('正则表达式不正确');
                            }
                          },
                        },
                      ]}
                    >
                      <Input placeholder="如 ^[a-zA-Z]$" maxLength={200} />
                    </Form.Item>
                    <Form.Item
                      name={[f.name, 'message']}
                      style={{ flex: 1.4, marginBottom: 8 }}
                      rules={[{ required: true, whitespace: true, message: '请输入提示文本' }]}
                    >
                      <Input placeholder="校验未通过时的提示" maxLength={100} />
                    </Form.Item>
                    <MinusCircleOutlined
                      style={{ marginTop: 9, color: '#999' }}
                      aria-label="删除规则"
                      onClick={() => remove(f.name)}
                    />
                  </div>
                ))}
                <Button
                  type="dashed"
                  icon={<PlusOutlined />}
                  onClick={() => add({ digits: '*', pattern: '', message: '' })}
                >
                  添加规则
                </Button>
                <Form.ErrorList errors={errors} />
              </div>
            )}
          </Form.List>
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** 功能测试: type a value, the server checks it with the rule (checkByCode). */
function CheckRuleTest({ rule, onClose }: { rule: SysCheckRule | null; onClose: () => void }) {
  const [value, setValue] = useState('');
  const [result, setResult] = useState<{ ok: boolean; text: string } | null>(null);
  const [testing, setTesting] = useState(false);

  // a new rule under test starts empty
  const [shown, setShown] = useState(rule);
  if (shown !== rule) {
    setShown(rule);
    setValue('');
    setResult(null);
  }

  const run = async () => {
    if (!rule) return;
    if (value.trim() === '') {
      setResult({ ok: false, text: '请输入需要测试的值' });
      return;
    }
    setTesting(true);
    try {
      await validateCheckRule(rule.ruleCode, value);
      setResult({ ok: true, text: '校验通过' });
    } catch (e) {
      setResult({ ok: false, text: (e as Error).message });
    } finally {
      setTesting(false);
    }
  };

  return (
    <Modal
      title={rule ? `功能测试 — ${rule.ruleName ?? rule.ruleCode}` : '功能测试'}
      open={!!rule}
      width={640}
      onCancel={onClose}
      footer={<Button onClick={onClose}>关闭</Button>}
      destroyOnHidden
    >
      <Space.Compact style={{ width: '100%' }}>
        <Input
          placeholder="请输入需要测试的值"
          value={value}
          onChange={(e) => {
            setValue(e.target.value);
            setResult(null);
          }}
          onPressEnter={() => void run()}
          data-testid="check-rule-test-input"
        />
        <Button type="primary" loading={testing} onClick={() => void run()}>
          测试
        </Button>
      </Space.Compact>
      {result && (
        <Alert
          style={{ marginTop: 16 }}
          type={result.ok ? 'success' : 'error'}
          showIcon
          title={result.text}
          data-testid="check-rule-test-result"
        />
      )}
      {rule?.ruleDescription && (
        <Typography.Paragraph type="secondary" style={{ marginTop: 16, marginBottom: 0 }}>
          {rule.ruleDescription}
        </Typography.Paragraph>
      )}
    </Modal>
  );
}

/**
 * 校验规则 (component system/SysCheckRuleList; contract §4.11): query 规则名称 / 规则编码, 新增 with the rule editor
 * (位数 / 正则 / 提示), per row 编辑 | 功能测试 | 删除, batch delete. Buttons follow checkRule:add/edit/delete/test.
 */
export default function SysCheckRuleList() {
  const decide = useCan();
  const allowed = (code: string) => decide(code) === 'allow';
  const can = {
    add: allowed('checkRule:add'),
    edit: allowed('checkRule:edit'),
    delete: allowed('checkRule:delete'),
    test: allowed('checkRule:test'),
  };
  const [editor, setEditor] = useState<{ record: SysCheckRule | null } | null>(null);
  const [testing, setTesting] = useState<SysCheckRule | null>(null);
  const list = useListPage<SysCheckRule>({
    urls: { list: CHECK_RULE_URLS.list, delete: CHECK_RULE_URLS.delete, deleteBatch: CHECK_RULE_URLS.deleteBatch },
  });
  const { selectedRowKeys, clearSelection, reload } = list;

  const columns: TableColumnsType<SysCheckRule> = [
    { title: '#', key: 'rowIndex', width: 60, align: 'center', render: (_, __, i) => i + 1 },
    { title: '规则名称', dataIndex: 'ruleName', ellipsis: true, sorter: true },
    { title: '规则编码', dataIndex: 'ruleCode', ellipsis: true, sorter: true },
    { title: '规则描述', dataIndex: 'ruleDescription', ellipsis: true },
    {
      title: '操作',
      key: 'action',
      align: 'center',
      width: 220,
      render: (_, r) => (
        <ActionLinks
          onEdit={can.edit ? () => setEditor({ record: r }) : undefined}
          actions={[
            { key: 'test', label: '功能测试', hidden: !can.test, onClick: () => setTesting(r) },
            {
              key: 'delete',
              label: '删除',
              hidden: !can.delete,
              confirm: '确定删除吗?',
              onClick: () => void list.handleDelete(r.id),
            },
          ]}
        />
      ),
    },
  ];

  return (
    <ListCard
      query={
        <QueryForm
          onSearch={(v) => list.search({ ruleName: like(v.ruleName), ruleCode: like(v.ruleCode) })}
          onReset={() => list.reset()}
        >
          <Form.Item label="规则名称" name="ruleName">
            <Input placeholder="请输入规则名称" allowClear />
          </Form.Item>
          <Form.Item label="规则编码" name="ruleCode">
            <Input placeholder="请输入规则编码" allowClear />
          </Form.Item>
        </QueryForm>
      }
      toolbar={
        <>
          {can.add && (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditor({ record: null })}>
              新增
            </Button>
          )}
          {selectedRowKeys.length > 0 && can.delete && (
            <Dropdown
              menu={{
                items: [{ key: 'delete', icon: <DeleteOutlined />, label: '删除' }],
                onClick: () => void list.batchDelete(),
              }}
            >
              <Button>
                批量操作 <DownOutlined />
              </Button>
            </Dropdown>
          )}
        </>
      }
      alert={<SelectionAlert count={selectedRowKeys.length} onClear={clearSelection} />}
    >
      <Table<SysCheckRule> {...list.tableProps} columns={columns} data-testid="check-rule-table" />
      <CheckRuleModal editor={editor} onClose={() => setEditor(null)} onSaved={() => void reload()} />
      <CheckRuleTest rule={testing} onClose={() => setTesting(null)} />
    </ListCard>
  );
}
