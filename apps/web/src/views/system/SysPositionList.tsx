import { DeleteOutlined, DownOutlined, ExportOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Dropdown, Form, Input, Modal, Table, type TableColumnsType } from 'antd';
import { useEffect, useState } from 'react';
import {
  isPositionCodeFree,
  POSITION_URLS,
  type PositionForm,
  type SysPosition,
  savePosition,
} from '../../api/position';
import { JDictSelectTag } from '../../components/JDictSelectTag';
import {
  ActionLinks,
  ImportExcelButton,
  ListCard,
  QueryForm,
  SelectionAlert,
  useListPage,
} from '../../components/list';
import { useCan } from '../../permission/useCan';
import { useFeedback } from '../../utils/feedback';

/** `*x*` (LIKE) for free-text query fields */
const like = (v: unknown) => (typeof v === 'string' && v.trim() ? `*${v.trim()}*` : undefined);

interface EditorState {
  record: SysPosition | null;
}

function PositionModal({
  editor,
  onClose,
  onSaved,
}: {
  editor: EditorState | null;
  onClose: () => void;
  onSaved: () => void;
}) {
  const [form] = Form.useForm<PositionForm>();
  const { message } = useFeedback();
  const [saving, setSaving] = useState(false);
  const record = editor?.record ?? null;

  useEffect(() => {
    if (!editor) return;
    form.resetFields();
    if (editor.record) {
      form.setFieldsValue({
        code: editor.record.code,
        name: editor.record.name,
        postRank: editor.record.postRank ?? undefined,
      });
    }
  }, [editor, form]);

  const submit = async () => {
    const values = await form.validateFields();
    setSaving(true);
    try {
      const res = await savePosition(values, record?.id);
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
      <Form
        form={form}
        name="positionForm"
        labelCol={{ span: 5 }}
        wrapperCol={{ span: 16 }}
        data-testid="position-form"
      >
        <Form.Item
          label="职务编码"
          name="code"
          validateDebounce={300}
          rules={[
            { required: true, message: '请输入职务编码' },
            { pattern: /^[A-Za-z0-9_-]+$/, message: '职务编码只能包含字母、数字、下划线和横线' },
            {
              validator: async (_, value: string) => {
                if (!value) return;
                const r = await isPositionCodeFree(value, record?.id);
                if (!r.free) throw new Error(r.message || '该值不可用，系统中已存在！');
              },
            },
          ]}
        >
          <Input placeholder="请输入职务编码" maxLength={100} />
        </Form.Item>
        <Form.Item label="职务名称" name="name" rules={[{ required: true, message: '请输入职务名称' }]}>
          <Input placeholder="请输入职务名称" maxLength={100} />
        </Form.Item>
        <Form.Item label="职级" name="postRank" rules={[{ required: true, message: '请选择职级' }]}>
          <JDictSelectTag dictCode="position_rank" placeholder="请选择职级" />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/**
 * 职务管理 (component system/SysPositionList; contract §4.11): query by name / code / rank, 新增, 导出, 导入, batch
 * delete, per row 编辑 | 更多 (删除). Buttons follow position:add/edit/delete/deleteBatch/import/export.
 */
export default function SysPositionList() {
  const decide = useCan();
  const allowed = (code: string) => decide(code) === 'allow';
  const can = {
    add: allowed('position:add'),
    edit: allowed('position:edit'),
    delete: allowed('position:delete'),
    deleteBatch: allowed('position:deleteBatch'),
    import: allowed('position:import'),
    export: allowed('position:export'),
  };
  const [editor, setEditor] = useState<EditorState | null>(null);
  const list = useListPage<SysPosition>({
    urls: {
      list: POSITION_URLS.list,
      delete: POSITION_URLS.delete,
      deleteBatch: POSITION_URLS.deleteBatch,
      exportXls: POSITION_URLS.exportXls,
      importExcel: POSITION_URLS.importExcel,
    },
  });
  const { selectedRowKeys, clearSelection, reload } = list;

  const columns: TableColumnsType<SysPosition> = [
    { title: '#', key: 'rowIndex', width: 60, align: 'center', render: (_, __, i) => i + 1 },
    { title: '职务编码', dataIndex: 'code', align: 'center', sorter: true },
    { title: '职务名称', dataIndex: 'name', align: 'center', sorter: true },
    { title: '职级', dataIndex: 'postRank_dictText', align: 'center', sorter: true },
    { title: '创建时间', dataIndex: 'createTime', align: 'center', width: 170, sorter: true },
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
        <QueryForm
          onSearch={(v) => list.search({ ...v, name: like(v.name), code: like(v.code) })}
          onReset={() => list.reset()}
        >
          <Form.Item label="职务名称" name="name">
            <Input placeholder="请输入职务名称" allowClear />
          </Form.Item>
          <Form.Item label="职务编码" name="code">
            <Input placeholder="请输入职务编码" allowClear />
          </Form.Item>
          <Form.Item label="职级" name="postRank">
            <JDictSelectTag dictCode="position_rank" placeholder="请选择职级" />
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
          {can.export && (
            <Button icon={<ExportOutlined />} loading={list.exporting} onClick={() => void list.exportXls('职务表')}>
              导出
            </Button>
          )}
          {can.import && <ImportExcelButton url={list.importUrl} onDone={() => void reload()} />}
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
      <Table<SysPosition> {...list.tableProps} columns={columns} data-testid="position-table" />
      <PositionModal editor={editor} onClose={() => setEditor(null)} onSaved={() => void reload()} />
    </ListCard>
  );
}
