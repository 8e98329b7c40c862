import { count, eq, sql } from 'drizzle-orm';
import { vi } from 'vitest';
import type { TestPlatform } from '../../../../tests/support/api-platform';
import { call } from '../../../../tests/support/api-client';
import { auditLog, role, session, sysUser } from '../../platform/db/schema';

/** Shared by the user and role administration API tests: calls, counts and the session-end spy. */
export function adminTestKit(p: () => TestPlatform) {
  const post = (token: string, path: string, json: unknown, lang = 'en-US') =>
    call(p().app, 'POST', path, { token, json, lang });

  /** Rows of the tables an administrative call may write, to prove a refused one wrote nothing. */
  const counts = async () => {
    const db = p().deps.db;
    const n = async (t: typeof sysUser | typeof role | typeof auditLog) =>
      Number((await db.select({ n: count() }).from(t))[0]?.n);
    const users = await db.execute(sql`select md5(string_agg(row(u.*)::text, ',' order by pk)) as h from sys_user u`);
    const perms = await db.execute(
      sql`select md5(coalesce(string_agg(role_pk || ':' || permission_pk, ',' order by role_pk, permission_pk), '')) as h from role_permission`,
    );
    return {
      users: await n(sysUser),
      roles: await n(role),
      audit: await n(auditLog),
      userRows: (users as { rows: { h: string }[] }).rows[0]?.h,
      rolePerms: (perms as { rows: { h: string }[] }).rows[0]?.h,
    };
  };

  const userPk = async (username: string) => {
    const [u] = await p().deps.db.select({ pk: sysUser.pk }).from(sysUser).where(eq(sysUser.username, username));
    return u!.pk;
  };

  const lastAudit = async (action: string) => {
    const rows = await p()
      .deps.db.select()
      .from(auditLog)
      .where(eq(auditLog.action, action))
      .orderBy(sql`${auditLog.pk} desc`)
      .limit(1);
    return rows[0];
  };

  /**
   * Replaces the realtime hub's sessionsEnded with a spy that, when called, reads the user's sessions from
   * outside the change's transaction: they must already show as revoked (the call comes after the commit).
   */
  const spySessionsEnded = () => {
    const seen: Promise<{ userPk: number; reason: string; open: number }>[] = [];
    const spy = vi.fn((userPk: number, reason: string) => {
      seen.push(
        p()
          .deps.db.select({ n: count() })
          .from(session)
          .where(sql`${session.user_pk} = ${userPk} and ${session.revoked_at} is null`)
          .then((r) => ({ userPk, reason, open: Number(r[0]?.n) })),
      );
    });
    p().deps.realtime.sessionsEnded = spy;
    return { spy, seen: () => Promise.all(seen) };
  };

  return { post, counts, userPk, lastAudit, spySessionsEnded };
}
