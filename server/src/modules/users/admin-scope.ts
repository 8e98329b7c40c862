import { and, eq, ne } from 'drizzle-orm';
import { SUPER_ADMIN_ROLE_PK } from '@shared/constants';
import type { AuthUser } from '../../platform/core/auth-user';
import type { DbOrTx } from '../../platform/db/client';
import { hospital, sysUser } from '../../platform/db/schema';
import { AppError, forbidden, notFound } from '../../platform/core/errors';
import type { Caller } from '../../platform/http/caller';
import { canAssign } from '../role';
import { fieldError } from '../../platform/http/field-error';

export type UserRecord = typeof sysUser.$inferSelect;

/**
 * A user the caller manages, read for update: any user for the super administrator; for anyone else a
 * user of their own hospital (another hospital's reads as absent) who is not a super administrator and,
 * except for a lock (stopping an account is always allowed), whose role the caller could assign: editing,
 * unlocking, resetting or deleting an account with more administrative rights is a way to those rights.
 */
export async function managedUser(
  tx: DbOrTx,
  me: AuthUser,
  pk: number,
  purpose: 'lock' | 'manage' = 'manage',
): Promise<UserRecord> {
  const [row] = await tx.select().from(sysUser).where(eq(sysUser.pk, pk)).limit(1).for('update');
  if (!row || (!me.isSuper && row.hospital_code !== me.hospital_code)) throw notFound();
  if (!me.isSuper && row.role_pk === SUPER_ADMIN_ROLE_PK) throw forbidden('userRoleNotAssignable');
  if (purpose === 'manage') await assertCanTakeOver(tx, me, row);
  return row;
}

/** Taking over an account (a password reset) needs a role the caller could assign: no way to more rights. */
export async function assertCanTakeOver(tx: DbOrTx, me: AuthUser, target: UserRecord): Promise<void> {
  // A registration without a role yet has no rights to take over.
  if (target.role_pk !== null && !(await canAssign(tx, me, target.role_pk))) throw forbidden('userRoleNotAssignable');
}

/** Locking, disabling, resetting or deleting oneself is refused. */
export function assertNotSelf(me: AuthUser, target: UserRecord): void {
  if (me.pk === target.pk) throw new AppError(409, 'CONFLICT', 'userSelf');
}

/** The last active super administrator cannot go, be locked or disabled, or lose role 1. */
export async function assertNotLastSuper(tx: DbOrTx, target: UserRecord): Promise<void> {
  if (target.role_pk !== SUPER_ADMIN_ROLE_PK || target.status !== 1) return;
  // Rows locked so two administrators removing each other at once cannot both pass.
  const others = await tx
    .select({ pk: sysUser.pk })
    .from(sysUser)
    .where(and(eq(sysUser.role_pk, SUPER_ADMIN_ROLE_PK), eq(sysUser.status, 1), ne(sysUser.pk, target.pk)))
    .for('update');
  if (!others.length) throw new AppError(409, 'CONFLICT', 'userLastSuper');
}

/**
 * The hospital a saved user belongs to: anyone but the super administrator keeps users in their own
 * hospital ('' means theirs); the super administrator names an existing hospital or none.
 */
export async function hospitalFor(tx: DbOrTx, c: Caller, code: string): Promise<string> {
  if (!c.me.isSuper) {
    if (code && code !== c.me.hospital_code) throw forbidden('userOtherHospital');
    return c.me.hospital_code;
  }
  if (!code) return '';
  const [found] = await tx.select({ code: hospital.code }).from(hospital).where(eq(hospital.code, code)).limit(1);
  if (!found) throw fieldError(c.locale, 'hospital_code', 'unknownHospital');
  return code;
}
