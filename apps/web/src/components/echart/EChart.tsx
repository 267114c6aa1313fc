import { Alert, Button, Skeleton } from 'antd';
import { type CSSProperties, useEffect, useRef, useState } from 'react';
import { type EChartOption, loadEcharts } from './load';

export type { EChartOption } from './load';

type Instance = ReturnType<Awaited<ReturnType<typeof loadEcharts>>['init']>;

/** an option echarts refuses (it throws) leaves the previous drawing instead of breaking the page */
function apply(c: Instance, option: EChartOption) {
  try {
    c.setOption(option, { notMerge: true });
  } catch (err) {
    console.error('echarts: option refused', err);
  }
}

export interface EChartProps {
  option: EChartOption;
  /** px @default 300 */
  height?: number;
  /** what the chart shows, for screen readers (echarts' own aria is off) */
  ariaLabel: string;
  style?: CSSProperties;
}

/**
 * A small echarts wrapper (ADR 035): loads echarts on first mount (its own chunk), renders SVG, follows its box's
 * size, replaces the option on change and disposes on unmount. A failed load shows a retry in its place.
 */
export function EChart({ option, height = 300, ariaLabel, style }: EChartProps) {
  const box = useRef<HTMLDivElement>(null);
  const chart = useRef<Instance | null>(null);
  const latest = useRef(option);
  latest.current = option;
  const [state, setState] = useState<'loading' | 'ready' | 'failed'>('loading');
  const [attempt, setAttempt] = useState(0);

  // biome-ignore lint/correctness/useExhaustiveDependencies: attempt re-runs the load after a failure
  useEffect(() => {
    let gone = false;
    let observer: ResizeObserver | undefined;
    setState('loading');
    loadEcharts().then(
      (echarts) => {
        if (gone || !box.current) return;
        const c = echarts.init(box.current, undefined, { renderer: 'svg' });
        chart.current = c;
        observer = new ResizeObserver(() => c.resize());
        observer.observe(box.current);
        setState('ready');
        apply(c, latest.current);
      },
      () => {
        if (!gone) setState('failed');
      },
    );
    return () => {
      gone = true;
      observer?.disconnect();
      chart.current?.dispose();
      chart.current = null;
    };
  }, [attempt]);

  useEffect(() => {
    if (chart.current) apply(chart.current, option);
  }, [option]);

  return (
    <div style={{ position: 'relative', height, ...style }}>
      <div ref={box} role="img" aria-label={ariaLabel} style={{ width: '100%', height: '100%' }} />
      {state === 'loading' ? (
        <div style={{ position: 'absolute', inset: 0 }}>
          <Skeleton active paragraph={{ rows: 5 }} />
        </div>
      ) : null}
      {state === 'failed' ? (
        <div style={{ position: 'absolute', inset: 0 }}>
          <Alert
            type="error"
            showIcon
            title="图表加载失败"
            action={
              <Button size="small" onClick={() => setAttempt((n) => n + 1)}>
                重试
              </Button>
            }
          />
        </div>
      ) : null}
    </div>
  );
}
