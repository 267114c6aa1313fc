import { PlusOutlined } from '@ant-design/icons';
import {
  Badge,
  Button,
  Card,
  Drawer,
  Form,
  Input,
  InputNumber,
  Modal,
  Select,
  Switch,
  Table,
  type TableColumnsType,
} from 'antd';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import {
  checkDictItemValue,
  DICT_ITEM_URLS,
  type DictItemForm,
  type SysDictItem,
  saveDictItem,
} from '../../api/dict-admin';
import { ActionLinks, QueryForm, useListPage } from '../../components/list';
import { useCan } from '../../permission/useCan';
import { useFeedback } from '../../utils/feedback';

const like = (v: unknown) => (typeof v === 'string' && v.trim() ? `*${v.trim()}*` : undefined);

interface ItemFormValues {
  itemText: string;
  itemValue: string;
  description?: string;
  sortOrder?: number | null;
  status: boolean;
}

function DictItemModal({
  dictId,
  editor,
  onClose,
  onSaved,
}: {
  dictId: string;
  editor: { record: SysDictItem | null } | null;
  onClose: () => void;
  onSaved: () => void;
}) {
  const [form] = Form.useForm<ItemFormValues>();
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
            itemText: r.itemText,
            itemValue: r.itemValue,
            description: r.description ?? undefined,
            sortOrder: r.sortOrder,
            status: r.status === 1,
          }
        : { sortOrder: 1, status: true },
    );
  }, [editor, form]);

  const submit = async () => {
    const v = await form.validateFields();
    const body: DictItemForm = {
      itemText: v.itemText.trim(),
      itemValue: v.itemValue.trim(),
      description: v.description?.trim() || null,
      sortOrder: v.sortOrder ?? 0,
      status: v.status ? 1 : 0,
    };
    setSaving(true);
    try {
      const res = await saveDictItem(dictId, body, record?.id);
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
      <Form form={form} labelCol={{ span: 5 }} wrapperCol={{ span: 16 }} name="dictItem" data-testid="dict-item-form">
        <Form.Item label="名称" name="itemText" rules={[{ required: true, whitespace: true, message: '请输入名称!' }]}>
          <Input placeholder="请输入名称" maxLength={100} />
        </Form.Item>
        <Form.Item
          label="数据值"
          name="itemValue"
          validateDebounce={300}
          rules={[
            { required: true, whitespace: true, message: '请输入数据值!' },
            {
              validator: async (_, value: string) => {
                if (!value?.trim()) return;
                const r = await checkDictItemValue(dictId, value.trim(), record?.id);
                if (!r.free) throw new Error(r.message || '该值不可用，系统中已存在！');
              },
            },
          ]}
        >
          <Input placeholder="请输入数据值" maxLength={100} />
        </Form.Item>
        <Form.Item label="描述" name="description">
          <Input placeholder="请输入描述" maxLength={255} />
        </Form.Item>
        <Form.Item label="排序值" name="sortOrder" extra="值越小越靠前">
          <InputNumber min={-999999} max={999999} precision={0} style={{ width: '100%' }} />
        </Form.Item>
        <Form.Item label="是否启用" name="status" valuePropName="checked">
          <Switch checkedChildren="启用" unCheckedChildren="禁用" />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** The items of one dictionary: query 名称 / 状态, 新增, and per row 编辑 | 删除. */
export function DictItemPanel({ dictId }: { dictId: string }) {
  const decide = useCan();
  const canEdit = decide('dict:items') === 'allow';
  const [editor, setEditor] = useState<{ record: SysDictItem | null } | null>(null);
  const list = useListPage<SysDictItem>({
    urls: { list: DICT_ITEM_URLS.list, delete: DICT_ITEM_URLS.delete, deleteBatch: DICT_ITEM_URLS.deleteBatch },
    fixedParams: { dictId },
    defaultSort: { column: 'sortOrder', order: 'asc' },
    selectable: false,
  });

  const columns: TableColumnsType<SysDictItem> = [
    { title: '名称', dataIndex: 'itemText', ellipsis: true },
    { title: '数据值', dataIndex: 'itemValue', ellipsis: true },
    { title: '排序值', dataIndex: 'sortOrder', width: 80, align: 'center' },
    {
      title: '状态',
      dataIndex: 'status',
      width: 90,
      align: 'center',
      render: (s: number, r) => (
        <Badge status={s === 1 ? 'success' : 'default'} text={r.status_dictText ?? (s === 1 ? '启用' : '不启用')} />
      ),
    },
    {
      title: '操作',
      key: 'action',
      width: 120,
      align: 'center',
      render: (_, r) =>
        canEdit ? (
          <ActionLinks
            onEdit={() => setEditor({ record: r })}
            actions={[
              { key: 'delete', label: '删除', confirm: '确定删除吗?', onClick: () => void list.handleDelete(r.id) },
            ]}
          />
        ) : null,
    },
  ];

  return (
    <div data-testid="dict-item-panel">
      <QueryForm
        onSearch={(v) => list.search({ itemText: like(v.itemText), status: v.status })}
        onReset={() => list.reset()}
        visibleCount={2}
      >
        <Form.Item label="名称" name="itemText">
          <Input placeholder="请输入名称" allowClear />
        </Form.Item>
        <Form.Item label="状态" name="status">
          <Select
            placeholder="请选择"
            allowClear
            options={[
              { value: 1, label: '启用' },
              { value: 0, label: '不启用' },
            ]}
          />
        </Form.Item>
      </QueryForm>
      {canEdit && (
        <div style={{ marginBottom: 16 }}>
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditor({ record: null })}>
            新增
          </Button>
        </div>
      )}
      <Table<SysDictItem> {...list.tableProps} columns={columns} data-testid="dict-item-table" />
      <DictItemModal
        dictId={dictId}
        editor={editor}
        onClose={() => setEditor(null)}
        onSaved={() => void list.reload()}
      />
    </div>
  );
}

export interface DictItemDrawerProps {
  dict: { id: string; dictName: string; dictCode: string } | null;
  onClose: () => void;
}

/** 字典配置: the drawer of the dictionary list. */
export function DictItemDrawer({ dict, onClose }: DictItemDrawerProps) {
  return (
    <Drawer
      title={dict ? `字典列表 — ${dict.dictName}（${dict.dictCode}）` : '字典列表'}
      open={!!dict}
      size={760}
      onClose={onClose}
      destroyOnHidden
    >
      {dict && <DictItemPanel dictId={dict.id} />}
    </Drawer>
  );
}

/** Route page of the hidden menu system/DictItemList (`?dictId=…`). */
export default function DictItemList() {
  const [params] = useSearchParams();
  const dictId = params.get('dictId') ?? '';
  return (
    <Card variant="borderless" title="字典列表">
      {dictId ? <DictItemPanel dictId={dictId} /> : <span>请从数据字典列表中选择一个字典进行配置</span>}
    </Card>
  );
}
