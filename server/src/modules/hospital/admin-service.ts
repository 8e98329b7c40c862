import { count, eq, and, ne, type SQL } from 'drizzle-orm';
import type { Locale } from '@shared/constants';
import type { HospitalSaveSchema } from '@shared/schemas/admin-org';
import type { z } from 'zod';
import type { DbOrTx, Db, Tx } from '../../platform/db/client';
import { device, hospital, region, role, scanItem, study, sysUser } from '../../platform/db/schema';
import { AppError, forbidden, notFound } from '../../platform/core/errors';
import { translate } from '../../platform/core/i18n';
import type { Caller } from '../../platform/http/caller';
import { auditChange } from '../../platform/audit';
import { duplicate, isUniqueViolation, refuseWhileUsed, type UseCounts } from '../../platform/conflict';

type HospitalInput = z.output<typeof HospitalSaveSchema>;
type HospitalRecord = typeof hospital.$inferSelect;

const n = async (db: DbOrTx, table: Parameters<Db['$count']>[0], where: SQL) => Number(await db.$count(table, where));

/** What still belongs to a hospital (by its code): studies, users, DICOM devices and scan items. */
export async function hospitalUses(db: DbOrTx, code: string): Promise<UseCounts> {
  return {
    studies: await n(db, study, eq(study.hospital_code, code)),
    users: await n(db, sysUser, eq(sysUser.hospital_code, code)),
    devices: await n(db, device, eq(device.hospital_code, code)),
    scanItems: await n(db, scanItem, eq(scanItem.hospital_code, code)),
    roles: await n(db, role, eq(role.hospital_code, code)),
  };
}

async function lockedRow(tx: Tx, pk: number): Promise<HospitalRecord | undefined> {
  const [row] = await tx.select().from(hospital).where(eq(hospital.pk, pk)).for('update');
  return row;
}

async function assertFree(tx: Tx, locale: Locale, v: HospitalInput, pk?: number) {
  for (const field of ['sn', 'code'] as const) {
    const [{ taken } = { taken: 0 }] = await tx
      .select({ taken: count() })
      .from(hospital)
      .where(and(eq(hospital[field], v[field]), pk ? ne(hospital.pk, pk) : undefined));
    if (Number(taken)) throw duplicate(locale, field, v[field]);
  }
}

async function assertRegion(tx: Tx, locale: Locale, value: string) {
  if (!value) return;
  const [row] = await tx
    .select({ pk: region.pk })
    .from(region)
    .where(eq(region.pk, Number(value)));
  if (!row) throw AppError.validation('orgNoRegion', [{ field: 'region', msg: translate(locale, 'orgNoRegion') }]);
}

/**
 * Creates (no pk: super administrator only) or updates a hospital. A non-super holder of sys:hospital
 * edits only their own hospital and cannot change its sn or code; a code stays fixed while anything
 * (studies, users, devices, scan items) refers to it, since those hold the code as text.
 */
export async function saveHospital(db: Db, who: Caller, v: HospitalInput): Promise<HospitalRecord> {
  const { me: user, locale } = who;
  if (v.pk === undefined && !user.isSuper) throw forbidden('onlyAdmin');
  try {
    return await db.transaction(async (tx) => {
      const before = v.pk === undefined ? undefined : await lockedRow(tx, v.pk);
      if (v.pk !== undefined && (!before || (!user.isSuper && before.code !== user.hospital_code))) throw notFound();
      if (before && !user.isSuper && (before.sn !== v.sn || before.code !== v.code)) throw forbidden('orgKeysFixed');
      await assertFree(tx, locale, v, v.pk);
      await assertRegion(tx, locale, v.region);
      if (before && before.code !== v.code)
        refuseWhileUsed(locale, 'orgCodeInUse', await hospitalUses(tx, before.code));
      const { pk: _pk, ...fields } = v;
      const [after] = before
        ? await tx.update(hospital).set(fields).where(eq(hospital.pk, before.pk)).returning()
        : await tx.insert(hospital).values(fields).returning();
      await auditChange(tx, user, {
        action: before ? 'hospital.update' : 'hospital.create',
        target: `hospital:${after!.pk}`,
        before: before ?? null,
        after: after!,
        ip: who.ip,
      });
      return after!;
    });
  } catch (err) {
    // Two saves racing for one sn or code: the unique index decides, the caller gets the same 409.
    if (isUniqueViolation(err)) throw duplicate(locale, 'sn', v.sn);
    throw err;
  }
}

/** Deletes a hospital (super administrator only) unless anything still belongs to it. */
export async function deleteHospital(db: Db, who: Caller, pk: number): Promise<void> {
  if (!who.me.isSuper) throw forbidden('onlyAdmin');
  await db.transaction(async (tx) => {
    const before = await lockedRow(tx, pk);
    if (!before) throw notFound();
    refuseWhileUsed(who.locale, 'orgHospitalInUse', await hospitalUses(tx, before.code));
    await tx.delete(hospital).where(eq(hospital.pk, pk));
    await auditChange(tx, who.me, {
      action: 'hospital.delete',
      target: `hospital:${pk}`,
      before,
      after: null,
      ip: who.ip,
    });
  });
}
