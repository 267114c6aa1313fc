import { nameOfPath, UPLOAD_MESSAGES } from '../../../JUpload/upload-logic';
import type { JVxeColumn } from '../../types';

/**
 * Pure logic of the file / image / upload cells (spec 02 §3 "File cell", "Uploaded file value", §4 "File cell", §7).
 * Inside the table the cell holds a FileCellValue (name, path, status, percent, message); the row value that goes out
 * (getValues) is only the path.
 */

export const FILE_CELL_TEXT = {
  button: '点击上传',
  imageButton: '上传图片',
  done: UPLOAD_MESSAGES.done,
  failed: UPLOAD_MESSAGES.failed,
  unknownError: UPLOAD_MESSAGES.unknownError,
  notImage: UPLOAD_MESSAGES.notImage,
  download: '下载',
  remove: '删除',
  uploading: '上传中',
  errorTitle: '上传出错',
  errorPrefix: '错误信息：',
  more: '更多',
  noFile: '未上传任何文件',
  popFileTitle: '上传文件',
  popImageTitle: '上传图片',
} as const;

/** The file pop-up (JeecgBoot JFilePop): 520 wide, a 200 high body (spec 02 §sizes). */
export const FILE_POP_SIZE = { width: 520, height: 200 } as const;

/**
 * How many files a cell takes (the column's fieldExtendJson / props `uploadnum`): more than one makes it a
 * multi-file cell whose upload goes through the file pop-up; 0 means a single file (the native picker).
 */
export function uploadNumber(extend: Record<string, unknown>): number {
  const n = Number(extend.uploadnum);
  return Number.isInteger(n) && n > 1 ? n : 0;
}

/** 确定 of the file pop-up: the comma paths, or 未上传任何文件 when nothing was uploaded (the pop-up stays open). */
export function filePopResult(
  paths: string | null | undefined,
): { ok: true; path: string } | { ok: false; message: string } {
  const list = (paths ?? '')
    .split(',')
    .map((p) => p.trim())
    .filter(Boolean);
  if (!list.length) return { ok: false, message: FILE_CELL_TEXT.noFile };
  return { ok: true, path: list.join(',') };
}

/** The 上传出错 dialog of a failed file (JeecgBoot's handleClickShowImageError): none without a message. */
export function uploadErrorDialog(
  value: FileCellValue | null,
): { title: string; content: string; maskClosable: true } | null {
  if (value?.status !== 'error' || !value.message) return null;
  return {
    title: FILE_CELL_TEXT.errorTitle,
    content: `${FILE_CELL_TEXT.errorPrefix}${value.message}`,
    maskClosable: true,
  };
}

export type FileCellStatus = 'uploading' | 'done' | 'error';

export interface FileCellValue {
  /** file name shown in the name box */
  name: string;
  /** stored path(s), comma separated; absent until the upload is done */
  path?: string;
  status: FileCellStatus;
  /** 0-100 while uploading */
  percent?: number;
  /** error message (server message, 上传失败 …) */
  message?: string;
  size?: number;
  type?: string;
  /** the value of the answer field named by the column's responseName */
  extra?: unknown;
}

export function isFileCellValue(v: unknown): v is FileCellValue {
  return (
    !!v &&
    typeof v === 'object' &&
    typeof (v as FileCellValue).status === 'string' &&
    typeof (v as FileCellValue).name === 'string'
  );
}

/** the first of several comma paths */
export function firstPath(path: string): string {
  return (
    path
      .split(',')
      .map((p) => p.trim())
      .find(Boolean) ?? ''
  );
}

/**
 * A loaded row value as the cell's value: a path string (several comma paths are one value) becomes a done file
 * named after the last segment of the first path; an empty value is no file; a FileCellValue passes as it is.
 * An object with `path` / `filePath` / `url` (an uploaded-file record) is read the same way.
 */
export function parseFileValue(raw: unknown): FileCellValue | null {
  if (raw === undefined || raw === null || raw === '') return null;
  if (isFileCellValue(raw)) return raw;
  if (typeof raw === 'object') {
    const o = raw as Record<string, unknown>;
    const p = o.path ?? o.filePath ?? o.url ?? o.message;
    if (typeof p !== 'string' || !p.trim()) return null;
    const name = typeof o.name === 'string' && o.name ? o.name : (o.fileName as string | undefined);
    return { name: name || nameOfPath(firstPath(p)), path: p.trim(), status: 'done' };
  }
  const path = String(raw).trim();
  if (!path) return null;
  return { name: nameOfPath(firstPath(path)), path, status: 'done' };
}

/** What getValues emits: only the path ('' while there is no path: no file, uploading, failed). */
export function formatFileValue(value: unknown): string {
  if (value === undefined || value === null || value === '') return '';
  if (typeof value === 'string') return value;
  if (isFileCellValue(value)) return value.status === 'done' && value.path ? value.path : '';
  const parsed = parseFileValue(value);
  return parsed?.path ?? '';
}

