import { existsSync } from 'node:fs';
import path from 'node:path';
import { serveStatic } from '@hono/node-server/serve-static';
import { Hono, type Context } from 'hono';
import { WEB_BASE } from '@shared/constants';
import type { AppEnv } from './platform/context';

export type WebStaticOptions = {
  /** The built web app (web/dist): index.html, assets/ with hashed names and their .br/.gz copies. */
  dir: string;
};

const IMMUTABLE = 'public, max-age=31536000, immutable';

/** Hashed file names (assets/) never change content: cached for a year. Everything else is checked each time. */
const cacheHeaders = (root: string) => (file: string, c: Context) => {
  const hashed = path.relative(root, file).startsWith(`assets${path.sep}`);
  c.header('cache-control', hashed ? IMMUTABLE : 'no-cache');
  // On every answer, not only a compressed one, so no shared cache hands the plain copy to every browser.
  if (!c.res.headers.has('vary')) c.header('vary', 'accept-encoding');
};

/**
 * The web app under WEB_BASE: files from `dir`, sent as the brotli or gzip copy the build wrote when the
 * browser accepts it (never compressed per request); any other path below WEB_BASE gets index.html (the
 * app routes itself), except a missing asset, which is a 404.
 */
export function webStatic({ dir }: WebStaticOptions) {
  const app = new Hono<AppEnv>();
  const base = WEB_BASE.replace(/\/$/, '');
  app.get('/', (c) => c.redirect(WEB_BASE));
  app.get(base, (c) => c.redirect(WEB_BASE));
  if (!existsSync(dir)) return app;

  const root = path.relative(process.cwd(), dir) || '.';
  // The build's own records (.vite/manifest.json) and any other dot-path are not the app's to hand out.
  app.use(`${base}/*`, async (c, next) => (c.req.path.includes('/.') ? c.notFound() : next()));
  app.use(
    `${base}/*`,
    serveStatic({
      root,
      precompressed: true,
      rewriteRequestPath: (p) => p.slice(base.length) || '/',
      onFound: cacheHeaders(root),
    }),
  );
  const indexHtml = serveStatic({ root, path: 'index.html', precompressed: true, onFound: cacheHeaders(root) });
  app.get(`${base}/*`, (c, next) => (c.req.path.startsWith(`${base}/assets/`) ? next() : indexHtml(c, next)));
  return app;
}
