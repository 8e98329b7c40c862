import { z } from 'zod';
import { msg } from './common';
import { LoginFormSchema } from './auth';
import { REDIRECT_URI_MAX } from './apps';

/**
 * OAuth 2.0 single sign-on for the registered apps (issue 15; docs/oauth.md is the full contract): the spec's
 * /sso/* and /pacsAuth/getAuthToken calls and the standard /oauth/* endpoints. Wire names follow the spec
 * (client_id, redirectUri); the token endpoint follows RFC 6749.
 */

/** S256 only (RFC 7636 §4.2): "plain" would let a stolen code be redeemed. */
export const CODE_CHALLENGE_METHODS = ['S256'] as const;
/** RFC 7636 §4.1/§4.2: a verifier is 43-128 unreserved characters, its S256 challenge 43 base64url ones. */
export const CODE_VERIFIER_RE = /^[A-Za-z0-9._~-]{43,128}$/;
export const CODE_CHALLENGE_RE = /^[A-Za-z0-9_-]{43}$/;
/** The one scope a token carries: read-only access as the user (docs/oauth.md lists the routes). */
export const OAUTH_SCOPE = 'pacs.read';
/**
 * What an app's own token (client credentials, RFC 6749 §4.4) may do: place orders for the hospital it is
 * registered for (SMART backend-services scope names). docs/his.md.
 */
export const ORDER_SCOPES = ['system/ServiceRequest.write', 'system/Patient.write'] as const;
export type OrderScope = (typeof ORDER_SCOPES)[number];
export const AUTH_CODE_TTL_S = 60;
export const ACCESS_TOKEN_TTL_S = 3600;

const state = z.string().max(512);

/**
 * POST /sso/login (JSON): the normal sign-in's fields (captcha, AES as /user/login) plus the client's
 * authorisation request. redirectUri must equal one registered for client_id; PKCE S256 is required.
 */
export const SsoLoginSchema = z.strictObject({
  ...LoginFormSchema.shape,
  client_id: z.string().trim().min(1).max(64),
  redirectUri: z.string().trim().min(1).max(REDIRECT_URI_MAX),
  state: state.optional().default(''),
  code_challenge: z.string().regex(CODE_CHALLENGE_RE, msg('codeChallengeFormat')),
  code_challenge_method: z.enum(CODE_CHALLENGE_METHODS),
});
export type SsoLogin = z.input<typeof SsoLoginSchema>;

/** auth_code: single use, 60 s, for the registered redirectUri; auth_state: the request's state unchanged. */
export const SsoLoginResultSchema = z.object({
  auth_code: z.string(),
  auth_state: z.string(),
  /** A platform session of the signed-in user (the /pacsOauth page may keep it: single sign-on). */
  token: z.string(),
});
export type SsoLoginResult = z.infer<typeof SsoLoginResultSchema>;

/** POST /pacsAuth/getAuthToken (signed in): a code for the app from the caller's own session, no password. */
export const GetAuthTokenSchema = z.strictObject({
  client_id: z.string().trim().min(1).max(64),
  redirectUri: z.string().trim().min(1).max(REDIRECT_URI_MAX),
  state: state.optional().default(''),
  code_challenge: z.string().regex(CODE_CHALLENGE_RE, msg('codeChallengeFormat')),
  code_challenge_method: z.enum(CODE_CHALLENGE_METHODS),
});
export type GetAuthToken = z.input<typeof GetAuthTokenSchema>;
export const GetAuthTokenResultSchema = z.object({ auth_code: z.string(), auth_state: z.string() });

/**
 * GET /sso/checkApp (server to server): the app's credentials and a user it holds a live grant for;
 * answers a new access token for that user (same scope and lifetime). No grant: success false.
 */
export const CheckAppQuerySchema = z.strictObject({
  client_id: z.string().trim().min(1).max(64),
  user_id: z.string().trim().min(1).max(64),
  client_secret: z.string().min(1).max(128),
});
export const CheckAppResultSchema = z.object({ token: z.string(), expires_in: z.number().int() });

/** GET /oauth/authorize: the standard authorisation request; it forwards to the /pacsOauth page. */
export const AuthorizeQuerySchema = z.strictObject({
  response_type: z.literal('code'),
  client_id: z.string().trim().min(1).max(64),
  redirect_uri: z.string().trim().min(1).max(REDIRECT_URI_MAX),
  state: state.optional(),
  scope: z.string().max(256).optional(),
  code_challenge: z.string().regex(CODE_CHALLENGE_RE, msg('codeChallengeFormat')),
  code_challenge_method: z.enum(CODE_CHALLENGE_METHODS),
});

/** POST /oauth/token (application/x-www-form-urlencoded, RFC 6749 §4.1.3 + RFC 7636 §4.5). */
export const TokenRequestSchema = z.strictObject({
  grant_type: z.string().max(64),
  code: z.string().max(256).optional(),
  redirect_uri: z.string().max(REDIRECT_URI_MAX).optional(),
  client_id: z.string().max(64).optional(),
  client_secret: z.string().max(128).optional(),
  code_verifier: z.string().max(128).optional(),
  /** client_credentials: the scopes asked for (RFC 6749 §3.3), a subset of ORDER_SCOPES; all of them when left out. */
  scope: z.string().max(256).optional(),
});
export const TokenResponseSchema = z.object({
  access_token: z.string(),
  token_type: z.literal('Bearer'),
  expires_in: z.number().int(),
  scope: z.string(),
});

/** POST /oauth/revoke (form-encoded, RFC 7009): the client's own token; 200 even when unknown. */
export const RevokeRequestSchema = z.strictObject({
  token: z.string().max(256),
  token_type_hint: z.string().max(64).optional(),
  client_id: z.string().max(64).optional(),
  client_secret: z.string().max(128).optional(),
});

/** RFC 8414 metadata at GET /.well-known/oauth-authorization-server. */
export const AuthServerMetadataSchema = z.object({
  issuer: z.string(),
  authorization_endpoint: z.string(),
  token_endpoint: z.string(),
  revocation_endpoint: z.string(),
  scopes_supported: z.array(z.string()),
  response_types_supported: z.array(z.string()),
  grant_types_supported: z.array(z.string()),
  code_challenge_methods_supported: z.array(z.string()),
  token_endpoint_auth_methods_supported: z.array(z.string()),
  revocation_endpoint_auth_methods_supported: z.array(z.string()),
});
