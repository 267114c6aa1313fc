import { LinkOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { type CSSProperties, type ReactNode, useState } from 'react';
import { JImageUpload } from '../JImageUpload';
import { ImageInsertModal } from './ImageInsertModal';
import { appendImage } from './image-tabs-logic';

export { ImageInsertModal, type ImageInsertModalProps, type ImageInsertResult } from './ImageInsertModal';
export * from './image-tabs-logic';

export interface JImageUploadTabsProps {
  /** comma-separated stored paths / http(s) addresses */
  value?: string | null;
  onChange?: (value: string) => void;
  /** keep at most this many (0 = unlimited, the last N stay) @default 0 */
  number?: number;
  biz?: string;
  text?: ReactNode;
  disabled?: boolean;
  style?: CSSProperties;
  id?: string;
}

/**
 * Image upload with both sources: picture cards (upload from this computer, preview, remove) and a 网络图片 button
 * opening the two-tab dialog (本地上传 / 网络图片地址) whose image is added to the value.
 */
export function JImageUploadTabs({
  value,
  onChange,
  number = 0,
  biz,
  text,
  disabled,
  style,
  id,
}: JImageUploadTabsProps) {
  const [open, setOpen] = useState(false);
  return (
    <div id={id} style={style} className="j-image-upload-tabs">
      <JImageUpload
        value={value}
        onChange={onChange}
        multiple
        number={number}
        biz={biz}
        text={text}
        disabled={disabled}
      />
      {!disabled && (
        <Button size="small" icon={<LinkOutlined />} onClick={() => setOpen(true)}>
          网络图片
        </Button>
      )}
      <ImageInsertModal
        open={open}
        biz={biz}
        onCancel={() => setOpen(false)}
        onOk={({ path }) => {
          onChange?.(appendImage(value, path, number));
          return undefined;
        }}
      />
    </div>
  );
}

export default JImageUploadTabs;
