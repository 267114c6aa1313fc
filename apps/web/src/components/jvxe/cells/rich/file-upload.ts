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
  const live = (v: FileCellValue) => {
    if (!signal?.aborted) report(v);
  };
  live(uploadingValue(meta, 0));
  // no token: a 401 is this upload's failure, not the end of the session
  const opts = sendsToken(column, own) ? {} : { token: null, ignoreExpiry: true };
  return http
    .upload<unknown>(url, fd, {
      ...opts,
      silent: true,
      signal,
      onUploadProgress: (percent) => live(uploadingValue(meta, percent)),
    })
    .then(
      (answer) => settleUpload(answer as unknown as UploadAnswerLike, meta, column.responseName),
      (err: unknown) => failedUpload(meta, err),
    )
    .then((v) => {
      live(v);
      return v;
    });
}

/** uploads running per cell (`rowId key`): a new upload or 删除 in the same cell stops the one before */
const running = new Map<string, AbortController>();

const cellId = (rowId: string, key: string) => `${rowId}\u0000${key}`;

/** Upload into one cell; an upload already running there is aborted (its late answer is dropped). */
export function uploadIntoCell(
  rowId: string,
  file: File,
  column: JVxeColumn,
  report: (value: FileCellValue) => void,
): Promise<FileCellValue> {
  const id = cellId(rowId, column.key);
  running.get(id)?.abort();
  const controller = new AbortController();
  running.set(id, controller);
  return uploadCellFile(file, column, report, controller.signal).finally(() => {
    if (running.get(id) === controller) running.delete(id);
  });
}

/** Stop the upload running in a cell (删除 while uploading). */
export function abortCellUpload(rowId: string, key: string): void {
  const id = cellId(rowId, key);
  running.get(id)?.abort();
  running.delete(id);
}

/** Why a chosen file is refused before uploading (image cells: 请上传图片), or null. */
export function refuseFile(kind: 'file' | 'image' | 'upload', file: File): string | null {
  return acceptsFile(kind, file) ? null : FILE_CELL_TEXT.notImage;
}
