import type { UploadFile } from 'antd';
import { fileUrl } from '../../api/http';

/** Pure logic of the upload widgets (spec 02 §3 "Uploaded file value", §4 Upload, §5, §9). */

export const UPLOAD_MESSAGES = {
  notImage: '请上传图片',
  unknownError: '未知错误',
  failed: '上传失败',
  done: '上传完成',
} as const;

/** the answer of /sys/common/upload as it sits on an UploadFile */
export interface UploadAnswer {
  success?: boolean;
  message?: string;
  code?: number;
}

export type WidgetFile = UploadFile<UploadAnswer>;

/** the last path segment, as the name of a stored file */
export function nameOfPath(path: string): string {
  const clean = path.split('?')[0];
  return clean.slice(clean.lastIndexOf('/') + 1) || clean;
}

/** a comma string of stored paths as done files (thumbnails / links through the static domain) */
export function pathsToFiles(value: string | null | undefined): WidgetFile[] {
  if (!value) return [];
  return value
    .split(',')
    .map((p) => p.trim())
    .filter(Boolean)
    .map((path, i) => ({
      uid: `-${i}-${path}`,
      name: nameOfPath(path),
      status: 'done' as const,
      url: fileUrl(path),
      response: { success: true, message: path },
    }));
}

/** the stored path of a done file */
export function pathOf(file: WidgetFile): string | undefined {
  const r = file.response;
  if (r && typeof r === 'object' && r.success !== false && typeof r.message === 'string' && r.message) return r.message;
  return undefined;
}

/**
 * After antd's change: a done file whose answer says success=false becomes an error carrying the server message
 * (or 未知错误); a failed request is an error 上传失败. Done files get their URL.
 */
export function settleFile(file: WidgetFile): WidgetFile {
  if (file.status === 'done') {
    const r = file.response;
    if (r && typeof r === 'object' && r.success === false) {
      const message = r.message || UPLOAD_MESSAGES.unknownError;
      return { ...file, status: 'error', error: { message }, response: r };
    }
    const path = pathOf(file);
    return path && !file.url ? { ...file, url: fileUrl(path) } : file;
  }
  if (file.status === 'error' && !file.error?.message) return { ...file, error: { message: UPLOAD_MESSAGES.failed } };
  return file;
}

/** with a limit above 0, only the last N files are kept (spec 02 §5) */
export function keepLast<F>(files: F[], limit: number | undefined): F[] {
  return limit && limit > 0 && files.length > limit ? files.slice(-limit) : files;
}

/**
 * The value to emit: the comma paths once every file is done ('' when none), or null while any file is uploading or
 * failed (nothing is emitted then, spec 02 §4).
 */
export function emitValue(files: readonly WidgetFile[]): string | null {
  const paths: string[] = [];
  for (const f of files) {
    if (f.status !== 'done') return null;
    const p = pathOf(f);
    if (!p) return null;
    paths.push(p);
  }
  return paths.join(',');
}

/** file names shown truncated to 5 characters plus an ellipsis (spec 02 §9) */
export function truncateName(name: string, max = 5): string {
  const chars = Array.from(name ?? '');
  return chars.length > max ? `${chars.slice(0, max).join('')}...` : name;
}

/** only types containing `image` pass the image upload */
export function isImageFile(file: { type?: string | null }): boolean {
  return (file.type ?? '').includes('image');
}

/** the message of a failed file: `{file} {server message}.` for a refused upload, `{file} 上传失败.` otherwise */
export function failureNotice(file: WidgetFile): string | null {
  if (file.status !== 'error') return null;
  const r = file.response;
  if (r && typeof r === 'object' && r.success === false)
    return `${file.name} ${r.message || UPLOAD_MESSAGES.unknownError}.`;
  return `${file.name} ${UPLOAD_MESSAGES.failed}.`;
}
