import { createRoute, z } from '@hono/zod-openapi';
import { PERMISSIONS } from '@shared/permissions';
import { ReportRefSchema } from '@shared/schemas/report';
import { ArchiveQuerySchema, DeliveryStateSchema } from '@shared/schemas/report-products';
import { ok } from '../../platform/http/respond';
import { jsonBody, okResponse } from '../../platform/http/route';
import { newRouter } from '../../platform/http/router';
import { access } from '../../platform/http/guard';
import { archivedPdf, deliveryState, retryDelivery } from './service';
import { kickReportJobs } from './worker';

const tags = ['report'];

export function reportProductRoutes() {
  const app = newRouter();

  app.openapi(
    createRoute({
      method: 'get',
      path: '/report/archive',
      tags,
      summary:
        'The archived PDF of an audit’s version (version = the row pk in /report/versions); hash checked on read; 404 until rendered',
      ...access(PERMISSIONS.DASHBOARD),
      request: { query: ArchiveQuerySchema },
      responses: {
        ...okResponse(z.null()),
        200: { description: 'The PDF', content: { 'application/pdf': { schema: z.string() } } },
        404: { description: 'No such version, another hospital’s, or not archived yet' },
      },
    }),
    async (c) => {
      const q = c.req.valid('query');
      const pdf = await archivedPdf(c.var.deps, c.var.user, q);
      return c.body(new Uint8Array(pdf), 200, {
        'content-type': 'application/pdf',
        'content-length': String(pdf.length),
        'content-disposition': `inline; filename="report-${q.rpt_pk}-${q.version}.pdf"`,
        'x-content-type-options': 'nosniff',
        'cache-control': 'private, max-age=3600, immutable',
      });
    },
  );

  app.openapi(
    createRoute({
      method: 'post',
      path: '/report/delivery',
      tags,
      summary: 'Delivery of the report’s last audit to the hospital’s FHIR endpoint: status, attempts, last error',
      ...access(PERMISSIONS.DASHBOARD),
      request: jsonBody(ReportRefSchema),
      responses: okResponse(DeliveryStateSchema),
    }),
    async (c) => {
      const q = c.req.valid('json');
      return ok(c, await deliveryState(c.var.deps.db, c.var.user, q.study_iuid, q.rpt_position));
    },
  );

  app.openapi(
    createRoute({
      method: 'post',
      path: '/report/retry',
      tags,
      summary: 'Send the report downstream again (archive first if needed); the report must be saved',
      ...access(PERMISSIONS.REPORT_RETRY),
      request: jsonBody(ReportRefSchema),
      responses: okResponse(DeliveryStateSchema),
    }),
    async (c) => {
      const q = c.req.valid('json');
      const state = await retryDelivery(c.var.deps, c.var.user, q.study_iuid, q.rpt_position);
      kickReportJobs(c.var.deps);
      return ok(c, state, 'deliveryRequeued');
    },
  );

  return app;
}
