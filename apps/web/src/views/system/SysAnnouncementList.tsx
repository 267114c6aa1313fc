import { DeleteOutlined, DownOutlined, ExportOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Dropdown, Form, Input, Table, type TableColumnsType, Tag, Tooltip } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import {
  ANNOUNCEMENT_URLS,
  releaseAnnouncement,
  revokeAnnouncement,
  type SysAnnouncement,
} from '../../api/announcement';
import { PRIORITY_TAGS } from '../../components/HeaderNotice';
import { AnnouncementModal } from '../../components/HeaderNotice/AnnouncementModal';
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
import { AnnouncementFormModal } from './announcement/AnnouncementFormModal';

const like = (v: unknown) => (typeof v === 'string' && v.trim() ? `*${v.trim()}*` : undefined);

const STATUS_COLORS: Record<string, string> = { '0': 'default', '1': 'green', '2': 'volcano' };

/**
 * 系统通告 (component system/SysAnnouncementList; contract §4.8): query by 标题 / 消息类型; 新增, 导出, 导入, 批量删除;
 * per row 编辑 (drafts) | 更多 (发布, 撤销, 查看, 删除). Buttons follow announcement:add/edit/delete/release/revoke.
 */
export default function SysAnnouncementList() {
  const decide = useCan();
  const allowed = (code: string) => decide(code) === 'allow';
  const can = {
    add: allowed('announcement:add'),
    edit: allowed('announcement:edit'),
    delete: allowed('announcement:delete'),
    release: allowed('announcement:release'),
    revoke: allowed('announcement:revoke'),
  };
  const { message } = useFeedback();
  const navigate = useNavigate();
  const [editor, setEditor] = useState<{ record: SysAnnouncement | null } | null>(null);
  const [viewing, setViewing] = useState<SysAnnouncement | null>(null);
  const list = useListPage<SysAnnouncement>({
    urls: {
      list: ANNOUNCEMENT_URLS.list,
      delete: ANNOUNCEMENT_URLS.delete,
      deleteBatch: ANNOUNCEMENT_URLS.deleteBatch,
      exportXls: ANNOUNCEMENT_URLS.exportXls,
      importExcel: ANNOUNCEMENT_URLS.importExcel,
    },
  });
  const { selectedRowKeys, clearSelection, reload } = list;

  const act = async (call: () => Promise<{ success: boolean; message: string }>) => {
    try {
      const res = await call();
      if (res.success) message.success(res.message);
      else message.warning(res.message);
    } catch {
      // shown by the http client
    }
    void reload();
  };

  const columns: TableColumnsType<SysAnnouncement> = [
    { title: '#', key: 'rowIndex', width: 50, align: 'center', render: (_, __, i) => i + 1 },
    { title: '标题', dataIndex: 'titile', align: 'center', ellipsis: true, sorter: true },
    { title: '消息类型', dataIndex: 'msgCategory_dictText', align: 'center', width: 90 },
    {
      title: '发布人',
      dataIndex: 'sender',
      align: 'center',
      width: 90,
      render: (v: string | null, r) => r.sender_dictText || v || '',
    },
    {
      title: '优先级',
      dataIndex: 'priority',
      align: 'center',
      width: 80,
      sorter: true,
      render: (v: string, r) => {
        const tag = PRIORITY_TAGS[v];
        return tag ? <Tag color={tag.color}>{r.priority_dictText || v}</Tag> : (r.priority_dictText ?? v);
      },
    },
    { title: '通告对象', dataIndex: 'msgType_dictText', align: 'center', width: 90 },
    {
      title: '发布状态',
      dataIndex: 'sendStatus',
      align: 'center',
      width: 90,
      sorter: true,
      render: (v: string, r) => (
        <Tooltip title={v === '2' && r.cancelTime ? `撤销时间：${r.cancelTime}` : undefined}>
          <Tag color={STATUS_COLORS[v] ?? 'default'}>{r.sendStatus_dictText || v}</Tag>
        </Tooltip>
      ),
    },
    { title: '发布时间', dataIndex: 'sendTime', align: 'center', width: 165, sorter: true },
    {
      title: '操作',
      key: 'action',
      align: 'center',
      width: 140,
      render: (_, r) => (
        <ActionLinks
          onEdit={can.edit && r.sendStatus !== '1' ? () => setEditor({ record: r }) : undefined}
          actions={
            can.edit && r.sendStatus !== '1' ? [] : [{ key: 'view', label: '查看', onClick: () => setViewing(r) }]
          }
          more={[
            {
              key: 'release',
              label: '发布',
              hidden: !can.release || r.sendStatus === '1',
              confirm: '确定要发布吗?',
              onClick: () => void act(() => releaseAnnouncement(r.id)),
            },
            {
              key: 'revoke',
              label: '撤销',
              hidden: !can.revoke || r.sendStatus !== '1',
              confirm: '确定要撤销吗?',
              onClick: () => void act(() => revokeAnnouncement(r.id)),
            },
            {
              key: 'view',
              label: '查看',
              hidden: !(can.edit && r.sendStatus !== '1'),
              onClick: () => setViewing(r),
            },
          ]}
          onDelete={can.delete && r.sendStatus !== '1' ? () => void list.handleDelete(r.id) : undefined}
        />
      ),
    },
  ];

  return (
    <ListCard
      query={
        <QueryForm onSearch={(v) => list.search({ ...v, titile: like(v.titile) })} onReset={() => list.reset()}>
          <Form.Item label="标题" name="titile">
            <Input placeholder="请输入标题" allowClear />
          </Form.Item>
          <Form.Item label="消息类型" name="msgCategory">
            <JDictSelectTag dictCode="msg_category" placeholder="请选择消息类型" />
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
          <Button icon={<ExportOutlined />} loading={list.exporting} onClick={() => void list.exportXls('系统通告')}>
            导出
          </Button>
          {can.add && <ImportExcelButton url={list.importUrl} onDone={() => void reload()} />}
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
      <Table<SysAnnouncement>
        {...list.tableProps}
        columns={columns}
        scroll={{ x: 1000 }}
        data-testid="announcement-table"
      />
      <AnnouncementFormModal editor={editor} onClose={() => setEditor(null)} onSaved={() => void reload()} />
      <AnnouncementModal
        record={viewing}
        onClose={() => setViewing(null)}
        onHandle={(r) => {
          if (r.openPage) navigate(r.openPage);
        }}
      />
    </ListCard>
  );
}
