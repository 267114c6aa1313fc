import { UploadOutlined } from '@ant-design/icons';
import { Button, Upload } from 'antd';
import type { CSSProperties, ReactNode } from 'react';
import { truncateName, type UploadAnswer } from './upload-logic';
import { useUploadList } from './useUploadList';

export * from './upload-logic';
export { type UseUploadListOptions, useUploadList } from './useUploadList';

export interface JUploadProps {
  /** comma-separated stored paths */
  value?: string | null;
  /** the comma paths, once every file is done ('' after the last is removed) */
  onChange?: (value: string) => void;
  /** keep at most this many files (0 = unlimited, the last N stay) */
  number?: number;
  /** server sub folder @default temp */
  biz?: string;
  /** button text @default 上传 */
  text?: ReactNode;
  multiple?: boolean;
  disabled?: boolean;
  accept?: string;
  /** another upload endpoint than /sys/common/upload */
  action?: string;
  style?: CSSProperties;
  id?: string;
}

/** Any-file upload (JeecgBoot JUpload): names truncated to 5 characters, 上传失败 / server message on errors. */
export function JUpload({
  value,
  onChange,
  number = 0,
  biz,
  text = '上传',
  multiple = true,
  disabled,
  accept,
  action,
  style,
  id,
}: JUploadProps) {
  const list = useUploadList({ value, onChange, number, biz, action });
  const shown = list.fileList.map((f) => ({
    ...f,
    fileName: f.fileName ?? f.name,
    name: truncateName(f.fileName ?? f.name),
  }));
  return (
    <div id={id} style={style} className="j-upload">
      <Upload<UploadAnswer>
        fileList={shown}
        multiple={multiple}
        disabled={disabled}
        accept={accept}
        showUploadList={{ showDownloadIcon: true, showRemoveIcon: !disabled }}
        customRequest={list.customRequest}
        onChange={list.onChange}
      >
        {!disabled && <Button icon={<UploadOutlined />}>{text}</Button>}
      </Upload>
    </div>
  );
}

export default JUpload;
