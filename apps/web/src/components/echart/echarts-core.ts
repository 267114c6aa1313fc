import { BarChart, LineChart, RadarChart } from 'echarts/charts';
import { GridComponent, LegendComponent, RadarComponent, TooltipComponent } from 'echarts/components';
import * as echarts from 'echarts/core';
import { SVGRenderer } from 'echarts/renderers';

/**
 * The part of echarts the dashboards use (ADR 035): bar, line and radar series, grid/radar coordinates, tooltip and
 * legend, SVG renderer. Imported only through load.ts (a dynamic import), so it is its own chunk, fetched by the
 * dashboard pages and never by the sign-in → home → list path.
 */
echarts.use([
  BarChart,
  LineChart,
  RadarChart,
  GridComponent,
  LegendComponent,
  RadarComponent,
  TooltipComponent,
  SVGRenderer,
]);

export { echarts };
