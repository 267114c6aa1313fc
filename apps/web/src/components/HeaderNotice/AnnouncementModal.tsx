import { useQuery } from '@tanstack/react-query';
import { Button, Descriptions, Modal, Typography } from 'antd';
import { useMemo } from 'react';
import { fetchRealname, type NoticeRecord } from '../../api/header';
import { sanitizeHtml } from './sanitize-html';

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
  const canHandle = record?.openType === 'url' && Boolean(record.openPage);

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
