import { and, eq, inArray } from 'drizzle-orm';
import { SUPER_ADMIN_ROLE_PK, type Locale } from '@shared/constants';
import { isAdminPermission } from '@shared/permissions';
import type { AuthUser } from '../../platform/core/auth-user';
import type { DbOrTx } from '../../platform/db/client';
import { permission, role, rolePermission } from '../../platform/db/schema';
import { AppError } from '../../platform/core/errors';
import { fieldError } from '../../platform/http/field-error';

/** The permission codes each role holds (active permissions with a code), by role pk. */
export async function roleCodes(db: DbOrTx, rolePks: number[]): Promise<Map<number, Set<string>>> {
  const out = new Map<number, Set<string>>(rolePks.map((pk) => [pk, new Set()]));
  if (!rolePks.length) return out;
  const rows = await db
    .select({ role_pk: rolePermission.role_pk, perms: permission.perms })
    .from(rolePermission)
    .innerJoin(permission, eq(permission.pk, rolePermission.permission_pk))
    .where(and(inArray(rolePermission.role_pk, rolePks), eq(permission.status, '0')));
  for (const r of rows) if (r.perms) out.get(r.role_pk)?.add(r.perms);
  return out;
}

/**
 * Administrative codes the caller does not hold (none for the super administrator, who holds every one).
 * Report-desk codes do not count: a hospital's administrator hands out doctors' roles without being a doctor.
 */
export function beyondCaller(me: AuthUser, codes: Iterable<string>): string[] {
  if (me.isSuper) return [];
  return [...codes].filter((c) => isAdminPermission(c) && !me.perms.has(c));
}

/**
 * Can the caller hand out this role (or manage a user who holds it)? The super administrator can hand
 * out any; anyone else neither role 1, nor another hospital's role, nor a role holding an administrative
 * permission they lack.
 */
export async function canAssign(db: DbOrTx, me: AuthUser, rolePk: number): Promise<boolean> {
  if (me.isSuper) return true;
  if (rolePk === SUPER_ADMIN_ROLE_PK) return false;
  const [found] = await db.select({ hospital_code: role.hospital_code }).from(role).where(eq(role.pk, rolePk));
  if (found?.hospital_code && found.hospital_code !== me.hospital_code) return false;
  const codes = (await roleCodes(db, [rolePk])).get(rolePk) ?? new Set();
  return beyondCaller(me, codes).length === 0;
}

/**
 * A role for a user form: 400 naming role_pk when it does not exist or is another hospital's than the
 * user's (a hospital's role is for its own users), 403 when the caller may not assign it.
 */
export async function assertAssignable(
  db: DbOrTx,
  me: AuthUser,
  rolePk: number,
  userHospital: string,
  locale: Locale,
): Promise<void> {
  const [found] = await db
    .select({ pk: role.pk, hospital_code: role.hospital_code })
    .from(role)
    .where(eq(role.pk, rolePk))
    .limit(1);
  if (!found) throw fieldError(locale, 'role_pk', 'userUnknownRole');
  if (!(await canAssign(db, me, rolePk))) throw new AppError(403, 'FORBIDDEN', 'userRoleNotAssignable');
  if (found.hospital_code && found.hospital_code !== userHospital) {
    throw fieldError(locale, 'role_pk', 'roleNotForHospital');
  }
}
