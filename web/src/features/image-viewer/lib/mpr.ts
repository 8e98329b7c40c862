/**
 * Multiplanar reformation on the CPU (the viewer draws without WebGL: docs/decisions.md, "MPR"): a stack of
 * parallel slices as a volume, and its axial, sagittal and coronal planes through a point.
 */
export type Plane = 'axial' | 'sagittal' | 'coronal';
export const PLANES: Plane[] = ['axial', 'sagittal', 'coronal'];

/** One slice as loaded: its position (mm), the unit vector along the stack, its stored values and rescale. */
export interface SliceInput {
  position: number[];
  normal: number[];
  pixels: ArrayLike<number>;
  slope: number;
  intercept: number;
}

/** Values (rescaled: HU on CT) at [slice][row][column]; slice 0 the highest along the normal's opposite (head first). */
export interface Volume {
  cols: number;
  rows: number;
  slices: number;
  /** mm between columns, rows and slices. */
  spacing: [number, number, number];
  data: Float32Array;
}

/** A plane's values, row by row, and its size in pixels and in mm (for its aspect on screen). */
export interface PlaneImage {
  width: number;
  height: number;
  widthMm: number;
  heightMm: number;
  values: Float32Array;
}

const dot = (a: number[], b: number[]) => a[0]! * b[0]! + a[1]! * b[1]! + a[2]! * b[2]!;

/**
 * The volume of a stack: slices sorted along the normal, head (the highest) first; the slice spacing from
 * the positions (not SliceThickness, which may differ from it). Null when it is no volume: fewer than three
 * slices, or slices not evenly spaced (a scout, two stacks in one series).
 */
export function buildVolume(
  slices: SliceInput[],
  rows: number,
  cols: number,
  pixelSpacing: [number, number],
): Volume | null {
  if (slices.length < 3) return null;
  const sorted = [...slices].sort((a, b) => dot(b.position, b.normal) - dot(a.position, a.normal));
  const at = sorted.map((s) => dot(s.position, s.normal));
  const step = (at[0]! - at.at(-1)!) / (sorted.length - 1);
  if (!(step > 0) || at.some((z, i) => i > 0 && Math.abs(at[i - 1]! - z - step) > step * 0.1)) return null;
  const size = rows * cols;
  const data = new Float32Array(size * sorted.length);
  sorted.forEach((s, k) => {
    if (s.pixels.length < size) throw new Error('a slice has fewer pixels than rows x columns');
    for (let i = 0; i < size; i++) data[k * size + i] = s.pixels[i]! * s.slope + s.intercept;
  });
  return { cols, rows, slices: sorted.length, spacing: [pixelSpacing[1], pixelSpacing[0], step], data };
}

/** The plane through a voxel: axial at its slice, sagittal at its column, coronal at its row. */
export function planeOf(v: Volume, plane: Plane, at: { col: number; row: number; slice: number }): PlaneImage {
  const { cols, rows, slices, data } = v;
  const [sx, sy, sz] = v.spacing;
  if (plane === 'axial') {
    const start = at.slice * rows * cols;
    return {
      width: cols,
      height: rows,
      widthMm: cols * sx,
      heightMm: rows * sy,
      values: data.slice(start, start + rows * cols),
    };
  }
  const width = plane === 'sagittal' ? rows : cols;
  const values = new Float32Array(width * slices);
  for (let k = 0; k < slices; k++)
    for (let u = 0; u < width; u++) {
      const [row, col] = plane === 'sagittal' ? [u, at.col] : [at.row, u];
      values[k * width + u] = data[(k * rows + row) * cols + col]!;
    }
  return {
    width,
    height: slices,
    widthMm: width * (plane === 'sagittal' ? sy : sx),
    heightMm: slices * sz,
    values,
  };
}

/** Grey levels of values through a window (centre, width), as RGBA for a canvas. */
export function toRgba(
  values: Float32Array,
  window: { center: number; width: number },
): Uint8ClampedArray<ArrayBuffer> {
  const out = new Uint8ClampedArray(values.length * 4);
  const low = window.center - window.width / 2;
  for (let i = 0; i < values.length; i++) {
    const g = Math.round(((values[i]! - low) / window.width) * 255);
    out[i * 4] = out[i * 4 + 1] = out[i * 4 + 2] = g;
    out[i * 4 + 3] = 255;
  }
  return out;
}
