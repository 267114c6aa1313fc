import { theme } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { axisTicks, type ChartBox, layoutChart } from './layout';
import './chart.css';

/** one category of the x axis: its key (tooltip heading), axis label and the two series' values */
export interface BarLinePoint {
  key: string;
  label: string;
  bar: number;
  line: number;
}

export interface BarAndLineProps {
  points: BarLinePoint[];
  /** legend / tooltip names of the two series */
  names: { bar: string; line: string };
  /** accessible name of the chart */
  title: string;
  height?: number;
}

/**
 * A bar series + line series chart over categories (JeecgBoot's chart/BarAndLine), drawn as SVG (ADR 022: a charting
 * library cost more bytes than the rest of the home page). Hovering or tapping a category shows its figures.
 */
export function BarAndLine({ points, names, title, height = 300 }: BarAndLineProps) {
  const { token } = theme.useToken();
  const ref = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(0);
  const [active, setActive] = useState<number | null>(null);

  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    setWidth(el.clientWidth);
    const ro = new ResizeObserver(() => setWidth(el.clientWidth));
    ro.observe(el);
    return () => ro.disconnect();
  }, []);

  const legendHeight = 28;
  const plotHeight = height - legendHeight;
  const ticks = axisTicks(Math.max(0, ...points.map((p) => Math.max(p.bar, p.line))));
  const box: ChartBox | null = width > 0 ? layoutChart(width, plotHeight, ticks, points.length) : null;
  const colors = { bar: token.colorPrimary, line: token.colorWarning };
  const hit = active !== null ? points[active] : undefined;

  return (
    <div
      ref={ref}
      className="answer-chart"
      role="img"
      aria-label={title}
      style={{ height, color: token.colorTextSecondary, fontFamily: token.fontFamily }}
      onMouseLeave={() => setActive(null)}
    >
      <div className="answer-chart-legend" aria-hidden>
        {(['bar', 'line'] as const).map((k) => (
          <span key={k}>
            <i className={`answer-chart-key-${k}`} style={{ background: colors[k], borderColor: colors[k] }} />
            <span style={{ color: token.colorText }}>{names[k]}</span>
          </span>
        ))}
      </div>
      {box ? (
        <svg width={width} height={plotHeight} aria-hidden focusable="false">
          {ticks.map((t) => (
            <g key={t}>
              <line
                x1={box.left}
                x2={box.right}
                y1={box.y(t)}
                y2={box.y(t)}
                stroke={t === 0 ? token.colorBorder : token.colorBorderSecondary}
              />
              <text
                x={box.left - 8}
                y={box.y(t)}
                textAnchor="end"
                dominantBaseline="middle"
                fontSize={12}
                fill="currentColor"
              >
                {t}
              </text>
            </g>
          ))}
          {active !== null ? (
            <rect
              x={box.bandX(active)}
              y={box.top}
              width={box.band}
              height={box.bottom - box.top}
              fill={token.colorFillTertiary}
            />
          ) : null}
          {points.map((p, i) => (
            <g key={p.key}>
              <rect
                x={box.center(i) - box.barWidth / 2}
                y={box.y(p.bar)}
                width={box.barWidth}
                height={box.bottom - box.y(p.bar)}
                fill={colors.bar}
              />
              <text x={box.center(i)} y={box.bottom + 16} textAnchor="middle" fontSize={12} fill="currentColor">
                {p.label}
              </text>
            </g>
          ))}
          <polyline
            fill="none"
            stroke={colors.line}
            strokeWidth={2}
            strokeLinejoin="round"
            points={points.map((p, i) => `${box.center(i)},${box.y(p.line)}`).join(' ')}
          />
          {points.map((p, i) => (
            <circle
              key={p.key}
              cx={box.center(i)}
              cy={box.y(p.line)}
              r={active === i ? 4 : 3}
              fill={token.colorBgContainer}
              stroke={colors.line}
              strokeWidth={2}
            />
          ))}
          {points.map((p, i) => (
            <rect
              key={p.key}
              data-key={p.key}
              x={box.bandX(i)}
              y={box.top}
              width={box.band}
              height={box.bottom - box.top}
              fill="transparent"
              onMouseEnter={() => setActive(i)}
              onClick={() => setActive(i)}
            />
          ))}
        </svg>
      ) : null}
      {box && hit && active !== null ? (
        <div
          className="answer-chart-tip"
          style={{
            top: legendHeight + box.top + 8,
            left: Math.min(box.center(active) + 12, width - 140),
            background: token.colorBgElevated,
            boxShadow: token.boxShadowSecondary,
            borderRadius: token.borderRadius,
            color: token.colorText,
          }}
        >
          <div>{hit.key}</div>
          {(['bar', 'line'] as const).map((k) => (
            <div key={k}>
              <i style={{ background: colors[k] }} />
              {names[k]}
              <b>{hit[k]}</b>
            </div>
          ))}
        </div>
      ) : null}
    </div>
  );
}
