import { DeleteOutlined, DownOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Dropdown, Form, Input, Modal, Select, Table, type TableColumnsType, Typography } from 'antd';
import { useEffect, useState } from 'react';
import {
  FILL_RULE_URLS,
  type FillRuleForm,
  fillRuleClasses,
  type RuleClassOption,
  type SysFillRule,
  saveFillRule,
  testFillRule,
} from '../../api/rules';
import { ActionLinks, ListCard, QueryForm, SelectionAlert, useListPage } from '../../components/list';
import { useCan } from '../../permission/useCan';
import { useFeedback } from '../../utils/feedback';

const like = (v: unknown) => (typeof v === 'string' && v.trim() ? `*${v.trim()}*` : undefined);

const isJsonObject = (text: string) => {
  try {
    const v = JSON.parse(text) as unknown;
    return v !== null && typeof v === 'object' && !Array.isArray(v);
  } catch {
    return false;
  }
};

function FillRuleModal({
  editor,
  classes,
  onClose,
  onSaved,
}: {
  editor: { record: SysFillRule | null } | null;
  classes: RuleClassOption[];
  onClose: () => void;
  onSaved: () => void;
}) {
  const [form] = Form.useForm<FillRuleForm>();
  const { message } = useFeedback();
  const [saving, setSaving] = useState(false);
  const record = editor?.record ?? null;
  const chosen = Form.useWatch('ruleClass', form);
  const described = classes.find((c) => c.value === chosen);

  useEffect(() => {
    if (!editor) return;
    form.resetFields();
    const r = editor.record;
    if (r) {
      form.setFieldsValue({
        ruleName: r.ruleName ?? '',
        ruleCode: r.ruleCode,
        ruleClass: r.ruleClass ?? undefined,
        ruleParams: r.ruleParams ?? undefined,
      });
    }
  }, [editor, form]);

  const submit = async () => {
    const v = await form.validateFields();
    setSaving(true);
    try {
      const res = await saveFillRule(
        {
          ruleName: v.ruleName.trim(),
          ruleCode: v.ruleCode.trim(),
          ruleClass: v.ruleClass,
          ruleParams: v.ruleParams?.trim() || null,
        },
        record?.id,
      );
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
      width={800}
      onOk={() => void submit()}
      onCancel={onClose}
      confirmLoading={saving}
      okText="确定"
      cancelText="关闭"
      destroyOnHidden
    >
      <Form form={form} labelCol={{ span: 5 }} wrapperCol={{ span: 16 }} name="fillRule" data-testid="fill-rule-form">
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
        <Form.Item
          label="规则实现"
          name="ruleClass"
          rules={[{ required: true, message: '请选择规则实现!' }]}
          extra={described?.description}
        >
          <Select
            placeholder="请选择内置的规则实现"
            options={classes.map((c) => ({ value: c.value, label: `${c.text}（${c.value}）` }))}
          />
        </Form.Item>
        <Form.Item
          label="规则参数"
          name="ruleParams"
          rules={[
            { max: 200, message: '规则参数不能超过 200 个字符' },
            {
              validator: async (_, v: string | undefined) => {
                if (v?.trim() && !isJsonObject(v)) throw new Error('规则参数必须是 JSON 对象，如 {"prefix":"CN"}');
              },
            },
          ]}
        >
          <Input.TextArea placeholder='JSON 对象，如 {"prefix":"CN","digits":4}' rows={3} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/**
 * 填值规则 (component system/SysFillRuleList; contract §4.11): rules whose 规则实现 is one of the server's built-in
 * handlers; per row 编辑 | 功能测试 (testFillRule) | 删除, batch delete. Buttons follow fillRule:add/edit/delete/test.
 */
export default function SysFillRuleList() {
  const decide = useCan();
  const allowed = (code: string) => decide(code) === 'allow';
  const can = {
    add: allowed('fillRule:add'),
    edit: allowed('fillRule:edit'),
    delete: allowed('fillRule:delete'),
    test: allowed('fillRule:test'),
  };
  const { message, modal } = useFeedback();
  const [editor, setEditor] = useState<{ record: SysFillRule | null } | null>(null);
  const [classes, setClasses] = useState<RuleClassOption[]>([]);
  const list = useListPage<SysFillRule>({
    urls: { list: FILL_RULE_URLS.list, delete: FILL_RULE_URLS.delete, deleteBatch: FILL_RULE_URLS.deleteBatch },
  });
  const { selectedRowKeys, clearSelection, reload } = list;

  useEffect(() => {
    fillRuleClasses()
      .then((res) => res.success && setClasses(res.result ?? []))
      .catch(() => {});
  }, []);
  const className = (key: string | null) => classes.find((c) => c.value === key)?.text ?? key;

  const runTest = async (r: SysFillRule) => {
    const hide = message.loading('生成中...', 0);
    try {
      const res = await testFillRule(r.ruleCode);
      if (res.success) {
        const text = Array.isArray(res.result) ? res.result.join(' , ') : String(res.result ?? '');
        modal.info({
          title: '填值规则功能测试',
          content: (
            <span data-testid="fill-rule-test-result">
              生成结果：<Typography.Text strong>{text}</Typography.Text>
            </span>
          ),
          okText: '知道了',
        });
      } else {
        message.warning(res.message);
      }
    } catch {
      // shown by the http client
    } finally {
      hide();
    }
  };

  const columns: TableColumnsType<SysFillRule> = [
    { title: '#', key: 'rowIndex', width: 60, align: 'center', render: (_, __, i) => i + 1 },
    { title: '规则名称', dataIndex: 'ruleName', ellipsis: true, sorter: true },
    { title: '规则编码', dataIndex: 'ruleCode', ellipsis: true, sorter: true },
    { title: '规则实现', dataIndex: 'ruleClass', ellipsis: true, render: (v: string | null) => className(v) },
    { title: '规则参数', dataIndex: 'ruleParams', ellipsis: true },
    {
      title: '操作',
      key: 'action',
      align: 'center',
      width: 220,
      render: (_, r) => (
        <ActionLinks
          onEdit={can.edit ? () => setEditor({ record: r }) : undefined}
          actions={[
            { key: 'test', label: '功能测试', hidden: !can.test, onClick: () => void runTest(r) },
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
      <Table<SysFillRule> {...list.tableProps} columns={columns} data-testid="fill-rule-table" />
      <FillRuleModal editor={editor} classes={classes} onClose={() => setEditor(null)} onSaved={() => void reload()} />
    </ListCard>
  );
}
