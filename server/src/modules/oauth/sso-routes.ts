import { createRoute } from '@hono/zod-openapi';
import { eq } from 'drizzle-orm';
import {
  CheckAppQuerySchema,
  CheckAppResultSchema,
  GetAuthTokenResultSchema,
  GetAuthTokenSchema,
  SsoLoginResultSchema,
  SsoLoginSchema,
} from '@shared/schemas/oauth';
import { sysUser } from '../../platform/db/schema';
import { clientMeta } from '../../platform/http/client-meta';
import { AppError } from '../../platform/core/errors';
import { t } from '../../platform/core/i18n';
import { jsonBody, okResponse } from '../../platform/http/route';
import { newRouter } from '../../platform/http/router';
import { access } from '../../platform/http/guard';
import { requireClient } from './client-auth';
import { checkAuthRequest } from './clients';
import { OAuthError } from './grant';
import { TOO_MANY } from './routes';
import { authorize, ssoLogin } from './sso';
import { issueAccessToken, liveGrant } from './tokens';

const tags = ['oauth'];

/** The spec's single sign-on calls: /sso/login, /pacsAuth/getAuthToken, /sso/checkApp (docs/oauth.md). */
export function ssoRoutes() {
  const app = newRouter();

  app.openapi(
    createRoute({
      method: 'post',
      path: '/sso/login',
      tags,
      summary:
        "Sign in for a third-party app (the /pacsOauth page): the normal sign-in, then an authorisation code for the app's registered redirectUri (PKCE S256)",
      ...access('public'),
      request: jsonBody(SsoLoginSchema),
      responses: okResponse(SsoLoginResultSchema),
    }),
    async (c) => {
      const result = await ssoLogin(c.var.deps, c.req.valid('json'), clientMeta(c));
      return c.json({ success: true, msg: t(c, 'loginOk'), ...result, data: result }, 200);
    },
  );

  app.openapi(
    createRoute({
      method: 'post',
      path: '/pacsAuth/getAuthToken',
      tags,
      summary:
        "An authorisation code for a third-party app from the caller's own platform session (already signed in: no password again)",
      ...access('session'),
      request: jsonBody(GetAuthTokenSchema),
      responses: okResponse(GetAuthTokenResultSchema),
    }),
    async (c) => {
      const { db } = c.var.deps;
      const body = c.req.valid('json');
      const client = await checkAuthRequest(db, body.client_id, body.redirectUri);
      const granted = await authorize(db, client, c.var.user, body, clientMeta(c).ip);
      return c.json({ success: true, code: 200, msg: t(c, 'ok'), ...granted, data: granted }, 200);
    },
  );

  app.openapi(
    createRoute({
      method: 'get',
      path: '/sso/checkApp',
      tags,
      summary:
        "Server to server: the app's credentials and a user (username) holding a live grant of it; answers a new access token of that grant",
      ...access('public'),
      request: { query: CheckAppQuerySchema },
      responses: { ...okResponse(CheckAppResultSchema), 429: TOO_MANY },
    }),
    async (c) => {
      const { db } = c.var.deps;
      const q = c.req.valid('query');
      let client;
      try {
        client = await requireClient(c, db, q);
      } catch (e) {
        if (e instanceof OAuthError) throw new AppError(401, 'OAUTH_CLIENT', 'oauthClientAuth');
        throw e;
      }
      const [user] = await db
        .select({ pk: sysUser.pk, status: sysUser.status })
        .from(sysUser)
        .where(eq(sysUser.username, q.user_id));
      const grant = user?.status === 1 ? await liveGrant(db, client.pk, user.pk) : undefined;
      if (!user || !grant) return c.json({ success: false, msg: t(c, 'oauthNoGrant'), data: null }, 200);
      const issued = await issueAccessToken(db, { appPk: client.pk, userPk: user.pk, codePk: grant.code_pk });
      const data = { token: issued.access_token, expires_in: issued.expires_in };
      c.header('Cache-Control', 'no-store');
      return c.json({ success: true, msg: t(c, 'ok'), ...data, data }, 200);
    },
  );

  return app;
}
