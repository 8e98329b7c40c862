import { asc, count, eq } from 'drizzle-orm';
import { SUPER_ADMIN_ROLE_PK } from '@shared/constants';
import type { RoleRow, RoleSave } from '@shared/schemas/admin-role';
import type { AuthUser } from '../../platform/core/auth-user';
import type { Caller } from '../../platform/http/caller';
import type { Db, DbOrTx } from '../../platform/db/client';
import { hospital, role, sysUser } from '../../platform/db/schema';
import { AppError, forbidden, notFound } from '../../platform/core/errors';
import { auditChange } from '../../platform/audit';
import { fieldError } from '../../platform/http/field-error';
import { isUniqueViolation } from '../../platform/conflict';
import { beyondCaller, roleCodes } from './assignable';

type RoleRecord = typeof role.$inferSelect;
type RoleSaveValues = Required<Omit<RoleSave, 'pk' | 'hospital_code'>> & { pk?: number; hospital_code?: string };

/**
 * The roles the caller may hand out or manage, with how many users hold each: every role for the super
 * administrator; for anyone else the shared roles and their own hospital's, never role 1 nor a role
 * holding a permission they lack.
 */
export async function listRoles(db: Db, me: AuthUser): Promise<RoleRow[]> {
  const rows = await db
    .select({ r: role, users: count(sysUser.pk) })
    .from(role)
    .leftJoin(sysUser, eq(sysUser.role_pk, role.pk))
    .groupBy(role.pk)
    .orderBy(asc(role.pk));
  const codes = await roleCodes(
    db,
    rows.map((x) => x.r.pk),
  );
  const visible = (r: RoleRecord) =>
    r.pk !== SUPER_ADMIN_ROLE_PK &&
    (r.hospital_code === null || r.hospital_code === me.hospital_code) &&
    !beyondCaller(me, codes.get(r.pk) ?? []).length;
  return rows
    .filter((x) => me.isSuper || visible(x.r))
    .map((x) => ({ ...x.r, users: Number(x.users), builtin: x.r.pk === SUPER_ADMIN_ROLE_PK }));
}

/**
 * A role the caller may change: it exists and is not role 1; for anyone but the super administrator it is
 * their own hospital's (a shared role: 403; another hospital's reads as absent), not the one they hold,
 * and holds nothing beyond their permissions.
 */
export async function manageableRole(db: DbOrTx, me: AuthUser, pk: number): Promise<RoleRecord> {
  const [found] = await db.select().from(role).where(eq(role.pk, pk)).limit(1);
  if (!found) throw notFound();
  if (pk === SUPER_ADMIN_ROLE_PK) throw new AppError(409, 'CONFLICT', 'roleBuiltin');
  if (me.isSuper) return found;
  if (found.hospital_code === null) throw forbidden('roleShared');
  if (found.hospital_code !== me.hospital_code) throw notFound();
  // Changing the role one holds would be granting oneself: only the super administrator may.
  if (pk === me.role_pk) throw forbidden('roleOwn');
  const codes = (await roleCodes(db, [pk])).get(pk) ?? [];
  if (beyondCaller(me, codes).length) throw forbidden('roleBeyondOwn');
  return found;
}

/**
 * The hospital of a new role: the super administrator names an existing hospital, or none for a role
 * every hospital shares; anyone else creates roles of their own hospital only.
 */
async function hospitalOfNewRole(db: DbOrTx, c: Caller, wanted: string | undefined): Promise<string | null> {
  if (c.me.isSuper) {
    if (!wanted) return null;
    const [found] = await db.select({ code: hospital.code }).from(hospital).where(eq(hospital.code, wanted));
    if (!found) throw fieldError(c.locale, 'hospital_code', 'unknownHospital');
    return wanted;
  }
  if (wanted === '') throw forbidden('roleShared');
  if (wanted !== undefined && wanted !== c.me.hospital_code) throw forbidden('roleOtherHospital');
  if (!c.me.hospital_code) throw forbidden('roleShared');
  return c.me.hospital_code;
}

async function assertCodeFree(db: DbOrTx, c: Caller, code: string, pk?: number): Promise<void> {
  const [taken] = await db.select({ pk: role.pk }).from(role).where(eq(role.code, code)).limit(1);
  if (taken && taken.pk !== pk) throw fieldError(c.locale, 'code', 'roleExists');
}

export async function saveRole(db: Db, c: Caller, input: RoleSaveValues) {
  const { pk, hospital_code: wanted, ...values } = input;
  // The check names the field; the unique index catches two saves of one code at the same instant.
  const taken = (err: unknown) => {
    throw isUniqueViolation(err) ? fieldError(c.locale, 'code', 'roleExists') : err;
  };
  return db
    .transaction(async (tx) => {
      await assertCodeFree(tx, c, values.code, pk);
      if (pk === undefined) {
        const hospital_code = await hospitalOfNewRole(tx, c, wanted);
        const [created] = await tx
          .insert(role)
          .values({ ...values, hospital_code })
          .returning();
        await auditChange(tx, c.me, { action: 'role_create', target: `role:${created!.pk}`, after: created, ip: c.ip });
        return { pk: created!.pk };
      }
      const before = await manageableRole(tx, c.me, pk);
      if (wanted !== undefined && (wanted || null) !== before.hospital_code) {
        throw fieldError(c.locale, 'hospital_code', 'roleHospitalFixed');
      }
      const [after] = await tx.update(role).set(values).where(eq(role.pk, pk)).returning();
      await auditChange(tx, c.me, { action: 'role_update', target: `role:${pk}`, before, after, ip: c.ip });
      return { pk };
    })
    .catch(taken);
}

/** Role 1 and a role any user holds stay. */
export async function deleteRole(db: Db, c: Caller, pk: number): Promise<void> {
  await db.transaction(async (tx) => {
    const before = await manageableRole(tx, c.me, pk);
    const [held] = await tx.select({ n: count() }).from(sysUser).where(eq(sysUser.role_pk, pk));
    const n = Number(held?.n ?? 0);
    if (n) throw new AppError(409, 'CONFLICT', 'roleInUse', { n });
    await tx.delete(role).where(eq(role.pk, pk));
    await auditChange(tx, c.me, { action: 'role_delete', target: `role:${pk}`, before, after: null, ip: c.ip });
  });
}
