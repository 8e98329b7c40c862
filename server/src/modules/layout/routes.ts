import { createRoute, z } from '@hono/zod-openapi';
import { PERMISSIONS } from '@shared/permissions';
import {
  ApplyFormRequestSchema,
  LayoutActivateSchema,
  LayoutImpactSchema,
  LayoutListRequestSchema,
  LayoutPkSchema,
  LayoutRowSchema,
  LayoutSaveSchema,
  MRRT_MAX_BYTES,
  MrrtExportQuerySchema,
  MrrtImportQuerySchema,
  MrrtImportResultSchema,
} from '@shared/schemas/layout';
import { LayoutTemplateSchema, StudyDetailSchema } from '@shared/schemas/report';
import { callerOf } from '../../platform/http/caller';
import { AppError } from '../../platform/core/errors';
import { isBadText } from '../../platform/core/input-text';
import { ok } from '../../platform/http/respond';
import { jsonBody, okResponse } from '../../platform/http/route';
import { newRouter, type Router } from '../../platform/http/router';
import { access } from '../../platform/http/guard';
import { translate } from '../../platform/core/i18n';
import { exportMrrt } from './mrrt-export';
import { applyForm } from './apply-form';
import { getLayout, layoutVersions, listLayouts, saveLayout, withdrawLayout } from './editor';
import { importLayout, importTarget, layoutForExport } from './service';
import { activateLayout, discardDraft, layoutImpact } from './drafts';

const tags = ['layout'];
const HTML_TYPES = ['text/html', 'application/xhtml+xml'];

export function layoutRoutes() {
  const app = newRouter();
  mrrtRoutes(app);
  layoutEditRoutes(app);
  return app;
}

/** Layouts in and out as IHE MRRT templates. */
function mrrtRoutes(app: Router) {
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
}

/** The layouts themselves: list, read, save, delete. */
function layoutEditRoutes(app: Router) {
  const post = (path: string, summary: string) => ({ method: 'post' as const, path, tags, summary });

  app.openapi(
    createRoute({
      ...post(
        '/layout/list',
        'Layouts the caller sees (their hospital’s and the installation’s; all for the super administrator)',
      ),
      ...access(PERMISSIONS.POINT_EDIT),
      request: jsonBody(LayoutListRequestSchema),
      responses: okResponse(z.array(LayoutRowSchema)),
    }),
    async (c) => ok(c, await listLayouts(c.var.deps.db, c.var.user, c.req.valid('json'))),
  );

  app.openapi(
    createRoute({
      ...post('/layout/get', 'One layout with its elements and version'),
      ...access(PERMISSIONS.POINT_EDIT),
      request: jsonBody(LayoutPkSchema),
      responses: okResponse(LayoutTemplateSchema.extend(LayoutRowSchema.shape)),
    }),
    async (c) => ok(c, await getLayout(c.var.deps.db, c.var.user, c.req.valid('json').pk)),
  );

  app.openapi(
    createRoute({
      ...post(
        '/layout/save',
        'Saves a draft: a new layout (inactive), or the changes of one kept apart from its live version until /layout/activate (version = the live one the editor started from; 409 when another was activated meanwhile)',
      ),
      ...access(PERMISSIONS.POINT_EDIT),
      request: jsonBody(LayoutSaveSchema),
      responses: okResponse(LayoutRowSchema),
    }),
    async (c) => ok(c, await saveLayout(c.var.deps.db, callerOf(c), c.req.valid('json')), 'layoutSaved'),
  );

  draftRoutes(app);

  app.openapi(
    createRoute({
      ...post(
        '/layout/delete',
        'Withdraw a layout (reports audited with it keep it); the last installation default stays',
      ),
      ...access(PERMISSIONS.POINT_EDIT),
      request: jsonBody(LayoutPkSchema),
      responses: okResponse(z.null()),
    }),
    async (c) => {
      await withdrawLayout(c.var.deps.db, callerOf(c), c.req.valid('json').pk);
      return ok(c, null, 'layoutWithdrawn');
    },
  );

  app.openapi(
    createRoute({
      ...post('/layout/versions', 'The saved versions of a layout, newest first'),
      ...access(PERMISSIONS.POINT_EDIT),
      request: jsonBody(LayoutPkSchema),
      responses: okResponse(
        z.array(
          z.object({ version: z.number().int(), name: z.string(), created_at: z.string(), created_by: z.string() }),
        ),
      ),
    }),
    async (c) => ok(c, await layoutVersions(c.var.deps.db, c.var.user, c.req.valid('json').pk)),
  );

  app.openapi(
    createRoute({
      ...post(
        '/layout/applyForm',
        'A study’s application form (/printApply): the application-form layout of its hospital and modality and the study’s fields; 404 when none is set up',
      ),
      ...access(PERMISSIONS.ORDER_LIST),
      request: jsonBody(ApplyFormRequestSchema),
      responses: okResponse(z.object({ template: LayoutTemplateSchema, study: StudyDetailSchema })),
    }),
    async (c) => ok(c, await applyForm(c.var.deps.db, c.var.user, c.req.valid('json').study_iuid)),
  );
}

/** A layout's draft: what activating it would change, activation, discarding. */
function draftRoutes(app: Router) {
  const post = (path: string, summary: string) => ({ method: 'post' as const, path, tags, summary });
  app.openapi(
    createRoute({
      ...post('/layout/impact', 'How many studies not yet audited would be drawn on the layout once its draft is live'),
      ...access(PERMISSIONS.POINT_EDIT),
      request: jsonBody(LayoutPkSchema),
      responses: okResponse(LayoutImpactSchema),
    }),
    async (c) => ok(c, await layoutImpact(c.var.deps.db, callerOf(c), c.req.valid('json').pk)),
  );

  app.openapi(
    createRoute({
      ...post(
        '/layout/activate',
        'Makes the draft (or a new layout) live as its next version: reports not yet audited use it from now on; version = the live one seen (409 otherwise)',
      ),
      ...access(PERMISSIONS.POINT_EDIT),
      request: jsonBody(LayoutActivateSchema),
      responses: okResponse(LayoutRowSchema),
    }),
    async (c) => {
      const { pk, version } = c.req.valid('json');
      return ok(c, await activateLayout(c.var.deps.db, callerOf(c), pk, version), 'layoutActivated');
    },
  );

  app.openapi(
    createRoute({
      ...post('/layout/discardDraft', 'Drops the saved changes of an active layout; its live version stays'),
      ...access(PERMISSIONS.POINT_EDIT),
      request: jsonBody(LayoutPkSchema),
      responses: okResponse(z.null()),
    }),
    async (c) => {
      await discardDraft(c.var.deps.db, callerOf(c), c.req.valid('json').pk);
      return ok(c, null, 'layoutDraftDiscarded');
    },
  );
}
