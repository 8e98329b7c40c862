import { eq } from 'drizzle-orm';
import type { Context } from 'hono';
import type { DbOrTx } from '../../platform/db/client';
import { sysApp } from '../../platform/db/schema';
import { AppError } from '../../platform/core/errors';
import { matchesHash } from '../apps';

export type AppRecord = typeof sysApp.$inferSelect;

/** Compared against when the client is unknown, so an unknown id costs the same as a wrong secret. */
const DUMMY_SECRET_HASH = '0'.repeat(64);

export async function findApp(db: DbOrTx, clientId: string): Promise<AppRecord | undefined> {
  const [row] = await db.select().from(sysApp).where(eq(sysApp.client_id, clientId));
  return row;
}

/**
 * The client of an authorisation request: known, and the redirect URI equal to one registered (no prefix,
 * suffix, case or slash tolerance: RFC 6749 §3.1.2.3, OAuth 2.0 Security BCP §4.1.3).
 */
export async function checkAuthRequest(db: DbOrTx, clientId: string, redirectUri: string): Promise<AppRecord> {
  const app = await findApp(db, clientId);
  if (!app) throw new AppError(400, 'OAUTH_CLIENT', 'oauthClientUnknown');
  if (!app.redirect_uris.includes(redirectUri)) throw new AppError(400, 'OAUTH_REDIRECT', 'oauthRedirectMismatch');
  return app;
}

export interface ClientCredentials {
  id: string;
  secret: string;
  /** How they came: HTTP Basic (a 401 then names the scheme) or the form. */
  via: 'basic' | 'post';
}

/** A form-encoded part of the Basic credentials (RFC 6749 §2.3.1); null when malformed. */
function formDecode(s: string): string | null {
  try {
    return decodeURIComponent(s.replace(/\+/g, ' '));
  } catch {
    return null;
  }
}

/**
 * The client authentication of a token or revocation request: Basic or client_secret_post, not both.
 * 'ambiguous' for both or a malformed header; null for none.
 */
export function clientCredentials(
  c: Context,
  form: { client_id?: string | undefined; client_secret?: string | undefined },
): ClientCredentials | 'malformed' | null {
  const header = c.req.header('authorization') ?? '';
  const basic = /^Basic\s+([A-Za-z0-9+/=]+)\s*$/i.exec(header);
  if (header && !basic) return 'malformed';
  if (basic) {
    if (form.client_secret !== undefined) return 'malformed';
    const text = Buffer.from(basic[1]!, 'base64').toString('utf8');
    const at = text.indexOf(':');
    const id = at < 0 ? null : formDecode(text.slice(0, at));
    const secret = at < 0 ? null : formDecode(text.slice(at + 1));
    if (id === null || secret === null || !id || (form.client_id !== undefined && form.client_id !== id)) {
      return 'malformed';
    }
    return { id, secret, via: 'basic' };
  }
  if (form.client_id === undefined || form.client_secret === undefined) return null;
  return { id: form.client_id, secret: form.client_secret, via: 'post' };
}

/** The app whose id and secret these are, else null (unknown and wrong answer alike, after the same work). */
export async function authenticateClient(db: DbOrTx, cred: { id: string; secret: string }) {
  const app = await findApp(db, cred.id);
  const ok = matchesHash(cred.secret, app?.client_secret_hash ?? DUMMY_SECRET_HASH);
  return app && ok ? app : null;
}
