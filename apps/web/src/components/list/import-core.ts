import type { Result } from '@answer/contract';
import { apiUrl, fileUrl } from '../../api/http';
import { LIST_MESSAGES } from './constants';

/** Pure parts of the Excel import (spec 02 §5, §8, contract §4.13). */

/** only .xls / .xlsx files are accepted */
export function isExcelFile(name: string | null | undefined): boolean {
  return /\.xlsx?$/i.test((name ?? '').trim());
}

export type ImportOutcome =
  | { kind: 'ok'; message: string }
  | { kind: 'partial'; title: string; detail: string; href: string; fileName: string }
  | { kind: 'fail'; message: string };

/** a stored error-report path (`/sys/common/static/…`, a bare stored path or a URL) as a link */
export function errorFileHref(path: string): string {
  if (!path) return '';
  if (/^https?:\/\//i.test(path)) return path;
  if (/(^|\/)sys\/common\/static\//.test(path)) return apiUrl(path);
  return fileUrl(path);
}

/**
 * How an import answer is shown: code 201 → warning 导入成功,但是有错误数据! with the error-report link; success →
 * the server message; failure → the server message as a warning.
 */
export function importOutcome(res: Result<unknown> | null | undefined, fileName = ''): ImportOutcome {
  if (!res) return { kind: 'fail', message: '文件上传失败' };
  if (res.success && res.code === 201) {
    const r = (res.result ?? {}) as {
      msg?: unknown;
      fileUrl?: unknown;
      fileName?: unknown;
      total?: unknown;
      imported?: unknown;
    };
    const url = typeof r.fileUrl === 'string' ? r.fileUrl : '';
    // every row failed: nothing was imported, and the title says so rather than 导入成功 (issue 29)
    const none = r.imported === 0 || (typeof r.msg === 'string' && /已导入行数：0(?!\d)/.test(r.msg));
    return {
      kind: 'partial',
      title: none ? LIST_MESSAGES.importNone : LIST_MESSAGES.importPartly,
      detail: none
        ? `${typeof r.total === 'number' ? `共 ${r.total} 行，` : ''}全部有错误，原因见错误报告（每行一条）`
        : typeof r.msg === 'string'
          ? r.msg
          : res.message,
      href: errorFileHref(url),
      fileName: typeof r.fileName === 'string' ? r.fileName : (url.split('/').pop() ?? ''),
    };
  }
  if (res.success) return { kind: 'ok', message: res.message || `${fileName} 文件上传成功` };
  return { kind: 'fail', message: res.message || '文件上传失败' };
}
