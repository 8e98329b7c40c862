/** The performance mark and attribute the first rendered image leaves (bench/lib/first-image.ts reads them). */
export const FIRST_IMAGE_MARK = 'rx-first-image';

/**
 * Records when the first image was on screen: milliseconds since the page's navigation started
 * (performance.now's origin), as a performance mark and as data-first-image-ms on the viewport element.
 */
export function markFirstImage(el: HTMLElement): void {
  if (el.dataset.firstImageMs) return;
  const ms = performance.now();
  performance.mark(FIRST_IMAGE_MARK);
  el.dataset.firstImageMs = String(Math.round(ms));
}
