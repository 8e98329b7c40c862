import { createRoute, z } from '@hono/zod-openapi';
import { asc, eq, ne, or } from 'drizzle-orm';
import type { Context } from 'hono';
import type { AppEnv } from '../../platform/context';
import { hospital } from '../../platform/db/schema';
import { forbidden, notFound } from '../../platform/core/errors';
import { access } from '../../platform/http/guard';
import { newRouter } from '../../platform/http/router';
import { PUBLIC_IMAGE_PATH, isAssetName, readImage, signedImageValid } from '../../platform/images/image-asset';

const tags = ['tool'];
const NameParam = z.object({ name: z.string().regex(/^[0-9a-f]{64}\.(jpg|png)$/) });
const imageResponses = {
  200: { description: 'The image (image/jpeg or image/png)' },
  304: { description: 'Not modified' },
  404: { description: 'No such image' },
};

/** The stored image's bytes; the name is its hash, so the ETag is the name. */
async function send(c: Context<AppEnv>, name: string, cacheControl: string) {
  const etag = `"${name}"`;
  const headers = { etag, 'cache-control': cacheControl, 'x-content-type-options': 'nosniff' };
  if (c.req.header('if-none-match') === etag) return c.body(null, 304, headers);
  const img = await readImage(c.var.deps.images, name);
  if (!img) throw notFound();
  return c.body(new Uint8Array(img.bytes), 200, { ...headers, 'content-type': img.mime });
}

/** Logos and header images (public), signatures and seals (by a signed address), and the spec's getLogoPng. */
export function imageAssetRoutes() {
  const app = newRouter();
  app.openapi(
    createRoute({
      method: 'get',
      path: '/tool/getLogoPng',
      tags,
      summary:
        "A hospital's logo (sign-in page, print header): ?hospital_code=, or without it the installation's (the first hospital, by pk, that has one); 404 none",
      ...access('public'),
      request: { query: z.object({ hospital_code: z.string().trim().max(32).optional() }) },
      responses: imageResponses,
    }),
    async (c) => {
      const code = c.req.valid('query').hospital_code;
      const [row] = await c.var.deps.db
        .select({ logo: hospital.logo })
        .from(hospital)
        .where(code ? eq(hospital.code, code) : ne(hospital.logo, ''))
        .orderBy(asc(hospital.pk))
        .limit(1);
      const name = row?.logo.startsWith(PUBLIC_IMAGE_PATH) ? row.logo.slice(PUBLIC_IMAGE_PATH.length) : '';
      if (!isAssetName(name)) throw notFound();
      // One address for whatever the logo is now: kept a few minutes, then asked again (the ETag answers 304).
      return send(c, name, 'public, max-age=300');
    },
  );
  app.openapi(
    createRoute({
      method: 'get',
      path: '/tool/image/{name}',
      tags,
      summary:
        "A hospital's logo or header image by its content address (`<sha256>.<jpg|png>`, what hospital_logo and hospital_head hold): public, immutable",
      ...access('public'),
      request: { params: NameParam },
      responses: imageResponses,
    }),
    async (c) => {
      const { name } = c.req.valid('param');
      const path = `${PUBLIC_IMAGE_PATH}${name}`;
      const [used] = await c.var.deps.db
        .select({ pk: hospital.pk })
        .from(hospital)
        .where(or(eq(hospital.logo, path), eq(hospital.head, path)))
        .limit(1);
      if (!used) throw notFound();
      return send(c, name, 'public, max-age=31536000, immutable');
    },
  );
  app.openapi(
    createRoute({
      method: 'get',
      path: '/tool/signImage/{name}',
      tags,
      summary:
        'A signature or seal image, by an address the server signed for someone allowed to see it (a report reader, the user, their administrator): `exp` and `sig` from that answer, good for 1 to 2 hours; else 403',
      ...access('public'),
      request: {
        params: NameParam,
        query: z.object({ exp: z.coerce.number().int().positive(), sig: z.string().max(64) }),
      },
      responses: { ...imageResponses, 403: { description: 'No valid signature' } },
    }),
    async (c) => {
      const { name } = c.req.valid('param');
      const { exp, sig } = c.req.valid('query');
      const now = c.var.deps.now?.() ?? new Date();
      if (!signedImageValid(c.var.deps.db, name, exp, sig, now)) throw forbidden();
      const maxAge = Math.max(0, exp - Math.floor(now.getTime() / 1000));
      return send(c, name, `private, max-age=${maxAge}, immutable`);
    },
  );
  return app;
}
