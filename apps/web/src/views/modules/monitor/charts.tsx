import { theme } from 'antd';
import { useEffect, useRef, useState } from 'react';

/**
 * The monitor pages' charts, drawn as SVG (ADR 022 / 028: no charting library in the bundle): a time-series line
 * chart and a half-circle gauge. Geometry helpers are exported for the unit tests.
 */

export interface Series {
  name: string;
  values: number[];
  color?: string;
}

/** "nice" axis top and step for values up to `max` (4 steps of 1, 2, 2.5 or 5 × 10ⁿ; fractions allowed) */
export function niceScale(max: number, steps = 4, integer = false): { top: number; step: number } {
  if (!(max > 0) || !Number.isFinite(max)) return integer ? { top: steps, step: 1 } : { top: 1, step: 0.25 };
  const raw = max / steps;
  const mag = 10 ** Math.floor(Math.log10(raw));
  let step = ([1, 2, 2.5, 5, 10].map((m) => m * mag).find((s) => s >= raw) ?? 10 * mag) as number;
  // counts (connections, keys) get whole-number ticks
  if (integer) step = Math.max(1, Math.ceil(step));
  return { top: step * Math.ceil(max / step - 1e-9), step };
}

/** decimals needed to print every multiple of `step` exactly (0.25 → 2, 5 → 0) */
export function stepDecimals(step: number): number {
  for (let d = 0; d < 4; d++) {
    const v = step * 10 ** d;
    if (Math.abs(Math.round(v) - v) < 1e-6) return d;
  }
  return 4;
}

/** SVG polyline points of `values` in a box, x spread evenly over `slots` */
export function linePoints(
  values: readonly number[],
  slots: number,
  box: { left: number; right: number; top: number; bottom: number },
  top: number,
): string {
  const dx = slots > 1 ? (box.right - box.left) / (slots - 1) : 0;
  const offset = slots - values.length;
  return values
    .map((v, i) => {
      const x = box.left + (i + offset) * dx;
      const y = box.bottom - (Math.max(0, Math.min(v, top)) / (top || 1)) * (box.bottom - box.top);
      return `${x.toFixed(1)},${y.toFixed(1)}`;
    })
    .join(' ');
}

function useWidth() {
  const ref = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(0);
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    setWidth(el.clientWidth);
    if (typeof ResizeObserver === 'undefined') return;
    const ro = new ResizeObserver(() => setWidth(el.clientWidth));
    ro.observe(el);
    return () => ro.disconnect();
  }, []);
  return [ref, width] as const;
}

const PALETTE = ['#1677ff', '#fa8c16', '#52c41a', '#722ed1', '#eb2f96'];

export interface LineChartProps {
  title: string;
  series: Series[];
  /** label of each sample (same length as the longest series), e.g. HH:mm:ss */
  labels: string[];
  /** number of sample slots on the x axis (history length) */
  slots: number;
  format?: (v: number) => string;
  height?: number;
  /** the values are counts: whole-number ticks */
  integer?: boolean;
}

