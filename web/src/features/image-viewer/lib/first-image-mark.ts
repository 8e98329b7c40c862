/** The performance mark and attribute the first rendered image leaves (bench/lib/first-image.ts reads them). */
export const FIRST_IMAGE_MARK = 'rx-first-image';

/**
 * The viewer's opening, phase by phase, as performance marks with stable names (bench:images prints them
 * beside the requests' own resource timings). Each is set once per window, when the phase ends.
 */
export const VIEWER_MARKS = {
  /** The early script ran on the viewer's address (api/viewer-early.ts). */
  earlyScript: 'rx-viewer:early-script',
  /** The early preview's JPEG is decoded, about to go on screen. */
  previewDecoded: 'rx-viewer:preview-decoded',
  /** The viewer's route code (React page) has loaded and runs. */
  pageCode: 'rx-viewer:page-code',
  /** The viewer token and the study are there. */
  access: 'rx-viewer:access',
  /** Cornerstone's chunk has loaded and been evaluated. */
  cornerstoneCode: 'rx-viewer:cornerstone-code',
  /** Cornerstone's core and DICOM loader are initialised (decode workers started). */
  cornerstoneInit: 'rx-viewer:cornerstone-init',
  /** The first viewport asked Cornerstone for its stack (the first frame's request follows). */
  stackAsked: 'rx-viewer:stack-asked',
  /** Cornerstone has the first frame decoded (its image loaded event). */
  frameDecoded: 'rx-viewer:frame-decoded',
  /** Cornerstone drew its first image: the stack is live. */
  stackDrawn: 'rx-viewer:stack-drawn',
  /** The mouse tools are attached. */
  toolsReady: 'rx-viewer:tools-ready',
} as const;

/** Sets a phase's mark, the first time only (a later viewport or a series change does not move it). */
export function traceMark(name: string): void {
  if (typeof performance === 'undefined' || performance.getEntriesByName(name, 'mark').length) return;
  performance.mark(name);
}

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
  traceMark(VIEWER_MARKS.stackDrawn);
  if (!el.dataset.stackImageMs) el.dataset.stackImageMs = String(Math.round(performance.now()));
}
