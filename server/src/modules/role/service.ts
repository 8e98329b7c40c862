import { asc, count, eq } from 'drizzle-orm';
import { SUPER_ADMIN_ROLE_PK } from '@shared/constants';
import type { RoleRow, RoleSave } from '@shared/schemas/admin-role';
import type { AuthUser } from '../../context';
import type { Caller } from '../../lib/caller';
import type { Db, DbOrTx } from '../../db/client';
import { role, sysUser } from '../../db/schema';
import { AppError, forbidden, notFound } from '../../lib/errors';
import { auditChange } from '../audit/service';
import { fieldError } from '../users/field-error';
import { isUniqueViolation } from '../hospital/conflict';
import { beyondCaller, roleCodes } from './assignable';

type RoleRecord = typeof role.$inferSelect;

/**
 * The roles the caller may hand out, with how many users hold each: every role for the super
 * administrator; for anyone else neither role 1 nor a role holding a permission they lack.
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
  return rows
    .filter((x) => me.isSuper || (x.r.pk !== SUPER_ADMIN_ROLE_PK && !beyondCaller(me, codes.get(x.r.pk) ?? []).length))
    .map((x) => ({ ...x.r, users: Number(x.users), builtin: x.r.pk === SUPER_ADMIN_ROLE_PK }));
}

/** A role the caller may change: it exists, is not role 1, and holds nothing beyond the caller's permissions. */
export async function manageableRole(db: DbOrTx, me: AuthUser, pk: number): Promise<RoleRecord> {
  const [found] = await db.select().from(role).where(eq(role.pk, pk)).limit(1);
  if (!found) throw notFound();
  if (pk === SUPER_ADMIN_ROLE_PK) throw new AppError(409, 'CONFLICT', 'roleBuiltin');
  // Changing the role one holds would be granting oneself: only the super administrator may.
  if (!me.isSuper && pk === me.role_pk) throw forbidden('roleOwn');
  const codes = (await roleCodes(db, [pk])).get(pk) ?? [];
  if (beyondCaller(me, codes).length) throw forbidden('roleBeyondOwn');
  return found;
}

async function assertCodeFree(db: DbOrTx, c: Caller, code: string, pk?: number): Promise<void> {
  const [taken] = await db.select({ pk: role.pk }).from(role).where(eq(role.code, code)).limit(1);
  if (taken && taken.pk !== pk) throw fieldError(c.locale, 'code', 'roleExists');
}

export async function saveRole(db: Db, c: Caller, input: Required<Omit<RoleSave, 'pk'>> & { pk?: number }) {
  const { pk, ...values } = input;
  // The check names the field; the unique index catches two saves of one code at the same instant.
  const taken = (err: unknown) => {
    throw isUniqueViolation(err) ? fieldError(c.locale, 'code', 'roleExists') : err;
  };
  return db
    .transaction(async (tx) => {
      await assertCodeFree(tx, c, values.code, pk);
      if (pk === undefined) {
        const [created] = await tx.insert(role).values(values).returning();
        await auditChange(tx, c.me, { action: 'role_create', target: `role:${created!.pk}`, after: created, ip: c.ip });
        return { pk: created!.pk };
      }
      const before = await manageableRole(tx, c.me, pk);
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
