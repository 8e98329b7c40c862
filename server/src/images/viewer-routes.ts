import { createRoute } from '@hono/zod-openapi';
import { and, eq } from 'drizzle-orm';
import type { MiddlewareHandler } from 'hono';
import { ViewerStudyQuerySchema, ViewerStudySchema, type ViewerStudy } from '@shared/schemas/image-viewer';
import type { AppEnv } from '../context';
import type { Db } from '../db/client';
import { study } from '../db/schema';
import { AppError, notFound } from '../lib/errors';
import { ok } from '../lib/respond';
import { okResponse } from '../lib/route';
import { newRouter } from '../lib/router';
import { guard } from '../middleware/auth';
import { dicomList, visibleStudy } from './archive';
import { studyOfViewerToken } from './viewer-token';

/** The study a request's viewer token opens, found by the guard below. */
const tokenStudy = new WeakMap<Request, number>();

/**
 * The session header, or token= a viewer token. The token is checked here, before the query is validated,
 * so a caller without a valid one is answered 401 whatever else the address holds.
 */
const sessionOrViewerToken: MiddlewareHandler<AppEnv> = async (c, next) => {
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
      const { db } = c.var.deps;
      const q = c.req.valid('query');
      const studyPk = tokenStudy.get(c.req.raw) ?? (await visibleStudy(db, c.var.user, q.studyUID)).pk;
      const found = await viewerStudy(db, studyPk);
      // A token opens its own study only: another UID is not found (it does not tell what exists).
      if (!found || found.study_iuid !== q.studyUID) throw notFound();
      return ok(c, found);
    },
  );
  return app;
}
