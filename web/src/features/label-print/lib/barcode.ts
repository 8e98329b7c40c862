import { toSVG } from 'bwip-js/browser';

/** The accession number as a Code 128 SVG data URL, for the on-screen label and the browser-print fallback. */
export function code128DataUrl(text: string): string {
  const svg = toSVG({ bcid: 'code128', text, scale: 2, height: 10, includetext: true, textxalign: 'center' });
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
}
