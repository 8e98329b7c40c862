import { init as coreInit } from '@cornerstonejs/core';
// The loader's image-loading part only: its package root also brings every codec into this thread (they run in the workers).
import { init as loaderInit } from '@cornerstonejs/dicom-image-loader/imageLoader';
import { withToken } from '../lib/image-ids';
import { imageToken } from '../lib/image-token';

let initialised = false;

/**
 * Cornerstone's core and DICOM loader, once per window. Image requests add the newest viewer token as
 * they open (image ids stay the same when it is renewed, and so does the cache). Stacks are drawn on the CPU: a 2D slice needs no WebGL, whose context creation and read-back
 * cost more than the drawing on a machine without a GPU (and the drawing is quick everywhere).
 * The decode workers start here (the loader creates them at once), from our origin (built by Vite).
 */
export function initCornerstone(): void {
  if (initialised) return;
  initialised = true;
  coreInit({ rendering: { useCPURendering: true } } as Parameters<typeof coreInit>[0]);
  loaderInit({
    maxWebWorkers: Math.min(2, Math.max(1, Math.floor((navigator.hardwareConcurrency || 2) / 2))),
    open: (xhr, url) => xhr.open('get', withToken(url, imageToken(url)), true),
  });
}
