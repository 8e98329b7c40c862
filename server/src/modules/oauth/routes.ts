import { createRoute, z } from '@hono/zod-openapi';
import type { Context } from 'hono';
import type { ZodError } from 'zod';
import { WEB_BASE } from '@shared/constants';
import {
  AuthorizeQuerySchema,
  AuthServerMetadataSchema,
  CODE_CHALLENGE_METHODS,
  OAUTH_SCOPE,
  ORDER_SCOPES,
  RevokeRequestSchema,
  TokenRequestSchema,
  TokenResponseSchema,
} from '@shared/schemas/oauth';
import type { AppEnv } from '../../platform/context';
import { t } from '../../platform/core/i18n';
import { linkOrigin } from '../../platform/http/public-origin';
import { ok } from '../../platform/http/respond';
import { formBody, okResponse } from '../../platform/http/route';
import { newRouter, validationBody } from '../../platform/http/router';
import { access } from '../../platform/http/guard';
import { requireClient } from './client-auth';
import { checkAuthRequest } from './clients';
import {
  GRANT_TYPES,
  OAuthError,
  grantClientCredentials,
  redeemCode,
  requireCodeGrantFields,
  requireGrantType,
} from './grant';
import { revokeToken } from './tokens';

const tags = ['oauth'];
const AUTH_METHODS = ['client_secret_post', 'client_secret_basic'];
/** Failed client authentications back off like failed passwords (auth/throttle.ts). */
export const TOO_MANY = { description: 'Too many failed client authentications from this address' };

/** RFC 8414 §2: the issuer is the platform's public origin (PUBLIC_ORIGIN, else never a request header's). */
export const issuerOf = (c: Context<AppEnv>) => linkOrigin(c);

/** An RFC 6749 §5.2 error that is also the platform's error envelope (the extra members are allowed). */
function oauthError(c: Context, e: OAuthError, errors?: { field: string; msg: string }[]) {
  c.header('Cache-Control', 'no-store');
  return c.json(
    {
      error: e.error,
      error_description: e.description,
      success: false as const,
      msg: e.description,
      data: null,
      code: e.status,
      ...(errors ? { errors } : {}),
    },
    e.status,
  );
}

/** A form that fails the schema: invalid_request naming the fields. */
function invalidForm(result: { success: boolean; error?: unknown }, c: Context) {
  if (result.success) return;
  const v = validationBody(c, result.error as ZodError);
  return oauthError(c, new OAuthError('invalid_request', v.msg), v.errors);
}

/** The OAuth 2.0 endpoints: metadata, authorisation (to the /pacsOauth page), token, revocation. */
export function oauthRoutes() {
  const app = newRouter();

  app.openapi(
    createRoute({
      method: 'get',
      path: '/.well-known/oauth-authorization-server',
      tags,
      summary: 'RFC 8414 authorisation server metadata',
      ...access('public'),
      responses: {
        200: { description: 'Metadata', content: { 'application/json': { schema: AuthServerMetadataSchema } } },
      },
    }),
    (c) => {
      const issuer = issuerOf(c);
      return c.json(
        {
          issuer,
          authorization_endpoint: `${issuer}/oauth/authorize`,
          token_endpoint: `${issuer}/oauth/token`,
          revocation_endpoint: `${issuer}/oauth/revoke`,
          scopes_supported: [OAUTH_SCOPE, ...ORDER_SCOPES],
          response_types_supported: ['code'],
          grant_types_supported: [...GRANT_TYPES],
          code_challenge_methods_supported: [...CODE_CHALLENGE_METHODS],
          token_endpoint_auth_methods_supported: AUTH_METHODS,
          revocation_endpoint_auth_methods_supported: AUTH_METHODS,
          // The platform's envelope members, so every JSON answer reads the same (extra metadata is allowed).
          success: true,
          msg: t(c, 'ok'),
          data: null,
        },
        200,
      );
    },
  );

  app.openapi(
    createRoute({
      method: 'get',
      path: '/oauth/authorize',
      tags,
      summary:
        'Authorisation request (RFC 6749 §4.1.1, PKCE S256): checks client and redirect URI, then 302 to the /pacsOauth page',
      ...access('public'),
      request: { query: AuthorizeQuerySchema },
      responses: {
        302: { description: 'To the /pacsOauth sign-in page with the same query' },
        ...okResponse(z.null()),
      },
    }),
    async (c) => {
      const q = c.req.valid('query');
      await checkAuthRequest(c.var.deps.db, q.client_id, q.redirect_uri);
      const params = new URLSearchParams(Object.entries(q).filter((e): e is [string, string] => e[1] !== undefined));
      return c.redirect(`${WEB_BASE}#/pacsOauth?${params.toString()}`, 302);
    },
  );

  app.openapi(
    createRoute({
      method: 'post',
      path: '/oauth/token',
      tags,
      summary:
        "Token request: authorization_code with code_verifier (RFC 6749 §4.1.3, RFC 7636 §4.5), or client_credentials (§4.4) for an app's FHIR order entry; client_secret_post or client_secret_basic",
      ...access('public'),
      request: formBody(TokenRequestSchema),
      responses: {
        ...okResponse(z.null()),
        200: { description: 'Access token', content: { 'application/json': { schema: TokenResponseSchema } } },
        429: TOO_MANY,
      },
    }),
    async (c) => {
      const { db } = c.var.deps;
      const form = c.req.valid('form');
      try {
        const type = requireGrantType(form);
        const grant = type === 'authorization_code' ? requireCodeGrantFields(form) : null;
        const client = await requireClient(c, db, form);
        const token = grant
          ? await redeemCode(db, client, grant)
          : await grantClientCredentials(db, client, form.scope);
        c.header('Cache-Control', 'no-store');
        c.header('Pragma', 'no-cache');
        return c.json(token, 200);
      } catch (e) {
        if (e instanceof OAuthError) return oauthError(c, e);
        throw e;
      }
    },
    invalidForm,
  );

  app.openapi(
    createRoute({
      method: 'post',
      path: '/oauth/revoke',
      tags,
      summary: "Token revocation (RFC 7009): the client's own access token; 200 whether or not it was known",
      ...access('public'),
      request: formBody(RevokeRequestSchema),
      responses: { ...okResponse(z.null()), 429: TOO_MANY },
    }),
    async (c) => {
      const { db } = c.var.deps;
      const form = c.req.valid('form');
      try {
        const client = await requireClient(c, db, form);
        await revokeToken(db, form.token, client.pk);
        return ok(c, null);
      } catch (e) {
        if (e instanceof OAuthError) return oauthError(c, e);
        throw e;
      }
    },
    invalidForm,
  );

  return app;
}
