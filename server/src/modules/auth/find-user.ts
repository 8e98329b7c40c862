import { eq } from 'drizzle-orm';
import type { Db } from '../../platform/db/client';
import { hospital, role, sysUser } from '../../platform/db/schema';

/** A user with its role and hospital, by username or pk. */
export async function findUser(db: Db, by: { username: string } | { pk: number }) {
  const [row] = await db
    .select({ u: sysUser, r: { name: role.name, name_en: role.name_en }, h: { name: hospital.name } })
    .from(sysUser)
    .leftJoin(role, eq(role.pk, sysUser.role_pk))
    .leftJoin(hospital, eq(hospital.code, sysUser.hospital_code))
    .where('username' in by ? eq(sysUser.username, by.username) : eq(sysUser.pk, by.pk))
    .limit(1);
  return row ?? null;
}
