import { inflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { drawCaptcha, captchaPng } from './render';
import type { Raster } from './raster';

const W = 136;
const H = 40;
const DIGITS = '0123456789';

/** A seeded generator (mulberry32), so the figures below do not change from run to run. */
function seeded(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

interface Gray {
  w: number;
  h: number;
  v: Float32Array;
}
const darkness = (r: Raster): Gray => ({
  w: r.width,
  h: r.height,
  v: Float32Array.from(
    { length: r.width * r.height },
    (_x, i) => 1 - (r.rgb[i * 3]! + r.rgb[i * 3 + 1]! + r.rgb[i * 3 + 2]!) / 765,
  ),
});

/** The ink of one plainly drawn character, cropped: what a glyph matcher compares against. */
function template(ch: string): Gray {
  const g = darkness(drawCaptcha(ch, { width: W / 4, height: H, distort: false, random: seeded(1) }));
  const base = Math.min(...g.v);
  const ink = (x: number, y: number) => g.v[y * g.w + x]! - base > 0.25;
  const xs = [...Array(g.w).keys()].filter((x) => [...Array(g.h).keys()].some((y) => ink(x, y)));
  const ys = [...Array(g.h).keys()].filter((y) => xs.some((x) => ink(x, y)));
  const [x0, x1, y0, y1] = [xs[0]!, xs.at(-1)!, ys[0]!, ys.at(-1)!];
  const w = x1 - x0 + 1;
  const h = y1 - y0 + 1;
  return {
    w,
    h,
    v: Float32Array.from({ length: w * h }, (_v, i) => g.v[(y0 + Math.floor(i / w)) * g.w + x0 + (i % w)]!),
  };
}

/** Normalised cross-correlation of the template with the image window at (ox, oy). */
function ncc(img: Gray, t: Gray, ox: number, oy: number): number {
  let st = 0;
  let si = 0;
  for (let i = 0; i < t.v.length; i++) {
    st += t.v[i]!;
    si += img.v[(oy + Math.floor(i / t.w)) * img.w + ox + (i % t.w)]!;
  }
  const [mt, mi] = [st / t.v.length, si / t.v.length];
  let num = 0;
  let dt = 0;
  let di = 0;
  for (let i = 0; i < t.v.length; i++) {
    const a = t.v[i]! - mt;
    const b = img.v[(oy + Math.floor(i / t.w)) * img.w + ox + (i % t.w)]! - mi;
    num += a * b;
    dt += a * a;
    di += b * b;
  }
  return num / Math.sqrt(dt * di || 1);
}

/** Reads each quarter of the image as the character whose template matches best anywhere near it. */
function readByGlyphs(r: Raster, templates: Map<string, Gray>): string {
  const img = darkness(r);
  let text = '';
  for (let slot = 0; slot < 4; slot++) {
    let best = { ch: '?', score: -2 };
    for (const [ch, t] of templates) {
      const xFrom = Math.max(0, slot * (W / 4) - 6);
      const xTo = Math.min(W - t.w, (slot + 1) * (W / 4) - t.w + 6);
      for (let x = xFrom; x <= xTo; x++)
        for (let y = 0; y <= H - t.h; y++) {
          const score = ncc(img, t, x, y);
          if (score > best.score) best = { ch, score };
        }
    }
    text += best.ch;
  }
  return text;
}

function readRate(distort: boolean, n: number): { whole: number; chars: number } {
  const rnd = seeded(distort ? 42 : 7);
  const templates = new Map([...DIGITS].map((d) => [d, template(d)]));
  let whole = 0;
  let chars = 0;
  for (let k = 0; k < n; k++) {
    const text = Array.from({ length: 4 }, () => DIGITS[Math.floor(rnd() * 10)]).join('');
    const read = readByGlyphs(drawCaptcha(text, { width: W, height: H, distort, random: rnd }), templates);
    if (read === text) whole++;
    chars += [...read].filter((c, i) => c === text[i]).length;
  }
  return { whole: whole / n, chars: chars / (4 * n) };
}

describe('captcha image', () => {
  it('is a PNG of the spec size (136 x 40, RGB), different at every drawing of the same text', () => {
    const png = captchaPng('Ab3d', { width: W, height: H });
    expect(png.subarray(1, 4).toString('ascii')).toBe('PNG');
    expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([W, H]);
    const idat = png.indexOf('IDAT');
    const raw = inflateSync(png.subarray(idat + 4, idat + 4 + png.readUInt32BE(idat - 4)));
    expect(raw.length).toBe((W * 3 + 1) * H);
    expect(captchaPng('Ab3d', { width: W, height: H }).equals(png)).toBe(false);
  });

  it('a glyph matcher that reads the plain drawing does not read the captcha', () => {
    const plain = readRate(false, 12);
    expect(plain.whole).toBeGreaterThanOrEqual(0.9); // the matcher is competent
    const captcha = readRate(true, 30);
    expect(captcha.whole).toBeLessThanOrEqual(0.1);
    expect(captcha.chars).toBeLessThan(0.5);
  }, 30_000); // hundreds of matcher runs: seconds on a loaded 2-core machine
});
