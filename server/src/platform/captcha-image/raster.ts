import type { Polygon } from './outline';

export type Rgb = [number, number, number];

/** An RGB image in memory. */
export interface Raster {
  width: number;
  height: number;
  rgb: Uint8Array;
}

export const newRaster = (width: number, height: number): Raster => ({
  width,
  height,
  rgb: new Uint8Array(width * height * 3),
});

const SUB = 4; // sample rows per pixel row

/** Coverage (0..1) of each pixel by the polygons, non-zero winding, anti-aliased. */
function coverage(r: Raster, polys: Polygon[]): Float32Array {
  const cov = new Float32Array(r.width * r.height);
  const edges = polys.flatMap((p) => p.map((a, i) => [a, p[(i + 1) % p.length]!] as const));
  const ys = polys.flatMap((p) => p.map((a) => a[1]));
  const top = Math.max(0, Math.floor(Math.min(...ys) * SUB));
  const bottom = Math.min(r.height * SUB, Math.ceil(Math.max(...ys) * SUB));
  for (let sy = top; sy < bottom; sy++) {
    const y = (sy + 0.5) / SUB;
    const hits: { x: number; dir: number }[] = [];
    for (const [a, b] of edges) {
      if (a[1] <= y === b[1] <= y) continue;
      hits.push({ x: a[0] + ((y - a[1]) / (b[1] - a[1])) * (b[0] - a[0]), dir: a[1] < b[1] ? 1 : -1 });
    }
    hits.sort((p, q) => p.x - q.x);
    let winding = 0;
    for (let i = 0; i < hits.length - 1; i++) {
      winding += hits[i]!.dir;
      if (winding !== 0) addSpan(cov, r, Math.floor(sy / SUB), hits[i]!.x, hits[i + 1]!.x);
    }
  }
  return cov;
}

function addSpan(cov: Float32Array, r: Raster, row: number, x0: number, x1: number): void {
  const from = Math.max(0, x0);
  const to = Math.min(r.width, x1);
  for (let px = Math.floor(from); px < to; px++) {
    const part = Math.min(to, px + 1) - Math.max(from, px);
    cov[row * r.width + px]! += part / SUB;
  }
}

/** Paints the polygons in `color` over what is there. */
export function fillPolygons(r: Raster, polys: Polygon[], color: Rgb): void {
  const cov = coverage(r, polys);
  for (let i = 0; i < cov.length; i++) {
    const a = Math.min(1, cov[i]!);
    if (a <= 0) continue;
    for (let k = 0; k < 3; k++) r.rgb[i * 3 + k] = Math.round(r.rgb[i * 3 + k]! * (1 - a) + color[k]! * a);
  }
}

/** A polyline of `width` px as polygons (one quad per segment), for strokes through the text. */
export function strokePolygons(points: [number, number][], width: number): Polygon[] {
  const polys: Polygon[] = [];
  for (let i = 0; i < points.length - 1; i++) {
    const [ax, ay] = points[i]!;
    const [bx, by] = points[i + 1]!;
    const len = Math.hypot(bx - ax, by - ay) || 1;
    const nx = (-(by - ay) / len) * (width / 2);
    const ny = ((bx - ax) / len) * (width / 2);
    polys.push([
      [ax + nx, ay + ny],
      [bx + nx, by + ny],
      [bx - nx, by - ny],
      [ax - nx, ay - ny],
    ]);
  }
  return polys;
}
