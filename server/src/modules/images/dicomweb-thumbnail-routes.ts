import { createRoute, type z } from '@hono/zod-openapi';
import { and, asc, count, desc, eq, gt, sql } from 'drizzle-orm';
import {
  InstancePathSchema,
  RenderedQuerySchema,
  SeriesPathSchema,
  StudyPathSchema,
  ThumbnailQuerySchema,
} from '@shared/schemas/dicomweb';
import { AppError, notFound } from '../../platform/core/errors';
import { t } from '../../platform/core/i18n';
import { instance, series } from '../../platform/db/schema';
import type { Router } from '../../platform/http/router';
import { acceptsJpeg, parseAccept } from './dicomweb-media';
import { binary, common, errors, instancesAt, refuse406, studyPk, type C } from './dicomweb-route-parts';
import { renderThumbnail, THUMBNAIL_SIZE } from './preview-cache';
import type { RenderOptions } from './render';
import { NoSuchFrame, notAcceptable, RenderRefused, refusedMessage, renderStored } from './render-instance';

/**
 * The instance that stands for a study or a series: of the series asked (for a study, its first series by
 * number that holds images, i.e. instances with rows), the middle one of its images in instance order.
 */
async function representative(c: C, p: { study: string; series?: string }): Promise<string> {
  const { db } = c.var.deps;
  const pk = await studyPk(c, p.study);
  const holdsImages = sql<boolean>`bool_or(coalesce(${instance.rows}, 0) > 0)`;
  const [s] = await db
    .select({ pk: series.pk, images: holdsImages })
    .from(series)
    .innerJoin(instance, and(eq(instance.series_pk, series.pk), eq(instance.del_image, 0)))
    .where(and(eq(series.study_pk, pk), p.series ? eq(series.series_iuid, p.series) : undefined))
    .groupBy(series.pk)
    .orderBy(desc(holdsImages), asc(series.series_number), asc(series.pk))
    .limit(1);
  if (!s) throw notFound();
  const live = and(
    eq(instance.series_pk, s.pk),
    eq(instance.del_image, 0),
    s.images ? gt(instance.rows, 0) : undefined,
  );
  const [{ n } = { n: 0 }] = await db.select({ n: count() }).from(instance).where(live);
  const [row] = await db
    .select({ key: instance.storage_key })
    .from(instance)
    .where(live)
    .orderBy(asc(instance.instance_number), asc(instance.pk))
    .offset(Math.max(0, Math.floor((Number(n) - 1) / 2)))
    .limit(1);
  if (!row) throw notFound();
  return row.key;
}

const jpeg = (c: C, bytes: Buffer) =>
  c.body(new Uint8Array(bytes), 200, { 'content-type': 'image/jpeg', 'cache-control': 'private, max-age=600' });

/** A render's refusals as answers: a frame past the last 404, what the renderer cannot draw 406 naming it. */
async function answer(c: C, render: () => Promise<Buffer>) {
  try {
    return jpeg(c, await render());
  } catch (err) {
    if (err instanceof NoSuchFrame) throw notFound();
    if (err instanceof RenderRefused) return notAcceptable(c, refusedMessage(c, err));
    throw err;
  }
}

/** A small JPEG of the instance's first frame: the kept preview (preview-cache.ts), scaled down. */
async function thumbnail(c: C, key: () => Promise<string>, viewport: string | undefined) {
  if (!acceptsJpeg(parseAccept(c.req.header('accept')))) return refuse406(c, 'image/jpeg');
  const [width, height] = (viewport ?? '').split(',').map(Number);
  const size = width || height ? { width: width || undefined, height: height || undefined } : null;
  const storageKey = await key();
  return answer(c, () => renderThumbnail(c.var.deps.images, storageKey, size ?? undefined));
}

/** The representative instance's first frame through the renderer, with the rendered routes' options. */
async function rendered(c: C, key: () => Promise<string>, q: z.infer<typeof RenderedQuerySchema>) {
  if (!acceptsJpeg(parseAccept(c.req.header('accept')))) return refuse406(c, 'image/jpeg');
  const o: RenderOptions = { frame: 1, quality: q.quality };
  if (q.window) {
    const [center, width] = q.window.split(',').map(Number);
    if (!(width! >= 1)) throw AppError.validation('validation', [{ field: 'window', msg: t(c, 'imgWindowPair') }]);
    Object.assign(o, { windowCenter: center, windowWidth: width });
  }
  if (q.viewport) {
    const [columns, rows] = q.viewport.split(',').map(Number);
    Object.assign(o, { columns: columns || undefined, rows: rows || undefined });
  }
  const storageKey = await key();
  return answer(c, () => renderStored(c.var.deps.images, storageKey, o));
}

/** Thumbnails (PS3.18 10.7) at the three levels, and rendered studies and series (PS3.18 10.4.1.1.3). */
export function thumbnailRoutes(app: Router) {
  const route = <P extends z.ZodObject, Q extends z.ZodObject>(path: string, summary: string, params: P, query: Q) =>
    createRoute({
      ...common,
      method: 'get',
      path,
      summary,
      request: { params, query },
      responses: { 200: { description: 'The image', content: binary('image/jpeg') }, ...errors },
    });
  const thumb = (what: string) =>
    `Thumbnail (PS3.18 10.7) of ${what} as a small image/jpeg (fits ${THUMBNAIL_SIZE}x${THUMBNAIL_SIZE}, or viewport=width,height; never enlarged)`;
  const REPRESENTATIVE = 'the middle image of its first series holding images';
  app.openapi(
    route(
      '/dicomweb/studies/{study}/thumbnail',
      thumb(`a study: ${REPRESENTATIVE}`),
      StudyPathSchema,
      ThumbnailQuerySchema,
    ),
    (c) => thumbnail(c, () => representative(c, c.req.valid('param')), c.req.valid('query').viewport),
  );
  app.openapi(
    route(
      '/dicomweb/studies/{study}/series/{series}/thumbnail',
      thumb('a series: its middle image'),
      SeriesPathSchema,
      ThumbnailQuerySchema,
    ),
    (c) => thumbnail(c, () => representative(c, c.req.valid('param')), c.req.valid('query').viewport),
  );
  app.openapi(
    route(
      '/dicomweb/studies/{study}/series/{series}/instances/{instance}/thumbnail',
      thumb("an instance's first frame"),
      InstancePathSchema,
      ThumbnailQuerySchema,
    ),
    (c) =>
      thumbnail(
        c,
        async () => (await instancesAt(c, c.req.valid('param')))[0]!.storage_key,
        c.req.valid('query').viewport,
      ),
  );
  const render = (what: string) =>
    `WADO-RS rendered (PS3.18 10.4.1.1.3) ${what} as image/jpeg: window=center,width, quality, viewport=width,height`;
  app.openapi(
    route(
      '/dicomweb/studies/{study}/rendered',
      render(`a study: ${REPRESENTATIVE}`),
      StudyPathSchema,
      RenderedQuerySchema,
    ),
    (c) => rendered(c, () => representative(c, c.req.valid('param')), c.req.valid('query')),
  );
  app.openapi(
    route(
      '/dicomweb/studies/{study}/series/{series}/rendered',
      render('a series: its middle image'),
      SeriesPathSchema,
      RenderedQuerySchema,
    ),
    (c) => rendered(c, () => representative(c, c.req.valid('param')), c.req.valid('query')),
  );
}
