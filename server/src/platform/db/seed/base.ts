import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from '../client';
import { createLayout } from '../layout-versions';
import { contentRule, layoutTemplate, permission, role, rolePermission, sysConfig, sysUser } from '../schema';
import { DEFAULT_TEMPLATE_ELEMENTS } from '@shared/report/default-template';
import { hashPassword } from '../../core/crypto';
import { CONFIG_DEFAULTS } from './config-defaults';
import { DEFAULT_CONTENT_RULES } from './content-rules';
import { seedDicts } from './dicts';
import { PERMISSION_TREE, ROLE_SEEDS, type PermissionSeed } from './permissions';

/**
 * What every installation needs, demo or not: configuration defaults, roles, the menu and permission
 * tree, and the administrator account. Idempotent: existing rows are kept as administrators left them.
 */
export async function ensureBaseData(db: Db, adminPassword: string): Promise<void> {
  await db.transaction(async (tx) => {
    const configRows = Object.entries(CONFIG_DEFAULTS).map(([name, d]) => ({
      name,
      value: name === 'aes_key' ? randomBytes(32).toString('base64') : d.value,
      description: d.description,
      type: 'system',
    }));
    await tx.insert(sysConfig).values(configRows).onConflictDoNothing();

    const insertTree = async (nodes: PermissionSeed[], parent: number | null) => {
      for (const [i, n] of nodes.entries()) {
        await tx
          .insert(permission)
          .values({
            key: n.key,
            parent_pk: parent,
            name: n.name,
            name_en: n.name_en,
            path: n.path ?? '',
            icon: n.icon ?? '',
            perms: n.perms ?? '',
            menu_type: n.menu_type,
            sort: i,
          })
          // The menu's names are the platform's (no screen edits them): a renamed entry reaches installed
          // databases at their next start.
          .onConflictDoUpdate({ target: permission.key, set: { name: n.name, name_en: n.name_en } });
        const [row] = await tx.select({ pk: permission.pk }).from(permission).where(eq(permission.key, n.key));
        if (row && n.children) await insertTree(n.children, row.pk);
      }
    };
    await insertTree(PERMISSION_TREE, null);

    const allPerms = await tx.select({ pk: permission.pk, key: permission.key }).from(permission);
    for (const r of ROLE_SEEDS) {
      const inserted = await tx
        .insert(role)
        .values({ code: r.code, name: r.name, name_en: r.name_en })
        .onConflictDoNothing()
        .returning({ pk: role.pk });
      const created = inserted[0];
      if (!created) continue; // existing role: its permissions are the administrator's business
      const pks = allPerms.filter((p) => (r.keys as readonly string[]).includes(p.key)).map((p) => p.pk);
      if (pks.length) {
        await tx.insert(rolePermission).values(pks.map((permission_pk) => ({ role_pk: created.pk, permission_pk })));
      }
    }
  });

  // Content rules and the default layout are written once; afterwards they are the administrators'.
  if (!(await db.select({ pk: contentRule.pk }).from(contentRule).limit(1)).length) {
    await db.insert(contentRule).values(DEFAULT_CONTENT_RULES);
  }
  if (!(await db.select({ pk: layoutTemplate.pk }).from(layoutTemplate).limit(1)).length) {
    await createLayout(
      db,
      { hospital_code: '', modality: '', name: '默认报告模板', elements: DEFAULT_TEMPLATE_ELEMENTS },
      'seed',
    );
  }
  await seedDicts(db);

  const [admin] = await db.select({ pk: sysUser.pk }).from(sysUser).where(eq(sysUser.username, 'admin'));
  if (!admin) {
    const [adminRole] = await db.select({ pk: role.pk }).from(role).where(eq(role.code, 'admin'));
    await db
      .insert(sysUser)
      .values({
        username: 'admin',
        password_hash: await hashPassword(adminPassword),
        ch_name: '系统管理员',
        en_name: 'Administrator',
        role_pk: adminRole?.pk ?? 1,
      })
      .onConflictDoNothing();
  }
}
