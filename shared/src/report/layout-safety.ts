/**
 * What a layout template may carry into the page that renders it. A layout's `style` becomes React style
 * objects and `src` an image address, on the writing screen, the print page and the archived PDF, so a
 * layout from outside (an MRRT file, later the layout editor) must not load anything from elsewhere,
 * run anything, or cover the application. Everything here is an allow-list or a refusal; nothing is
 * rewritten into something else.
 */

/** A CSS property name as React takes it (camelCase) or as CSS writes it (kebab-case). */
const PROPERTY = /^-?[a-zA-Z][a-zA-Z-]{0,39}$/;

/** Properties that load, run or escape the page whatever their value. */
const BLOCKED_PROPERTIES = new Set(['behavior', 'mozbinding', 'binding', 'content', 'src', 'all']);

/**
 * Values that fetch (url, image-set, src, @import), run (expression, javascript:) or hide an escape
 * (backslash escapes, comments, angle brackets, quotes closing the attribute).
 */
const BLOCKED_VALUE =
  /url\s*\(|image-set\s*\(|image\s*\(|src\s*\(|element\s*\(|expression|javascript:|vbscript:|@import|[\\<>"`]|\/\*/i;

/** Longest CSS value kept. */
export const STYLE_VALUE_MAX = 200;
/** Most declarations in one element's style. */
export const STYLE_DECLARATIONS_MAX = 40;

/** camelCase of a CSS property name (`font-size` -> `fontSize`, `-webkit-x` -> `WebkitX`). */
export function camelProperty(name: string): string {
  const trimmed = name.trim();
  const vendor = trimmed.startsWith('-');
  const camel = trimmed.replace(/^-/, '').replace(/-([a-z])/g, (_, c: string) => c.toUpperCase());
  return vendor ? camel.charAt(0).toUpperCase() + camel.slice(1) : camel;
}

/** kebab-case of a React style key (`fontSize` -> `font-size`, `WebkitX` -> `-webkit-x`). */
export function kebabProperty(name: string): string {
  return name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);
}

/** True when a style declaration may be kept: a plain property and a value that loads and runs nothing. */
export function isSafeStyle(property: string, value: string | number): boolean {
  if (!PROPERTY.test(property)) return false;
  const key = camelProperty(property).toLowerCase().replace(/-/g, '');
  if (BLOCKED_PROPERTIES.has(key) || key.endsWith('binding') || key.endsWith('behavior')) return false;
  if (typeof value === 'number') return Number.isFinite(value);
  if (value.length > STYLE_VALUE_MAX || BLOCKED_VALUE.test(value)) return false;
  // Fixed or sticky boxes would sit over the application's own screens, not inside the A4 page.
  if (key === 'position' && !/^(static|relative|absolute)$/i.test(value.trim())) return false;
  return true;
}

export type StyleObject = Record<string, string | number>;

/** The safe declarations of a style object (keys camelCase), or undefined when none is left. */
export function safeStyle(style: Record<string, unknown> | undefined): StyleObject | undefined {
  if (!style) return undefined;
  const out: StyleObject = {};
  let n = 0;
  for (const [k, v] of Object.entries(style)) {
    if (n >= STYLE_DECLARATIONS_MAX) break;
    if (typeof v !== 'string' && typeof v !== 'number') continue;
    const value = typeof v === 'string' ? v.trim() : v;
    if (value === '' || !isSafeStyle(k, value)) continue;
    out[camelProperty(k)] = value;
    n++;
  }
  return n ? out : undefined;
}

/** Reads a CSS declaration list (`a: b; c: d`) into a style object, keeping only safe declarations. */
export function parseStyleText(text: string): StyleObject | undefined {
  const raw: Record<string, string> = {};
  for (const part of text.slice(0, STYLE_VALUE_MAX * STYLE_DECLARATIONS_MAX).split(';')) {
    const colon = part.indexOf(':');
    if (colon <= 0) continue;
    raw[part.slice(0, colon).trim()] = part.slice(colon + 1).trim();
  }
  return safeStyle(raw);
}

/** React's unitless properties among those layouts use; other numbers are pixels, as React writes them. */
const UNITLESS = new Set([
  'fontWeight',
  'lineHeight',
  'opacity',
  'zIndex',
  'flex',
  'flexGrow',
  'flexShrink',
  'order',
  'zoom',
]);

/** A style object as CSS declaration text, numbers written as React would render them. */
export function styleText(style: StyleObject | undefined): string {
  if (!style) return '';
  return Object.entries(style)
    .map(([k, v]) => `${kebabProperty(k)}: ${typeof v === 'number' && !UNITLESS.has(k) && v !== 0 ? `${v}px` : v}`)
    .join('; ');
}

/**
 * An image address a layout may hold: an embedded PNG, JPEG or GIF (data:), or a path on this server
 * (`/...`, not `//host`). Anything else would be fetched from elsewhere when the report is shown.
 */
export function isSafeImageSrc(src: string): boolean {
  const s = src.trim();
  if (/^data:image\/(png|jpeg|gif);base64,[A-Za-z0-9+/=\s]+$/i.test(s)) return true;
  return /^\/(?![/\\])[A-Za-z0-9._~!$&'()*+,;=:@%/?-]*$/.test(s);
}

/** A class attribute: names of letters, digits, `-` and `_` only, at most 256 characters. */
export function safeClass(value: string | undefined): string | undefined {
  if (!value) return undefined;
  const names = value
    .split(/\s+/)
    .filter((n) => /^[A-Za-z_][A-Za-z0-9_-]{0,63}$/.test(n))
    .join(' ')
    .slice(0, 256)
    .trim();
  return names || undefined;
}

/** A jfield name: letters, digits and `_`. */
export const JFIELD = /^[A-Za-z_][A-Za-z0-9_]{0,63}$/;
/** An element uuid as layouts write them. */
export const ELEMENT_UUID = /^[A-Za-z0-9_.:-]{1,64}$/;
