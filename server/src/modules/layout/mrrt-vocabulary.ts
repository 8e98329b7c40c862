/** The HTML an MRRT template may hold, as the import reads it: what is dropped, a section, a block, a field. */

/** Elements whose content never becomes part of a layout (they run, load, embed or are not content). */
export const DROPPED = new Set([
  'script',
  'style',
  'iframe',
  'frame',
  'frameset',
  'object',
  'embed',
  'applet',
  'link',
  'meta',
  'base',
  'template',
  'noscript',
  'svg',
  'math',
  'audio',
  'video',
  'source',
  'track',
  'canvas',
  'button',
  'head',
  'title',
  'picture',
  'portal',
  'dialog',
  'map',
  'area',
  'param',
  'slot',
  'datalist',
  'output',
  'progress',
  'meter',
]);
export const HEAD_ACTIVE = new Set(['script', 'style', 'link', 'base', 'iframe', 'object', 'embed']);
/** Sections of an MRRT body: a framed group of their own. */
export const SECTIONS = new Set(['section', 'article', 'fieldset']);
/** Other block containers: their content, grouped when it is more than one element. */
export const BLOCKS = new Set([
  'body',
  'div',
  'main',
  'aside',
  'nav',
  'figure',
  'ul',
  'ol',
  'dl',
  'form',
  'details',
  'blockquote',
  'center',
]);
export const HEADINGS = new Set([
  'header',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'legend',
  'caption',
  'figcaption',
  'summary',
]);
export const HEADING_SIZE: Record<string, number> = { h1: 22, h2: 18, h3: 16 };
/** Inline content: one line of text, or a row when it holds fields. */
export const INLINE = new Set([
  'p',
  'span',
  'li',
  'dt',
  'dd',
  'a',
  'strong',
  'em',
  'b',
  'i',
  'u',
  's',
  'small',
  'sup',
  'sub',
  'label',
  'font',
  'code',
  'pre',
  'q',
  'cite',
  'abbr',
  'time',
  'mark',
  'var',
  'kbd',
  'samp',
  'bdi',
  'bdo',
  'ins',
  'del',
  'data',
  'wbr',
]);
export const FIELDS = new Set(['input', 'select', 'textarea']);
/** Input types that are a typed value in the report. */
export const VALUE_INPUTS = new Set([
  '',
  'text',
  'number',
  'date',
  'time',
  'datetime-local',
  'month',
  'week',
  'search',
  'tel',
  'email',
  'url',
]);
export const CHOICE_INPUTS = new Set(['radio', 'checkbox']);
export const TEXT_MAX = 4000;
export const OPTION_MAX = 200;
export const OPTIONS_MAX = 50;

// Control characters other than tab and line feed have no place in a report's text.
// eslint-disable-next-line no-control-regex -- removing them is the point
export const CONTROL = /[\u0000-\u0008\u000B-\u001F\u007F]/g;
export const line = (s: string) => s.replace(CONTROL, '').replace(/\s+/g, ' ').trim();
