import { Modal } from 'antd';
import { useState } from 'react';
import { feedback } from '../../../../utils/feedback';
import { JImageUpload } from '../../../JImageUpload';
import { JUpload } from '../../../JUpload';
import { FILE_CELL_TEXT, FILE_POP_SIZE, filePopResult } from './file-logic';

export interface FilePopProps {
  /** image: the image upload (only images, 请上传图片) */
  kind: 'file' | 'image';
  /** the cell's current comma paths */
  value: string;
  /** at most this many files (the last N stay) */
  number: number;
  onOk: (path: string) => void;
  onCancel: () => void;
}

/**
 * The file pop-up of a multi-file cell (JeecgBoot JFilePop, spec 02 §5 and sizes): 520 × 200, the upload list of the
 * cell; 确定 with no file warns 未上传任何文件 and stays open, else hands the comma paths back and closes.
 */
export default function FilePop({ kind, value, number, onOk, onCancel }: FilePopProps) {
  const [paths, setPaths] = useState(value);
  const ok = () => {
    const result = filePopResult(paths);
    if (!result.ok) {
      feedback.message.warning(result.message);
      return;
    }
    onOk(result.path);
  };
  return (
    <Modal
      open
      title={kind === 'image' ? FILE_CELL_TEXT.popImageTitle : FILE_CELL_TEXT.popFileTitle}
      width={FILE_POP_SIZE.width}
      styles={{ body: { height: FILE_POP_SIZE.height, overflowY: 'auto' } }}
      okText="确定"
      cancelText="取消"
      destroyOnHidden
      onOk={ok}
      onCancel={onCancel}
    >
      {kind === 'image' ? (
        <JImageUpload value={paths} onChange={setPaths} number={number} multiple />
      ) : (
        <JUpload value={paths} onChange={setPaths} number={number} />
      )}
    </Modal>
  );
}
