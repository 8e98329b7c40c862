import { glyphOutline, type Point, type Polygon } from './outline';
import { encodePng } from './png';
import { fillPolygons, newRaster, strokePolygons, type Raster, type Rgb } from './raster';

export interface CaptchaDrawOptions {
  width: number;
  height: number;
  /** Random numbers in [0, 1): Math.random by default; tests pass a seeded one. */
  random?: () => number;
  /** Rotation, scale, warp, strokes and noise; off only to prove a matcher reads a plain rendering. */
  distort?: boolean;
}

type Warp = (p: Point) => Point;

const between = (rnd: () => number, lo: number, hi: number) => lo + rnd() * (hi - lo);
const darkColor = (rnd: () => number): Rgb => [between(rnd, 10, 110), between(rnd, 10, 110), between(rnd, 10, 110)];

function background(r: Raster, rnd: () => number, noisy: boolean): void {
  const base: Rgb = [between(rnd, 215, 250), between(rnd, 215, 250), between(rnd, 215, 250)];
  for (let i = 0; i < r.width * r.height; i++) {
    const n = noisy ? between(rnd, -22, 22) : 0;
    for (let k = 0; k < 3; k++) r.rgb[i * 3 + k] = Math.max(0, Math.min(255, base[k]! + n));
  }
}

/** A smooth random displacement of the whole picture, so no two drawings of a letter have one shape. */
function randomWarp(r: Raster, rnd: () => number): Warp {
  const [ax, ay] = [between(rnd, 1.5, 3), between(rnd, 2, 3.5)];
  const [lx, ly] = [between(rnd, 30, 60), between(rnd, 12, 24)];
  const [px, py] = [rnd() * 2 * Math.PI, rnd() * 2 * Math.PI];
  return ([x, y]) => [x + ax * Math.sin((2 * Math.PI * y) / ly + px), y + ay * Math.sin((2 * Math.PI * x) / lx + py)];
}

function placeGlyph(polys: Polygon[], at: Point, angle: number, scale: number, warp: Warp): Polygon[] {
  const [c, s] = [Math.cos(angle) * scale, Math.sin(angle) * scale];
  return polys.map((poly) => poly.map(([x, y]) => warp([at[0] + x * c - y * s, at[1] + x * s + y * c])));
}

function drawText(r: Raster, text: string, rnd: () => number, distort: boolean, warp: Warp): Rgb[] {
  const size = r.height * 1.05;
  const slot = r.width / text.length;
  const colors: Rgb[] = [];
  [...text].forEach((ch, i) => {
    const g = glyphOutline(ch, size);
    const scale = distort ? between(rnd, 0.85, 1.15) : 1;
    // Glyphs crowd into each other's slot when distorted: no clean column to cut between them.
    const x = i * slot + (slot - g.advance * scale) / 2 + (distort ? between(rnd, -4, 4) : 0);
    const y = r.height * 0.82 + (distort ? between(rnd, -2, 2) : 0);
    const angle = distort ? between(rnd, -0.35, 0.35) : 0;
    const color = darkColor(rnd);
    colors.push(color);
    const placed = placeGlyph(g.polys, [x, y], angle, scale, warp);
    fillPolygons(r, placed, color);
    // The face is drawn in thin double lines; a stroke along every contour makes it bold enough to read.
    fillPolygons(
      r,
      placed.flatMap((poly) => strokePolygons([...poly, poly[0]!], 1.6)),
      color,
    );
  });
  return colors;
}

/** Curves through the text in the glyphs' own colours, and dots: strokes a matcher cannot tell apart. */
function interference(r: Raster, rnd: () => number, colors: Rgb[], warp: Warp): void {
  for (let n = 0; n < 2; n++) {
    const [y0, amp, len, phase] = [
      between(rnd, 12, r.height - 12),
      between(rnd, 3, 8),
      between(rnd, 50, 110),
      rnd() * 7,
    ];
    const pts: Point[] = [];
    for (let x = -4; x <= r.width + 4; x += 4)
      pts.push(warp([x, y0 + amp * Math.sin((2 * Math.PI * x) / len + phase)]));
    fillPolygons(r, strokePolygons(pts, between(rnd, 1.2, 1.8)), colors[n % colors.length] ?? darkColor(rnd));
  }
  for (let n = 0; n < 70; n++) {
    const i = Math.floor(rnd() * r.width * r.height);
    r.rgb.set(colors[n % colors.length] ?? darkColor(rnd), i * 3);
  }
}

/** Draws the captcha text as pixels: rotated, scaled, warped glyphs under curves and speckles. */
export function drawCaptcha(text: string, o: CaptchaDrawOptions): Raster {
  const rnd = o.random ?? Math.random;
  const distort = o.distort ?? true;
  const r = newRaster(o.width, o.height);
  background(r, rnd, distort);
  const warp: Warp = distort ? randomWarp(r, rnd) : (p) => p;
  const colors = drawText(r, text, rnd, distort, warp);
  if (distort) interference(r, rnd, colors, warp);
  return r;
}

/** The captcha as a PNG image. */
export const captchaPng = (text: string, o: CaptchaDrawOptions): Buffer => encodePng(drawCaptcha(text, o));
