/**
 * Pure logic of the image preview / image list (spec 02 §5 "Image move", "Opening a file without value"): moving
 * the first image forward gives 未知的操作, moving the last one on gives 已到最后~; opening a file that has no value
 * gives 未知的文件.
 */

export const PREVIEW_MESSAGES = {
  unknownMove: '未知的操作',
  atLast: '已到最后~',
  unknownFile: '未知的文件',
} as const;

export type MoveResult<T> = { ok: true; list: T[]; index: number } | { ok: false; message: string };

/** move the item at `index` one place back ('prev') or on ('next'); the list is not changed in place */
export function moveImage<T>(list: readonly T[], index: number, direction: 'prev' | 'next'): MoveResult<T> {
  if (!Number.isInteger(index) || index < 0 || index >= list.length) {
    return { ok: false, message: PREVIEW_MESSAGES.unknownMove };
  }
  if (direction === 'prev') {
    if (index === 0) return { ok: false, message: PREVIEW_MESSAGES.unknownMove };
  } else if (index === list.length - 1) {
    return { ok: false, message: PREVIEW_MESSAGES.atLast };
  }
  const to = direction === 'prev' ? index - 1 : index + 1;
  const next = [...list];
  [next[index], next[to]] = [next[to], next[index]];
  return { ok: true, list: next, index: to };
}

/** the index the preview shows after a step (no wrap: it stays at the ends) */
export function stepIndex(current: number, total: number, direction: 'prev' | 'next'): number {
  if (total <= 0) return 0;
  const to = direction === 'prev' ? current - 1 : current + 1;
  return Math.min(Math.max(to, 0), total - 1);
}

/** image paths of a comma value or a list, blanks dropped */
export function imageList(value: string | readonly string[] | null | undefined): string[] {
  if (!value) return [];
  const arr = typeof value === 'string' ? value.split(',') : [...value];
  return arr.map((s) => s.trim()).filter(Boolean);
}

/** the URL to open a stored file, or the 未知的文件 message when there is none */
export function openTarget(
  path: string | null | undefined,
  toUrl: (p: string) => string,
): { ok: true; url: string } | { ok: false; message: string } {
  const p = path?.split(',')[0]?.trim();
  if (!p) return { ok: false, message: PREVIEW_MESSAGES.unknownFile };
  return { ok: true, url: toUrl(p) };
}
