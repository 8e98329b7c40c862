import { and, eq, ne } from 'drizzle-orm';
import type { DeviceSaveSchema } from '@shared/schemas/admin-org';
import type { z } from 'zod';
import type { AuthUser } from '../../platform/core/auth-user';
import type { Db, Tx } from '../../platform/db/client';
import { device } from '../../platform/db/schema';
import { notFound } from '../../platform/core/errors';
import { hospitalToSave } from '../../platform/hospital-scope';
import type { OutboundPolicy } from '../../platform/core/outbound';
import { checkAddressToSave } from '../../platform/core/outbound-refusal';
import { auditChange } from '../../platform/audit';
import type { Caller } from '../../platform/http/caller';
import { duplicate, isUniqueViolation } from '../../platform/conflict';

type DeviceInput = z.output<typeof DeviceSaveSchema>;
type DeviceRecord = typeof device.$inferSelect;

/** A device the caller may manage, locked for the change; another hospital's reads as absent (404). */
async function ownDevice(tx: Tx, user: AuthUser, pk: number): Promise<DeviceRecord> {
  const [row] = await tx.select().from(device).where(eq(device.pk, pk)).for('update');
  if (!row || (!user.isSuper && row.hospital_code !== user.hospital_code)) throw notFound();
  return row;
}

/**
 * Creates (no pk) or updates a DICOM device; the AE title is unique across the installation (409); an
 * address the outbound policy refuses is 400 naming ip.
 */
export async function saveDevice(db: Db, who: Caller, v: DeviceInput, outbound: OutboundPolicy): Promise<DeviceRecord> {
  await checkAddressToSave(outbound, v.ip, who.locale, 'ip');
  try {
    return await db.transaction(async (tx) => {
      const before = v.pk === undefined ? undefined : await ownDevice(tx, who.me, v.pk);
      const hospital_code = await hospitalToSave(tx, who, v.hospital_code, before?.hospital_code);
      const taken = await tx.$count(device, and(eq(device.aet, v.aet), v.pk ? ne(device.pk, v.pk) : undefined));
      if (Number(taken)) throw duplicate(who.locale, 'aet', v.aet);
      const { pk: _pk, ...fields } = v;
      const values = { ...fields, hospital_code };
      const [after] = before
        ? await tx.update(device).set(values).where(eq(device.pk, before.pk)).returning()
        : await tx.insert(device).values(values).returning();
      await auditChange(tx, who.me, {
        action: before ? 'device.update' : 'device.create',
        target: `device:${after!.pk}`,
        before: before ?? null,
        after: after!,
        ip: who.ip,
      });
      return after!;
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw duplicate(who.locale, 'aet', v.aet);
    throw err;
  }
}

export async function setDeviceStatus(db: Db, who: Caller, pk: number, status: number): Promise<void> {
  await db.transaction(async (tx) => {
    const before = await ownDevice(tx, who.me, pk);
    const [after] = await tx.update(device).set({ status }).where(eq(device.pk, pk)).returning();
    await auditChange(tx, who.me, { action: 'device.status', target: `device:${pk}`, before, after, ip: who.ip });
  });
}

export async function deleteDevice(db: Db, who: Caller, pk: number): Promise<void> {
  await db.transaction(async (tx) => {
    const before = await ownDevice(tx, who.me, pk);
    await tx.delete(device).where(eq(device.pk, pk));
    await auditChange(tx, who.me, {
      action: 'device.delete',
      target: `device:${pk}`,
      before,
      after: null,
      ip: who.ip,
    });
  });
}