/** The answer of an upload (JeecgBoot envelope). */
export interface UploadAnswerLike {
  success?: boolean;
  message?: string;
  result?: unknown;
  [field: string]: unknown;
}

/**
 * The cell value after the upload answered. `success: false` is an error with the server message (or 未知错误);
 * the stored path is the answer's `message`. With `responseName` the answer's field of that name is kept as `extra`
 * (read from the answer, else from its `result` object) and, when it is a non-empty string and no message path was
 * given, used as the path.
 */
export function settleUpload(
  answer: UploadAnswerLike | null | undefined,
  file: { name: string; size?: number; type?: string },
  responseName?: string,
): FileCellValue {
  const base = { name: file.name, size: file.size, type: file.type };
  if (!answer || typeof answer !== 'object') return { ...base, status: 'error', message: FILE_CELL_TEXT.unknownError };
  if (answer.success === false)
    return { ...base, status: 'error', message: answer.message || FILE_CELL_TEXT.unknownError };
  const extra = responseName ? responseField(answer, responseName) : undefined;
  let path = typeof answer.message === 'string' ? answer.message.trim() : '';
  if (!path && typeof extra === 'string') path = extra.trim();
  if (!path) return { ...base, status: 'error', message: FILE_CELL_TEXT.unknownError };
  return extra === undefined ? { ...base, status: 'done', path } : { ...base, status: 'done', path, extra };
}

function responseField(answer: UploadAnswerLike, name: string): unknown {
  if (name in answer) return answer[name];
  const r = answer.result;
  if (r && typeof r === 'object' && name in (r as Record<string, unknown>)) return (r as Record<string, unknown>)[name];
  return undefined;
}

/**
 * A failed request: 上传失败, or the server's message when the refusal carried an envelope (e.g. an HTTP 500 with
 * `{success:false, message}`); network errors and time-outs are 上传失败.
 */
export function failedUpload(file: { name: string; size?: number; type?: string }, err?: unknown): FileCellValue {
  const data = err && typeof err === 'object' ? (err as { data?: unknown }).data : undefined;
  const serverMsg =
    data && typeof data === 'object' && typeof (data as { message?: unknown }).message === 'string'
      ? (data as { message: string }).message.trim()
      : '';
  const msg = serverMsg && /[\u4e00-\u9fa5]/.test(serverMsg) ? serverMsg : FILE_CELL_TEXT.failed;
  return { name: file.name, size: file.size, type: file.type, status: 'error', message: msg };
}

export function uploadingValue(file: { name: string; size?: number; type?: string }, percent = 0): FileCellValue {
  return { name: file.name, size: file.size, type: file.type, status: 'uploading', percent: clampPercent(percent) };
}

export function clampPercent(p: number): number {
  if (!Number.isFinite(p)) return 0;
  return Math.max(0, Math.min(100, Math.floor(p)));
}

/** The tooltip of the status icon: 上传完成, the error message or 上传失败, or the percent while uploading. */
export function statusTip(value: FileCellValue): string {
  if (value.status === 'done') return FILE_CELL_TEXT.done;
  if (value.status === 'error') return value.message || FILE_CELL_TEXT.failed;
  return `${FILE_CELL_TEXT.uploading} ${clampPercent(value.percent ?? 0)}%`;
}

/** Menu entries of a file: 下载 unless allowDownload is false, 删除 unless allowRemove is false. */
export function fileMenu(column: Pick<JVxeColumn, 'allowDownload' | 'allowRemove'>, value: FileCellValue | null) {
  const items: { key: 'download' | 'remove'; label: string }[] = [];
  if (!value) return items;
  if (column.allowDownload !== false && value.status === 'done' && value.path)
    items.push({ key: 'download', label: FILE_CELL_TEXT.download });
  if (column.allowRemove !== false) items.push({ key: 'remove', label: FILE_CELL_TEXT.remove });
  return items;
}

/** The upload target of a column: its `action` URL, else the common upload. */
export function uploadTarget(column: Pick<JVxeColumn, 'action'>, fallback: string): string {
  return typeof column.action === 'string' && column.action.trim() ? column.action.trim() : fallback;
}

/** The token header goes along unless the column sets `token: false` (spec §6: sent when the column sets token). */
export function sendsToken(column: Pick<JVxeColumn, 'token'>, defaultOn: boolean): boolean {
  return column.token === undefined ? defaultOn : column.token === true;
}

/** Image cells take only files whose type contains `image`. */
export function acceptsFile(kind: 'file' | 'image' | 'upload', file: { type?: string | null }): boolean {
  return kind !== 'image' || (file.type ?? '').includes('image');
}
