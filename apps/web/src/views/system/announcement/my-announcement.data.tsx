import { Badge, Button } from 'antd';
import { ANNOUNCEMENT_URLS, type MyAnnouncement, readAllAnnouncements, syncNotice } from '../../../api/announcement';
import { markNoticeRead, type NoticeRecord, noticeKeys } from '../../../api/header';
import { queryClient } from '../../../app/query-client';
import { type ActionContext, definePage, runCall } from '../../../components/kit';
import { priorityColumn } from './announcement.data';

/** the announcement a row of my announcements stands for (the viewers work on announcements, not read rows) */
export function asNotice(r: MyAnnouncement): NoticeRecord {
  const { id: _readRow, anntId, userId: _u, readFlag: _f, ...rest } = r;
  return { ...rest, id: anntId };
}

/** the bell of this tab (its query) and of the user's other tabs (the server pushes to them) */
function refreshBell(anntId?: string) {
  void queryClient.invalidateQueries({ queryKey: noticeKeys.list });
  void syncNotice(anntId).catch(() => undefined);
}

async function markRead(r: MyAnnouncement, reload: () => void) {
  if (r.readFlag === '1') return;
  try {
    await markNoticeRead(r.anntId);
  } catch {
    return;
  }
  refreshBell(r.anntId);
  reload();
}

/** 查看: the view's viewer (handler `view`), and the row is read */
function open(r: MyAnnouncement, ctx?: ActionContext<MyAnnouncement>) {
  if (!ctx) return;
  ctx.handlers.view?.(r);
  void markRead(r, ctx.reload);
}

/** 全部标记已读 */
export function readAll(reload: () => void) {
  return runCall(
    readAllAnnouncements,
    () => {
      refreshBell();
      reload();
    },
    '全部已读',
  );
}

/**
 * 我的消息 (route /isps/userAnnouncement, component system/UserAnnouncementList; contract §4.8): the signed-in user's
 * published announcements, unread first; query by 标题 / 发布人 / 状态; 查看 opens 通知消息 (or the dynamic notice
 * dialog for component notices) and marks it read; 标记已读; 全部标记已读 (the view's toolbar).
 */
export const myAnnouncementPage = definePage<MyAnnouncement>({
  name: 'my-announcement',
  urls: { list: ANNOUNCEMENT_URLS.myList },
  selectable: false,
  superQuery: false,
  columns: [
    {
      field: 'titile',
      title: '标题',
      ellipsis: true,
      render: (v, r, _i, ctx) => (
        <Button type="link" size="small" onClick={() => open(r, ctx)} style={{ padding: 0, maxWidth: '100%' }}>
          <span style={{ overflow: 'hidden', textOverflow: 'ellipsis', fontWeight: r.readFlag === '1' ? 400 : 600 }}>
            {String(v ?? '')}
          </span>
        </Button>
      ),
    },
    { field: 'msgCategory', title: '消息类型', type: 'dict', width: 100 },
    { field: 'sender', title: '发布人', width: 110 },
    { field: 'sendTime', title: '发布时间', type: 'datetime', width: 170 },
    priorityColumn<MyAnnouncement>(90),
    {
      field: 'readFlag',
      title: '阅读状态',
      width: 100,
      render: (v) => (v === '1' ? <Badge status="default" text="已读" /> : <Badge status="processing" text="未读" />),
    },
  ],
  query: [
    { field: 'titile', label: '标题' },
    { field: 'sender', label: '发布人' },
    {
      field: 'readFlag',
      label: '状态',
      widget: 'select',
      props: {
        options: [
          { value: '0', label: '未读' },
          { value: '1', label: '已读' },
        ],
      },
    },
  ],
  actionWidth: 150,
  rowActions: [
    { key: 'view', label: '查看', onClick: open },
    {
      key: 'read',
      label: '标记已读',
      show: (r) => r.readFlag !== '1',
      onClick: (r, ctx) => void markRead(r, ctx.reload),
    },
  ],
});
