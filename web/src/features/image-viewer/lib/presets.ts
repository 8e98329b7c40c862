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

/** A window an image's header carries (WindowCenter / WindowWidth, PS3.3 C.11.2.1.2). */
export interface FileWindow {
  center: number;
  width: number;
}

type Values = number | number[] | undefined;
const valuesOf = (v: Values) => (v === undefined ? [] : Array.isArray(v) ? v : [v]);

/**
 * The windows an image's own header offers, as the modality's presets where there is no fixed scale (a DX
 * with its "normal, harder, softer", an MR's as the scanner set them): each pair once, a width below 1 left
 * out. Offered only when there are two or more: one is the image's own window, which "reset" gives back.
 */
export function fileWindowsOf(voi: { windowCenter?: Values; windowWidth?: Values } | undefined): FileWindow[] {
  const centers = valuesOf(voi?.windowCenter);
  const widths = valuesOf(voi?.windowWidth);
  const out: FileWindow[] = [];
  for (let i = 0; i < Math.min(centers.length, widths.length); i++) {
    const [center, width] = [Number(centers[i]), Number(widths[i])];
    if (!Number.isFinite(center) || !(width >= 1)) continue;
    if (!out.some((w) => w.center === center && w.width === width)) out.push({ center, width });
  }
  return out.length > 1 ? out : [];
}
