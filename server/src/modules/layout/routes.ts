import { createRoute, z } from '@hono/zod-openapi';
import { PERMISSIONS } from '@shared/permissions';
import {
  MRRT_MAX_BYTES,
  MrrtExportQuerySchema,
  MrrtImportQuerySchema,
  MrrtImportResultSchema,
} from '@shared/schemas/layout';
import { callerOf } from '../../lib/caller';
import { AppError } from '../../lib/errors';
import { isBadText } from '../../lib/input-text';
import { ok } from '../../lib/respond';
import { okResponse } from '../../lib/route';
import { newRouter } from '../../lib/router';
import { access } from '../../middleware/auth';
import { translate } from '../../lib/i18n';
import { exportMrrt } from './mrrt-export';
import { importLayout, importTarget, layoutForExport } from './service';

const tags = ['layout'];
const HTML_TYPES = ['text/html', 'application/xhtml+xml'];

export function layoutRoutes() {
  const app = newRouter();

  app.openapi(
    createRoute({
      method: 'post',
      path: '/layout/importMrrt',
      tags,
      summary:
        'A new layout from an IHE MRRT template (the HTML as a text/html body): sanitised (no script, handler or remote resource is kept); answers its pk',
      ...access(PERMISSIONS.POINT_EDIT),
      request: {
        query: MrrtImportQuerySchema,
        body: { content: { 'text/html': { schema: z.string().max(MRRT_MAX_BYTES) } }, required: true },
      },
      responses: okResponse(MrrtImportResultSchema),
    }),
    async (c) => {
      const caller = callerOf(c);
      const target = await importTarget(c.var.deps.db, caller, c.req.valid('query'));
      const type = (c.req.header('content-type') ?? '').split(';')[0]!.trim().toLowerCase();
      const notHtml = () =>
        AppError.validation('validation', [{ field: 'body', msg: translate(caller.locale, 'mrrtNotHtml') }]);
      if (!HTML_TYPES.includes(type)) throw notHtml();
      let html: string;
      try {
        html = new TextDecoder('utf-8', { fatal: true }).decode(await c.req.arrayBuffer());
      } catch {
        throw new AppError(400, 'VALIDATION', 'invalidChar');
      }
      if (isBadText(html)) throw new AppError(400, 'VALIDATION', 'invalidChar');
      if (!html.trim()) throw notHtml();
      return ok(c, await importLayout(c.var.deps.db, caller, target, html), 'layoutImported');
    },
  );

  app.openapi(
    createRoute({
      method: 'get',
      path: '/layout/exportMrrt',
      tags,
      summary:
        'A layout as IHE MRRT HTML (the caller’s hospital’s or the installation’s; importing it gives the same layout)',
      ...access(PERMISSIONS.POINT_EDIT),
      request: { query: MrrtExportQuerySchema },
      responses: {
        ...okResponse(z.null()),
        200: { description: 'The MRRT template', content: { 'text/html': { schema: z.string() } } },
        404: { description: 'No such layout, or another hospital’s' },
      },
    }),
    async (c) => {
      const { pk } = c.req.valid('query');
      const { me, locale } = callerOf(c);
      const layout = await layoutForExport(c.var.deps.db, me, pk);
      const html = exportMrrt(layout, locale);
      return c.body(html, 200, {
        'content-type': 'text/html; charset=utf-8',
        'content-disposition': `attachment; filename="layout-${pk}.mrrt.html"`,
        // Downloaded, not shown as a page of ours (and the platform's policy runs no inline script anyway).
        'x-content-type-options': 'nosniff',
      });
    },
  );

  return app;
}
