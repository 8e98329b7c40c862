import type { SeriesPoint } from '@shared/schemas/statistics';
import type { ChartOption } from '../components/echart';

/** Spec section 9: charts open zoomed to 94–100 % of a long axis (the latest part); short axes show whole. */
export const CHART_ZOOM = { start: 94, end: 100 } as const;
export const ZOOM_FROM_POINTS = 31;

export function zoomFor(points: number): { start: number; end: number } {
  return points > ZOOM_FROM_POINTS ? CHART_ZOOM : { start: 0, end: 100 };
}

export function barOption(
  series: { name: string; points: readonly SeriesPoint[] }[],
  opts: { unit?: string; zoom?: boolean; line?: boolean } = {},
): ChartOption {
  const names = series[0]?.points.map((p) => p.name) ?? [];
  return {
    tooltip: { trigger: 'axis' },
    legend: series.length > 1 ? { top: 0 } : undefined,
    grid: { left: 48, right: 16, top: series.length > 1 ? 32 : 16, bottom: opts.zoom ? 56 : 24, containLabel: true },
    xAxis: { type: 'category', data: names },
    yAxis: { type: 'value', name: opts.unit, minInterval: 1 },
    dataZoom: opts.zoom
      ? [
          { type: 'inside', ...zoomFor(names.length) },
          { type: 'slider', ...zoomFor(names.length) },
        ]
      : [],
    series: series.map((s) =>
      opts.line
        ? { type: 'line' as const, name: s.name, smooth: true, data: s.points.map((p) => p.value) }
        : { type: 'bar' as const, name: s.name, data: s.points.map((p) => p.value) },
    ),
  };
}

export function pieOption(points: readonly SeriesPoint[], unit?: string): ChartOption {
  return {
    tooltip: { trigger: 'item', formatter: unit ? `{b}: {c} ${unit} ({d}%)` : '{b}: {c} ({d}%)' },
    legend: { type: 'scroll', bottom: 0 },
    series: [
      {
        type: 'pie',
        radius: ['35%', '65%'],
        data: points.map((p) => ({ name: p.name, value: p.value })),
        label: { formatter: '{b}\n{d}%' },
      },
    ],
  };
}
