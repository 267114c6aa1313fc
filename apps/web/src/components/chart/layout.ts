/** Geometry of the bar-and-line chart (pure: unit-tested apart from React). */

/** Integer axis ticks from 0 that cover `max` in about five steps of 1, 2 or 5 × 10ⁿ. */
export function axisTicks(max: number): number[] {
  const raw = Math.max(1, max) / 5;
  const magnitude = 10 ** Math.floor(Math.log10(raw));
  const step = Math.max(1, [1, 2, 5, 10].map((m) => m * magnitude).find((s) => s >= raw) ?? 10 * magnitude);
  const top = Math.max(step, Math.ceil(max / step) * step);
  const ticks: number[] = [];
  for (let t = 0; t <= top; t += step) ticks.push(t);
  return ticks;
}

export interface ChartBox {
  left: number;
  right: number;
  top: number;
  bottom: number;
  /** width of one day's band */
  band: number;
  barWidth: number;
  /** x where day `i`'s band starts */
  bandX(i: number): number;
  /** x of day `i`'s centre */
  center(i: number): number;
  /** y of a value */
  y(value: number): number;
}

/** Plot area inside a `width` × `height` SVG: room for the value labels on the left and the day labels below. */
export function layoutChart(width: number, height: number, ticks: readonly number[], days: number): ChartBox {
  const topTick = ticks[ticks.length - 1] || 1;
  const labelChars = Math.max(...ticks.map((t) => String(t).length));
  const left = 8 + labelChars * 7 + 8;
  const right = Math.max(left + days, width - 16);
  const top = 8;
  const bottom = Math.max(top + 1, height - 24);
  const band = (right - left) / Math.max(1, days);
  return {
    left,
    right,
    top,
    bottom,
    band,
    barWidth: Math.min(36, band * 0.6),
    bandX: (i) => left + band * i,
    center: (i) => left + band * (i + 0.5),
    y: (value) => bottom - (Math.min(Math.max(value, 0), topTick) / topTick) * (bottom - top),
  };
}
