import { createRoute } from '@hono/zod-openapi';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { z } from 'zod';
import { PERMISSIONS as P } from '@shared/permissions';
import { DoctorListRequestSchema, DoctorOptionSchema, type DoctorOption } from '@shared/schemas/order-calls';
import type { Db } from '../../platform/db/client';
import { permission, rolePermission, sysUser } from '../../platform/db/schema';
import { access } from '../../platform/http/guard';
import { ok } from '../../platform/http/respond';
import { jsonBody, okResponse } from '../../platform/http/route';
import { newRouter } from '../../platform/http/router';
import { hospitalScope, inScope, type HospitalScope } from '../../platform/hospital-scope';

/** A doctor: a user whose role may write (patorder:saveOrder) or audit (patorder:audit) reports (data here, not a check). */
const DOCTOR_CODES = [P.SAVE_ORDER, P.AUDIT];

/** The doctors of the scope by name: the workload count's doctor choice once a hospital is chosen. */
export async function doctorList(db: Db, scope: HospitalScope): Promise<DoctorOption[]> {
  const name = sql<string>`coalesce(nullif(${sysUser.ch_name}, ''), ${sysUser.username})`;
  const rows = await db
    .select({
      pk: sysUser.pk,
      name,
      username: sysUser.username,
      hospital_code: sysUser.hospital_code,
      status: sysUser.status,
      can_audit: sql<boolean>`bool_or(${permission.perms} = ${P.AUDIT})`,
    })
    .from(sysUser)
    .innerJoin(rolePermission, eq(rolePermission.role_pk, sysUser.role_pk))
    .innerJoin(permission, eq(permission.pk, rolePermission.permission_pk))
    .where(
      and(inArray(permission.perms, DOCTOR_CODES), eq(permission.status, '0'), inScope(scope, sysUser.hospital_code)),
    )
    .groupBy(sysUser.pk)
    .orderBy(sysUser.hospital_code, name, sysUser.username);
  return rows.map((r) => ({ ...r, can_audit: Boolean(r.can_audit) }));
}

export function doctorListRoutes() {
  const app = newRouter();
  app.openapi(
    createRoute({
      method: 'post',
      path: '/orderCount/doctorList',
      tags: ['statistics'],
      summary:
        "The doctors (report or audit role) of a hospital (sn; empty: the caller's, every hospital for the super administrator); another hospital is 403",
      ...access(P.STATS_VIEW),
      request: jsonBody(DoctorListRequestSchema),
      responses: okResponse(z.array(DoctorOptionSchema)),
    }),
    async (c) => {
      const { db } = c.var.deps;
      return ok(c, await doctorList(db, await hospitalScope(db, c.var.user, c.req.valid('json').sn)));
    },
  );
  return app;
}