/** A time-series chart: newest sample on the right, values hovered by sample. */
export function LineChart({
  title,
  series,
  labels,
  slots,
  format = String,
  height = 220,
  integer = false,
}: LineChartProps) {
  const { token } = theme.useToken();
  const [ref, width] = useWidth();
  const [hover, setHover] = useState<number | null>(null);
  const max = Math.max(0, ...series.flatMap((s) => s.values));
  const { top, step } = niceScale(max, 4, integer);
  const ticks: number[] = [];
  for (let t = 0; t <= top + step / 2; t += step) ticks.push(t);
  const decimals = stepDecimals(step);
  const tickText = (t: number) => t.toFixed(decimals);
  const labelWidth = Math.max(...ticks.map((t) => tickText(t).length)) * 7 + 12;
  const box = { left: labelWidth, right: Math.max(labelWidth + 10, width - 12), top: 8, bottom: height - 44 };
  const n = labels.length;
  const dx = slots > 1 ? (box.right - box.left) / (slots - 1) : 0;
  const offset = slots - n;
  const y = (v: number) => box.bottom - (v / top) * (box.bottom - box.top);
  const colors = series.map((s, i) => s.color ?? PALETTE[i % PALETTE.length]);

  return (
    <div
      ref={ref}
      className="answer-monitor-chart"
      role="img"
      aria-label={title}
      style={{ position: 'relative', height, color: token.colorTextSecondary, fontSize: 12 }}
      onMouseLeave={() => setHover(null)}
      onMouseMove={(e) => {
        if (n === 0 || dx === 0) return;
        const x = e.clientX - e.currentTarget.getBoundingClientRect().left;
        const i = Math.round((x - box.left) / dx) - offset;
        setHover(i >= 0 && i < n ? i : null);
      }}
    >
      {width > 0 ? (
        <svg width={width} height={height} aria-hidden>
          {ticks.map((t) => (
            <g key={t}>
              <line x1={box.left} x2={box.right} y1={y(t)} y2={y(t)} stroke={token.colorBorderSecondary} />
              <text x={box.left - 6} y={y(t) + 4} textAnchor="end" fill="currentColor">
                {tickText(t)}
              </text>
            </g>
          ))}
          {n > 0 && (n - 1) * dx > 140 ? (
            <text x={box.left + offset * dx} y={box.bottom + 16} fill="currentColor">
              {labels[0]}
            </text>
          ) : null}
          {n > 0 ? (
            <text x={box.right} y={box.bottom + 16} textAnchor="end" fill="currentColor">
              {labels[n - 1]}
            </text>
          ) : null}
          {series.map((s, i) => (
            <polyline
              key={s.name}
              points={linePoints(s.values, slots, box, top)}
              fill="none"
              stroke={colors[i]}
              strokeWidth={2}
              strokeLinejoin="round"
            />
          ))}
          {series.map((s, i) =>
            s.values.length ? (
              <circle
                key={`${s.name}-last`}
                cx={box.right}
                cy={y(Math.max(0, Math.min(s.values[s.values.length - 1], top)))}
                r={3}
                fill={colors[i]}
              />
            ) : null,
          )}
          {hover !== null ? (
            <line
              x1={box.left + (hover + offset) * dx}
              x2={box.left + (hover + offset) * dx}
              y1={box.top}
              y2={box.bottom}
              stroke={token.colorTextQuaternary}
            />
          ) : null}
          {series.map((s, i) => (
            <g key={s.name} transform={`translate(${box.left + i * 150}, ${height - 10})`}>
              <rect y={-9} width={12} height={4} fill={colors[i]} />
              <text x={18} y={-3} fill="currentColor">
                {s.name}
              </text>
            </g>
          ))}
        </svg>
      ) : null}
      {hover !== null ? (
        <div
          className="answer-monitor-tip"
          style={{
            position: 'absolute',
            top: 8,
            left: Math.min(box.left + (hover + offset) * dx + 8, Math.max(0, width - 180)),
            background: token.colorBgElevated,
            boxShadow: token.boxShadowSecondary,
            borderRadius: token.borderRadius,
            padding: '4px 8px',
            pointerEvents: 'none',
            color: token.colorText,
          }}
        >
          <div>{labels[hover]}</div>
          {series.map((s, i) => (
            <div key={s.name}>
              <span style={{ color: colors[i] }}>●</span> {s.name}: {format(s.values[hover] ?? 0)}
            </div>
          ))}
        </div>
      ) : null}
    </div>
  );
}

/** the end point of a gauge's arc for `pct` (0–100) on a half circle of radius r centred at (cx, cy) */
export function arcPoint(pct: number, cx: number, cy: number, r: number): [number, number] {
  const a = Math.PI * (1 - Math.max(0, Math.min(100, pct)) / 100);
  return [cx + r * Math.cos(a), cy - r * Math.sin(a)];
}

/**
 * A half-circle gauge of a percentage: a usage is green, orange from 70 %, red from 90 %; with `highIsGood` (a hit
 * ratio) the other way round: green from 90 %, orange from 70 %, red below.
 */
export function Gauge({
  title,
  percent,
  caption,
  highIsGood = false,
}: {
  title: string;
  percent: number;
  caption?: string;
  highIsGood?: boolean;
}) {
  const { token } = theme.useToken();
  const r = 70;
  const cx = 90;
  const cy = 85;
  const [x0, y0] = arcPoint(0, cx, cy, r);
  const [x1, y1] = arcPoint(100, cx, cy, r);
  const [xv, yv] = arcPoint(percent, cx, cy, r);
  const color = highIsGood
    ? percent >= 90
      ? token.colorSuccess
      : percent >= 70
        ? token.colorWarning
        : token.colorError
    : percent >= 90
      ? token.colorError
      : percent >= 70
        ? token.colorWarning
        : token.colorSuccess;
  return (
    <div role="img" aria-label={`${title} ${percent.toFixed(1)}%`} style={{ textAlign: 'center' }}>
      <svg width={180} height={100} viewBox="0 0 180 100" aria-hidden>
        <path
          d={`M ${x0} ${y0} A ${r} ${r} 0 0 1 ${x1} ${y1}`}
          fill="none"
          stroke={token.colorFillSecondary}
          strokeWidth={14}
        />
        {percent > 0 ? (
          <path d={`M ${x0} ${y0} A ${r} ${r} 0 0 1 ${xv} ${yv}`} fill="none" stroke={color} strokeWidth={14} />
        ) : null}
        <text x={cx} y={cy - 8} textAnchor="middle" fontSize={22} fill={token.colorText}>
          {percent.toFixed(1)}%
        </text>
      </svg>
      <div style={{ color: token.colorText }}>{title}</div>
      {caption ? <div style={{ color: token.colorTextSecondary, fontSize: 12 }}>{caption}</div> : null}
    </div>
  );
}
