/** The performance mark and attribute the first rendered image leaves (bench/lib/first-image.ts reads them). */
export const FIRST_IMAGE_MARK = 'rx-first-image';

/**
 * Records when the first image was on screen, whichever drew it (the server-rendered preview, shown
 * early or by the page, or Cornerstone): milliseconds since the page's navigation started (performance.now's origin), as a
 * performance mark and as data-first-image-ms on the viewport element.
 */
export function markFirstImage(el: HTMLElement, shownAt?: number | null): void {
  if (el.dataset.firstImageMs) return;
  // An image shown before the page rendered (api/viewer-early.ts) left its mark when it was shown.
  if (shownAt == null) performance.mark(FIRST_IMAGE_MARK);
  el.dataset.firstImageMs = String(Math.round(shownAt ?? performance.now()));
}

/** When Cornerstone drew its own first image (the stack is live: scroll, window, tools): data-stack-image-ms. */
export function markStackImage(el: HTMLElement): void {
  if (!el.dataset.stackImageMs) el.dataset.stackImageMs = String(Math.round(performance.now()));
}
