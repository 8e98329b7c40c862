/**
 * How a layout element is written into MRRT HTML so that it comes back unchanged: the visible HTML is what
 * an MRRT viewer shows, and these data attributes carry what HTML has no place for (the element's tag,
 * jfield, exact style object, table formulas). An MRRT file from elsewhere has none of them and is read
 * by its HTML alone.
 */
export const RX = {
  tag: 'data-rx-tag',
  style: 'data-rx-style',
  newStyle: 'data-rx-new-style',
  jfield: 'data-rx-jfield',
  src: 'data-rx-src',
  data: 'data-rx-data',
  text: 'data-rx-text',
} as const;

/** The MRRT template's Dublin Core type. */
export const MRRT_TYPE = 'IMAGE_REPORT_TEMPLATE';
