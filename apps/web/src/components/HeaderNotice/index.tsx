import { NOTICE_POLL_MS, NOTICE_POPOVER_WIDTH, WS_RECONNECT_MS } from '@answer/contract';
import { BellOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Badge, Button, Empty, List, Popover, Tabs, Tag, Typography } from 'antd';
import { type ComponentType, useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import {
  EMPTY_NOTICES,
  fetchNotices,
  markNoticeRead,
  type NoticeRecord,
  type NoticeSummary,
  noticeKeys,
} from '../../api/header';
import { API_BASE } from '../../api/http';
import { feedback } from '../../utils/feedback';
import { AnnouncementModal, goToNoticePage } from './AnnouncementModal';

/** The user's own announcement list, reached from 查看更多. */
export const MY_ANNOUNCEMENT_PATH = '/isps/userAnnouncement';

export const PRIORITY_TAGS: Record<string, { color: string; text: string }> = {
  L: { color: 'blue', text: '一般消息' },
  M: { color: 'orange', text: '重要消息' },
  H: { color: 'red', text: '紧急消息' },
};

/** Notification channel URL: /websocket/{userId} under the API base, on this host. */
export function noticeSocketUrl(userId: string, loc: Pick<Location, 'protocol' | 'host'> = window.location): string {
  const scheme = loc.protocol === 'https:' ? 'wss:' : 'ws:';
  return `${scheme}//${loc.host}${API_BASE}/websocket/${encodeURIComponent(userId)}`;
}

/** Heartbeat of the notification socket (spec 01 §4: every 20 s); the server answers `{"cmd":"heartcheck"}`. */
export const NOTICE_HEARTBEAT_MS = 20_000;
/** The server closes a socket whose session has ended with this code: no reconnect then. */
export const SESSION_ENDED_CLOSE = 4001;

/**
 * Live channel (spec §4): frames with cmd topic/user trigger a reload; reconnects 5 s after an error or close.
 * The token travels as the WebSocket sub-protocol, as the JeecgBoot 3.2 client does; the text `HeartBeat` is sent
 * every 20 s so the server re-checks the session (it closes with 4001 when the session has ended).
 */
export function useNoticeSocket(
  userId: string | undefined,
  token: string | null | undefined,
  onNotice: () => void,
  on: boolean,
) {
  const handler = useRef(onNotice);
  handler.current = onNotice;
  useEffect(() => {
    if (!on || !userId || !token || typeof WebSocket === 'undefined') return;
    let ws: WebSocket | null = null;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let heartbeat: ReturnType<typeof setInterval> | undefined;
    let stopped = false;
    const connect = () => {
      if (stopped) return;
      try {
        ws = new WebSocket(noticeSocketUrl(userId), [token]);
      } catch {
        timer = setTimeout(connect, WS_RECONNECT_MS);
        return;
      }
      ws.onopen = () => {
        clearInterval(heartbeat);
        heartbeat = setInterval(() => {
          if (ws?.readyState === WebSocket.OPEN) ws.send('HeartBeat');
        }, NOTICE_HEARTBEAT_MS);
      };
      ws.onmessage = (ev) => {
        try {
          const data = JSON.parse(String(ev.data)) as { cmd?: string };
          if (data.cmd === 'topic' || data.cmd === 'user') handler.current();
        } catch {
          // not JSON: nothing to do (heartbeat answers are JSON with cmd heartcheck)
        }
      };
      ws.onclose = (ev) => {
        ws = null;
        clearInterval(heartbeat);
        if (!stopped && ev.code !== SESSION_ENDED_CLOSE) timer = setTimeout(connect, WS_RECONNECT_MS);
      };
    };
    connect();
    return () => {
      stopped = true;
      clearTimeout(timer);
      clearInterval(heartbeat);
      if (ws) {
        ws.onclose = null;
        ws.close();
      }
    };
  }, [userId, token, on]);
}

function NoticeList({
  records,
  onOpen,
  onMore,
}: {
  records: NoticeRecord[];
  onOpen: (r: NoticeRecord) => void;
  onMore: () => void;
}) {
  return (
    <div>
      {records.length ? (
        <List
          size="small"
          className="answer-notice-list"
          dataSource={records}
          renderItem={(r) => {
            const tag = PRIORITY_TAGS[String(r.priority)];
            return (
              <List.Item
                key={r.id}
                className="answer-notice-item"
                onClick={() => onOpen(r)}
                extra={tag ? <Tag color={tag.color}>{tag.text}</Tag> : null}
              >
                <List.Item.Meta
                  title={
                    <Typography.Link ellipsis style={{ maxWidth: 170 }}>
                      {`标题：${r.titile}`}
                    </Typography.Link>
                  }
                  description={`${r.createTime ?? r.sendTime ?? ''} 发布`}
                />
              </List.Item>
            );
          }}
        />
      ) : (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无消息" />
      )}
      <Button type="dashed" block onClick={onMore} style={{ marginTop: 8 }}>
        查看更多
      </Button>
    </div>
  );
}

const tabTotal = (d: NoticeSummary, tab: '1' | '2') => (tab === '1' ? d.anntMsgTotal : d.sysMsgTotal);
const allIds = (d: NoticeSummary) => [...d.anntMsgList, ...d.sysMsgList].map((r) => String(r.id));

/** the notices of `next` not seen before, newest first, with their tab (nothing on the first load: `seen` null) */
export function newNotices(
  seen: ReadonlySet<string> | null,
  next: NoticeSummary,
): { record: NoticeRecord; tab: '1' | '2' }[] {
  if (!seen) return [];
  const pick = (list: NoticeRecord[], tab: '1' | '2') =>
    list.filter((r) => !seen.has(String(r.id))).map((record) => ({ record, tab }));
  const time = (r: NoticeRecord) => String(r.sendTime ?? r.createTime ?? '');
  return [...pick(next.anntMsgList, '1'), ...pick(next.sysMsgList, '2')].sort((a, b) =>
    time(b.record).localeCompare(time(a.record)),
  );
}

export interface HeaderNoticeProps {
  userId?: string;
  token?: string | null;
  /**
   * Dialog for notices with openType 'component' (spec §2.5: openPage names a page, busId its record); the app
   * passes one that loads the page through its view registry. Without it such notices open in the viewer.
   */
  componentDialog?: ComponentType<{ record: NoticeRecord | null; onClose: () => void }>;
}

/**
 * Header bell (spec §2.5, widgets §2): badge with the unread count, a 300-wide popover with 通知 and 系统消息 tabs.
 * An item opens the announcement viewer (通知消息), or for openType 'component' the dynamic notice dialog.
 * Polls every 6 s and stops at the first failure (the announcement API may be missing: then the bell stays empty).
 */
export function HeaderNotice({ userId, token, componentDialog: ComponentDialog }: HeaderNoticeProps) {
  const navigate = useNavigate();
  const qc = useQueryClient();
  const [open, setOpen] = useState(false);
  const [viewing, setViewing] = useState<NoticeRecord | null>(null);
  const [dynamic, setDynamic] = useState<NoticeRecord | null>(null);
  const query = useQuery<NoticeSummary>({
    queryKey: noticeKeys.list,
    queryFn: fetchNotices,
    retry: false,
    refetchOnWindowFocus: false,
    refetchInterval: (q) => (q.state.status === 'error' ? false : NOTICE_POLL_MS),
  });
  const data = query.data ?? EMPTY_NOTICES;
  const total = data.anntMsgTotal + data.sysMsgTotal;
  const [tab, setTab] = useState<'1' | '2'>('1');
  const seen = useRef<Set<string> | null>(null);

  // biome-ignore lint/correctness/useExhaustiveDependencies: runs per answer; openRecord is read when a toast is clicked
  useEffect(() => {
    // issue 29: a notice that arrives (pushed or polled) shows a toast with its title, and the bell opens on the tab
    // that has it; what was unread at the first load is not announced again
    if (!query.data) return;
    const fresh = newNotices(seen.current, query.data);
    seen.current = new Set([...(seen.current ?? []), ...allIds(query.data)]);
    if (!fresh.length) return;
    setTab(fresh[0].tab);
    for (const { record, tab: t } of fresh.slice(0, 3)) {
      feedback.notification.info({
        key: `notice-${record.id}`,
        message: t === '2' ? '新系统消息' : '新通知',
        description: record.titile,
        duration: 6,
        placement: 'topRight',
        onClick: () => void openRecord(record),
      });
    }
  }, [query.data]);

  useNoticeSocket(userId, token, () => void query.refetch(), query.isSuccess);

  const openRecord = async (r: NoticeRecord) => {
    setOpen(false);
    try {
      await markNoticeRead(r.id);
    } catch {
      // the viewer still opens; the count just stays
    }
    void qc.invalidateQueries({ queryKey: noticeKeys.list });
    if (r.openType === 'component' && ComponentDialog) setDynamic(r);
    else setViewing(r);
  };
  const more = () => {
    setOpen(false);
    navigate(MY_ANNOUNCEMENT_PATH);
  };

  const content = (
    <Tabs
      size="small"
      centered
      activeKey={tab}
      onChange={(k) => setTab(k === '2' ? '2' : '1')}
      className="answer-notice-tabs"
      items={[
        {
          key: '1',
          label: `通知(${data.anntMsgTotal})`,
          children: <NoticeList records={data.anntMsgList} onOpen={openRecord} onMore={more} />,
        },
        {
          key: '2',
          label: `系统消息(${data.sysMsgTotal})`,
          children: <NoticeList records={data.sysMsgList} onOpen={openRecord} onMore={more} />,
        },
      ]}
    />
  );

  return (
    <>
      <Popover
        trigger="click"
        placement="bottomRight"
        open={open}
        onOpenChange={(next) => {
          // opening on an empty tab while the other one has unread items: show those
          if (next && !tabTotal(data, tab) && tabTotal(data, tab === '1' ? '2' : '1')) setTab(tab === '1' ? '2' : '1');
          setOpen(next);
        }}
        content={content}
        arrow={{ pointAtCenter: true }}
        styles={{ root: { width: NOTICE_POPOVER_WIDTH, maxWidth: 'calc(100vw - 16px)' } }}
        classNames={{ root: 'answer-notice-popover' }}
      >
        <Button type="text" className="answer-header-action" aria-label={`消息通知（${total}条未读）`}>
          <Badge count={total} size="small" offset={[4, -2]}>
            <BellOutlined style={{ fontSize: 16 }} />
          </Badge>
        </Button>
      </Popover>
      <AnnouncementModal
        record={viewing}
        onClose={() => setViewing(null)}
        onHandle={(r) => goToNoticePage(r.openPage, navigate)}
      />
      {ComponentDialog ? <ComponentDialog record={dynamic} onClose={() => setDynamic(null)} /> : null}
    </>
  );
}

export default HeaderNotice;
