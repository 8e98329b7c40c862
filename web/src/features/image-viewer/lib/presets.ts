/** CT window presets (width/center in HU) the toolbar offers; "default" goes back to the image's own. */
export const CT_PRESETS = [
  { key: 'brain', center: 40, width: 80 },
  { key: 'lung', center: -600, width: 1500 },
  { key: 'abdomen', center: 40, width: 400 },
  { key: 'bone', center: 400, width: 1800 },
  { key: 'mediastinum', center: 50, width: 350 },
] as const;

export type PresetKey = (typeof CT_PRESETS)[number]['key'] | 'default';

/**
 * The presets a series is offered: CT's windows are Hounsfield units and mean nothing on DX, CR, MR or US,
 * whose pixel values have no fixed scale (window/level by dragging, and reset, stay for every series).
 */
export const presetsFor = (modality: string | undefined): PresetKey[] =>
  modality?.toUpperCase() === 'CT' ? ['default', ...CT_PRESETS.map((p) => p.key)] : [];

/** A preset's window; null for "default" (the image's own). */
export function presetWindow(key: PresetKey): { center: number; width: number } | null {
  const p = CT_PRESETS.find((x) => x.key === key);
  return p ? { center: p.center, width: p.width } : null;
}

/** Cornerstone's VOI range (lower, upper) of a window. */
export const voiRangeOf = (center: number, width: number) => ({ lower: center - width / 2, upper: center + width / 2 });

/** Window centre and width of a VOI range, rounded for the overlay. */
export const windowOf = (range: { lower: number; upper: number }) => ({
  center: Math.round((range.lower + range.upper) / 2),
  width: Math.round(range.upper - range.lower),
});
