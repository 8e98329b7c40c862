import { and, asc, eq, ne } from 'drizzle-orm';
import type { Locale } from '@shared/constants';
import { isInstallationWide } from '@shared/permissions';
import type { AllAuthEntry, AuthEntry, MenuItem } from '@shared/schemas/auth';
import type { Db } from '../../platform/db/client';
import { permission, rolePermission } from '../../platform/db/schema';

type PermissionRow = typeof permission.$inferSelect;

async function rowsOf(db: Db, rolePk: number, isSuper: boolean): Promise<PermissionRow[]> {
  if (isSuper) {
    return db.select().from(permission).where(eq(permission.status, '0')).orderBy(asc(permission.sort));
  }
  const rows = await db
    .select({ p: permission })
    .from(rolePermission)
    .innerJoin(permission, eq(permission.pk, rolePermission.permission_pk))
    .where(and(eq(rolePermission.role_pk, rolePk), eq(permission.status, '0')))
    .orderBy(asc(permission.sort));
  // Menus and buttons of installation-wide administration show to the super administrator only.
  return rows.map((r) => r.p).filter((p) => !p.perms || !codesOf(p).every(isInstallationWide));
}

const codesOf = (p: PermissionRow) =>
  p.perms
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);

export async function countMenus(db: Db, rolePk: number, isSuper: boolean): Promise<number> {
  return (await rowsOf(db, rolePk, isSuper)).filter((p) => p.menu_type !== 2).length;
}

function menuTree(rows: PermissionRow[], locale: Locale): MenuItem[] {
  const menus = rows.filter((p) => p.menu_type !== 2);
  const byParent = new Map<number | null, PermissionRow[]>();
  for (const m of menus) {
    const list = byParent.get(m.parent_pk) ?? [];
    list.push(m);
    byParent.set(m.parent_pk, list);
  }
  const build = (parent: number | null): MenuItem[] =>
    (byParent.get(parent) ?? []).map((m) => {
      const children = build(m.pk);
      const item: MenuItem = {
        key: m.key,
        path: m.path,
        title: locale === 'en-US' ? m.name_en : m.name,
        icon: m.icon,
      };
      if (children.length) item.children = children;
      return item;
    });
  return build(null);
}

/** What /user/info returns besides the user: the menu tree, the caller's rules and every rule. */
export async function loadAccess(db: Db, rolePk: number, isSuper: boolean, locale: Locale) {
  const rows = await rowsOf(db, rolePk, isSuper);
  const describe = (p: PermissionRow) => (locale === 'en-US' ? p.name_en : p.name);
  const auth: AuthEntry[] = rows.flatMap((p) =>
    codesOf(p).map((action) => ({ action, describe: describe(p), type: '1' })),
  );
  const all = await db.select().from(permission).where(ne(permission.perms, ''));
  const allAuth: AllAuthEntry[] = all.flatMap((p) =>
    codesOf(p).map((action) => ({ action, describe: describe(p), type: '1', status: p.status })),
  );
  return { menus: menuTree(rows, locale), auth, allAuth };
}
