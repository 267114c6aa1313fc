import { UploadOutlined } from '@ant-design/icons';
import { Button, Progress, Upload, type UploadFile } from 'antd';
import { feedback } from '../../utils/feedback';
import { LIST_MESSAGES } from './constants';
import { isExcelFile } from './import-core';

export interface ImportUploadProps {
  file: UploadFile | null;
  onFile: (file: UploadFile | null) => void;
  busy: boolean;
  /** upload progress in percent while uploading, else undefined */
  percent?: number;
}

/**
 * The body of 导入EXCEL: the file picker (one .xls/.xlsx) and the upload progress. A chunk of its own, loaded when
 * the dialog first opens (antd Upload + Progress stay out of every list page; ADR 022).
 */
export default function ImportUpload({ file, onFile, busy, percent }: ImportUploadProps) {
  return (
    <>
      <Upload
        accept=".xls,.xlsx"
        maxCount={1}
        fileList={file ? [file] : []}
        disabled={busy}
        beforeUpload={(f) => {
          if (!isExcelFile(f.name)) {
            feedback.message.warning(LIST_MESSAGES.importOnlyExcel);
            return Upload.LIST_IGNORE;
          }
          onFile({ uid: f.uid, name: f.name, size: f.size, type: f.type, originFileObj: f, status: 'done' });
          return false;
        }}
        onRemove={() => {
          onFile(null);
          return true;
        }}
      >
        <Button icon={<UploadOutlined />} disabled={busy}>
          选择导入文件
        </Button>
      </Upload>
      {percent !== undefined && <Progress percent={percent} size="small" style={{ marginTop: 12 }} />}
    </>
  );
}
