import { createRoute, z } from '@hono/zod-openapi';
import { PERMISSIONS } from '@shared/permissions';
import { PatientEditSchema, ScanItemQuerySchema, ScanItemSchema } from '@shared/schemas/patient';
import { StudyDetailSchema } from '@shared/schemas/report';
import { ok } from '../../platform/http/respond';
import { jsonBody, okResponse } from '../../platform/http/route';
import { access } from '../../platform/http/guard';
import { newRouter } from '../../platform/http/router';
import { callerOf } from '../report';
import { editPatient } from './edit';
import { findScanItems } from './scan-items';

const post = (path: string, tag: string, summary: string) => ({
  method: 'post' as const,
  path,
  tags: [tag],
  summary,
});

export function patientRoutes() {
  const app = newRouter();

  app.openapi(
    createRoute({
      ...post('/patient/save', 'patient', 'Correct the patient and study fields of a study (patient-info edit)'),
      ...access(PERMISSIONS.PATINFO),
      request: jsonBody(PatientEditSchema),
      responses: okResponse(StudyDetailSchema),
    }),
    async (c) => ok(c, await editPatient(c.var.deps.db, callerOf(c), c.req.valid('json')), 'patSaved'),
  );

  app.openapi(
    createRoute({
      ...post('/scanp/findModalityList', 'scanp', 'Scan items (body parts) of the caller’s hospital, by modality'),
      ...access('session'),
      request: jsonBody(ScanItemQuerySchema),
      responses: okResponse(z.array(ScanItemSchema)),
    }),
    async (c) => ok(c, await findScanItems(c.var.deps.db, c.var.user, c.req.valid('json'))),
  );

  return app;
}
