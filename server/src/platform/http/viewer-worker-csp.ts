import type { MiddlewareHandler } from 'hono';

/** The image viewer's decode worker as Vite names it (web/dist/assets/decodeImageFrameWorker-<hash>.js). */
const DECODE_WORKER = /\/assets\/decodeImageFrameWorker-[\w-]+\.js$/;

/**
 * The viewer's DICOM decode workers compile the codecs' WebAssembly (JPEG-LS, JPEG 2000, JPEG lossless…).
 * A worker runs under the policy of its own script's answer, so 'wasm-unsafe-eval' (WebAssembly only, no
 * JavaScript eval) goes on that answer alone: the pages keep script-src 'self'.
 * Registered before secureHeaders, which writes the policy on the way out.
 */
export function allowWasmInDecodeWorker(): MiddlewareHandler {
  return async (c, next) => {
    await next();
    const csp = c.res.headers.get('content-security-policy');
    if (!csp || !DECODE_WORKER.test(c.req.path)) return;
    c.res.headers.set(
      'content-security-policy',
      csp.replace(/(^|;\s*)script-src\s/, (m) => `${m}'wasm-unsafe-eval' `),
    );
  };
}
