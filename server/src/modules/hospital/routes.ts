import { createRoute, z } from '@hono/zod-openapi';
import { asc, eq } from 'drizzle-orm';
import { HospitalOptionSchema } from '@shared/schemas/order';
import { hospital } from '../../platform/db/schema';
import { ok } from '../../platform/http/respond';
import { okResponse } from '../../platform/http/route';
import { access } from '../../platform/http/guard';
import { newRouter } from '../../platform/http/router';

export function hospitalRoutes() {
  const app = newRouter();
  app.openapi(
    createRoute({
      method: 'post',
      path: '/hospital/getHospitalNameAndSn',
      tags: ['hospital'],
      summary: 'Hospitals the caller may choose from (all for the super administrator, else their own)',
      ...access('session'),
      responses: okResponse(z.array(HospitalOptionSchema)),
    }),
    async (c) => {
      const me = c.var.user;
      const q = c.var.deps.db.select({ sn: hospital.sn, name: hospital.name, code: hospital.code }).from(hospital);
      const rows = me.isSuper ? await q.orderBy(asc(hospital.sn)) : await q.where(eq(hospital.code, me.hospital_code));
      return ok(c, rows);
    },
  );
  return app;
}
