import { useEffect, useRef } from 'react';
import * as echarts from 'echarts/core';
import { BarChart, HeatmapChart, LineChart, PieChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TooltipComponent, VisualMapComponent } from 'echarts/components';
import { CanvasRenderer } from 'echarts/renderers';
import type { EChartsCoreOption } from 'echarts/core';

// ECharts through echarts/core with only the charts the console draws (bars, lines, pie, heatmap),
// so the data centre's chunk stays small. One component: an option in, a chart out, resized with
// its box. `animation: false` when the page asks for it (screenshots).

echarts.use([
  BarChart,
  LineChart,
  PieChart,
  HeatmapChart,
  GridComponent,
  TooltipComponent,
  LegendComponent,
  VisualMapComponent,
  CanvasRenderer,
]);

export type ChartProps = {
  option: EChartsCoreOption;
  height?: number;
  testId?: string;
  label: string;
  onClick?: (params: { name: string; dataIndex: number }) => void;
};

export function Chart({ option, height = 280, testId, label, onClick }: ChartProps) {
  const box = useRef<HTMLDivElement>(null);
  const chart = useRef<echarts.ECharts | null>(null);

  useEffect(() => {
    if (!box.current) return;
    const c = echarts.init(box.current);
    chart.current = c;
    const observer = new ResizeObserver(() => c.resize());
    observer.observe(box.current);
    return () => {
      observer.disconnect();
      c.dispose();
      chart.current = null;
    };
  }, []);

  useEffect(() => {
    const still = typeof navigator !== 'undefined' && navigator.webdriver;
    chart.current?.setOption({ animation: !still, ...option }, true);
  }, [option]);

  useEffect(() => {
    const c = chart.current;
    if (!c || !onClick) return;
    const handler = (p: unknown) => onClick(p as { name: string; dataIndex: number });
    c.on('click', handler);
    return () => {
      c.off('click', handler);
    };
  }, [onClick]);

  return <div ref={box} role="img" aria-label={label} data-testid={testId} style={{ width: '100%', height }} />;
}
