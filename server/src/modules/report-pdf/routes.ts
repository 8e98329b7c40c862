import { createRoute, z } from '@hono/zod-openapi';
import { PERMISSIONS } from '@shared/permissions';
import { ReportRefSchema } from '@shared/schemas/report';
import { localeOf } from '../../platform/core/i18n';
import { ok } from '../../platform/http/respond';
import { jsonBody, okResponse } from '../../platform/http/route';
import { access } from '../../platform/http/guard';
import { newRouter } from '../../platform/http/router';
import { rendererFor, reportPdf } from './service';

const ReportPdfRequestSchema = ReportRefSchema.extend({
  /** Emergency print: the watermark is in the PDF. */
  isJz: z.boolean().optional(),
});
const ReportPdfSchema = z.object({
  /** The PDF, base64 (what the workstation agent's /print takes). */
  pdf: z.string(),
  filename: z.string(),
  bytes: z.number().int(),
});

/** `app` is the whole application: the print page is rendered from it on a private loopback listener. */
export function reportPdfRoutes(app: { fetch: (req: Request) => Response | Promise<Response> }) {
  const router = newRouter();
  router.openapi(
    createRoute({
      method: 'post',
      path: '/report/pdf',
      tags: ['report'],
      summary:
        'The audited report as a PDF (base64) from the print page in headless Chromium; 409 not audited, 503 no Chromium',
      ...access(PERMISSIONS.DASHBOARD),
      request: jsonBody(ReportPdfRequestSchema),
      responses: okResponse(ReportPdfSchema),
    }),
    async (c) => {
      const q = c.req.valid('json');
      const token = (c.req.header('authorization') ?? '').replace(/^Bearer\s+/i, '').trim();
      const renderer = rendererFor(c.var.deps, (req) => app.fetch(req));
      const pdf = await reportPdf(
        c.var.deps,
        renderer,
        { me: c.var.user, token, locale: localeOf(c.req.header('accept-language')) },
        q,
      );
      const filename = `report-${q.study_iuid}-${q.rpt_position}.pdf`;
      return ok(c, { pdf: pdf.toString('base64'), filename, bytes: pdf.length });
    },
  );
  return router;
}
