/**
 * Pure logic of the split pane (分屏): the split is the first pane's share in percent, kept between `min` and `max`,
 * moved by the pointer or the keyboard, and persisted per user and pane id in localStorage.
 */

export const SPLIT_DEFAULT = 50;
export const SPLIT_MIN = 10;
export const SPLIT_MAX = 90;
/** arrow keys move the split by this many percent; with Shift by SPLIT_BIG_STEP */
export const SPLIT_STEP = 2;
export const SPLIT_BIG_STEP = 10;

export interface SplitBounds {
  min?: number;
  max?: number;
}

/** the ratio within [min, max], rounded to 0.1 %; NaN / infinities give the default */
export function clampSplit(
  ratio: number,
  { min = SPLIT_MIN, max = SPLIT_MAX }: SplitBounds = {},
  fallback = SPLIT_DEFAULT,
): number {
  const lo = Math.min(min, max);
  const hi = Math.max(min, max);
  const r = Number.isFinite(ratio) ? ratio : fallback;
  return Math.round(Math.min(hi, Math.max(lo, r)) * 10) / 10;
}

/** the split for a pointer position inside the container (horizontal: x across the width; vertical: y down) */
export function splitFromPointer(pos: number, start: number, size: number, bounds?: SplitBounds): number {
  if (!(size > 0)) return clampSplit(Number.NaN, bounds);
  return clampSplit(((pos - start) / size) * 100, bounds);
}

/**
 * The split after a key on the separator, or null for a key it ignores. Left / Up make the first pane smaller,
 * Right / Down larger (Shift: bigger steps); Home / End go to the bounds (WAI-ARIA window splitter).
 */
export function splitForKey(ratio: number, key: string, shift = false, bounds: SplitBounds = {}): number | null {
  const step = shift ? SPLIT_BIG_STEP : SPLIT_STEP;
  switch (key) {
    case 'ArrowLeft':
    case 'ArrowUp':
      return clampSplit(ratio - step, bounds);
    case 'ArrowRight':
    case 'ArrowDown':
      return clampSplit(ratio + step, bounds);
    case 'Home':
      return clampSplit(bounds.min ?? SPLIT_MIN, bounds);
    case 'End':
      return clampSplit(bounds.max ?? SPLIT_MAX, bounds);
    default:
      return null;
  }
}

/** the localStorage key of a pane's split for one user */
export function splitStorageKey(user: string, id: string): string {
  return `answer:split:${user || 'anonymous'}:${id}`;
}

type StorageLike = Pick<Storage, 'getItem' | 'setItem'>;

/** the saved split (clamped), or `fallback` when none / unreadable / not a number */
export function loadSplit(
  storage: StorageLike | undefined,
  key: string,
  fallback = SPLIT_DEFAULT,
  bounds?: SplitBounds,
): number {
  try {
    const raw = storage?.getItem(key);
    if (raw === null || raw === undefined || raw.trim() === '') return clampSplit(fallback, bounds);
    const n = Number(raw);
    return Number.isFinite(n) ? clampSplit(n, bounds) : clampSplit(fallback, bounds);
  } catch {
    return clampSplit(fallback, bounds);
  }
}

/** stores the split; a full or blocked storage is ignored (the split still applies to this page) */
export function saveSplit(storage: StorageLike | undefined, key: string, ratio: number): void {
  try {
    storage?.setItem(key, String(ratio));
  } catch {
    // private mode / quota: nothing to keep
  }
}
