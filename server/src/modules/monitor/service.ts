import { desc, eq } from 'drizzle-orm';
import { SUPER_ADMIN_ROLE_PK } from '@shared/constants';
import type { PwdErrorRow } from '@shared/schemas/auth';
import type { AuthUser } from '../../platform/core/auth-user';
import type { Db } from '../../platform/db/client';
import { pwdError, sysUser } from '../../platform/db/schema';
import { forbidden, notFound } from '../../platform/core/errors';
import { fmt } from '../../platform/core/time';
import { audit } from '../../platform/audit';
import { lockedMinutes, clearFailures, throttledUsernames } from '../auth';

/**
 * The password error list, the administrators' notice of attacks: counts, the lock, and whether some
 * address is in back-off for the username. Outside the super administrator, only the caller's hospital.
 */
export async function listPwdErrors(db: Db, me: AuthUser): Promise<PwdErrorRow[]> {
  const rows = await db
    .select({ e: pwdError, locked_until: sysUser.locked_until, hospital_code: sysUser.hospital_code })
    .from(pwdError)
    .leftJoin(sysUser, eq(sysUser.username, pwdError.username))
    .orderBy(desc(pwdError.count), desc(pwdError.last_time));
  const throttled = await throttledUsernames(db);
  return rows
    .filter((r) => me.isSuper || r.hospital_code === me.hospital_code)
    .map((r) => ({
      key: r.e.username,
      name: r.e.username,
      count: r.e.count,
      last_time: fmt(r.e.last_time),
      locked: lockedMinutes(r.locked_until ?? null) > 0,
      throttled: throttled.has(r.e.username),
    }));
}

/** Role 1 only: forget the failures of a username, which also lifts its lock. */
export async function deletePwdError(db: Db, me: AuthUser, key: string): Promise<void> {
  if (me.role_pk !== SUPER_ADMIN_ROLE_PK) throw forbidden('onlyAdmin');
  const deleted = await db.delete(pwdError).where(eq(pwdError.username, key)).returning();
  if (!deleted.length) throw notFound();
  await db.update(sysUser).set({ lock_num: 0, locked_until: null }).where(eq(sysUser.username, key));
  await clearFailures(db, key);
  await audit(db, { user_pk: me.pk, username: me.username, action: 'pwd_error_delete', target: key });
}
