import { Button, Modal, Result, Spin } from 'antd';
import { Component, type ComponentType, lazy, type ReactNode, Suspense, useMemo } from 'react';
import type { NoticeRecord } from '../api/header';
import { classifyLoadError } from '../app/errors';
import { hasView, MODULE_NOT_FOUND_VIEW, normalizeComponent, viewLoader } from '../app/views';
import type { ModuleNotFoundProps } from '../views/ModuleNotFound';

/** What a view opened from a notice receives: the business record's id (JeecgBoot passes it as formData.id). */
export interface NoticeViewProps {
  busId?: string;
  formData?: { id?: string };
}

class LoadBoundary extends Component<{ children: ReactNode }, { error: unknown }> {
  override state = { error: null as unknown };
  static getDerivedStateFromError(error: unknown) {
    return { error };
  }
  override render() {
    if (this.state.error === null) return this.props.children;
    const failure = classifyLoadError(this.state.error);
    return (
      <Result
        status="warning"
        title="页面加载失败"
        subTitle={failure ?? (this.state.error instanceof Error ? this.state.error.message : '页面渲染时发生错误')}
      />
    );
  }
}

export interface DynamicNoticeModalProps {
  /** a notice with openType 'component' (null: closed) */
  record: NoticeRecord | null;
  onClose: () => void;
}

/**
 * Dynamic notice dialog (spec 01 §2.5): for a notice with openType 'component', openPage names a page and busId is
 * the id of the record to show. The page is loaded through the view registry, as a route's page is, and gets
 * `busId` (and JeecgBoot's `formData: { id }`); a page without a view shows MODULE_NOT_FOUND inside the dialog.
 */
const NotFoundView = lazy(viewLoader(MODULE_NOT_FOUND_VIEW)) as unknown as ComponentType<ModuleNotFoundProps>;

export function DynamicNoticeModal({ record, onClose }: DynamicNoticeModalProps) {
  const page = normalizeComponent(record?.openPage);
  const known = page !== '' && hasView(page);
  // one lazy component per page, so reopening the same notice does not load it again
  const PageView = useMemo(
    () => (known ? (lazy(viewLoader(page)) as unknown as ComponentType<NoticeViewProps>) : null),
    [page, known],
  );
  const busId = record?.busId ?? undefined;

  let body: ReactNode = null;
  if (record) {
    body = PageView ? (
      <PageView busId={busId} formData={{ id: busId }} />
    ) : (
      <NotFoundView component={record.openPage || '（未配置）'} title={record.titile} embedded />
    );
  }

  return (
    <Modal
      title={record?.titile || '通知消息'}
      open={Boolean(record)}
      onCancel={onClose}
      width="60%"
      destroyOnHidden
      footer={[
        <Button key="close" autoInsertSpace={false} onClick={onClose}>
          关闭
        </Button>,
      ]}
    >
      <div className="answer-dynamic-notice" data-open-page={page}>
        <LoadBoundary key={page}>
          <Suspense fallback={<Spin style={{ display: 'block', padding: 48 }} />}>{body}</Suspense>
        </LoadBoundary>
      </div>
    </Modal>
  );
}
