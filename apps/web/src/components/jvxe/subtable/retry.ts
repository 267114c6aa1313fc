/**
 * Opening the sub-table popover (spec 02 §2 "sub-table popover titled 子表", §4, §8): the popover needs the row's
 * element on screen to sit under it; a virtualised row may not be rendered yet, so opening is retried. Attempts run
 * at levels 0, 1, 2, 3 (the first try and 3 retries); a call reaching level 4 — more than 3 retries — fails with
 * 打开子表失败.
 */

export const SUB_TABLE_TITLE = '子表';
export const SUB_TABLE_FAILED = '打开子表失败';
export const SUB_TABLE_MAX_RETRIES = 3;
/** pause between two attempts (a frame or two for the virtual list to render the row) */
export const SUB_TABLE_RETRY_MS = 50;

export class SubTableOpenError extends Error {
  readonly attempts: number;
  constructor(attempts: number) {
    super(SUB_TABLE_FAILED);
    this.name = 'SubTableOpenError';
    this.attempts = attempts;
  }
}

export interface RetryOptions {
  maxRetries?: number;
  delayMs?: number;
  /** how to wait between attempts (tests pass fake timers' friend) */
  wait?: (ms: number) => Promise<void>;
  /** stop early (the popover was closed or another row opened meanwhile) */
  cancelled?: () => boolean;
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Runs `attempt(level)` until it gives a value (not null / undefined, not throwing), at most 1 + maxRetries times;
 * then rejects with SubTableOpenError (打开子表失败). A cancelled run resolves null.
 */
export async function openWithRetry<T>(
  attempt: (level: number) => T | null | undefined | Promise<T | null | undefined>,
  opts: RetryOptions = {},
): Promise<T | null> {
  const max = opts.maxRetries ?? SUB_TABLE_MAX_RETRIES;
  const wait = opts.wait ?? sleep;
  const delay = opts.delayMs ?? SUB_TABLE_RETRY_MS;
  for (let level = 0; ; level++) {
    if (opts.cancelled?.()) return null;
    if (level > max) throw new SubTableOpenError(level);
    let got: T | null | undefined = null;
    try {
      got = await attempt(level);
    } catch {
      got = null;
    }
    if (got !== null && got !== undefined) return got;
    await wait(delay);
  }
}

export interface PopoverPlace {
  top: number;
  left: number;
  width: number;
}

/**
 * Where the popover goes: right under the row, as wide as the row (at most the window less 16 px margins), moved
 * left to stay inside the window; above the row when there is no room below.
 */
export function placeUnder(
  rect: { top: number; bottom: number; left: number; width: number },
  view: { width: number; height: number },
  popHeight = 0,
): PopoverPlace {
  const margin = 8;
  const width = Math.max(200, Math.min(rect.width, view.width - margin * 2));
  let left = Math.max(margin, rect.left);
  if (left + width > view.width - margin) left = Math.max(margin, view.width - margin - width);
  let top = rect.bottom + 4;
  if (popHeight && top + popHeight > view.height - margin && rect.top - popHeight - 4 >= margin)
    top = rect.top - popHeight - 4;
  return { top, left, width };
}
