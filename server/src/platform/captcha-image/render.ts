import { glyphOutline, type Point, type Polygon } from './outline';
import { encodePng } from './png';
import { fillPolygons, newRaster, strokePolygons, type Raster, type Rgb } from './raster';

export type CaptchaDrawOptions = {
  width: number;
  height: number;
  /** Height of the capitals and digits in px before the mild scaling (at most -4%). */
  glyphPx?: number;
  /** Random numbers in [0, 1): Math.random by default; tests pass a seeded one. */
  random?: () => number;
};

/** The capitals' height when none is asked: 26 px, so the smallest drawn (scale 0.96) is still 24.9 px. */
const GLYPH_PX = 26;
/** The darkest background colour (noise included) the glyph colours are chosen against, per channel. */
const BG_MIN = 208;
/** Glyph colours keep at least this contrast with BG_MIN grey: 4.5:1 (WCAG AA) with a margin for edges. */
const GLYPH_CONTRAST = 5.5;

const between = (rnd: () => number, lo: number, hi: number) => lo + rnd() * (hi - lo);

/** WCAG relative luminance of an sRGB colour. */
export function luminance([r, g, b]: Rgb): number {
  const lin = (v: number) => {
    const c = v / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
}

/** WCAG contrast ratio of two colours (1 to 21). */
export function contrast(a: Rgb, b: Rgb): number {
  const [la, lb] = [luminance(a), luminance(b)];
  return (Math.max(la, lb) + 0.05) / (Math.min(la, lb) + 0.05);
}

/** A dark colour of random hue that keeps GLYPH_CONTRAST against the darkest background. */
function glyphColor(rnd: () => number): Rgb {
  for (;;) {
    const c: Rgb = [between(rnd, 0, 110), between(rnd, 0, 110), between(rnd, 0, 110)].map(Math.round) as Rgb;
    if (contrast(c, [BG_MIN, BG_MIN, BG_MIN]) >= GLYPH_CONTRAST) return c;
  }
}

/**
 * A light background with a soft gradient, and noise that stays faint (at most ~8% darker than the ground, under
 * 1.3:1 contrast): speckles and thin curves a reader's eye passes over, never strokes through the glyphs' shape.
 */
function background(r: Raster, rnd: () => number): void {
  const base: Rgb = [between(rnd, 232, 252), between(rnd, 232, 252), between(rnd, 232, 252)];
  const tilt = between(rnd, -10, 0);
  for (let y = 0; y < r.height; y++)
    for (let x = 0; x < r.width; x++) {
      const i = y * r.width + x;
      const shade = tilt * (x / r.width) - rnd() * 6;
      for (let k = 0; k < 3; k++) r.rgb[i * 3 + k] = Math.max(BG_MIN + 12, Math.round(base[k]! + shade));
    }
  for (let n = 0; n < 3; n++) {
    const [y0, amp, len, phase] = [between(rnd, 4, r.height - 4), between(rnd, 2, 6), between(rnd, 40, 90), rnd() * 7];
    const pts: Point[] = [];
    for (let x = -4; x <= r.width + 4; x += 4) pts.push([x, y0 + amp * Math.sin((2 * Math.PI * x) / len + phase)]);
    const faint: Rgb = [0, 1, 2].map((k) => Math.max(BG_MIN, base[k]! - 18)) as Rgb;
    fillPolygons(r, strokePolygons(pts, 1.2), faint);
  }
}

/** The smallest ink height of the alphabet's glyphs at font size 1, so `glyphPx` sets the capitals' height. */
function inkHeight(ch: string): number {
  const ys = glyphOutline(ch, 100).polys.flatMap((p) => p.map(([, y]) => y));
  return (Math.max(...ys) - Math.min(...ys)) / 100;
}

/** Rotated (at most ±0.08 rad), scaled (0.96-1.04) and shifted glyphs, each in its own quarter: they never touch. */
function drawText(r: Raster, text: string, glyphPx: number, rnd: () => number): void {
  const slot = r.width / text.length;
  [...text].forEach((ch, i) => {
    const size = glyphPx / inkHeight(ch);
    const g = glyphOutline(ch, size);
    const scale = between(rnd, 0.96, 1.04);
    const angle = between(rnd, -0.08, 0.08);
    const ys = g.polys.flatMap((p) => p.map(([, y]) => y));
    const xs = g.polys.flatMap((p) => p.map(([x]) => x));
    // Centre of the ink, so rotation and scale keep the glyph in its slot and inside the image.
    const [cx, cy] = [(Math.min(...xs) + Math.max(...xs)) / 2, (Math.min(...ys) + Math.max(...ys)) / 2];
    const at: Point = [(i + 0.5) * slot + between(rnd, -2, 2), r.height / 2 + between(rnd, -1.5, 1.5)];
    const [c, s] = [Math.cos(angle) * scale, Math.sin(angle) * scale];
    const placed: Polygon[] = g.polys.map((poly) =>
      poly.map(([x, y]) => [at[0] + (x - cx) * c - (y - cy) * s, at[1] + (x - cx) * s + (y - cy) * c] as Point),
    );
    const color = glyphColor(rnd);
    fillPolygons(r, placed, color);
    // A thin stroke along the contours: a semi-bold weight reads better at this size than the regular face.
    fillPolygons(
      r,
      placed.flatMap((poly) => strokePolygons([...poly, poly[0]!], 0.9)),
      color,
    );
  });
}

/**
 * Draws the captcha for people: large plain glyphs in dark colours on a light, faintly noisy ground
 * (docs/web.md, "The captcha"). Machines are kept out by the sign-in back-off, not by the picture.
 */
export function drawCaptcha(text: string, o: CaptchaDrawOptions): Raster {
  const rnd = o.random ?? Math.random;
  const r = newRaster(o.width, o.height);
  background(r, rnd);
  drawText(r, text, o.glyphPx ?? GLYPH_PX, rnd);
  return r;
}

/** The captcha as a PNG image. */
export const captchaPng = (text: string, o: CaptchaDrawOptions): Buffer => encodePng(drawCaptcha(text, o));
