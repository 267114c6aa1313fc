import type { Result } from '@answer/contract';
import { http } from './http';

/** POST /sys/common/upload (contract §4.12): multipart `file`, `biz` (sub folder, default temp), `isup=1`. */
export const UPLOAD_URL = '/sys/common/upload';
export const DEFAULT_BIZ = 'temp';

export interface UploadFileOptions {
  biz?: string;
  /** another upload endpoint (e.g. a file cell's action url) */
  url?: string;
  onProgress?: (percent: number) => void;
  signal?: AbortSignal;
}

/** Uploads one file; the answer's `message` is the stored path (or a full URL with object storage). */
export function uploadFile(file: Blob & { name?: string }, opts: UploadFileOptions = {}): Promise<Result<unknown>> {
  const fd = new FormData();
  fd.append('file', file, file.name ?? 'file');
  fd.append('biz', opts.biz || DEFAULT_BIZ);
  fd.append('isup', '1');
  return http.upload<unknown>(opts.url ?? UPLOAD_URL, fd, {
    silent: false,
    signal: opts.signal,
    onUploadProgress: (percent) => opts.onProgress?.(percent),
  });
}
