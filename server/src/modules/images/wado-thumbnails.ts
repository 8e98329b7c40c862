import { createRoute } from '@hono/zod-openapi';
import { and, eq, inArray } from 'drizzle-orm';
import { ThumbnailBatchResultSchema, ThumbnailBatchSchema } from '@shared/schemas/images';
import { instance } from '../../platform/db/schema';
import { ok } from '../../platform/http/respond';
import { jsonBody, okResponse } from '../../platform/http/route';
import type { Router } from '../../platform/http/router';
import { access } from '../../platform/http/guard';
import { visibleStudy } from './archive';
import { renderThumbnail } from './preview-cache';
import { AppError } from '../../platform/core/errors';
import { NoSuchFrame, RenderRefused } from './render-instance';
import { DataSetError } from './dicom-dataset';

const AT_ONCE = 4;

/**
 * POST /wado/thumbnails: the image list's thumbnails a page at a time. One request instead of one per image:
 * a browser opens six connections to a host, so 24 image requests came in four waves, each paying for the
 * session and the study's scope again (issue 40: thumbnails black 2.5 s after the list opened).
 */
export function thumbnailBatchRoute(app: Router) {
  app.openapi(
    createRoute({
      method: 'post',
      path: '/wado/thumbnails',
      tags: ['images'],
      summary:
        "Thumbnails (JPEG, base64, fitted in 128x128) of up to 48 of a study's images, in the order asked; null for an image deleted, not of the study or not drawable",
      ...access('session'),
      request: jsonBody(ThumbnailBatchSchema),
      responses: okResponse(ThumbnailBatchResultSchema),
    }),
    async (c) => {
      const { db, images } = c.var.deps;
      const body = c.req.valid('json');
      const s = await visibleStudy(db, c.var.user, body.study_iuid);
      const rows = await db
        .select({ sop: instance.sop_iuid, key: instance.storage_key })
        .from(instance)
        .where(and(eq(instance.study_pk, s.pk), inArray(instance.sop_iuid, body.sop_iuids), eq(instance.del_image, 0)));
      const keys = new Map(rows.map((r) => [r.sop, r.key]));
      const jpegs: (string | null)[] = [];
      // A few at a time: sharp's decoding and encoding run on its own threads while the next is windowed,
      // and memory stays a few images'.
      let next = 0;
      const worker = async () => {
        for (let i = next++; i < body.sop_iuids.length; i = next++) {
          const key = keys.get(body.sop_iuids[i]!);
          jpegs[i] = key ? await drawn(() => renderThumbnail(images, key)) : null;
        }
      };
      await Promise.all(Array.from({ length: AT_ONCE }, worker));
      return ok(c, { thumbs: body.sop_iuids.map((sop, i) => ({ sop_iuid: sop, jpeg: jpegs[i]! })) });
    },
  );
}

/** The thumbnail as base64, or null when the image cannot be drawn here or its file is gone (the placeholder shows). */
async function drawn(render: () => Promise<Buffer>): Promise<string | null> {
  try {
    return (await render()).toString('base64');
  } catch (err) {
    const gone = err instanceof AppError && err.status === 404;
    if (gone || err instanceof RenderRefused || err instanceof DataSetError || err instanceof NoSuchFrame) return null;
    throw err;
  }
}
