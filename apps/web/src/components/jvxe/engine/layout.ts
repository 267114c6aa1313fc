// Column widths and offsets, visible row / column ranges (fixed row height; expanded rows add their height).
import type { CellDef, JVxeColumn } from '../types';

export interface ColLayout {
  col: JVxeColumn;
  def: CellDef | undefined;
  width: number;
  /** x of the left edge in content coordinates */
  x: number;
  /** sticky on the left */
  fixed: boolean;
  /** index in the layout list */
  index: number;
}

export const DEFAULT_WIDTH = 150;

function px(w: number | string | undefined): number | undefined {
  if (typeof w === 'number') return w;
  if (typeof w === 'string') {
    const n = Number.parseFloat(w);
    return Number.isFinite(n) && !w.endsWith('%') ? n : undefined;
  }
  return undefined;
}

/**
 * Widths (width or the cell's default, never below minWidth or the cell's minWidth — spec §9) and offsets; fixed
 * columns first. When the columns are narrower than the view, the extra width goes to the flexible columns.
 */
export function layoutColumns(
  columns: readonly JVxeColumn[],
  cellOf: (type: string) => CellDef | undefined,
  viewWidth: number,
): { cols: ColLayout[]; total: number; fixedWidth: number } {
  const fixed: ColLayout[] = [];
  const rest: ColLayout[] = [];
  for (const col of columns) {
    const def = cellOf(col.type);
    const min = Math.max(col.minWidth ?? 0, def?.minWidth ?? 0);
    const w = Math.max(px(col.width) ?? def?.defaultWidth ?? DEFAULT_WIDTH, min);
    const item: ColLayout = {
      col,
      def,
      width: w,
      x: 0,
      fixed: Boolean(def?.special) || col.fixed === 'left',
      index: 0,
    };
    (item.fixed ? fixed : rest).push(item);
  }
  const cols = fixed.concat(rest);
  let total = cols.reduce((s, c) => s + c.width, 0);
  const flexible = rest.filter((c) => px(c.col.width) === undefined);
  if (viewWidth > total && flexible.length) {
    const extra = viewWidth - total;
    const base = flexible.reduce((s, c) => s + c.width, 0);
    let given = 0;
    flexible.forEach((c, i) => {
      const add = i === flexible.length - 1 ? extra - given : Math.floor((extra * c.width) / base);
      c.width += add;
      given += add;
    });
    total = viewWidth;
  }
  let x = 0;
  let fixedWidth = 0;
  cols.forEach((c, i) => {
    c.x = x;
    c.index = i;
    x += c.width;
    if (c.fixed) fixedWidth = x;
  });
  return { cols, total: x, fixedWidth };
}

/** the scrolling columns that intersect [left, left + width] (content coordinates, past the fixed part) */
export function visibleColumns(cols: readonly ColLayout[], left: number, width: number, overscanPx = 200): ColLayout[] {
  const from = left - overscanPx;
  const to = left + width + overscanPx;
  const out: ColLayout[] = [];
  for (const c of cols) {
    if (c.fixed) continue;
    if (c.x + c.width >= from && c.x <= to) out.push(c);
  }
  return out;
}

/** row tops: null when every row has the same height; else n + 1 offsets */
export function rowTops(count: number, rowHeight: number, extra: ReadonlyMap<number, number>): Float64Array | null {
  if (!extra.size) return null;
  const tops = new Float64Array(count + 1);
  let y = 0;
  for (let i = 0; i < count; i++) {
    tops[i] = y;
    y += rowHeight + (extra.get(i) ?? 0);
  }
  tops[count] = y;
  return tops;
}

/** first row whose bottom is below y */
export function rowAt(y: number, count: number, rowHeight: number, tops: Float64Array | null): number {
  if (!tops) return Math.max(0, Math.min(count - 1, Math.floor(y / rowHeight)));
  let lo = 0;
  let hi = count - 1;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if ((tops[mid + 1] as number) <= y) lo = mid + 1;
    else hi = mid;
  }
  return Math.max(0, lo);
}
