import { useState } from 'react';
import { useNavigate } from 'react-router';
import type { NoticeRecord } from '../../../api/header';
import { AnnouncementModal, goToNoticePage } from '../../../components/HeaderNotice/AnnouncementModal';
import { DynamicNoticeModal } from '../../../layouts/DynamicNoticeModal';

/**
 * The viewers of an announcement: 通知消息 (去处理 goes to its openPage) or, with `asNotice` for a component
 * notice, the dynamic notice dialog as the bell opens it. `open` shows one; `viewers` goes into the page.
 */
export function useAnnouncementViewer(asNotice = false) {
  const navigate = useNavigate();
  const [viewing, setViewing] = useState<NoticeRecord | null>(null);
  const dynamic = asNotice && viewing?.openType === 'component';
  const close = () => setViewing(null);
  const viewers = (
    <>
      <AnnouncementModal
        record={dynamic ? null : viewing}
        onClose={close}
        onHandle={(r) => goToNoticePage(r.openPage, navigate)}
      />
      {asNotice && <DynamicNoticeModal record={dynamic ? viewing : null} onClose={close} />}
    </>
  );
  return { open: (r?: NoticeRecord) => setViewing(r ?? null), viewers };
}
