import { z } from 'zod';
import { NAME_MAX, NAME_MIN } from '../constants';
import { DateSchema, FilterTextSchema, msg, pkInput } from './common';
import { LoginFormSchema } from './auth';

/**
 * Third-party apps and OAuth 2.0 single sign-on (issue 15; docs/oauth.md is the full contract).
 * Wire names follow the spec (app_name, client_id, redirectUri); the token endpoint follows RFC 6749.
 */

export const APP_REMARK_MAX = 126;
export const REDIRECT_URIS_MAX = 10;
export const REDIRECT_URI_MAX = 512;
export const APP_URL_MAX = 512;
/** S256 only (RFC 7636 §4.2): "plain" would let a stolen code be redeemed. */
export const CODE_CHALLENGE_METHODS = ['S256'] as const;
/** RFC 7636 §4.1/§4.2: a verifier is 43-128 unreserved characters, its S256 challenge 43 base64url ones. */
export const CODE_VERIFIER_RE = /^[A-Za-z0-9._~-]{43,128}$/;
export const CODE_CHALLENGE_RE = /^[A-Za-z0-9_-]{43}$/;
/** The one scope a token carries: read-only access as the user (docs/oauth.md lists the routes). */
export const OAUTH_SCOPE = 'pacs.read';
export const AUTH_CODE_TTL_S = 60;
export const ACCESS_TOKEN_TTL_S = 3600;

const LOOPBACK_HOSTS = new Set(['127.0.0.1', 'localhost', '[::1]']);

/**
 * Whether a redirect URI may be registered: absolute, https (any host) or http on a loopback host only
 * (RFC 8252 §7.3), no fragment (RFC 6749 §3.1.2), no user info. Exact match at use, never a prefix.
 */
export function isRedirectUriAllowed(value: string): boolean {
  let u: URL;
  try {
    u = new URL(value);
  } catch {
    return false;
  }
  if (value.includes('#') || u.username || u.password) return false;
  if (u.protocol === 'https:') return !!u.hostname;
  return u.protocol === 'http:' && LOOPBACK_HOSTS.has(u.hostname);
}

export const RedirectUriSchema = z
  .string()
  .trim()
  .min(1)
  .max(REDIRECT_URI_MAX)
  .refine(isRedirectUriAllowed, msg('redirectUriRule'));

const httpUrl = z
  .string()
  .trim()
  .max(APP_URL_MAX)
  .refine((v) => !v || /^https?:\/\/[^\s]+$/i.test(v), msg('urlFormat'));

/** Fields of /app/save and /app/edit (spec section 5: app_name 2-64, unique (server check), remark <= 126). */
export const AppFieldsSchema = z.object({
  app_name: z.string().trim().min(NAME_MIN).max(NAME_MAX),
  server_url: httpUrl.optional().default(''),
  remark: z.string().trim().max(APP_REMARK_MAX).optional().default(''),
  /** Exact redirect URIs the app may receive codes at: at least one. */
  redirect_uris: z
    .array(RedirectUriSchema)
    .min(1)
    .max(REDIRECT_URIS_MAX)
    .transform((l) => [...new Set(l)]),
  group_logo: httpUrl.optional().default(''),
  group_favicon: httpUrl.optional().default(''),
});

/** POST /app/save: a new app; client_id and client_secret are made by the server. */
export const AppSaveSchema = z.strictObject(AppFieldsSchema.shape);
export type AppSave = z.input<typeof AppSaveSchema>;
/** POST /app/edit: every field again, by pk; the secret is not touched (resetSecret). */
export const AppEditSchema = z.strictObject({ pk: pkInput(), ...AppFieldsSchema.shape });
export type AppEdit = z.input<typeof AppEditSchema>;
/** POST /app/delete and POST /app/resetSecret. */
export const AppPkSchema = z.strictObject({ pk: pkInput() });

/** The answer of /app/save and /app/resetSecret: the only time the secret is ever shown. */
export const AppCredentialsSchema = z.object({
  pk: z.number().int(),
  client_id: z.string(),
  client_secret: z.string(),
});
export type AppCredentials = z.infer<typeof AppCredentialsSchema>;

/** A row of /app/queryList: every field of the spec's app entity except client_secret (stored hashed). */
export const AppRowSchema = z.object({
  pk: z.number().int(),
  app_name: z.string(),
  client_id: z.string(),
  server_url: z.string(),
  remark: z.string(),
  redirect_uris: z.array(z.string()),
  group_logo: z.string(),
  group_favicon: z.string(),
  create_name: z.string(),
  create_time: z.string(),
  update_name: z.string(),
  update_time: z.string(),
});
export type AppRow = z.infer<typeof AppRowSchema>;

export const APP_SORTS = ['create_time', 'update_time', 'app_name', 'pk'] as const;
export type AppSort = (typeof APP_SORTS)[number];
const OptionalDate = DateSchema.or(z.literal('').transform(() => undefined));
/** GET /app/queryList filters: app_name (contains), created from/to (dates, inclusive). */
export const APP_FILTERS = {
  app_name: FilterTextSchema,
  create_time_begin: OptionalDate,
  create_time_end: OptionalDate,
};

// ---------------------------------------------------------------- single sign-on

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
