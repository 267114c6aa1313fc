import { theme } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { axisTicks, type ChartBox, layoutChart } from './chart-layout';
import type { VisitPoint } from './visits';

export interface VisitChartProps {
  points: VisitPoint[];
  height?: number;
}

const SERIES = { visit: '访问量', ip: 'IP数' } as const;

/**
 * Seven-day bar (visits) + line (distinct IPs) chart, drawn as SVG (ADR 022: a charting library cost more bytes than
 * the rest of the home page). Hovering or tapping a day shows its figures; the table beside the chart lists them too.
 */
export default function VisitChart({ points, height = 300 }: VisitChartProps) {
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
  const ticks = axisTicks(Math.max(0, ...points.map((p) => Math.max(p.visit, p.ip))));
  const box: ChartBox | null = width > 0 ? layoutChart(width, plotHeight, ticks, points.length) : null;
  const colors = { visit: token.colorPrimary, ip: token.colorWarning };
  const hit = active !== null ? points[active] : undefined;

  return (
    <div
      ref={ref}
      className="answer-visit-chart"
      role="img"
      aria-label="最近7天访问量"
      style={{ height, color: token.colorTextSecondary, fontFamily: token.fontFamily }}
      onMouseLeave={() => setActive(null)}
    >
      <div className="answer-visit-chart-legend" aria-hidden>
        {(['visit', 'ip'] as const).map((k) => (
          <span key={k}>
            <i className={`answer-visit-chart-key-${k}`} style={{ background: colors[k], borderColor: colors[k] }} />
            <span style={{ color: token.colorText }}>{SERIES[k]}</span>
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
            <g key={p.date}>
              <rect
                x={box.center(i) - box.barWidth / 2}
                y={box.y(p.visit)}
                width={box.barWidth}
                height={box.bottom - box.y(p.visit)}
                fill={colors.visit}
              />
              <text x={box.center(i)} y={box.bottom + 16} textAnchor="middle" fontSize={12} fill="currentColor">
                {p.label}
              </text>
            </g>
          ))}
          <polyline
            fill="none"
            stroke={colors.ip}
            strokeWidth={2}
            strokeLinejoin="round"
            points={points.map((p, i) => `${box.center(i)},${box.y(p.ip)}`).join(' ')}
          />
          {points.map((p, i) => (
            <circle
              key={p.date}
              cx={box.center(i)}
              cy={box.y(p.ip)}
              r={active === i ? 4 : 3}
              fill={token.colorBgContainer}
              stroke={colors.ip}
              strokeWidth={2}
            />
          ))}
          {points.map((p, i) => (
            <rect
              key={p.date}
              data-day={p.date}
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
          className="answer-visit-chart-tip"
          style={{
            top: legendHeight + box.top + 8,
            left: Math.min(box.center(active) + 12, width - 140),
            background: token.colorBgElevated,
            boxShadow: token.boxShadowSecondary,
            borderRadius: token.borderRadius,
            color: token.colorText,
          }}
        >
          <div>{hit.date}</div>
          {(['visit', 'ip'] as const).map((k) => (
            <div key={k}>
              <i style={{ background: colors[k] }} />
              {SERIES[k]}
              <b>{hit[k]}</b>
            </div>
          ))}
        </div>
      ) : null}
    </div>
  );
}
