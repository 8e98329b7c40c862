import { createRoute } from '@hono/zod-openapi';
import { and, eq } from 'drizzle-orm';
import { PERMISSIONS } from '@shared/permissions';
import {
  ImageChangeSchema,
  ImageRestoreSchema,
  ImageSelectionSchema,
  ImageStudyRowSchema,
} from '@shared/schemas/images';
import type { Db } from '../../platform/db/client';
import { instance } from '../../platform/db/schema';
import { clientMeta } from '../../platform/http/client-meta';
import { AppError } from '../../platform/core/errors';
import { listPageRoute } from '../../platform/list/routes';
import { ok } from '../../platform/http/respond';
import { jsonBody, okResponse } from '../../platform/http/route';
import { newRouter } from '../../platform/http/router';
import { access } from '../../platform/http/guard';
import { setImagesDeleted, visibleStudy } from './archive';
import { imageStudiesList } from './image-studies-list';

const tags = ['images'];

/** Comma-joined SOP instance UIDs, trimmed and de-duplicated. */
const sopList = (s: string) => [...new Set(s.split(',').map((x) => x.trim()))].filter(Boolean);

async function deletedSops(db: Db, studyPk: number): Promise<string[]> {
  const rows = await db
    .select({ sop_iuid: instance.sop_iuid })
    .from(instance)
    .where(and(eq(instance.study_pk, studyPk), eq(instance.del_image, 1)));
  return rows.map((r) => r.sop_iuid);
}

/**
 * The spec's image-list calls under /api/order: delete (the writing screen's image list), restore
 * ("reduction", image management) and the image management list. Delete and restore are the service of
 * /wado/deleteImage and /wado/restoreImage (setImagesDeleted): same rules, permission and audit.
 */
export function orderImageRoutes() {
  const app = newRouter();
  app.openapi(
    createRoute({
      method: 'post',
      path: '/api/order/deleteOrderImage',
      tags,
      summary:
        'Mark images of a study deleted (as /wado/deleteImage): sop_iuids comma-joined; none selected, or all deleted already, answers 400',
      ...access(PERMISSIONS.DELETE_IMAGE),
      request: jsonBody(ImageSelectionSchema),
      responses: okResponse(ImageChangeSchema),
    }),
    async (c) => {
      const { db } = c.var.deps;
      const body = c.req.valid('json');
      const s = await visibleStudy(db, c.var.user, body.study_iuid);
      const sops = sopList(body.sop_iuids);
      return ok(
        c,
        await setImagesDeleted(db, c.var.user, { studyPk: s.pk, sops, deleted: true, ip: clientMeta(c).ip }),
      );
    },
  );
  app.openapi(
    createRoute({
      method: 'post',
      path: '/api/order/reduction',
      tags,
      summary:
        "Restore a study's deleted images (as /wado/restoreImage): the named ones, or every deleted one when sop_iuids is absent; nothing to restore answers 400",
      ...access(PERMISSIONS.DELETE_IMAGE),
      request: jsonBody(ImageRestoreSchema),
      responses: okResponse(ImageChangeSchema),
    }),
    async (c) => {
      const { db } = c.var.deps;
      const body = c.req.valid('json');
      const s = await visibleStudy(db, c.var.user, body.study_iuid);
      const sops = body.sop_iuids === undefined ? await deletedSops(db, s.pk) : sopList(body.sop_iuids);
      if (body.sop_iuids === undefined && !sops.length) throw new AppError(400, 'VALIDATION', 'imgNoneDeleted');
      return ok(
        c,
        await setImagesDeleted(db, c.var.user, { studyPk: s.pk, sops, deleted: false, ip: clientMeta(c).ip }),
      );
    },
  );
  listPageRoute(app, {
    method: 'get',
    path: '/api/order/imageStudies',
    tags,
    summary:
      'Image management: studies with stored images in the caller\'s scope (generic list query; filters sn, patient_id, patient_name, accession_no, startDate, endDate, has_deleted "1"/"0"), with live count and size and the deleted count',
    permission: PERMISSIONS.DELETE_IMAGE,
    list: imageStudiesList,
    row: ImageStudyRowSchema,
  });
  return app;
}
