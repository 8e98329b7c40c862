import { inflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import {
  CAPTCHA_ALPHABET,
  CAPTCHA_GLYPH_MIN_PX,
  CAPTCHA_HEIGHT,
  CAPTCHA_MIN_CONTRAST,
  CAPTCHA_WIDTH,
} from '@shared/constants';
import type { Rgb } from './raster';
import { captchaPng, contrast, luminance } from './render';

const W = CAPTCHA_WIDTH;
const H = CAPTCHA_HEIGHT;

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

/** The pixels of an 8-bit RGB PNG without filters (what our encoder writes). */
function decode(png: Buffer): { w: number; h: number; px: Rgb[] } {
  const [w, h] = [png.readUInt32BE(16), png.readUInt32BE(20)];
  expect(png[24]).toBe(8);
  expect(png[25]).toBe(2);
  const idat = png.indexOf('IDAT');
  const raw = inflateSync(png.subarray(idat + 4, idat + 4 + png.readUInt32BE(idat - 4)));
  const px: Rgb[] = [];
  for (let y = 0; y < h; y++) {
    expect(raw[y * (w * 3 + 1)]).toBe(0);
    for (let x = 0; x < w; x++) {
      const o = y * (w * 3 + 1) + 1 + x * 3;
      px.push([raw[o]!, raw[o + 1]!, raw[o + 2]!]);
    }
  }
  return { w, h, px };
}

type Box = { x0: number; x1: number; y0: number; y1: number; cells: number[] };

/**
 * What a reader sees as ink: pixels darker than the page's ground (its median colour) by 2:1 or more, grouped into
 * 8-connected shapes and those into glyphs by overlapping columns.
 */
function measure(png: Buffer) {
  const { w, h, px } = decode(png);
  const ground = [...px].sort((a, b) => luminance(a) - luminance(b))[Math.floor(px.length / 2)]!;
  const ink = px.map((p) => luminance(p) < luminance(ground) && contrast(p, ground) >= 2);
  const seen = new Uint8Array(px.length);
  const shapes: Box[] = [];
  for (let start = 0; start < px.length; start++) {
    if (!ink[start] || seen[start]) continue;
    const box: Box = { x0: w, x1: -1, y0: h, y1: -1, cells: [] };
    const stack = [start];
    seen[start] = 1;
    while (stack.length) {
      const i = stack.pop()!;
      const [x, y] = [i % w, Math.floor(i / w)];
      box.cells.push(i);
      Object.assign(box, { x0: Math.min(box.x0, x), x1: Math.max(box.x1, x), y0: Math.min(box.y0, y) });
      box.y1 = Math.max(box.y1, y);
      for (let dy = -1; dy <= 1; dy++)
        for (let dx = -1; dx <= 1; dx++) {
          const [nx, ny] = [x + dx, y + dy];
          const n = ny * w + nx;
          if (nx >= 0 && ny >= 0 && nx < w && ny < h && ink[n] && !seen[n]) {
            seen[n] = 1;
            stack.push(n);
          }
        }
    }
    shapes.push(box);
  }
  /** Ink too small to be part of a glyph: a speck of noise as dark as text. */
  const specks = shapes.filter((s) => s.cells.length < 30).length;
  shapes.sort((a, b) => a.x0 - b.x0);
  const glyphs: Box[] = [];
  for (const s of shapes) {
    const last = glyphs.at(-1);
    if (last && s.x0 <= last.x1) {
      Object.assign(last, { x1: Math.max(last.x1, s.x1), y0: Math.min(last.y0, s.y0), y1: Math.max(last.y1, s.y1) });
      last.cells.push(...s.cells);
    } else glyphs.push({ ...s, cells: [...s.cells] });
  }
  const isInk = (x: number, y: number) => x >= 0 && y >= 0 && x < w && y < h && ink[y * w + x]!;
  const nearInk = (x: number, y: number) => [-1, 0, 1].some((dy) => [-1, 0, 1].some((dx) => isInk(x + dx, y + dy)));
  /** Per glyph: its colour (median of the pixels inside its strokes) against the darkest ground pixel around it. */
  const glyphContrast = glyphs.map((g) => {
    const core = g.cells
      .filter((i) => {
        const [x, y] = [i % w, Math.floor(i / w)];
        return isInk(x - 1, y) && isInk(x + 1, y) && isInk(x, y - 1) && isInk(x, y + 1);
      })
      .map((i) => px[i]!)
      .sort((a, b) => luminance(a) - luminance(b));
    const color = core[Math.floor(core.length / 2)] ?? [255, 255, 255];
    let darkestGround: Rgb = [255, 255, 255];
    for (let y = Math.max(0, g.y0 - 4); y <= Math.min(h - 1, g.y1 + 4); y++)
      for (let x = Math.max(0, g.x0 - 4); x <= Math.min(w - 1, g.x1 + 4); x++)
        if (!nearInk(x, y) && luminance(px[y * w + x]!) < luminance(darkestGround)) darkestGround = px[y * w + x]!;
    return contrast(color, darkestGround);
  });
  /** The strongest noise: any pixel away from the glyphs against the ground. */
  let noise = 1;
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++) if (!nearInk(x, y)) noise = Math.max(noise, contrast(px[y * w + x]!, ground));
  return { w, h, glyphs, glyphContrast, noise, specks };
}

function randomText(rnd: () => number): string {
  return Array.from({ length: 4 }, () => CAPTCHA_ALPHABET[Math.floor(rnd() * CAPTCHA_ALPHABET.length)]).join('');
}

describe('captcha image', () => {
  it('is a PNG of the spec size (136 x 40, RGB), different at every drawing of the same text', () => {
    const png = captchaPng('AC37', { width: W, height: H });
    expect(png.subarray(1, 4).toString('ascii')).toBe('PNG');
    expect(decode(png)).toMatchObject({ w: 136, h: 40 });
    expect(captchaPng('AC37', { width: W, height: H }).equals(png)).toBe(false);
  });

  // 200 drawings of random answers, measured from the PNG's pixels only.
  const rnd = seeded(18);
  const drawings = Array.from({ length: 200 }, () => {
    const text = randomText(rnd);
    return { text, m: measure(captchaPng(text, { width: W, height: H, random: rnd })) };
  });

  it(`shows 4 separate glyphs, each at least ${CAPTCHA_GLYPH_MIN_PX} px tall, inside the image`, () => {
    for (const { text, m } of drawings) {
      expect(m.glyphs.length, text).toBe(4);
      for (const g of m.glyphs) {
        expect(g.y1 - g.y0 + 1, text).toBeGreaterThanOrEqual(CAPTCHA_GLYPH_MIN_PX);
        expect(g.y0 > 0 && g.y1 < H - 1 && g.x0 > 0 && g.x1 < W - 1, text).toBe(true);
      }
    }
  });

  it(`draws every glyph at ${CAPTCHA_MIN_CONTRAST}:1 or more against every ground pixel around it (WCAG AA)`, () => {
    const worst = Math.min(...drawings.flatMap((d) => d.m.glyphContrast));
    expect(worst).toBeGreaterThanOrEqual(CAPTCHA_MIN_CONTRAST);
  });

  it('keeps its noise faint: no specks of ink, nothing away from the glyphs at 1.5:1 against the ground', () => {
    expect(drawings.filter((d) => d.m.specks > 0).map((d) => d.text)).toEqual([]);
    const worst = Math.max(...drawings.map((d) => d.m.noise));
    expect(worst).toBeLessThan(1.5);
  });
});
