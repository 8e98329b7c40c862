import { and, eq, isNull, lt, sql } from 'drizzle-orm';
import { readUserSettings } from '@shared/schemas/auth';
import { SUPER_ADMIN_ROLE_PK } from '@shared/constants';
import type { AuthUser } from '../../platform/core/auth-user';
import type { Db, DbOrTx } from '../../platform/db/client';
import { permission, rolePermission, session, sysUser } from '../../platform/db/schema';
import { newToken, sha256Hex } from '../../platform/core/crypto';
import { preparedPerDb } from '../../platform/db/prepared';
import { sessionExpired, unauthorized } from '../../platform/core/errors';

export async function createSession(
  db: Db,
  userPk: number,
  ttlMin: number,
  meta: { ip: string; userAgent: string },
): Promise<{ token: string; expiresIn: number }> {
  const token = newToken();
  // Sessions a day past their end are of no further use; pruning at sign-in keeps the table small.
  await db.delete(session).where(lt(session.expires_at, new Date(Date.now() - 86_400_000)));
  await db.insert(session).values({
    token_hash: sha256Hex(token),
    user_pk: userPk,
    expires_at: new Date(Date.now() + ttlMin * 60_000),
    ip: meta.ip.slice(0, 64),
    user_agent: meta.userAgent.slice(0, 256),
  });
  return { token, expiresIn: ttlMin * 60 };
}

export async function revokeSession(db: Db, sessionPk: number): Promise<void> {
  await db.update(session).set({ revoked_at: new Date() }).where(eq(session.pk, sessionPk));
}

export async function revokeUserSessions(db: DbOrTx, userPk: number): Promise<void> {
  await db
    .update(session)
    .set({ revoked_at: new Date() })
    .where(and(eq(session.user_pk, userPk), isNull(session.revoked_at)));
}

/** Sliding expiry: an active client extends its own session before it runs out. */
export async function extendSession(db: Db, sessionPk: number, ttlMin: number): Promise<number> {
  await db
    .update(session)
    .set({ expires_at: new Date(Date.now() + ttlMin * 60_000) })
    .where(eq(session.pk, sessionPk));
  return ttlMin * 60;
}

export const permsOfRole = sql<string>`(
  select coalesce(string_agg(${permission.perms}, ','), '')
  from ${rolePermission} join ${permission} on ${permission.pk} = ${rolePermission.permission_pk}
  where ${rolePermission.role_pk} = ${sysUser.role_pk} and ${permission.status} = '0'
)`;

/** What an AuthUser is made of, of the user's row (with status and their role's permission codes). */
export const authUserFields = {
  pk: sysUser.pk,
  uuid: sysUser.uuid,
  username: sysUser.username,
  ch_name: sysUser.ch_name,
  role_pk: sysUser.role_pk,
  hospital_code: sysUser.hospital_code,
  region: sysUser.region,
  status: sysUser.status,
  must_change_password: sysUser.must_change_password,
  data1: sysUser.data1,
  data2: sysUser.data2,
  perms: permsOfRole,
};

/**
 * 401 for a missing, unknown or revoked token; 401 with code 700 for an expired session.
 * One query brings the session, the user, their settings and their permission codes: it runs on
 * every request.
 */
const sessionQuery = preparedPerDb((db) =>
  db
    .select({
      sessionPk: session.pk,
      expiresAt: session.expires_at,
      revokedAt: session.revoked_at,
      ...authUserFields,
    })
    .from(session)
    .innerJoin(sysUser, eq(sysUser.pk, session.user_pk))
    .where(eq(session.token_hash, sql.placeholder('hash')))
    .limit(1)
    .prepare('rx_authenticate'),
);

export async function authenticate(db: Db, token: string): Promise<AuthUser> {
  if (!token || token.length > 256) throw unauthorized();
  const [row] = await sessionQuery(db).execute({ hash: sha256Hex(token) });
  if (!row || row.revokedAt || row.status !== 1) throw unauthorized();
  if (row.expiresAt.getTime() <= Date.now()) throw sessionExpired();
  return authUserOf(row);
}

/**
 * A user as their own requests would act, without a session (sessionPk 0; expiresAt now, for the caller to
 * set): what a background job acts as, e.g. the archive rendering as the auditor through a render token
 * (report-pdf). Null for an unknown user or one who may not sign in (status other than 1), as authenticate.
 */
export async function authUserByPk(db: Db, userPk: number): Promise<AuthUser | null> {
  const [row] = await db.select(authUserFields).from(sysUser).where(eq(sysUser.pk, userPk)).limit(1);
  if (!row || row.status !== 1) return null;
  return authUserOf({ ...row, sessionPk: 0, expiresAt: new Date() });
}

/** The fields of a user an AuthUser is made of, as the session (and OAuth token) queries select them. */
export interface AuthUserRow {
  sessionPk: number;
  expiresAt: Date;
  pk: number;
  uuid: string;
  username: string;
  ch_name: string;
  role_pk: number | null;
  hospital_code: string;
  region: string;
  must_change_password: number;
  data1: unknown;
  data2: unknown;
  perms: string;
}

export function authUserOf(row: AuthUserRow): AuthUser {
  const isSuper = row.role_pk === SUPER_ADMIN_ROLE_PK;
  return {
    pk: row.pk,
    uuid: row.uuid,
    username: row.username,
    ch_name: row.ch_name,
    name: row.ch_name || row.username,
    // Null only for a self-registration's account, which never has a session (status 0 until approved).
    role_pk: row.role_pk ?? 0,
    hospital_code: row.hospital_code,
    region: row.region,
    isSuper,
    modalities: Array.isArray(row.data2) ? row.data2 : [],
    settings: readUserSettings(row.data1),
    perms: isSuper
      ? new Set()
      : new Set(
          row.perms
            .split(',')
            .map((x) => x.trim())
            .filter(Boolean),
        ),
    sessionPk: row.sessionPk,
    expiresAt: row.expiresAt,
    mustChangePassword: row.must_change_password === 1,
  };
}
