import { createRoute, z } from '@hono/zod-openapi';
import { and, asc, eq } from 'drizzle-orm';
import type { Context, MiddlewareHandler } from 'hono';
import {
  ViewerPreviewQuerySchema,
  ViewerStudyQuerySchema,
  ViewerStudySchema,
  type ViewerStudy,
} from '@shared/schemas/image-viewer';
import type { AppEnv } from '../../platform/context';
import type { Db } from '../../platform/db/client';
import { instance, series, study } from '../../platform/db/schema';
import { AppError, notFound } from '../../platform/core/errors';
import { ok } from '../../platform/http/respond';
import { okResponse } from '../../platform/http/route';
import { newRouter } from '../../platform/http/router';
import { guard } from '../../platform/http/guard';
import { dicomList, visibleStudy } from './archive';
import type { Viewer } from './dicomweb-qido';
import { notAcceptable, refusedMessage, RenderRefused } from './render-instance';
import { renderPreview } from './preview-cache';
import { studyOfViewerToken } from './viewer-token';

/** The study a request's viewer token opens, found by the guard below. */
const tokenStudy = new WeakMap<Request, number>();

/**
 * The session header, or token= a viewer token. The token is checked here, before the query is validated,
 * so a caller without a valid one is answered 401 whatever else the address holds.
 */
export const sessionOrViewerToken: MiddlewareHandler<AppEnv> = async (c, next) => {
  const token = c.req.query('token');
  if (token === undefined) {
    const [check] = guard('session');
    return check!(c, next);
  }
  const studyPk = await studyOfViewerToken(c.var.deps.db, token);
  if (studyPk === null) throw new AppError(401, 'UNAUTHORIZED', 'imgTokenInvalid');
  tokenStudy.set(c.req.raw, studyPk);
  return next();
};

/** The caller of a request that passed sessionOrViewerToken: its token's study, else the session's user. */
export function viewerOfRequest(c: Context<AppEnv>): Viewer {
  const studyPk = tokenStudy.get(c.req.raw);
  return studyPk === undefined ? { user: c.var.user } : { studyPk };
}

/** The study's overlay fields and its live images by series, in the image list's order; deleted ones left out. */
async function viewerStudy(db: Db, studyPk: number): Promise<ViewerStudy | null> {
  const [s] = await db
    .select({
      study_iuid: study.study_iuid,
      patient_name: study.patient_name,
      patient_id: study.patient_id,
      patient_sex: study.patient_sex,
      patient_age: study.patient_age,
      study_datetime: study.study_datetime,
      modality: study.modality,
      study_desc: study.study_desc,
    })
    .from(study)
    .where(and(eq(study.pk, studyPk), eq(study.is_del, 0)));
  if (!s) return null;
  const list = await dicomList(db, studyPk, s.study_iuid);
  const live = list.series
    .map(({ instances, ...se }) => ({
      ...se,
      instances: instances
        .filter((i) => i.del_image === 0)
        .map(({ sop_iuid, instance_number, frame_count, rows, cols }) => ({
          sop_iuid,
          instance_number,
          frame_count,
          rows,
          cols,
        })),
    }))
    .filter((se) => se.instances.length > 0);
  return { ...s, study_datetime: s.study_datetime.toISOString(), series: live };
}

/** The study a viewer request opens: a token's own study, else the UID within the session's scope. */
async function openedStudy(c: Context<AppEnv>, studyUID: string): Promise<number> {
  return tokenStudy.get(c.req.raw) ?? (await visibleStudy(c.var.deps.db, c.var.user, studyUID)).pk;
}

/**
 * The image the viewer shows first: the first live instance of its first series with one, in viewerStudy's
 * order (series number, then instance number); null when the study (not deleted, that UID) has none.
 */
async function firstImage(db: Db, studyPk: number, studyUID: string) {
  const [row] = await db
    .select({ key: instance.storage_key, series_iuid: series.series_iuid, sop_iuid: instance.sop_iuid })
    .from(instance)
    .innerJoin(series, eq(series.pk, instance.series_pk))
    .innerJoin(study, eq(study.pk, instance.study_pk))
    .where(
      and(
        eq(instance.study_pk, studyPk),
        eq(instance.del_image, 0),
        eq(study.study_iuid, studyUID),
        eq(study.is_del, 0),
      ),
    )
    .orderBy(asc(series.series_number), asc(series.pk), asc(instance.instance_number), asc(instance.pk))
    .limit(1);
  return row ?? null;
}

export function viewerRoutes() {
  const app = newRouter();
  app.openapi(
    createRoute({
      method: 'get',
      path: '/wado/viewerStudy',
      tags: ['images'],
      summary:
        "The web viewer's study: patient and study fields for the overlay, and the live images of each series in order. Session header (the caller's scope), or token= a viewer token of that study",
      middleware: [sessionOrViewerToken],
      'x-permission': 'session',
      request: { query: ViewerStudyQuerySchema },
      responses: okResponse(ViewerStudySchema),
    }),
    async (c) => {
      const q = c.req.valid('query');
      const found = await viewerStudy(c.var.deps.db, await openedStudy(c, q.studyUID));
      // A token opens its own study only: another UID is not found (it does not tell what exists).
      if (!found || found.study_iuid !== q.studyUID) throw notFound();
      return ok(c, found);
    },
  );
  app.openapi(
    createRoute({
      method: 'get',
      path: '/wado/viewerPreview',
      tags: ['images'],
      summary:
        "The image the web viewer shows first (the first live image of the study's first series, as viewerStudy orders them), rendered as /wado's image/jpeg with no options; Content-Location names it (its /wado address). Asked as the viewer opens, in parallel with the token and the study. Session header (the caller's scope), or token= a viewer token of that study",
      middleware: [sessionOrViewerToken],
      'x-permission': 'session',
      request: { query: ViewerPreviewQuerySchema },
      responses: {
        ...okResponse(z.null()),
        200: {
          description: 'The rendered first image',
          content: { 'image/jpeg': { schema: z.string().openapi({ format: 'binary' }) } },
        },
        404: { description: "No such study, no live image, or outside the caller's scope" },
        406: { description: 'Its pixels are not rendered here (named)' },
      },
    }),
    async (c) => {
      const { db, images } = c.var.deps;
      const q = c.req.valid('query');
      const first = await firstImage(db, await openedStudy(c, q.studyUID), q.studyUID);
      if (!first) throw notFound();
      let jpeg: Buffer;
      try {
        jpeg = await renderPreview(images, first.key);
      } catch (err) {
        if (err instanceof RenderRefused) return notAcceptable(c, refusedMessage(c, err));
        throw err;
      }
      const at = new URLSearchParams({
        requestType: 'WADO',
        studyUID: q.studyUID,
        seriesUID: first.series_iuid,
        objectUID: first.sop_iuid,
        contentType: 'image/jpeg',
      });
      return c.body(new Uint8Array(jpeg), 200, {
        'content-type': 'image/jpeg',
        'content-length': String(jpeg.length),
        'content-location': `/wado?${at}`,
        'cache-control': 'private, max-age=600',
      });
    },
  );
  return app;
}
