import { randomBytes } from 'node:crypto';
import { and, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import { ACCESS_TOKEN_TTL_S, OAUTH_SCOPE } from '@shared/schemas/oauth';
import type { AuthUser } from '../../platform/core/auth-user';
import type { Db, DbOrTx } from '../../platform/db/client';
import { oauthToken, sysApp, sysUser } from '../../platform/db/schema';
import { sha256Hex } from '../../platform/core/crypto';
import { AppError, unauthorized } from '../../platform/core/errors';
import { authenticate, authUserFields, authUserOf } from '../auth';

/** Access tokens start with this, so the guard knows them from platform sessions without a lookup. */
export const ACCESS_TOKEN_PREFIX = 'rxat_';

/**
 * The read-only routes an app's access token may call, acting as its user through the normal access()
 * checks (permission and hospital scope). Anything else is 403 OAUTH_SCOPE. docs/oauth.md.
 */
export const TOKEN_ROUTES: ReadonlySet<string> = new Set([
  '/user/info',
  '/api/order/OrderList',
  '/report/info',
  '/report/versions',
]);

export interface IssuedToken {
  access_token: string;
  token_type: 'Bearer';
  expires_in: number;
  scope: string;
}

export async function issueAccessToken(
  db: DbOrTx,
  grant: { appPk: number; userPk: number | null; codePk: number | null; scope?: string },
): Promise<IssuedToken> {
  const scope = grant.scope ?? OAUTH_SCOPE;
  const access_token = ACCESS_TOKEN_PREFIX + randomBytes(32).toString('base64url');
  // Tokens a day past their end are of no further use.
  await db.delete(oauthToken).where(lt(oauthToken.expires_at, new Date(Date.now() - 86_400_000)));
  await db.insert(oauthToken).values({
    token_hash: sha256Hex(access_token),
    app_pk: grant.appPk,
    user_pk: grant.userPk,
    code_pk: grant.codePk,
    scope,
    expires_at: new Date(Date.now() + ACCESS_TOKEN_TTL_S * 1000),
  });
  return { access_token, token_type: 'Bearer', expires_in: ACCESS_TOKEN_TTL_S, scope };
}

/** RFC 6749 §4.1.2: a code used twice ends every token issued from it. */
export async function revokeTokensOfCode(db: DbOrTx, codePk: number): Promise<void> {
  await db
    .update(oauthToken)
    .set({ revoked_at: new Date() })
    .where(and(eq(oauthToken.code_pk, codePk), isNull(oauthToken.revoked_at)));
}

/** RFC 7009: the app's own token only; unknown or another app's: nothing happens. */
export async function revokeToken(db: DbOrTx, token: string, appPk: number): Promise<void> {
  await db
    .update(oauthToken)
    .set({ revoked_at: new Date() })
    .where(
      and(eq(oauthToken.token_hash, sha256Hex(token)), eq(oauthToken.app_pk, appPk), isNull(oauthToken.revoked_at)),
    );
}

/** A live grant of the app for the user (an unexpired, unrevoked token): what /sso/checkApp renews. */
export async function liveGrant(db: DbOrTx, appPk: number, userPk: number) {
  const [row] = await db
    .select({ code_pk: oauthToken.code_pk })
    .from(oauthToken)
    .where(
      and(
        eq(oauthToken.app_pk, appPk),
        eq(oauthToken.user_pk, userPk),
        isNull(oauthToken.revoked_at),
        gt(oauthToken.expires_at, sql`now()`),
      ),
    )
    .limit(1);
  return row;
}

/**
 * The user an access token acts as, on an allowed route only: 401 for an unknown, revoked or expired token
 * (or a disabled user), 403 OAUTH_SCOPE on any other route.
 */
export async function authenticateAccessToken(db: Db, token: string, path: string): Promise<AuthUser> {
  if (token.length > 256) throw unauthorized();
  const [row] = await db
    .select({
      sessionPk: sql<number>`0`,
      expiresAt: oauthToken.expires_at,
      revokedAt: oauthToken.revoked_at,
      ...authUserFields,
    })
    .from(oauthToken)
    .innerJoin(sysUser, eq(sysUser.pk, oauthToken.user_pk))
    .where(eq(oauthToken.token_hash, sha256Hex(token)))
    .limit(1);
  if (!row || row.revokedAt || row.status !== 1 || row.expiresAt.getTime() <= Date.now()) throw unauthorized();
  if (!TOKEN_ROUTES.has(path)) throw new AppError(403, 'OAUTH_SCOPE', 'oauthTokenRoute');
  return authUserOf({ ...row, sessionPk: 0 });
}

/**
 * Who a request's token names: a third-party app's access token acts as its user, on a read-only allowlist
 * only (docs/oauth.md); any other token is a session's.
 */
export const requestUser = (db: Db) => (token: string, path: string) =>
  token.startsWith(ACCESS_TOKEN_PREFIX) ? authenticateAccessToken(db, token, path) : authenticate(db, token);

/** An app acting on its own (client credentials): who it is and the hospital it places orders for. */
export interface AppCaller {
  appPk: number;
  appName: string;
  hospitalCode: string;
  scopes: string[];
}

/**
 * The app an app's own token names, for the FHIR order entry: 'unknown' for no such live token (or a
 * user's token: those act as their user, never as the app), 'no-hospital' when the app has since been
 * taken off order entry. The app's hospital is read at each call, so a change applies at once.
 */
export async function authenticateAppToken(db: Db, token: string): Promise<AppCaller | 'unknown' | 'no-hospital'> {
  if (!token.startsWith(ACCESS_TOKEN_PREFIX) || token.length > 256) return 'unknown';
  const [row] = await db
    .select({
      appPk: sysApp.pk,
      appName: sysApp.app_name,
      hospitalCode: sysApp.order_hospital_code,
      scope: oauthToken.scope,
    })
    .from(oauthToken)
    .innerJoin(sysApp, eq(sysApp.pk, oauthToken.app_pk))
    .where(
      and(
        eq(oauthToken.token_hash, sha256Hex(token)),
        isNull(oauthToken.user_pk),
        isNull(oauthToken.revoked_at),
        gt(oauthToken.expires_at, sql`now()`),
      ),
    )
    .limit(1);
  if (!row) return 'unknown';
  if (!row.hospitalCode) return 'no-hospital';
  return { appPk: row.appPk, appName: row.appName, hospitalCode: row.hospitalCode, scopes: row.scope.split(' ') };
}
