import { safeLink } from '@answer/contract';
import { useQuery } from '@tanstack/react-query';
import { Button, Descriptions, Modal, Typography } from 'antd';
import { useMemo } from 'react';
import { fetchRealname, type NoticeRecord } from '../../api/header';
import { sanitizeHtml } from './sanitize-html';

/**
 * Where 去处理 of a notice leads (openType url): a route of this app, or an http(s) page opened in a new window.
 * Anything else — `javascript:`, `data:`, `vbscript:` in any spelling, `//host` — is refused again here (security
 * rule 16; the server refuses it on write): null, and no button is shown.
 */
export function noticeTarget(
  openPage: string | null | undefined,
): { kind: 'internal'; path: string } | { kind: 'external'; url: string } | null {
  const page = safeLink(openPage);
  if (!page) return null;
  if (/^https?:/i.test(page)) return { kind: 'external', url: page };
  return { kind: 'internal', path: page.startsWith('/') ? page : `/${page}` };
}

/**
 * 去处理 of an openType-url notice (spec 01 §2.5 / 02 §data: 'url' leads to openPage): a route of this app is
 * navigated to (a path without its leading slash too), an http(s) page opens in a new window, anything else nothing.
 */
export function goToNoticePage(
  openPage: string | null | undefined,
  navigate: (path: string) => void,
  openWindow: (url: string) => void = (url) => void window.open(url, '_blank', 'noopener,noreferrer'),
): void {
  const target = noticeTarget(openPage);
  if (target?.kind === 'external') openWindow(target.url);
  else if (target) navigate(target.path);
}

export interface AnnouncementModalProps {
  record: NoticeRecord | null;
  onClose: () => void;
  /** 去处理 for openType url: close, then go to openPage */
  onHandle?: (record: NoticeRecord) => void;
}

/** Announcement viewer titled 通知消息 (spec §2.5): title, sender real name, send time, sanitised HTML body. */
export function AnnouncementModal({ record, onClose, onHandle }: AnnouncementModalProps) {
  const sender = record?.sender ?? '';
  const realname = useQuery({
    queryKey: ['header', 'realname', sender],
    queryFn: () => fetchRealname(sender),
    enabled: Boolean(sender),
    staleTime: 5 * 60_000,
  });
  const html = useMemo(() => sanitizeHtml(record?.msgContent), [record?.msgContent]);
  // security rule 16: a stored open page that is not http(s) or a site path gets no 去处理 at all
  const canHandle = record?.openType === 'url' && noticeTarget(record.openPage) !== null;

  return (
    <Modal
      title="通知消息"
      open={Boolean(record)}
      onCancel={onClose}
      width={800}
      destroyOnHidden
      footer={[
        <Button key="close" autoInsertSpace={false} onClick={onClose}>
          关闭
        </Button>,
        canHandle ? (
          <Button
            key="handle"
            type="primary"
            onClick={() => {
              onClose();
              if (record) onHandle?.(record);
            }}
          >
            去处理
          </Button>
        ) : null,
      ]}
    >
      {record ? (
        <article className="answer-announcement">
          <Typography.Title level={4} style={{ marginTop: 16 }}>
            {record.titile}
          </Typography.Title>
          <Descriptions size="small" column={{ xs: 1, sm: 2 }} style={{ marginBottom: 12 }}>
            <Descriptions.Item label="发布人">{realname.data ?? sender ?? '-'}</Descriptions.Item>
            <Descriptions.Item label="发布时间">{record.sendTime ?? record.createTime ?? '-'}</Descriptions.Item>
          </Descriptions>
          <div
            className="answer-announcement-body"
            // sanitised with an allow-list above: no scripts, handlers or unsafe URLs survive
            // biome-ignore lint/security/noDangerouslySetInnerHtml: content passes sanitizeHtml first
            dangerouslySetInnerHTML={{ __html: html }}
          />
        </article>
      ) : null}
    </Modal>
  );
}
