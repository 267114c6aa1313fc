import { theme } from 'antd';
import { BarChart, LineChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import * as echarts from 'echarts/core';
import { SVGRenderer } from 'echarts/renderers';
import { useEffect, useRef } from 'react';
import type { VisitPoint } from './visits';

// Only the pieces this chart uses; this module is loaded lazily by the home page.
echarts.use([BarChart, LineChart, GridComponent, LegendComponent, TooltipComponent, SVGRenderer]);

export interface VisitChartProps {
  points: VisitPoint[];
  height?: number;
}

/** Seven-day bar (visits) + line (distinct IPs) chart. */
export default function VisitChart({ points, height = 300 }: VisitChartProps) {
  const ref = useRef<HTMLDivElement>(null);
  const { token } = theme.useToken();

  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    const chart = echarts.init(el, undefined, { renderer: 'svg' });
    const ro = new ResizeObserver(() => chart.resize());
    ro.observe(el);
    return () => {
      ro.disconnect();
      chart.dispose();
    };
  }, []);

  useEffect(() => {
    const el = ref.current;
    const chart = el ? echarts.getInstanceByDom(el) : undefined;
    if (!chart) return;
    chart.setOption(
      {
        color: [token.colorPrimary, token.colorWarning],
        textStyle: { fontFamily: token.fontFamily, color: token.colorTextSecondary },
        tooltip: { trigger: 'axis' },
        legend: { top: 0, data: ['访问量', 'IP数'], textStyle: { color: token.colorText } },
        grid: { left: 8, right: 16, top: 36, bottom: 8, containLabel: true },
        xAxis: {
          type: 'category',
          data: points.map((p) => p.label),
          axisLine: { lineStyle: { color: token.colorBorder } },
        },
        yAxis: {
          type: 'value',
          minInterval: 1,
          splitLine: { lineStyle: { color: token.colorBorderSecondary } },
        },
        series: [
          { name: '访问量', type: 'bar', barMaxWidth: 36, data: points.map((p) => p.visit) },
          { name: 'IP数', type: 'line', symbolSize: 6, data: points.map((p) => p.ip) },
        ],
      },
      true,
    );
  }, [points, token]);

  return <div ref={ref} style={{ width: '100%', height }} role="img" aria-label="最近7天访问量" />;
}
