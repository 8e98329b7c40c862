import { createRoute } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { PERMISSIONS } from '@shared/permissions';
import {
  ImageEditCandidatesSchema,
  ImageEditChoiceSchema,
  ImageEditResultSchema,
  MergePatientResultSchema,
  MergePatientSchema,
  MergeStudySchema,
  MoveSeriesSchema,
} from '@shared/schemas/image-edit';
import type { AppEnv } from '../../platform/context';
import { clientMeta } from '../../platform/http/client-meta';
import { ok } from '../../platform/http/respond';
import { jsonBody, okResponse } from '../../platform/http/route';
import { newRouter } from '../../platform/http/router';
import { access } from '../../platform/http/guard';
import { publishQueueEvents } from '../queue';
import type { Who } from '../recycle';
import { candidates } from './candidates';
import { moveImages } from './move';
import { mergePatient } from './patient';

const tags = ['image-edit'];

const whoOf = (c: Context<AppEnv>): Who => ({
  me: c.var.user,
  ip: clientMeta(c).ip,
  now: c.var.deps.now?.() ?? new Date(),
});

const REFUSALS =
  '404 for a study unknown, deleted or out of scope (or a series not of the source), 409 for two hospitals (CONFLICT), an audited report (REPORT_STATE), images that changed meanwhile or cannot be rewritten (CONFLICT): nothing changed';

/** Image edit (issue 38): series sent under the wrong study moved to the right one, a duplicate study merged. */
export function imageEditRoutes() {
  const app = newRouter();
  app.openapi(
    createRoute({
      method: 'post',
      path: '/api/imageEdit/candidates',
      tags,
      summary:
        "The live studies of the same hospital a study's images may go to: by patient ID, name or accession (keyword), else the same patient's; at most 50; and the study itself as `source`",
      ...access(PERMISSIONS.IMAGE_EDIT),
      request: jsonBody(ImageEditCandidatesSchema),
      responses: okResponse(ImageEditChoiceSchema),
    }),
    async (c) => ok(c, await candidates(c.var.deps.db, c.var.user, c.req.valid('json'))),
  );
  app.openapi(
    createRoute({
      method: 'post',
      path: '/api/imageEdit/moveSeries',
      tags,
      summary: `Move series to another study of the same hospital: each image is rewritten with that study's UID, accession and patient. ${REFUSALS}`,
      ...access(PERMISSIONS.IMAGE_EDIT),
      request: jsonBody(MoveSeriesSchema),
      responses: okResponse(ImageEditResultSchema),
    }),
    async (c) => {
      const b = c.req.valid('json');
      const { result } = await moveImages(c.var.deps, whoOf(c), {
        from: b.study_iuid,
        to: b.to_study_iuid,
        series: b.series_iuids,
      });
      return ok(c, result, 'imageEditMoved', { series: result.series, instances: result.instances });
    },
  );
  app.openapi(
    createRoute({
      method: 'post',
      path: '/api/imageEdit/mergeStudy',
      tags,
      summary: `Merge a study into another of the same hospital: every image moves (rewritten as in moveSeries) and the emptied study goes to the recycle bin with its reports. ${REFUSALS}; 409 LOCKED_BY_OTHER while another user writes its report`,
      ...access(PERMISSIONS.IMAGE_EDIT),
      request: jsonBody(MergeStudySchema),
      responses: okResponse(ImageEditResultSchema),
    }),
    async (c) => {
      const b = c.req.valid('json');
      const { result, queue } = await moveImages(c.var.deps, whoOf(c), { from: b.study_iuid, to: b.to_study_iuid });
      await publishQueueEvents(c.var.deps, queue);
      return ok(c, result, 'imageEditMerged', { instances: result.instances });
    },
  );
  app.openapi(
    createRoute({
      method: 'post',
      path: '/api/imageEdit/mergePatient',
      tags,
      summary:
        "Merge a patient registered under two IDs: every study under the source study's patient ID in its hospital (in the recycle bin too) takes the target study's patient ID, name and sex, and each image is rewritten with them (study UIDs and accessions stay). 404 for a study unknown, deleted or out of scope; 409 for two hospitals, a source without a patient ID or with the target's (CONFLICT), a study of the patient outside the caller's modalities (CONFLICT), an audited report (REPORT_STATE), images that changed meanwhile or cannot be rewritten (CONFLICT): nothing changed",
      ...access(PERMISSIONS.IMAGE_EDIT),
      request: jsonBody(MergePatientSchema),
      responses: okResponse(MergePatientResultSchema),
    }),
    async (c) => {
      const b = c.req.valid('json');
      const r = await mergePatient(c.var.deps, whoOf(c), { from: b.study_iuid, to: b.to_study_iuid });
      return ok(c, r, 'imageEditPatientMerged', { studies: r.studies, instances: r.instances });
    },
  );
  return app;
}
