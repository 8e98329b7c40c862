import { and, eq, ilike, or } from 'drizzle-orm';
import { USER_FILTERS, type AdminUserRow, type UserSort } from '@shared/schemas/admin-user';
import type { Db } from '../../platform/db/client';
import { hospital, role, sysUser } from '../../platform/db/schema';
import { defineList } from '../../platform/list/define';
import { fmt } from '../../platform/core/time';
import { hospitalScope, inScope } from '../../platform/hospital-scope';
import { likeText } from '../../platform/list/query';

const rowSelect = (db: Db) =>
  db
    .select({
      u: {
        pk: sysUser.pk,
        username: sysUser.username,
        ch_name: sysUser.ch_name,
        en_name: sysUser.en_name,
        gender: sysUser.gender,
        phone: sysUser.phone,
        email: sysUser.email,
        department: sysUser.department,
        hospital_code: sysUser.hospital_code,
        role_pk: sysUser.role_pk,
        region: sysUser.region,
        data2: sysUser.data2,
        status: sysUser.status,
        locked_until: sysUser.locked_until,
        must_change_password: sysUser.must_change_password,
        create_time: sysUser.create_time,
        reg_state: sysUser.reg_state,
      },
      hospital_name: hospital.name,
      role_name: role.name,
      role_name_en: role.name_en,
    })
    .from(sysUser)
    .leftJoin(role, eq(role.pk, sysUser.role_pk))
    .leftJoin(hospital, eq(hospital.code, sysUser.hospital_code));

/**
 * The users an administrator manages: every user for the super administrator (or one hospital's, by sn),
 * their own hospital's for anyone else. Rows never hold the password hash nor the bound certificate.
 */
export const userAdminList = defineList<AdminUserRow, typeof USER_FILTERS, UserSort>({
  name: 'user',
  sorts: {
    create_time: sysUser.create_time,
    username: sysUser.username,
    ch_name: sysUser.ch_name,
    hospital_code: sysUser.hospital_code,
    role_pk: sysUser.role_pk,
    status: sysUser.status,
  },
  defaultSort: { column: 'create_time', order: 'desc' },
  tiebreak: sysUser.pk,
  filters: USER_FILTERS,
  where: async (f, { db, user }) => {
    const scope = await hospitalScope(db, user, f.sn || undefined);
    const like = f.keyword ? likeText(f.keyword) : undefined;
    return and(
      inScope(scope, sysUser.hospital_code),
      like ? or(ilike(sysUser.username, like), ilike(sysUser.ch_name, like)) : undefined,
      f.role_pk === undefined ? undefined : eq(sysUser.role_pk, f.role_pk),
      f.status === undefined ? undefined : eq(sysUser.status, f.status),
      f.reg_state === undefined ? undefined : eq(sysUser.reg_state, f.reg_state),
    );
  },
  rows: async ({ db }, q) => {
    const rows = await rowSelect(db)
      .where(q.where)
      .orderBy(...q.orderBy)
      .limit(q.limit)
      .offset(q.offset);
    return rows.map((r) => ({
      ...r.u,
      hospital_name: r.hospital_name ?? '',
      role_name: r.role_name ?? '',
      role_name_en: r.role_name_en || r.role_name || '',
      locked_until: r.u.locked_until && r.u.locked_until > new Date() ? fmt(r.u.locked_until) : null,
      must_change_password: r.u.must_change_password === 1,
      create_time: fmt(r.u.create_time),
    }));
  },
  count: async ({ db }, where) => Number(await db.$count(sysUser, where)),
});
