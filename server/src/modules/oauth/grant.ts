import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import { CODE_VERIFIER_RE, ORDER_SCOPES, type TokenRequestSchema } from '@shared/schemas/oauth';
import type { Db } from '../../platform/db/client';
import { sysUser } from '../../platform/db/schema';
import type { AppRecord } from './clients';
import { lockedCode, markUsed, pkceMatches } from './codes';
import { issueAccessToken, revokeTokensOfCode, type IssuedToken } from './tokens';

/** An RFC 6749 §5.2 error: its code, status and a description without any secret. */
export class OAuthError extends Error {
  constructor(
    readonly error:
      | 'invalid_request'
      | 'invalid_client'
      | 'invalid_grant'
      | 'unsupported_grant_type'
      | 'unauthorized_client'
      | 'invalid_scope',
    readonly description: string,
    readonly status: 400 | 401 = error === 'invalid_client' ? 401 : 400,
  ) {
    super(error);
  }
}

type TokenRequest = z.output<typeof TokenRequestSchema>;

/** The grant types the token endpoint takes. */
export const GRANT_TYPES = ['authorization_code', 'client_credentials'] as const;

export function requireGrantType(f: TokenRequest): (typeof GRANT_TYPES)[number] {
  const type = GRANT_TYPES.find((g) => g === f.grant_type);
  if (!type) throw new OAuthError('unsupported_grant_type', `grant_type: ${GRANT_TYPES.join(' or ')}`);
  return type;
}

/** The fields an authorization_code grant needs (RFC 6749 §4.1.3, RFC 7636 §4.5), before any lookup. */
export function requireCodeGrantFields(f: TokenRequest) {
  for (const name of ['code', 'redirect_uri', 'code_verifier'] as const) {
    if (!f[name]) throw new OAuthError('invalid_request', `${name}: required`);
  }
  if (!CODE_VERIFIER_RE.test(f.code_verifier!)) {
    throw new OAuthError('invalid_request', 'code_verifier: 43 to 128 unreserved characters (RFC 7636 §4.1)');
  }
  return { code: f.code!, redirectUri: f.redirect_uri!, verifier: f.code_verifier! };
}

type Outcome = { token: IssuedToken } | { refused: string } | { replayed: number };

/**
 * Redeems a code for the authenticated client: known, this client's, unused, unexpired, the same redirect
 * URI, the verifier matching its challenge, the user still active. A used code ends the tokens issued
 * from it (committed even though the request fails).
 */
export async function redeemCode(
  db: Db,
  app: AppRecord,
  g: { code: string; redirectUri: string; verifier: string },
): Promise<IssuedToken> {
  const outcome = await db.transaction(async (tx): Promise<Outcome> => {
    const row = await lockedCode(tx, g.code);
    if (!row || row.app_pk !== app.pk) return { refused: 'code: unknown, or issued to another client' };
    if (row.used_at) return { replayed: row.pk };
    if (row.expires_at.getTime() <= Date.now()) return { refused: 'code: expired' };
    // A failed try by the code's own client uses the code up (RFC 6749 §10.5: single use): whoever holds a
    // stolen code gets one guess at the verifier, and the real client then gets invalid_grant, not a token.
    await markUsed(tx, row.pk);
    if (row.redirect_uri !== g.redirectUri) return { refused: 'redirect_uri: not the one the code was issued for' };
    if (!pkceMatches(g.verifier, row.code_challenge)) {
      return { refused: 'code_verifier: does not match the code_challenge' };
    }
    const [user] = await tx.select({ status: sysUser.status }).from(sysUser).where(eq(sysUser.pk, row.user_pk));
    if (user?.status !== 1) return { refused: 'the user can no longer sign in' };
    return { token: await issueAccessToken(tx, { appPk: app.pk, userPk: row.user_pk, codePk: row.pk }) };
  });
  if ('token' in outcome) return outcome.token;
  if ('replayed' in outcome) {
    await revokeTokensOfCode(db, outcome.replayed);
    throw new OAuthError('invalid_grant', 'code: already used; the tokens issued from it are revoked');
  }
  throw new OAuthError('invalid_grant', outcome.refused);
}

/**
 * The scopes a client_credentials request asks for (RFC 6749 §3.3: space-separated): a subset of
 * ORDER_SCOPES, all of them when none is named.
 */
export function requestedOrderScopes(scope: string | undefined): string[] {
  const asked = [...new Set((scope ?? '').split(' ').filter(Boolean))];
  if (!asked.length) return [...ORDER_SCOPES];
  const unknown = asked.filter((s) => !(ORDER_SCOPES as readonly string[]).includes(s));
  if (unknown.length)
    throw new OAuthError('invalid_scope', `scope: ${unknown.join(' ')} is not one of ${ORDER_SCOPES.join(' ')}`);
  return asked;
}

/**
 * RFC 6749 §4.4: an app's own token, for the FHIR order entry of the hospital it is registered for. An app
 * registered for no hospital is refused (unauthorized_client): nothing else is open to an app on its own.
 */
export async function grantClientCredentials(db: Db, app: AppRecord, scope: string | undefined): Promise<IssuedToken> {
  const scopes = requestedOrderScopes(scope);
  if (!app.order_hospital_code)
    throw new OAuthError(
      'unauthorized_client',
      'client_credentials: the app places no orders (no hospital chosen for it)',
    );
  return issueAccessToken(db, { appPk: app.pk, userPk: null, codePk: null, scope: scopes.join(' ') });
}
