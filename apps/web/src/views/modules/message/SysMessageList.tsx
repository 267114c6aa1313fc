import { DeleteOutlined, DownOutlined, ExportOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Dropdown, Form, Input, Modal, Select, Table, type TableColumnsType, Tag, Tooltip } from 'antd';
import { useEffect, useState } from 'react';
import {
  CHANNEL_OPTIONS,
  MESSAGE_URLS,
  type MessageForm,
  RECEIVER_HINT,
  resendMessage,
  type SysMessage,
  saveMessage,
} from '../../../api/message';
import { JDictSelectTag } from '../../../components/JDictSelectTag';
import { ActionLinks, ListCard, QueryForm, SelectionAlert, useListPage } from '../../../components/list';
import { useCan } from '../../../permission/useCan';
import { useFeedback } from '../../../utils/feedback';
import { jsonObjectError, plainText } from './json-data';

const like = (v: unknown) => (typeof v === 'string' && v.trim() ? `*${v.trim()}*` : undefined);

const STATUS_COLORS: Record<string, string> = { '0': 'default', '1': 'green', '2': 'red' };

function MessageModal({
  editor,
  onClose,
  onSaved,
}: {
  editor: { record: SysMessage | null } | null;
  onClose: () => void;
  onSaved: () => void;
}) {
  const [form] = Form.useForm<MessageForm>();
  const { message } = useFeedback();
  const [saving, setSaving] = useState(false);
  const record = editor?.record ?? null;
  const esType = Form.useWatch('esType', form);

  useEffect(() => {
    if (!editor) return;
    form.resetFields();
    const r = editor.record;
    if (r) {
      form.setFieldsValue({
        esTitle: r.esTitle ?? '',
        esType: r.esType ?? '3',
        esReceiver: r.esReceiver ?? '',
        esContent: r.esContent ?? '',
        esParam: r.esParam ?? undefined,
        remark: r.remark ?? undefined,
      });
    } else {
      form.setFieldsValue({ esType: '3' });
    }
  }, [editor, form]);

  const submit = async () => {
    const values = await form.validateFields();
    setSaving(true);
    try {
      const res = await saveMessage(values, record?.id);
      if (res.success) {
        if (/失败/.test(res.message)) message.warning(res.message);
        else message.success(res.message);
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
      okText={record ? '确定' : '保存并发送'}
      cancelText="关闭"
      destroyOnHidden
    >
      <Form form={form} labelCol={{ span: 5 }} wrapperCol={{ span: 16 }} name="message" data-testid="message-form">
        <Form.Item
          label="消息标题"
          name="esTitle"
          rules={[{ required: true, whitespace: true, message: '请输入消息标题' }]}
        >
          <Input placeholder="请输入消息标题" maxLength={100} />
        </Form.Item>
        <Form.Item label="发送方式" name="esType" rules={[{ required: true, message: '请选择发送方式' }]}>
          <Select options={CHANNEL_OPTIONS} placeholder="请选择发送方式" />
        </Form.Item>
        <Form.Item
          label="接收人"
          name="esReceiver"
          rules={[{ required: true, whitespace: true, message: '请输入接收人' }]}
        >
          <Input placeholder={RECEIVER_HINT[esType] ?? '请输入接收人'} maxLength={50} />
        </Form.Item>
        <Form.Item
          label="发送内容"
          name="esContent"
          rules={[{ required: true, whitespace: true, message: '请输入发送内容' }]}
        >
          <Input.TextArea placeholder="请输入发送内容" autoSize={{ minRows: 4, maxRows: 10 }} />
        </Form.Item>
        <Form.Item
          label="发送所需参数"
          name="esParam"
          rules={[
            {
              validator: async (_, v: string) => {
                const err = jsonObjectError(v);
                if (err) throw new Error(err);
              },
            },
          ]}
        >
          <Input.TextArea placeholder='JSON 对象，例如 {"name":"张三"}（可选）' autoSize={{ minRows: 2, maxRows: 4 }} />
        </Form.Item>
        <Form.Item label="备注" name="remark">
          <Input.TextArea placeholder="请输入备注" maxLength={500} autoSize={{ minRows: 2, maxRows: 4 }} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/**
 * 消息管理 (component modules/message/SysMessageList): messages sent by SMS, e-mail or as system messages, with their
 * send status, count and result; query by 消息标题 / 发送方式 / 发送状态; 新增 (saves and sends), 导出, 批量删除; per row
 * 编辑 | 更多 (重新发送, 删除). Buttons follow message:add/edit/delete/deleteBatch.
 */
export default function SysMessageList() {
  const decide = useCan();
  const allowed = (code: string) => decide(code) === 'allow';
  const can = {
    add: allowed('message:add'),
    edit: allowed('message:edit'),
    delete: allowed('message:delete'),
    deleteBatch: allowed('message:deleteBatch') || allowed('message:delete'),
  };
  const { message } = useFeedback();
  const [editor, setEditor] = useState<{ record: SysMessage | null } | null>(null);
  const list = useListPage<SysMessage>({
    urls: {
      list: MESSAGE_URLS.list,
      delete: MESSAGE_URLS.delete,
      deleteBatch: MESSAGE_URLS.deleteBatch,
      exportXls: MESSAGE_URLS.exportXls,
    },
  });
  const { selectedRowKeys, clearSelection, reload } = list;

  const resend = async (id: string) => {
    try {
      const res = await resendMessage(id);
      if (res.success) message.success(res.message);
      else message.warning(res.message);
    } catch {
      // shown by the http client
    }
    void reload();
  };

  const columns: TableColumnsType<SysMessage> = [
    { title: '#', key: 'rowIndex', width: 50, align: 'center', render: (_, __, i) => i + 1 },
    { title: '消息标题', dataIndex: 'esTitle', align: 'center', width: 140, ellipsis: true, sorter: true },
    {
      title: '发送内容',
      dataIndex: 'esContent',
      ellipsis: { showTitle: false },
      render: (v: string | null) => {
        const text = plainText(v);
        return (
          <Tooltip title={text} placement="topLeft">
            <span>{text}</span>
          </Tooltip>
        );
      },
    },
    { title: '接收人', dataIndex: 'esReceiver', align: 'center', width: 130, ellipsis: true },
    { title: '发送方式', dataIndex: 'esType_dictText', align: 'center', width: 90, sorter: true },
    { title: '发送次数', dataIndex: 'esSendNum', align: 'center', width: 100, sorter: true },
    {
      title: '发送状态',
      dataIndex: 'esSendStatus',
      align: 'center',
      width: 90,
      sorter: true,
      render: (v: string, r) => <Tag color={STATUS_COLORS[v] ?? 'default'}>{r.esSendStatus_dictText || v}</Tag>,
    },
    { title: '发送时间', dataIndex: 'esSendTime', align: 'center', width: 165, sorter: true },
    { title: '发送结果', dataIndex: 'esResult', align: 'center', width: 140, ellipsis: true },
    {
      title: '操作',
      key: 'action',
      align: 'center',
      width: 160,
      fixed: 'right',
      render: (_, r) => (
        <ActionLinks
          onEdit={can.edit ? () => setEditor({ record: r }) : undefined}
          more={[
            {
              key: 'resend',
              label: r.esSendStatus === '0' ? '发送' : '重新发送',
              hidden: !can.edit,
              confirm: r.esSendStatus === '0' ? '确定要发送吗?' : '确定要重新发送吗?',
              onClick: () => void resend(r.id),
            },
          ]}
          onDelete={can.delete ? () => void list.handleDelete(r.id) : undefined}
        />
      ),
    },
  ];

  return (
    <ListCard
      query={
        <QueryForm onSearch={(v) => list.search({ ...v, esTitle: like(v.esTitle) })} onReset={() => list.reset()}>
          <Form.Item label="消息标题" name="esTitle">
            <Input placeholder="请输入消息标题" allowClear />
          </Form.Item>
          <Form.Item label="发送方式" name="esType">
            <JDictSelectTag dictCode="msgType" placeholder="请选择发送方式" />
          </Form.Item>
          <Form.Item label="发送状态" name="esSendStatus">
            <JDictSelectTag dictCode="msgSendStatus" placeholder="请选择发送状态" />
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
          <Button icon={<ExportOutlined />} loading={list.exporting} onClick={() => void list.exportXls('消息')}>
            导出
          </Button>
          {selectedRowKeys.length > 0 && can.deleteBatch && (
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
      <Table<SysMessage> {...list.tableProps} columns={columns} scroll={{ x: 1250 }} data-testid="message-table" />
      <MessageModal editor={editor} onClose={() => setEditor(null)} onSaved={() => void reload()} />
    </ListCard>
  );
}
