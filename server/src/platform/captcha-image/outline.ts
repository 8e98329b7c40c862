import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import opentype, { type Font, type PathCommand } from 'opentype.js';

export type Point = [number, number];
export type Polygon = Point[];

let font: Font | undefined;
/**
 * Inconsolata (SIL OFL, shipped with bwip-js, its licence beside it there): a plain face whose capitals and
 * digits are told apart at a glance, unlike svg-captcha's hand-drawn Comismsh drawn in thin double lines.
 */
function captchaFont(): Font {
  if (!font) {
    // bwip-js exports no package.json: its entry lies in dist/, the fonts beside dist/.
    const dir = dirname(dirname(createRequire(import.meta.url).resolve('bwip-js')));
    font = opentype.loadSync(join(dir, 'fonts', 'Inconsolata.otf'));
  }
  return font;
}

const CURVE_STEPS = 8;

function flatten(commands: PathCommand[]): Polygon[] {
  const polys: Polygon[] = [];
  let cur: Polygon = [];
  let at: Point = [0, 0];
  for (const c of commands) {
    if (c.type === 'M') {
      if (cur.length > 2) polys.push(cur);
      cur = [[c.x, c.y]];
    } else if (c.type === 'L') {
      cur.push([c.x, c.y]);
    } else if (c.type === 'Q') {
      for (let i = 1; i <= CURVE_STEPS; i++) {
        const t = i / CURVE_STEPS;
        const u = 1 - t;
        cur.push([u * u * at[0] + 2 * u * t * c.x1 + t * t * c.x, u * u * at[1] + 2 * u * t * c.y1 + t * t * c.y]);
      }
    } else if (c.type === 'C') {
      for (let i = 1; i <= CURVE_STEPS; i++) {
        const t = i / CURVE_STEPS;
        const u = 1 - t;
        const [a, b, d, e] = [u * u * u, 3 * u * u * t, 3 * u * t * t, t * t * t];
        cur.push([a * at[0] + b * c.x1 + d * c.x2 + e * c.x, a * at[1] + b * c.y1 + d * c.y2 + e * c.y]);
      }
    }
    if (c.type !== 'Z') at = [c.x, c.y];
  }
  if (cur.length > 2) polys.push(cur);
  return polys;
}

/** The outline of one character at `size` px, its baseline at y = 0 (y grows downwards), and its advance. */
export function glyphOutline(char: string, size: number): { polys: Polygon[]; advance: number } {
  const f = captchaFont();
  const glyph = f.charToGlyph(char);
  return { polys: flatten(glyph.getPath(0, 0, size).commands), advance: (glyph.advanceWidth / f.unitsPerEm) * size };
}
