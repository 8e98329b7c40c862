import { createRoute, z } from '@hono/zod-openapi';
import type { Context } from 'hono';
import {
  CertBindingSchema,
  CertChallengeRequestSchema,
  CertChallengeSchema,
  CertLoginResultSchema,
  CertProofSchema,
} from '@shared/schemas/cert';
import type { AppEnv } from '../../platform/context';
import { clientMeta } from '../../platform/http/client-meta';
import { t } from '../../platform/core/i18n';
import { requestOrigin } from '../../platform/http/public-origin';
import { ok } from '../../platform/http/respond';
import { jsonBody, okResponse } from '../../platform/http/route';
import { access } from '../../platform/http/guard';
import { newRouter } from '../../platform/http/router';
import { authenticate } from '../auth';
import { ensureLoginCaller, loginCaller, sessionCaller } from './caller';
import { issueChallenge } from './challenge';
import { certBind, certLogin, certUnbind } from './service';

const tags = ['cert'];

/** The origin signatures are bound to: configured, else the one this request reached. Never from the body. */
const originOf = (c: Context<AppEnv>) => requestOrigin(c);

export function certRoutes() {
  const app = newRouter();

  app.openapi(
    createRoute({
      method: 'post',
      path: '/cert/challenge',
      tags,
      summary:
        'A single-use challenge (256 bits, 5 minutes). purpose login: bound to a caller cookie; bind: needs a session and is bound to it',
      ...access('public'),
      request: jsonBody(CertChallengeRequestSchema),
      responses: okResponse(CertChallengeSchema),
    }),
    async (c) => {
      const { purpose } = c.req.valid('json');
      const deps = c.var.deps;
      let caller: string;
      if (purpose === 'bind') {
        const token = (c.req.header('authorization') ?? '').replace(/^Bearer\s+/i, '').trim();
        caller = sessionCaller((await authenticate(deps.db, token)).sessionPk);
      } else {
        caller = ensureLoginCaller(c, originOf(c));
      }
      return ok(c, await issueChallenge(deps, purpose, caller));
    },
  );

  app.openapi(
    createRoute({
      method: 'post',
      path: '/cert/login',
      tags,
      summary: 'Sign in with a USB-key signature over SHA-256(origin) || SHA-256(challenge)',
      ...access('public'),
      request: jsonBody(CertProofSchema),
      responses: okResponse(CertLoginResultSchema),
    }),
    async (c) => {
      const result = await certLogin(c.var.deps, c.req.valid('json'), loginCaller(c), originOf(c), clientMeta(c));
      // Same shape as the password sign-in: the spec's fields at the top level, and again in data.
      return c.json({ success: true, msg: t(c, 'loginOk'), ...result, data: result }, 200);
    },
  );

  app.openapi(
    createRoute({
      method: 'post',
      path: '/cert/bind',
      tags,
      summary: 'Bind a certificate to the signed-in user, proving possession of the key',
      ...access('session'),
      request: jsonBody(CertProofSchema),
      responses: okResponse(CertBindingSchema),
    }),
    async (c) => {
      const me = c.var.user;
      const binding = await certBind(
        c.var.deps,
        me,
        c.req.valid('json'),
        sessionCaller(me.sessionPk),
        originOf(c),
        clientMeta(c).locale,
      );
      return ok(c, binding, 'certBound');
    },
  );

  app.openapi(
    createRoute({
      method: 'post',
      path: '/cert/unbind',
      tags,
      summary: "Remove the signed-in user's certificate binding",
      ...access('session'),
      responses: okResponse(z.null()),
    }),
    async (c) => {
      await certUnbind(c.var.deps, c.var.user);
      return ok(c, null, 'certUnbound');
    },
  );

  return app;
}
