import { CheckOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { Badge, Button, Form, Input, Popconfirm, Select, Table, type TableColumnsType, Tag } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { ANNOUNCEMENT_URLS, type MyAnnouncement, readAllAnnouncements, syncNotice } from '../../api/announcement';
import { markNoticeRead, type NoticeRecord, noticeKeys } from '../../api/header';
import { PRIORITY_TAGS } from '../../components/HeaderNotice';
import { AnnouncementModal } from '../../components/HeaderNotice/AnnouncementModal';
import { ActionLinks, ListCard, QueryForm, useListPage } from '../../components/list';
import { DynamicNoticeModal } from '../../layouts/DynamicNoticeModal';
import { useFeedback } from '../../utils/feedback';

/** the announcement a row of my announcements stands for (the viewers work on announcements, not read rows) */
export function asNotice(r: MyAnnouncement): NoticeRecord {
  return {
    id: r.anntId,
    titile: r.titile,
    msgContent: r.msgContent,
    sender: r.sender,
    sendTime: r.sendTime,
    createTime: r.createTime,
    priority: r.priority,
    openType: r.openType,
    openPage: r.openPage,
    busId: r.busId,
    busType: r.busType,
    msgCategory: r.msgCategory,
    msgAbstract: r.msgAbstract,
  };
}

/**
 * 我的消息 (route /isps/userAnnouncement, component system/UserAnnouncementList; contract §4.8): the signed-in user's
 * published announcements, unread first; query by 标题 / 发布人 / 状态; 查看 opens 通知消息 (or the dynamic notice
 * dialog for component notices) and marks it read; 标记已读; 全部标记已读.
 */
export default function UserAnnouncementList() {
  const { message } = useFeedback();
  const navigate = useNavigate();
  const qc = useQueryClient();
  const [viewing, setViewing] = useState<NoticeRecord | null>(null);
  const [dynamic, setDynamic] = useState<NoticeRecord | null>(null);
  const list = useListPage<MyAnnouncement>({ urls: { list: ANNOUNCEMENT_URLS.myList }, selectable: false });

  const refreshBell = (anntId?: string) => {
    void qc.invalidateQueries({ queryKey: noticeKeys.list });
    // the bell of this user's other tabs
    void syncNotice(anntId).catch(() => undefined);
  };

  const markRead = async (r: MyAnnouncement) => {
    if (r.readFlag === '1') return;
    try {
      await markNoticeRead(r.anntId);
    } catch {
      return;
    }
    refreshBell(r.anntId);
    void list.reload();
  };

  const open = (r: MyAnnouncement) => {
    const notice = asNotice(r);
    if (notice.openType === 'component') setDynamic(notice);
    else setViewing(notice);
    void markRead(r);
  };

  const readAll = async () => {
    try {
      const res = await readAllAnnouncements();
      if (res.success) message.success(res.message || '全部已读');
      else message.warning(res.message);
    } catch {
      return;
    }
    refreshBell();
    void list.reload();
  };

  const columns: TableColumnsType<MyAnnouncement> = [
    { title: '#', key: 'rowIndex', width: 60, align: 'center', render: (_, __, i) => i + 1 },
    {
      title: '标题',
      dataIndex: 'titile',
      align: 'center',
      ellipsis: true,
      render: (v: string, r) => (
        <Button type="link" size="small" onClick={() => open(r)} style={{ padding: 0, maxWidth: '100%' }}>
          <span style={{ overflow: 'hidden', textOverflow: 'ellipsis', fontWeight: r.readFlag === '1' ? 400 : 600 }}>
            {v}
          </span>
        </Button>
      ),
    },
    { title: '消息类型', dataIndex: 'msgCategory_dictText', align: 'center', width: 100 },
    { title: '发布人', dataIndex: 'sender', align: 'center', width: 110 },
    { title: '发布时间', dataIndex: 'sendTime', align: 'center', width: 170 },
    {
      title: '优先级',
      dataIndex: 'priority',
      align: 'center',
      width: 90,
      render: (v: string, r) => {
        const tag = PRIORITY_TAGS[v];
        return tag ? <Tag color={tag.color}>{r.priority_dictText || v}</Tag> : (r.priority_dictText ?? v);
      },
    },
    {
      title: '阅读状态',
      dataIndex: 'readFlag',
      align: 'center',
      width: 100,
      render: (v: string) =>
        v === '1' ? <Badge status="default" text="已读" /> : <Badge status="processing" text="未读" />,
    },
    {
      title: '操作',
      key: 'action',
      align: 'center',
      width: 150,
      render: (_, r) => (
        <ActionLinks
          actions={[
            { key: 'view', label: '查看', onClick: () => open(r) },
            { key: 'read', label: '标记已读', hidden: r.readFlag === '1', onClick: () => void markRead(r) },
          ]}
        />
      ),
    },
  ];

  return (
    <ListCard
      query={
        <QueryForm onSearch={(v) => list.search(v)} onReset={() => list.reset()}>
          <Form.Item label="标题" name="titile">
            <Input placeholder="请输入标题" allowClear />
          </Form.Item>
          <Form.Item label="发布人" name="sender">
            <Input placeholder="请输入发布人" allowClear />
          </Form.Item>
          <Form.Item label="状态" name="readFlag">
            <Select
              allowClear
              placeholder="请选择状态"
              options={[
                { value: '0', label: '未读' },
                { value: '1', label: '已读' },
              ]}
            />
          </Form.Item>
        </QueryForm>
      }
      toolbar={
        <Popconfirm title="是否全部标记已读?" okText="确定" cancelText="取消" onConfirm={() => void readAll()}>
          <Button type="primary" icon={<CheckOutlined />}>
            全部标记已读
          </Button>
        </Popconfirm>
      }
    >
      <Table<MyAnnouncement> {...list.tableProps} columns={columns} data-testid="my-announcement-table" />
      <AnnouncementModal
        record={viewing}
        onClose={() => setViewing(null)}
        onHandle={(r) => {
          if (r.openPage) navigate(r.openPage);
        }}
      />
      <DynamicNoticeModal record={dynamic} onClose={() => setDynamic(null)} />
    </ListCard>
  );
}
