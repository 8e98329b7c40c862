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
  opts: { unit?: string; zoom?: boolean; line?: boolean; horizontal?: boolean } = {},
): ChartOption {
  const names = series[0]?.points.map((p) => p.name) ?? [];
  const category = { type: 'category' as const, data: names };
  const value = { type: 'value' as const, name: opts.unit, minInterval: 1 };
  return {
    tooltip: { trigger: 'axis' },
    legend: series.length > 1 ? { top: 0 } : undefined,
    grid: { left: 48, right: 16, top: series.length > 1 ? 32 : 16, bottom: opts.zoom ? 56 : 24, containLabel: true },
    // Horizontal: a ranking (long names on the left, the largest on top).
    xAxis: opts.horizontal ? value : category,
    yAxis: opts.horizontal ? { ...category, inverse: true, axisLabel: { width: 110, overflow: 'truncate' } } : value,
    dataZoom: opts.zoom
      ? [
          { type: 'inside', ...zoomFor(names.length) },
          { type: 'slider', ...zoomFor(names.length) },
        ]
      : [],
    series: series.map((s) =>
      opts.line
        ? { type: 'line' as const, name: s.name, smooth: true, data: s.points.map((p) => p.value) }
        : { type: 'bar' as const, name: s.name, barMaxWidth: 32, data: s.points.map((p) => p.value) },
    ),
  };
}

/**
 * A ring chart whose labels stay inside its box: the ring is kept small enough for outside labels, long
 * names are cut with an ellipsis (the tooltip and the legend give them whole), overlapping labels hidden.
 */
export function pieOption(points: readonly SeriesPoint[], unit?: string): ChartOption {
  return {
    tooltip: { trigger: 'item', formatter: unit ? `{b}: {c} ${unit} ({d}%)` : '{b}: {c} ({d}%)' },
    legend: { type: 'scroll', bottom: 0, left: 'center', width: '90%' },
    series: [
      {
        type: 'pie',
        radius: ['30%', '54%'],
        center: ['50%', '45%'],
        avoidLabelOverlap: true,
        minShowLabelAngle: 4,
        data: points.map((p) => ({ name: p.name, value: p.value })),
        label: { formatter: '{b}\n{d}%', width: 96, overflow: 'truncate', lineHeight: 14 },
        labelLine: { length: 8, length2: 8 },
        labelLayout: { hideOverlap: true },
      },
    ],
  };
}
