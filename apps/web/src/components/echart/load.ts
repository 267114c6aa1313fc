import type { BarSeriesOption, LineSeriesOption, RadarSeriesOption } from 'echarts/charts';
import type {
  GridComponentOption,
  LegendComponentOption,
  RadarComponentOption,
  TooltipComponentOption,
} from 'echarts/components';
import type { ComposeOption } from 'echarts/core';

/** the options the loaded echarts understands (echarts-core.ts registers exactly these) */
export type EChartOption = ComposeOption<
  | BarSeriesOption
  | LineSeriesOption
  | RadarSeriesOption
  | GridComponentOption
  | LegendComponentOption
  | RadarComponentOption
  | TooltipComponentOption
>;

type Setup = typeof import('./echarts-core');
let pending: Promise<Setup['echarts']> | undefined;

/** echarts, fetched once on first use; a failed fetch is forgotten so the next chart asks again */
export function loadEcharts(): Promise<Setup['echarts']> {
  pending ??= import('./echarts-core').then(
    (m) => m.echarts,
    (err) => {
      pending = undefined;
      throw err;
    },
  );
  return pending;
}
