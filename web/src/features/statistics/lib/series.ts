import type { SeriesPoint } from '@shared/schemas/statistics';

/** The 24 hours '00'..'23' with the series' counts (hours without studies count 0). */
export function byHour(points: readonly SeriesPoint[]): SeriesPoint[] {
  const counts = new Map(points.map((p) => [p.name, p.value]));
  return Array.from({ length: 24 }, (_, h) => {
    const name = String(h).padStart(2, '0');
    return { name, value: counts.get(name) ?? 0 };
  });
}

/** Positive share of the marked reports, in percent with one decimal (null when none is marked). */
export function positiveRate(points: readonly SeriesPoint[]): number | null {
  const of = (n: string) => points.find((p) => p.name === n)?.value ?? 0;
  const marked = of('positive') + of('negative');
  return marked ? Math.round((of('positive') / marked) * 1000) / 10 : null;
}

/** Names the server sends as codes ('M', '3', 'positive', '') shown through `label` (codes without one kept). */
export function labelled(points: readonly SeriesPoint[], label: (name: string) => string | undefined): SeriesPoint[] {
  return points.map((p) => ({ ...p, name: label(p.name) ?? p.name }));
}

/** The `n` largest points, largest first (ties by name): the dashboard's top 10 body parts and doctors. */
export function topN(points: readonly SeriesPoint[], n: number): SeriesPoint[] {
  return [...points].sort((a, b) => b.value - a.value || a.name.localeCompare(b.name)).slice(0, n);
}
