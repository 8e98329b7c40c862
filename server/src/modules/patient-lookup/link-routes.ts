import { createRoute, z } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { PERMISSIONS } from '@shared/permissions';
import {
  CreatedShareLinkSchema,
  CreateShareLinkSchema,
  RevokeShareLinkSchema,
  ShareLinkListQuerySchema,
  ShareLinkSchema,
  ShareRptInfoQuerySchema,
  ShareRptInfoSchema,
} from '@shared/schemas/patient-lookup';
import type { AppEnv } from '../../platform/context';
import { clientMeta } from '../../platform/http/client-meta';
import { ok } from '../../platform/http/respond';
import { jsonBody, okResponse } from '../../platform/http/route';
import { newRouter } from '../../platform/http/router';
import { access } from '../../platform/http/guard';
import { clockOf } from './routes';
import { createShareLink, listShareLinks, revokeShareLink } from './share-links';
import { shareRptInfo } from './share-rpt-info';

const tags = ['patient-lookup'];
const post = (path: string, summary: string) => ({ method: 'post' as const, path, tags, summary });
const callerOf = (c: Context<AppEnv>) => ({ me: c.var.user, ip: clientMeta(c).ip, now: clockOf(c) });

/** A doctor's patient links to an audited report, and the read-only shared report tab. */
export function shareLinkRoutes() {
  const app = newRouter();

  app.openapi(
    createRoute({
      ...post(
        '/report/shareLink',
        "A patient link to the study's audited report (1-30 days); the token is answered once",
      ),
      ...access(PERMISSIONS.DASHBOARD),
      request: jsonBody(CreateShareLinkSchema),
      responses: okResponse(CreatedShareLinkSchema),
    }),
    async (c) => ok(c, await createShareLink(c.var.deps.db, callerOf(c), c.req.valid('json'))),
  );

  app.openapi(
    createRoute({
      ...post('/report/shareLink/list', "The study's patient links still open (never their tokens)"),
      ...access(PERMISSIONS.DASHBOARD),
      request: jsonBody(ShareLinkListQuerySchema),
      responses: okResponse(z.array(ShareLinkSchema)),
    }),
    async (c) => ok(c, await listShareLinks(c.var.deps.db, callerOf(c), c.req.valid('json').study_iuid)),
  );

  app.openapi(
    createRoute({
      ...post('/report/shareLink/revoke', 'Revoke a patient link: it stops opening the report at once'),
      ...access(PERMISSIONS.DASHBOARD),
      request: jsonBody(RevokeShareLinkSchema),
      responses: okResponse(z.object({ pk: z.number().int() })),
    }),
    async (c) => ok(c, await revokeShareLink(c.var.deps.db, callerOf(c), c.req.valid('json').pk)),
  );

  app.openapi(
    createRoute({
      method: 'get',
      path: '/report/shareRptInfo',
      tags,
      summary: "The read-only shared report tab: the study and its audited reports; 404 outside the caller's scope",
      ...access(PERMISSIONS.DASHBOARD),
      request: { query: ShareRptInfoQuerySchema },
      responses: okResponse(ShareRptInfoSchema),
    }),
    async (c) => ok(c, await shareRptInfo(c.var.deps.db, c.var.user, c.req.valid('query').study_iuid)),
  );

  return app;
}
