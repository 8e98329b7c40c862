import type { ViewerLayout } from '@shared/schemas/auth';

export type { ViewerLayout };

/** How many viewports a layout holds. */
export const cellsOf = (layout: ViewerLayout): number => ({ '1x1': 1, '1x2': 2, '2x2': 4 })[layout];

/**
 * The default hanging protocol per modality: CT and US one viewport (one series read by scrolling), MR four
 * (its sequences side by side), radiographs two (PA and lateral). Other modalities: one.
 */
export const DEFAULT_LAYOUTS: Readonly<Record<string, ViewerLayout>> = {
  CT: '1x1',
  MR: '2x2',
  DX: '1x2',
  CR: '1x2',
  DR: '1x2',
  US: '1x1',
};

/** The study's modality as a key: the study's first one (DICOM lists several as "CT\SR"), else its first series'. */
export function modalityKey(study: { modality: string; series: { modality: string }[] }): string {
  const first = (s: string | undefined) =>
    (s ?? '')
      .split(/[\\,/ ]/)
      .map((x) => x.trim().toUpperCase())
      .find((x) => /^[A-Z0-9]{1,8}$/.test(x)) ?? '';
  return first(study.modality) || first(study.series[0]?.modality);
}

/**
 * How a study opens: the layout the user chose last for its modality, as they chose it; else the default,
 * narrowed to the series there are (one DX image opens in one viewport, not twice); and the series of each
 * viewport, in the study's order (a layout with more viewports than series shows them again from the first).
 */
export function hangingOf(
  modality: string,
  seriesIuids: string[],
  remembered?: Partial<Record<string, ViewerLayout>>,
): { layout: ViewerLayout; cells: string[] } {
  const own = remembered?.[modality];
  const layout = own ?? narrowed(DEFAULT_LAYOUTS[modality] ?? '1x1', seriesIuids.length);
  return { layout, cells: fillCells(layout, seriesIuids) };
}

/** The largest layout no larger than the given one with no more viewports than series (at least one). */
function narrowed(layout: ViewerLayout, series: number): ViewerLayout {
  if (cellsOf(layout) <= series) return layout;
  return series >= 2 ? '1x2' : '1x1';
}

/** The series of each viewport of a layout: the ones already placed kept, new viewports given the next series. */
export function fillCells(layout: ViewerLayout, seriesIuids: string[], placed: string[] = []): string[] {
  if (!seriesIuids.length) return [];
  return Array.from({ length: cellsOf(layout) }, (_, i) => placed[i] ?? seriesIuids[i % seriesIuids.length]!);
}
