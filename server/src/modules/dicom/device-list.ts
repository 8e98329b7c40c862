import { and, eq, ilike, or, sql } from 'drizzle-orm';
import { DEVICE_FILTERS, type DeviceRow, type DeviceSort } from '@shared/schemas/admin-org';
import type { DbOrTx } from '../../platform/db/client';
import { device, hospital } from '../../platform/db/schema';
import { defineList } from '../../platform/list/define';
import { likeText } from '../../platform/list/query';
import { hospitalScope, inScope } from '../../platform/hospital-scope';

export const deviceSelect = (db: DbOrTx) =>
  db
    .select({
      pk: device.pk,
      name: device.name,
      aet: device.aet,
      modality: device.modality,
      ip: device.ip,
      port: device.port,
      hospital_code: device.hospital_code,
      hospital_name: sql<string>`coalesce(${hospital.name}, '')`,
      status: device.status,
    })
    .from(device)
    .leftJoin(hospital, eq(hospital.code, device.hospital_code));

/** POST /device/pageAetList: keyword over name, AE title and address; modality, status and hospital (sn). */
export const deviceList = defineList<DeviceRow, typeof DEVICE_FILTERS, DeviceSort>({
  name: 'device',
  sorts: {
    name: device.name,
    aet: device.aet,
    modality: device.modality,
    ip: device.ip,
    port: device.port,
    hospital_code: device.hospital_code,
    status: device.status,
    pk: device.pk,
  },
  defaultSort: { column: 'pk', order: 'asc' },
  tiebreak: device.pk,
  filters: DEVICE_FILTERS,
  where: async (f, { db, user }) => {
    const k = f.keyword ? likeText(f.keyword) : undefined;
    return and(
      inScope(await hospitalScope(db, user, f.sn || undefined), device.hospital_code),
      k ? or(ilike(device.name, k), ilike(device.aet, k), ilike(device.ip, k)) : undefined,
      f.modality ? eq(device.modality, f.modality) : undefined,
      f.status ? eq(device.status, Number(f.status)) : undefined,
    );
  },
  rows: async ({ db }, q) =>
    deviceSelect(db)
      .where(q.where)
      .orderBy(...q.orderBy)
      .limit(q.limit)
      .offset(q.offset),
  count: async ({ db }, where) => Number(await db.$count(device, where)),
});
