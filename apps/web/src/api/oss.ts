import type { Result } from '@answer/contract';
import { http, STATIC_DOMAIN_URL } from './http';

/** 文件存储 (round 2 §3.1): every stored upload; download and preview are ours. */

export const OSS_URLS = {
  list: '/sys/oss/file/list',
  upload: '/sys/oss/file/upload',
  delete: '/sys/oss/file/delete',
  queryById: '/sys/oss/file/queryById',
  download: '/sys/oss/file/download',
  preview: '/sys/oss/file/preview',
} as const;

export interface OssFile {
  id: string;
  fileName: string | null;
  /** the stored path (local store) — also served at /sys/common/static/<url> */
  url: string | null;
  fileType: string | null;
  fileSize: number | null;
  biz: string | null;
  storage?: string | null;
  createBy?: string | null;
  createTime?: string | null;
}

export const IMAGE_TYPES: ReadonlySet<string> = new Set(['png', 'jpg', 'jpeg', 'gif', 'webp', 'bmp']);
export const isImage = (f: OssFile) => IMAGE_TYPES.has((f.fileType ?? '').toLowerCase());

/** the picture of an image file (the public static route, as JeecgBoot linked its files) */
export const imageUrl = (f: OssFile) => `${STATIC_DOMAIN_URL}/${f.url ?? ''}`;

/** 1536 → 1.5 KB */
export function formatSize(bytes: number | null | undefined): string {
  if (bytes === null || bytes === undefined || !Number.isFinite(bytes)) return '';
  if (bytes < 1024) return `${bytes} B`;
  const units = ['KB', 'MB', 'GB'];
  let v = bytes / 1024;
  let i = 0;
  while (v >= 1024 && i < units.length - 1) {
    v /= 1024;
    i++;
  }
  return `${v >= 100 ? v.toFixed(0) : v.toFixed(1)} ${units[i]}`;
}

export function uploadOssFile(
  file: Blob & { name?: string },
  onProgress?: (p: number) => void,
): Promise<Result<OssFile>> {
  const fd = new FormData();
  fd.append('file', file, file.name ?? 'file');
  return http.upload<OssFile>(OSS_URLS.upload, fd, { silent: false, onUploadProgress: (p) => onProgress?.(p) });
}

export const downloadOssFile = (f: OssFile) => http.download(OSS_URLS.download, { id: f.id }, f.fileName ?? undefined);
export const deleteOssFile = (id: string) => http.delete<null>(OSS_URLS.delete, { id });
