import { Input, Modal, Tabs } from 'antd';
import { useEffect, useState } from 'react';
import { feedback } from '../../utils/feedback';
import { JImageUpload } from '../JImageUpload';
import { type ImageTab, pickImage } from './image-tabs-logic';

export interface ImageInsertResult {
  /** the stored path (local upload) or the http(s) address */
  path: string;
  tab: ImageTab;
  remark?: string;
}

export interface ImageInsertModalProps {
  open: boolean;
  title?: string;
  /** ask for an optional remark (the markdown image's alt text) */
  withRemark?: boolean;
  biz?: string;
  /** return false to keep the dialog open */
  onOk: (image: ImageInsertResult) => boolean | undefined | Promise<boolean | undefined>;
  onCancel: () => void;
}

/** The image dialog: 本地上传 (upload to /sys/common/upload) or 网络图片地址 (an http(s) URL), optional remark. */
export function ImageInsertModal({ open, title = '图片', withRemark, biz, onOk, onCancel }: ImageInsertModalProps) {
  const [tab, setTab] = useState<ImageTab>('local');
  const [local, setLocal] = useState<string>('');
  const [url, setUrl] = useState('');
  const [remark, setRemark] = useState('');
  useEffect(() => {
    if (!open) return;
    setLocal('');
    setUrl('');
    setRemark('');
  }, [open]);
  const confirm = async () => {
    const picked = pickImage(tab, local, url);
    if (!picked.ok) {
      feedback.message.warning(picked.message);
      return;
    }
    const keep = await onOk({ path: picked.path, tab, remark: remark.trim() || undefined });
    if (keep !== false) onCancel();
  };
  return (
    <Modal open={open} title={title} width={520} destroyOnHidden onCancel={onCancel} onOk={confirm}>
      <Tabs
        activeKey={tab}
        onChange={(k) => setTab(k as ImageTab)}
        items={[
          {
            key: 'local',
            label: '本地上传',
            children: <JImageUpload value={local} onChange={(v) => setLocal(v)} biz={biz} />,
          },
          {
            key: 'network',
            label: '网络图片地址',
            children: (
              <Input
                aria-label="图片地址"
                placeholder="请输入网络图片地址，以 http:// 或 https:// 开头"
                value={url}
                onChange={(e) => setUrl(e.target.value)}
              />
            ),
          },
        ]}
      />
      {withRemark && (
        <Input
          aria-label="图片备注"
          style={{ marginTop: 12 }}
          placeholder="图片备注（可选）"
          maxLength={100}
          value={remark}
          onChange={(e) => setRemark(e.target.value)}
        />
      )}
    </Modal>
  );
}
