import { asc, eq } from 'drizzle-orm';
import { SUPER_ADMIN_ROLE_PK, type Locale } from '@shared/constants';
import { isInstallationWide } from '@shared/permissions';
import type { PermissionNode, RolePermissions } from '@shared/schemas/admin-role';
import type { AuthUser } from '../../platform/core/auth-user';
import type { Db, DbOrTx } from '../../platform/db/client';
import { permission, role, rolePermission } from '../../platform/db/schema';
import { AppError, forbidden, notFound } from '../../platform/core/errors';
import { auditChange } from '../../platform/audit';
import { fieldError } from '../../platform/http/field-error';
import { beyondCaller } from './assignable';
import type { Caller } from '../../platform/http/caller';
import { manageableRole } from './service';

type PermissionRecord = typeof permission.$inferSelect;

/** A node whose codes are all installation-wide (a folder or page without a code is not). */
const installationOnly = (r: PermissionRecord) => {
  const codes = r.perms
    .split(',')
    .map((x) => x.trim())
    .filter(Boolean);
  return codes.length > 0 && codes.every(isInstallationWide);
};

async function allPermissions(db: DbOrTx): Promise<PermissionRecord[]> {
  return db.select().from(permission).orderBy(asc(permission.sort), asc(permission.pk));
}

function treeOf(rows: PermissionRecord[], locale: Locale): PermissionNode[] {
  const byParent = new Map<number | null, PermissionRecord[]>();
  for (const r of rows) byParent.set(r.parent_pk, [...(byParent.get(r.parent_pk) ?? []), r]);
  const build = (parent: number | null): PermissionNode[] =>
    (byParent.get(parent) ?? []).map((r) => {
      const children = build(r.pk);
      return {
        key: r.key,
        title: (locale === 'en-US' ? r.name_en : r.name) || r.name,
        menu_type: r.menu_type,
        perms: r.perms,
        ...(installationOnly(r) ? { installation: true } : {}),
        ...(children.length ? { children } : {}),
      };
    });
  return build(null);
}

async function keysOf(db: DbOrTx, rolePk: number): Promise<string[]> {
  const rows = await db
    .select({ key: permission.key })
    .from(rolePermission)
    .innerJoin(permission, eq(permission.pk, rolePermission.permission_pk))
    .where(eq(rolePermission.role_pk, rolePk))
    .orderBy(asc(permission.sort), asc(permission.pk));
  return rows.map((r) => r.key);
}

/** The whole menu/permission tree and the role's keys; role 1 holds every key, read-only. */
export async function rolePermissions(db: Db, me: AuthUser, locale: Locale, rolePk: number): Promise<RolePermissions> {
  const [found] = await db
    .select({ pk: role.pk, hospital_code: role.hospital_code })
    .from(role)
    .where(eq(role.pk, rolePk))
    .limit(1);
  // Another hospital's role reads as absent to anyone but the super administrator.
  if (!found || (!me.isSuper && found.hospital_code !== null && found.hospital_code !== me.hospital_code))
    throw notFound();
  const rows = await allPermissions(db);
  const builtin = rolePk === SUPER_ADMIN_ROLE_PK;
  return {
    tree: treeOf(rows, locale),
    checked: builtin ? rows.map((r) => r.key) : await keysOf(db, rolePk),
    readonly: builtin,
  };
}

/** The keys with every ancestor, so a page's folder is held whenever one of its pages is. */
function withAncestors(rows: PermissionRecord[], keys: string[]): PermissionRecord[] {
  const byPk = new Map(rows.map((r) => [r.pk, r]));
  const byKey = new Map(rows.map((r) => [r.key, r]));
  const out = new Map<number, PermissionRecord>();
  for (const k of keys) {
    for (let r = byKey.get(k); r && !out.has(r.pk); r = r.parent_pk === null ? undefined : byPk.get(r.parent_pk)) {
      out.set(r.pk, r);
    }
  }
  return [...out.values()];
}

/**
 * Replaces a role's permissions. Unknown keys are a 400 naming them; a caller other than the super
 * administrator can grant only codes they hold. Applies at the holders' next request (read per request).
 */
export async function saveRolePermissions(db: Db, c: Caller, rolePk: number, keys: string[]): Promise<void> {
  if (rolePk === SUPER_ADMIN_ROLE_PK) {
    const [found] = await db.select({ pk: role.pk }).from(role).where(eq(role.pk, rolePk)).limit(1);
    if (found) throw new AppError(409, 'CONFLICT', 'roleBuiltin');
  }
  const rows = await allPermissions(db);
  const known = new Set(rows.map((r) => r.key));
  const unknown = keys.filter((k) => !known.has(k));
  if (unknown.length) throw fieldError(c.locale, 'keys', 'roleUnknownKeys', { keys: unknown.slice(0, 5).join(', ') });
  const chosen = withAncestors(rows, keys);
  if (beyondCaller(c.me, chosen.map((r) => r.perms).filter(Boolean)).length) throw forbidden('roleBeyondOwn');

  await db.transaction(async (tx) => {
    const target = await manageableRole(tx, c.me, rolePk);
    const shared = chosen.filter(installationOnly).map((r) => r.key);
    if (target.hospital_code !== null && shared.length) {
      throw fieldError(c.locale, 'keys', 'roleInstallationKeys', { keys: shared.slice(0, 5).join(', ') });
    }
    const before = await keysOf(tx, rolePk);
    await tx.delete(rolePermission).where(eq(rolePermission.role_pk, rolePk));
    if (chosen.length) {
      await tx.insert(rolePermission).values(chosen.map((r) => ({ role_pk: rolePk, permission_pk: r.pk })));
    }
    const chosenPks = new Set(chosen.map((r) => r.pk));
    const after = rows.filter((r) => chosenPks.has(r.pk)).map((r) => r.key);
    await auditChange(tx, c.me, {
      action: 'role_permissions',
      target: `role:${rolePk}`,
      before: { keys: before },
      after: { keys: after },
      ip: c.ip,
    });
  });
}
