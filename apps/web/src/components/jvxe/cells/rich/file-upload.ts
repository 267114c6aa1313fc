import { http } from '../../../../api/http';
import { DEFAULT_BIZ, UPLOAD_URL } from '../../../../api/upload';
import type { JVxeColumn } from '../../types';
import {
  acceptsFile,
  FILE_CELL_TEXT,
  type FileCellValue,
  failedUpload,
  sendsToken,
  settleUpload,
  type UploadAnswerLike,
  uploadingValue,
  uploadTarget,
} from './file-logic';

/**
 * The upload of a file / image / upload cell (spec 02 §7): POST the column's action URL (default /sys/common/upload)
 * with multipart `file` and `isup=1` (plus `biz` for the common upload), one file. The token header goes to our own
 * API (relative URLs) and, for an outside URL, only when the column sets `token: true`.
 * `report` receives every state: uploading (percent) → done / error.
 */
export function uploadCellFile(
  file: File,
  column: JVxeColumn,
  report: (value: FileCellValue) => void,
  signal?: AbortSignal,
): Promise<FileCellValue> {
  const meta = { name: file.name, size: file.size, type: file.type };
  const url = uploadTarget(column, UPLOAD_URL);
  const own = !/^https?:\/\//i.test(url);
  const fd = new FormData();
  fd.append('file', file, file.name);
  fd.append('isup', '1');
  if (url === UPLOAD_URL) fd.append('biz', typeof column.biz === 'string' && column.biz ? column.biz : DEFAULT_BIZ);
  report(uploadingValue(meta, 0));
  // no token: a 401 is this upload's failure, not the end of the session
  const opts = sendsToken(column, own) ? {} : { token: null, ignoreExpiry: true };
  return http
    .upload<unknown>(url, fd, {
      ...opts,
      silent: true,
      signal,
      onUploadProgress: (percent) => report(uploadingValue(meta, percent)),
    })
    .then(
      (answer) => settleUpload(answer as unknown as UploadAnswerLike, meta, column.responseName),
      (err: unknown) => failedUpload(meta, err),
    )
    .then((v) => {
      report(v);
      return v;
    });
}

/** Why a chosen file is refused before uploading (image cells: 请上传图片), or null. */
export function refuseFile(kind: 'file' | 'image' | 'upload', file: File): string | null {
  return acceptsFile(kind, file) ? null : FILE_CELL_TEXT.notImage;
}
