import {
  DeleteOutlined,
  DownOutlined,
  ExportOutlined,
  HddOutlined,
  PlusOutlined,
  SyncOutlined,
} from '@ant-design/icons';
import { Button, Dropdown, Form, Input, Table, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { refreshDictCache } from '../../api/dict';
import { DICT_URLS, type SysDict } from '../../api/dict-admin';
import {
  ActionLinks,
  ImportExcelButton,
  ListCard,
  QueryForm,
  SelectionAlert,
  useListPage,
} from '../../components/list';
import { useCan } from '../../permission/useCan';
import { DictItemDrawer } from './DictItemList';
import { type DictEditorState, DictModal } from './dict/dict-modal';
import { DictRecycleBin } from './dict/recycle-bin';

const like = (v: unknown) => (typeof v === 'string' && v.trim() ? `*${v.trim()}*` : undefined);

/**
 * 数据字典 (component system/DictList; contract §4.5): query 字典名称 / 字典编号, 添加, 导出, 导入, 刷新缓存, 回收站,
 * batch delete; per row 编辑 | 字典配置 (the item drawer) | 删除. Buttons follow dict:add/edit/delete/items/refresh/
 * recycle/import/export.
 */
export default function DictList() {
  const decide = useCan();
  const allowed = (code: string) => decide(code) === 'allow';
  const can = {
    add: allowed('dict:add'),
    edit: allowed('dict:edit'),
    delete: allowed('dict:delete'),
    items: allowed('dict:items'),
    refresh: allowed('dict:refresh'),
    recycle: allowed('dict:recycle'),
    import: allowed('dict:import'),
    export: allowed('dict:export'),
  };
  const [editor, setEditor] = useState<DictEditorState | null>(null);
  const [itemsOf, setItemsOf] = useState<SysDict | null>(null);
  const [binOpen, setBinOpen] = useState(false);
  const [refreshing, setRefreshing] = useState(false);
  const list = useListPage<SysDict>({
    urls: {
      list: DICT_URLS.list,
      delete: DICT_URLS.delete,
      deleteBatch: DICT_URLS.deleteBatch,
      exportXls: DICT_URLS.exportXls,
      importExcel: DICT_URLS.importExcel,
    },
  });
  const { selectedRowKeys, clearSelection, reload } = list;

  const refresh = async () => {
    setRefreshing(true);
    try {
      await refreshDictCache();
    } finally {
      setRefreshing(false);
    }
  };

  const columns: TableColumnsType<SysDict> = [
    { title: '#', key: 'rowIndex', width: 60, align: 'center', render: (_, __, i) => i + 1 },
    { title: '字典名称', dataIndex: 'dictName', align: 'left', ellipsis: true, sorter: true },
    { title: '字典编号', dataIndex: 'dictCode', align: 'left', ellipsis: true, sorter: true },
    { title: '描述', dataIndex: 'description', align: 'left', ellipsis: true },
    {
      title: '操作',
      key: 'action',
      align: 'center',
      width: 200,
      render: (_, r) => (
        <ActionLinks
          onEdit={can.edit ? () => setEditor({ record: r }) : undefined}
          actions={[
            { key: 'items', label: '字典配置', hidden: !can.items, onClick: () => setItemsOf(r) },
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
          onSearch={(v) => list.search({ dictName: like(v.dictName), dictCode: like(v.dictCode) })}
          onReset={() => list.reset()}
        >
          <Form.Item label="字典名称" name="dictName">
            <Input placeholder="请输入字典名称" allowClear />
          </Form.Item>
          <Form.Item label="字典编号" name="dictCode">
            <Input placeholder="请输入字典编号" allowClear />
          </Form.Item>
        </QueryForm>
      }
      toolbar={
        <>
          {can.add && (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditor({ record: null })}>
              添加
            </Button>
          )}
          {can.export && (
            <Button icon={<ExportOutlined />} loading={list.exporting} onClick={() => void list.exportXls('数据字典')}>
              导出
            </Button>
          )}
          {can.import && <ImportExcelButton url={list.importUrl} onDone={() => void reload()} />}
          {can.refresh && (
            <Button icon={<SyncOutlined />} loading={refreshing} onClick={() => void refresh()}>
              刷新缓存
            </Button>
          )}
          {can.recycle && (
            <Button icon={<HddOutlined />} onClick={() => setBinOpen(true)}>
              回收站
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
      <Table<SysDict> {...list.tableProps} columns={columns} data-testid="dict-table" />
      <DictModal editor={editor} onClose={() => setEditor(null)} onSaved={() => void reload()} />
      <DictItemDrawer dict={itemsOf} onClose={() => setItemsOf(null)} />
      <DictRecycleBin open={binOpen} onClose={() => setBinOpen(false)} onRestored={() => void reload()} />
    </ListCard>
  );
}
