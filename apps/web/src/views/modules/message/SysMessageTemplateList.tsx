import { DeleteOutlined, DownOutlined, ExportOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Dropdown, Form, Input, Modal, Select, Table, type TableColumnsType, Typography } from 'antd';
import { useEffect, useState } from 'react';
import {
  CHANNEL_OPTIONS,
  RECEIVER_HINT,
  type SysMessageTemplate,
  saveTemplate,
  sendTestMessage,
  TEMPLATE_URLS,
  type TemplateForm,
} from '../../../api/message';
import { JDictSelectTag } from '../../../components/JDictSelectTag';
import { ActionLinks, ListCard, QueryForm, SelectionAlert, useListPage } from '../../../components/list';
import { useCan } from '../../../permission/useCan';
import { useFeedback } from '../../../utils/feedback';
import { jsonObjectError } from './json-data';

const like = (v: unknown) => (typeof v === 'string' && v.trim() ? `*${v.trim()}*` : undefined);

const jsonRule = {
  validator: async (_: unknown, value: string) => {
    const err = jsonObjectError(value);
    if (err) throw new Error(err);
  },
};

function TemplateModal({
  editor,
  onClose,
  onSaved,
}: {
  editor: { record: SysMessageTemplate | null } | null;
  onClose: () => void;
  onSaved: () => void;
}) {
  const [form] = Form.useForm<TemplateForm>();
  const { message } = useFeedback();
  const [saving, setSaving] = useState(false);
  const record = editor?.record ?? null;

  useEffect(() => {
    if (!editor) return;
    form.resetFields();
    if (editor.record) {
      const r = editor.record;
      form.setFieldsValue({
        templateCode: r.templateCode,
        templateName: r.templateName ?? '',
        templateType: r.templateType,
        templateContent: r.templateContent,
        templateTestJson: r.templateTestJson ?? undefined,
      });
    }
  }, [editor, form]);

  const submit = async () => {
    const values = await form.validateFields();
    setSaving(true);
    try {
      const res = await saveTemplate(values, record?.id);
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
      <Form form={form} labelCol={{ span: 5 }} wrapperCol={{ span: 16 }} name="template" data-testid="template-form">
        <Form.Item
          label="模板CODE"
          name="templateCode"
          rules={[
            { required: true, whitespace: true, message: '请输入模板CODE' },
            { pattern: /^[A-Za-z0-9_-]+$/, message: '模板CODE只能包含字母、数字、下划线和中划线' },
          ]}
        >
          <Input placeholder="请输入模板CODE" maxLength={32} />
        </Form.Item>
        <Form.Item label="模板类型" name="templateType" rules={[{ required: true, message: '请选择模板类型' }]}>
          <Select placeholder="请选择模板类型" options={CHANNEL_OPTIONS} />
        </Form.Item>
        <Form.Item
          label="模板标题"
          name="templateName"
          rules={[{ required: true, whitespace: true, message: '请输入模板标题' }]}
        >
          <Input placeholder="请输入模板标题" maxLength={50} />
        </Form.Item>
        <Form.Item
          label="模板内容"
          name="templateContent"
          extra="用 ${变量名} 标记要替换的内容，例如 ${name}"
          rules={[{ required: true, whitespace: true, message: '请输入模板内容' }]}
        >
          <Input.TextArea
            placeholder="请输入模板内容"
            maxLength={1000}
            showCount
            autoSize={{ minRows: 5, maxRows: 10 }}
          />
        </Form.Item>
        <Form.Item label="测试数据" name="templateTestJson" rules={[jsonRule]}>
          <Input.TextArea
            placeholder='JSON 对象，例如 {"name":"张三"}'
            maxLength={1000}
            autoSize={{ minRows: 3, maxRows: 6 }}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}

interface SendTestValues {
  testData?: string;
  msgType: string;
  receiver: string;
}

/** 发送测试 (JeecgBoot SysMessageTestModal): the template filled with test data, sent to one receiver. */
export function SendTestModal({ template, onClose }: { template: SysMessageTemplate | null; onClose: () => void }) {
  const [form] = Form.useForm<SendTestValues>();
  const { message } = useFeedback();
  const [sending, setSending] = useState(false);
  const msgType = Form.useWatch('msgType', form);

  useEffect(() => {
    if (!template) return;
    form.resetFields();
    form.setFieldsValue({ testData: template.templateTestJson ?? '', msgType: template.templateType });
  }, [template, form]);

  const submit = async () => {
    if (!template) return;
    const v = await form.validateFields();
    setSending(true);
    try {
      const res = await sendTestMessage({
        templateCode: template.templateCode,
        testData: v.testData?.trim() || null,
        receiver: v.receiver.trim(),
        msgType: v.msgType,
      });
      if (res.success) {
        message.success(res.message || '消息发送成功！');
        onClose();
      } else {
        message.warning(res.message);
      }
    } catch {
      // shown by the http client
    } finally {
      setSending(false);
    }
  };

  return (
    <Modal
      title="发送测试"
      open={!!template}
      width={800}
      onOk={() => void submit()}
      onCancel={onClose}
      confirmLoading={sending}
      okText="发送"
      cancelText="关闭"
      destroyOnHidden
    >
      {template && (
        <Form form={form} labelCol={{ span: 5 }} wrapperCol={{ span: 16 }} name="sendTest" data-testid="send-test-form">
          <Form.Item label="模板标题">
            <Input value={template.templateName ?? ''} disabled />
          </Form.Item>
          <Form.Item label="模板内容">
            <Input.TextArea value={template.templateContent} disabled autoSize={{ minRows: 3, maxRows: 8 }} />
          </Form.Item>
          <Form.Item label="测试数据" name="testData" rules={[jsonRule]}>
            <Input.TextArea placeholder='JSON 对象，例如 {"name":"张三"}' autoSize={{ minRows: 3, maxRows: 6 }} />
          </Form.Item>
          <Form.Item label="消息类型" name="msgType" rules={[{ required: true, message: '请选择消息类型' }]}>
            <Select options={CHANNEL_OPTIONS} placeholder="请选择消息类型" />
          </Form.Item>
          <Form.Item
            label="消息接收方"
            name="receiver"
            rules={[{ required: true, whitespace: true, message: '请输入消息接收方' }]}
          >
            <Input placeholder={RECEIVER_HINT[msgType] ?? '请输入消息接收方'} maxLength={50} />
          </Form.Item>
        </Form>
      )}
    </Modal>
  );
}

/**
 * 模板管理 (component modules/message/SysMessageTemplateList): query by 模板CODE / 模板标题 / 模板类型; 新增, 导出,
 * 批量删除; per row 编辑 | 更多 (发送测试, 删除). Buttons follow msgTemplate:add/edit/delete/test.
 */
export default function SysMessageTemplateList() {
  const decide = useCan();
  const allowed = (code: string) => decide(code) === 'allow';
  const can = {
    add: allowed('msgTemplate:add'),
    edit: allowed('msgTemplate:edit'),
    delete: allowed('msgTemplate:delete'),
    test: allowed('msgTemplate:test'),
  };
  const [editor, setEditor] = useState<{ record: SysMessageTemplate | null } | null>(null);
  const [testing, setTesting] = useState<SysMessageTemplate | null>(null);
  const list = useListPage<SysMessageTemplate>({
    urls: {
      list: TEMPLATE_URLS.list,
      delete: TEMPLATE_URLS.delete,
      deleteBatch: TEMPLATE_URLS.deleteBatch,
      exportXls: TEMPLATE_URLS.exportXls,
    },
  });
  const { selectedRowKeys, clearSelection, reload } = list;

  const columns: TableColumnsType<SysMessageTemplate> = [
    { title: '#', key: 'rowIndex', width: 60, align: 'center', render: (_, __, i) => i + 1 },
    { title: '模板CODE', dataIndex: 'templateCode', align: 'center', width: 150, sorter: true },
    { title: '模板标题', dataIndex: 'templateName', align: 'center', width: 160, sorter: true },
    {
      title: '模板内容',
      dataIndex: 'templateContent',
      align: 'left',
      render: (v: string) => (
        <Typography.Text ellipsis={{ tooltip: v }} style={{ maxWidth: 420 }}>
          {v}
        </Typography.Text>
      ),
    },
    { title: '模板类型', dataIndex: 'templateType_dictText', align: 'center', width: 100, sorter: true },
    {
      title: '操作',
      key: 'action',
      align: 'center',
      width: 160,
      render: (_, r) => (
        <ActionLinks
          onEdit={can.edit ? () => setEditor({ record: r }) : undefined}
          more={[{ key: 'test', label: '发送测试', hidden: !can.test, onClick: () => setTesting(r) }]}
          onDelete={can.delete ? () => void list.handleDelete(r.id) : undefined}
        />
      ),
    },
  ];

  return (
    <ListCard
      query={
        <QueryForm
          onSearch={(v) =>
            list.search({ ...v, templateCode: like(v.templateCode), templateName: like(v.templateName) })
          }
          onReset={() => list.reset()}
        >
          <Form.Item label="模板CODE" name="templateCode">
            <Input placeholder="请输入模板CODE" allowClear />
          </Form.Item>
          <Form.Item label="模板标题" name="templateName">
            <Input placeholder="请输入模板标题" allowClear />
          </Form.Item>
          <Form.Item label="模板类型" name="templateType">
            <JDictSelectTag dictCode="msgType" placeholder="请选择模板类型" />
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
          <Button icon={<ExportOutlined />} loading={list.exporting} onClick={() => void list.exportXls('消息模板')}>
            导出
          </Button>
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
      <Table<SysMessageTemplate> {...list.tableProps} columns={columns} data-testid="template-table" />
      <TemplateModal editor={editor} onClose={() => setEditor(null)} onSaved={() => void reload()} />
      <SendTestModal template={testing} onClose={() => setTesting(null)} />
    </ListCard>
  );
}
