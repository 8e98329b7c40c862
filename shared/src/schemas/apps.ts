import { z } from 'zod';
import { NAME_MAX, NAME_MIN } from '../constants';
import { DateSchema, FilterTextSchema, msg, pkInput } from './common';

/**
 * Third-party apps: their registration (issue 15; docs/oauth.md is the full contract). The sign-in flow they
 * use is shared/src/schemas/oauth.ts. Wire names follow the spec (app_name, client_id, redirectUri).
 */

export const APP_REMARK_MAX = 126;
export const REDIRECT_URIS_MAX = 10;
export const REDIRECT_URI_MAX = 512;
export const APP_URL_MAX = 512;

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
  /**
   * Exact redirect URIs the app may receive codes at: at least one, unless the app only places orders (it
   * signs nobody in: client credentials need no redirect).
   */
  redirect_uris: z
    .array(RedirectUriSchema)
    .max(REDIRECT_URIS_MAX)
    .transform((l) => [...new Set(l)]),
  group_logo: httpUrl.optional().default(''),
  group_favicon: httpUrl.optional().default(''),
  /** The hospital whose orders the app places through FHIR (client credentials); '' for none. docs/his.md. */
  order_hospital_code: z.string().trim().max(32).optional().default(''),
});

/** A redirect URI for every app that signs users in; none needed by an order-only app. */
const signInNeedsRedirect = (v: { redirect_uris: string[]; order_hospital_code: string }, ctx: z.RefinementCtx) => {
  if (!v.redirect_uris.length && !v.order_hospital_code) {
    ctx.addIssue({ code: 'custom', path: ['redirect_uris'], ...msg('redirectUriNeeded') });
  }
};

/** POST /app/save: a new app; client_id and client_secret are made by the server. */
export const AppSaveSchema = z.strictObject(AppFieldsSchema.shape).superRefine(signInNeedsRedirect);
export type AppSave = z.input<typeof AppSaveSchema>;
/** POST /app/edit: every field again, by pk; the secret is not touched (resetSecret). */
export const AppEditSchema = z
  .strictObject({ pk: pkInput(), ...AppFieldsSchema.shape })
  .superRefine(signInNeedsRedirect);
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
  order_hospital_code: z.string(),
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
