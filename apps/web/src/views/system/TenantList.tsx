import { DeleteOutlined, DownOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, DatePicker, Dropdown, Form, Input, InputNumber, Modal, Table, type TableColumnsType } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useEffect, useState } from 'react';
import { type SysTenant, saveTenant, TENANT_URLS } from '../../api/tenant';
import { JDictSelectTag } from '../../components/JDictSelectTag';
import { ActionLinks, ListCard, QueryForm, SelectionAlert, useListPage } from '../../components/list';
import { useCan } from '../../permission/useCan';
import { useFeedback } from '../../utils/feedback';

const FMT = 'YYYY-MM-DD HH:mm:ss';
const like = (v: unknown) => (typeof v === 'string' && v.trim() ? `*${v.trim()}*` : undefined);

interface TenantFormValues {
  id: number;
  name: string;
  beginDate?: Dayjs | null;
  endDate?: Dayjs | null;
  status: string;
}

function TenantModal({
  editor,
  onClose,
  onSaved,
}: {
  editor: { record: SysTenant | null } | null;
  onClose: () => void;
  onSaved: () => void;
}) {
  const [form] = Form.useForm<TenantFormValues>();
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
            id: r.id,
            name: r.name,
            beginDate: r.beginDate ? dayjs(r.beginDate) : null,
            endDate: r.endDate ? dayjs(r.endDate) : null,
            status: String(r.status),
          }
        : { status: '1' },
    );
  }, [editor, form]);

  const submit = async () => {
    const v = await form.validateFields();
    setSaving(true);
    try {
      const res = await saveTenant(
        {
          id: v.id,
          name: v.name,
          beginDate: v.beginDate ? v.beginDate.format(FMT) : null,
          endDate: v.endDate ? v.endDate.format(FMT) : null,
          status: Number(v.status ?? 1),
        },
        !!record,
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
      <Form form={form} name="tenantForm" labelCol={{ span: 5 }} wrapperCol={{ span: 16 }} data-testid="tenant-form">
        <Form.Item
          label="租户编号"
          name="id"
          rules={[
            { required: true, message: '请输入租户编号' },
            { type: 'integer', min: 1, max: 2147483647, message: '租户编号必须是正整数' },
          ]}
        >
          <InputNumber placeholder="请输入租户编号" disabled={!!record} precision={0} style={{ width: '100%' }} />
        </Form.Item>
        <Form.Item label="租户名称" name="name" rules={[{ required: true, message: '请输入租户名称' }]}>
          <Input placeholder="请输入租户名称" maxLength={100} />
        </Form.Item>
        <Form.Item label="开始时间" name="beginDate">
          <DatePicker showTime format={FMT} placeholder="请选择开始时间" style={{ width: '100%' }} />
        </Form.Item>
        <Form.Item
          label="结束时间"
          name="endDate"
          dependencies={['beginDate']}
          rules={[
            ({ getFieldValue }) => ({
              validator: async (_, value: Dayjs | null) => {
                const begin = getFieldValue('beginDate') as Dayjs | null;
                if (value && begin && value.isBefore(begin)) throw new Error('结束时间不能早于开始时间');
              },
            }),
          ]}
        >
          <DatePicker showTime format={FMT} placeholder="请选择结束时间" style={{ width: '100%' }} />
        </Form.Item>
        <Form.Item label="状态" name="status">
          <JDictSelectTag dictCode="tenant_status" type="radio" />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/**
 * 租户管理 (component system/TenantList; contract §4.11): tenants with a chosen numeric id. A tenant listed in any
 * user's tenants cannot be deleted (the server answers 该租户已被引用，无法删除！).
 */
export default function TenantList() {
  const decide = useCan();
  const allowed = (code: string) => decide(code) === 'allow';
  const can = {
    add: allowed('tenant:add'),
    edit: allowed('tenant:edit'),
    delete: allowed('tenant:delete'),
    deleteBatch: allowed('tenant:deleteBatch'),
  };
  const [editor, setEditor] = useState<{ record: SysTenant | null } | null>(null);
  const list = useListPage<SysTenant>({
    urls: { list: TENANT_URLS.list, delete: TENANT_URLS.delete, deleteBatch: TENANT_URLS.deleteBatch },
  });
  const { selectedRowKeys, clearSelection, reload } = list;

  const columns: TableColumnsType<SysTenant> = [
    { title: '租户编号', dataIndex: 'id', align: 'center', width: 110, sorter: true },
    { title: '租户名称', dataIndex: 'name', align: 'center', sorter: true },
    { title: '开始时间', dataIndex: 'beginDate', align: 'center', width: 170, sorter: true },
    { title: '结束时间', dataIndex: 'endDate', align: 'center', width: 170, sorter: true },
    { title: '状态', dataIndex: 'status_dictText', align: 'center', width: 90 },
    {
      title: '操作',
      key: 'action',
      align: 'center',
      width: 147,
      render: (_, r) => (
        <ActionLinks
          onEdit={can.edit ? () => setEditor({ record: r }) : undefined}
          onDelete={can.delete ? () => void list.handleDelete(r.id) : undefined}
        />
      ),
    },
  ];

  return (
    <ListCard
      query={
        <QueryForm onSearch={(v) => list.search({ ...v, name: like(v.name) })} onReset={() => list.reset()}>
          <Form.Item label="租户名称" name="name">
            <Input placeholder="请输入租户名称" allowClear />
          </Form.Item>
          <Form.Item label="状态" name="status">
            <JDictSelectTag dictCode="tenant_status" placeholder="请选择状态" />
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
      <Table<SysTenant> {...list.tableProps} columns={columns} data-testid="tenant-table" />
      <TenantModal editor={editor} onClose={() => setEditor(null)} onSaved={() => void reload()} />
    </ListCard>
  );
}
