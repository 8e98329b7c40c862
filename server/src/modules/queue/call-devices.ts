import { randomBytes } from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import type { z } from 'zod';
import type { AuditAction } from '@shared/schemas/audit';
import {
  CallSettingsSchema,
  type CallDeviceSaved,
  type CallDeviceSaveSchema,
  type CallSettingsPatchSchema,
} from '@shared/schemas/call-devices';
import type { Tx } from '../../platform/db/client';
import { callDevice, callDeviceRoom, callRoom } from '../../platform/db/schema';
import { notFound } from '../../platform/core/errors';
import { hashCallDeviceKey } from './screens';
import type { QueueEvent } from '../../platform/realtime/queue-events';
import { auditChange } from '../../platform/audit';
import { publishAll, type QueueCtx } from './context';
import { queueHospital } from './scope';

type SaveInput = z.output<typeof CallDeviceSaveSchema>;
type PatchInput = z.output<typeof CallSettingsPatchSchema>;
type CallDeviceRecord = typeof callDevice.$inferSelect;

/** 32 random bytes, base64url: shown once, only its SHA-256 is kept. */
const newDeviceKey = () => randomBytes(32).toString('base64url');

export async function lockCallDevice(tx: Tx, ctx: QueueCtx, pk: number): Promise<CallDeviceRecord> {
  const [row] = await tx.select().from(callDevice).where(eq(callDevice.pk, pk)).for('update');
  const me = ctx.who.me;
  if (!row || (!me.isSuper && row.hospital_code !== me.hospital_code)) throw notFound();
  return row;
}

/** The rooms by name in the hospital (created when new), linked to the device in the given order. */
export async function linkRooms(tx: Tx, hospitalCode: string, devicePk: number, names: string[]): Promise<void> {
  const unique = [...new Set(names)];
  if (unique.length) {
    await tx
      .insert(callRoom)
      .values(unique.map((room_name) => ({ hospital_code: hospitalCode, room_name })))
      .onConflictDoNothing({ target: [callRoom.hospital_code, callRoom.room_name] });
  }
  const rooms = unique.length
    ? await tx
        .select({ pk: callRoom.pk, room_name: callRoom.room_name })
        .from(callRoom)
        .where(and(eq(callRoom.hospital_code, hospitalCode), inArray(callRoom.room_name, unique)))
    : [];
  await tx.delete(callDeviceRoom).where(eq(callDeviceRoom.device_pk, devicePk));
  if (rooms.length) {
    const pkOf = new Map(rooms.map((r) => [r.room_name, r.pk]));
    await tx
      .insert(callDeviceRoom)
      .values(unique.map((name, sort) => ({ device_pk: devicePk, room_pk: pkOf.get(name)!, sort })));
  }
}

/** Audit view of a device: the key hash never goes into the trail (auditChange strips *hash* too). */
const audited = ({ key_hash, ...rest }: CallDeviceRecord, rooms?: string[]) => ({
  ...rest,
  has_key: Boolean(key_hash),
  ...(rooms ? { rooms } : {}),
});

/** POST /device/saveCall: a new device answers its key (once); an update keeps the key. */
export async function saveCallDevice(ctx: QueueCtx, v: SaveInput): Promise<CallDeviceSaved> {
  const { pk, hospital_code: wanted, rooms, name, department, status, ...settingValues } = v;
  const settings = CallSettingsSchema.parse(settingValues);
  const roomNames = rooms.map((r) => r.room_name);
  const result = await ctx.db.transaction(async (tx) => {
    const before = pk === undefined ? undefined : await lockCallDevice(tx, ctx, pk);
    const hospitalCode =
      before && !wanted ? before.hospital_code : await queueHospital(tx, ctx.who.me, ctx.who.locale, wanted);
    const key = before ? undefined : newDeviceKey();
    const values = { hospital_code: hospitalCode, name, department, status, settings, update_time: ctx.now };
    const [after] = before
      ? await tx.update(callDevice).set(values).where(eq(callDevice.pk, before.pk)).returning()
      : await tx
          .insert(callDevice)
          .values({ ...values, key_hash: hashCallDeviceKey(key!), create_time: ctx.now })
          .returning();
    await linkRooms(tx, hospitalCode, after!.pk, roomNames);
    await auditChange(tx, ctx.who.me, {
      action: before ? 'call_device.update' : 'call_device.create',
      target: `call_device:${after!.pk}`,
      before: before ? audited(before) : null,
      after: audited(after!, roomNames),
      ip: ctx.who.ip,
    });
    return { pk: after!.pk, ...(key ? { device_key: key } : {}) };
  });
  await publishAll(ctx, [{ kind: 'device', device_pk: result.pk }]);
  return result;
}

/** Runs a change on one device (locked, scope-checked, audited) and tells its screens. */
async function changeDevice(
  ctx: QueueCtx,
  pk: number,
  action: Extract<AuditAction, `call_device.${string}`>,
  change: (tx: Tx, before: CallDeviceRecord) => Promise<CallDeviceRecord | null>,
  extra: QueueEvent[] = [],
) {
  await ctx.db.transaction(async (tx) => {
    const before = await lockCallDevice(tx, ctx, pk);
    const after = await change(tx, before);
    await auditChange(tx, ctx.who.me, {
      action,
      target: `call_device:${pk}`,
      before: audited(before),
      after: after ? audited(after) : null,
      ip: ctx.who.ip,
    });
  });
  await publishAll(ctx, [{ kind: 'device', device_pk: pk }, ...extra]);
}

/** POST /device/updatemechanic: the named settings change, the others stay. */
export async function updateSettings(ctx: QueueCtx, v: PatchInput): Promise<void> {
  const { pk, department, ...patch } = v;
  await changeDevice(ctx, pk, 'call_device.settings', async (tx, before) => {
    const settings = CallSettingsSchema.parse({ ...before.settings, ...patch });
    const [after] = await tx
      .update(callDevice)
      .set({ settings, update_time: ctx.now, ...(department === undefined ? {} : { department }) })
      .where(eq(callDevice.pk, pk))
      .returning();
    return after!;
  });
}

export async function setCallStatus(ctx: QueueCtx, pk: number, status: number): Promise<void> {
  await changeDevice(ctx, pk, 'call_device.status', async (tx) => {
    const [after] = await tx
      .update(callDevice)
      .set({ status, update_time: ctx.now })
      .where(eq(callDevice.pk, pk))
      .returning();
    return after!;
  });
}

export async function deleteCallDevice(ctx: QueueCtx, pk: number): Promise<void> {
  await changeDevice(ctx, pk, 'call_device.delete', async (tx) => {
    await tx.delete(callDevice).where(eq(callDevice.pk, pk));
    return null;
  });
}

/** A new key: the old one stops working and the device's open screens are closed. */
export async function newCallKey(ctx: QueueCtx, pk: number): Promise<CallDeviceSaved> {
  const key = newDeviceKey();
  await changeDevice(ctx, pk, 'call_device.new_key', async (tx) => {
    const [after] = await tx
      .update(callDevice)
      .set({ key_hash: hashCallDeviceKey(key), update_time: ctx.now })
      .where(eq(callDevice.pk, pk))
      .returning();
    return after!;
  });
  return { pk, device_key: key };
}
