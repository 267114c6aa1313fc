import { PlusOutlined } from '@ant-design/icons';
import { Image, Upload } from 'antd';
import { type CSSProperties, type ReactNode, useState } from 'react';
import { feedback } from '../../utils/feedback';
import { isImageFile, UPLOAD_MESSAGES, type UploadAnswer, useUploadList } from '../JUpload';

export interface JImageUploadProps {
  /** comma-separated stored image paths */
  value?: string | null;
  onChange?: (value: string) => void;
  /** keep at most this many images when multiple (0 = unlimited, the last N stay) */
  number?: number;
  /** several images; single mode replaces the image @default false */
  multiple?: boolean;
  /** server sub folder @default temp */
  biz?: string;
  text?: ReactNode;
  disabled?: boolean;
  style?: CSSProperties;
  id?: string;
}

/** The image-upload guard: only types containing `image` pass, else 请上传图片 and the file is dropped. */
export function acceptImage(file: { type?: string | null }): boolean {
  if (isImageFile(file)) return true;
  feedback.message.warning(UPLOAD_MESSAGES.notImage);
  return false;
}

/** Image upload (JeecgBoot JImageUpload): picture cards with thumbnails through the static domain, preview. */
export function JImageUpload({
  value,
  onChange,
  number = 0,
  multiple = false,
  biz,
  text = '上传',
  disabled,
  style,
  id,
}: JImageUploadProps) {
  const limit = multiple ? number : 1;
  const list = useUploadList({ value, onChange, number: limit, biz });
  const [preview, setPreview] = useState<string | null>(null);
  const full = limit > 0 && list.fileList.length >= limit && multiple;
  return (
    <div id={id} style={style} className="j-image-upload">
      <Upload<UploadAnswer>
        listType="picture-card"
        accept="image/*"
        fileList={list.fileList}
        multiple={multiple}
        disabled={disabled}
        beforeUpload={(file) => (acceptImage(file) ? true : Upload.LIST_IGNORE)}
        customRequest={list.customRequest}
        onChange={list.onChange}
        onPreview={(f) => setPreview(f.url || f.thumbUrl || null)}
      >
        {!disabled && !full && (
          <div>
            <PlusOutlined />
            <div style={{ marginTop: 8 }}>{text}</div>
          </div>
        )}
      </Upload>
      {preview && (
        <Image
          style={{ display: 'none' }}
          src={preview}
          preview={{ open: true, src: preview, onOpenChange: (open) => !open && setPreview(null) }}
        />
      )}
    </div>
  );
}

export default JImageUpload;
