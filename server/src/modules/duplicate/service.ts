import { and, eq, ne, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import type { DuplicateCheckSchema } from '@shared/schemas/list';
import type { AuthUser } from '../../platform/core/auth-user';
import type { Db } from '../../platform/db/client';
import { hospital, scanItem, sysApp, sysUser } from '../../platform/db/schema';
import { PERMISSIONS, type PermissionCode } from '@shared/permissions';
import { AppError, forbidden } from '../../platform/core/errors';

interface Checked {
  table: PgTable;
  field: AnyColumn;
  pk: AnyColumn;
  /** Unique within the caller's hospital rather than installation-wide. */
  hospital?: AnyColumn;
  /** Who may ask (the screen's permission); unset: any signed-in user. */
  permission?: PermissionCode;
}

/** The only table.field pairs the check answers for; the administration screens add theirs here. */
const CHECKS: Record<string, Checked> = {
  'scan_item.description': {
    table: scanItem,
    field: scanItem.description,
    pk: scanItem.scanp_id,
    hospital: scanItem.hospital_code,
  },
  'sys_user.username': { table: sysUser, field: sysUser.username, pk: sysUser.pk, permission: PERMISSIONS.SYS_USER },
  'hospital.code': { table: hospital, field: hospital.code, pk: hospital.pk },
  'sys_app.app_name': { table: sysApp, field: sysApp.app_name, pk: sysApp.pk, permission: PERMISSIONS.SYS_APP },
};

/** True when the value is already taken by another row (the edited row, pk or dataId, does not count). */
export async function isDuplicate(db: Db, me: AuthUser, q: z.output<typeof DuplicateCheckSchema>): Promise<boolean> {
  const c = CHECKS[`${q.tableName}.${q.fieldName}`];
  if (!c) throw new AppError(400, 'VALIDATION', 'dupUnsupported');
  if (c.permission && !me.isSuper && !me.perms.has(c.permission)) throw forbidden();
  const own = q.pk ?? q.dataId;
  const conds: (SQL | undefined)[] = [
    eq(c.field, q.fieldVal),
    own === undefined ? undefined : ne(c.pk, own),
    c.hospital ? eq(c.hospital, me.hospital_code) : undefined,
  ];
  const rows = await db
    .select({ one: sql`1` })
    .from(c.table)
    .where(and(...conds))
    .limit(1);
  return rows.length > 0;
}
