import { keepLast } from '../JUpload/upload-logic';

/**
 * Pure logic of the image dialog with two tabs (spec 02 §2 "image upload dialog with two tabs (local upload,
 * network image address)"): what the dialog gives back, and how it joins a comma value.
 */

export type ImageTab = 'local' | 'network';

export const IMAGE_TAB_MESSAGES = {
  noLocal: '请上传图片',
  badUrl: '请输入以http和https开头的网址',
} as const;

const HTTP_URL = /^https?:\/\/[^\s"'<>]+$/i;

export function isNetworkImageUrl(url: string | null | undefined): boolean {
  return !!url && HTTP_URL.test(url.trim());
}

/** the image the dialog returns for the active tab, or the message saying what is missing */
export function pickImage(
  tab: ImageTab,
  localPath: string | null | undefined,
  networkUrl: string | null | undefined,
): { ok: true; path: string } | { ok: false; message: string } {
  if (tab === 'local') {
    const p = localPath?.split(',')[0]?.trim();
    return p ? { ok: true, path: p } : { ok: false, message: IMAGE_TAB_MESSAGES.noLocal };
  }
  const u = networkUrl?.trim();
  return u && isNetworkImageUrl(u) ? { ok: true, path: u } : { ok: false, message: IMAGE_TAB_MESSAGES.badUrl };
}

/** a comma value with one more image; with a limit above 0 only the last N stay (spec 02 §5) */
export function appendImage(value: string | null | undefined, path: string, limit = 0): string {
  const list = (value ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  return keepLast([...list, path], limit).join(',');
}
