// The part of opentype.js 0.7 (no bundled types) the captcha renderer uses.
declare module 'opentype.js' {
  export type PathCommand =
    | { type: 'M' | 'L'; x: number; y: number }
    | { type: 'Q'; x1: number; y1: number; x: number; y: number }
    | { type: 'C'; x1: number; y1: number; x2: number; y2: number; x: number; y: number }
    | { type: 'Z' };
  export interface Glyph {
    advanceWidth: number;
    getPath(x: number, y: number, fontSize: number): { commands: PathCommand[] };
  }
  export interface Font {
    unitsPerEm: number;
    charToGlyph(char: string): Glyph;
  }
  const opentype: { loadSync(path: string): Font };
  export default opentype;
}
