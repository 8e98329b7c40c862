import { and, eq, ne } from 'drizzle-orm';
import type { z } from 'zod';
import type { UsClientRow, UsClientSaveSchema } from '@shared/schemas/us-stations';
import type { Tx } from '../../platform/db/client';
import { usClient } from '../../platform/db/schema';
import { notFound } from '../../platform/core/errors';
import { auditChange } from '../../platform/audit';
import { isUniqueViolation } from '../../platform/conflict';
import type { QueueCtx } from '../queue';
import { ownRow, queueHospital } from '../queue';
import { conflictOn } from './errors';
import { clientRows } from './queries';
import { roomPkOf } from './rooms';

type SaveInput = z.output<typeof UsClientSaveSchema>;
type ClientRecord = typeof usClient.$inferSelect;

/** The station being edited (locked), of the caller's hospital; another hospital's reads as absent. */
async function lockOwn(tx: Tx, ctx: QueueCtx, pk: number): Promise<ClientRecord> {
  const [row] = await tx.select().from(usClient).where(eq(usClient.pk, pk)).for('update');
  if (!ownRow(ctx.who.me, row)) throw notFound();
  return row;
}

/** Name and ip (when given) are unique within the hospital: 409 naming the field. */
async function assertUnique(tx: Tx, ctx: QueueCtx, hospitalCode: string, v: SaveInput, pk: number | undefined) {
  const others = (col: typeof usClient.name | typeof usClient.ip, value: string) =>
    tx
      .select({ name: usClient.name })
      .from(usClient)
      .where(and(eq(usClient.hospital_code, hospitalCode), eq(col, value), pk ? ne(usClient.pk, pk) : undefined))
      .limit(1);
  if ((await others(usClient.name, v.name)).length)
    throw conflictOn(ctx.who.locale, 'name', 'usClientDuplicate', { name: v.name });
  const [ipUser] = v.ip ? await others(usClient.ip, v.ip) : [];
  if (ipUser) throw conflictOn(ctx.who.locale, 'ip', 'usClientIpDuplicate', { ip: v.ip, name: ipUser.name });
}

async function write(tx: Tx, ctx: QueueCtx, v: SaveInput): Promise<ClientRecord> {
  const before = v.pk ? await lockOwn(tx, ctx, v.pk) : null;
  const hospitalCode = await queueHospital(tx, ctx.who.me, ctx.who.locale, v.hospital_code ?? before?.hospital_code);
  // A station stays in its hospital; naming another one for it reads as a station that is not there.
  if (before && before.hospital_code !== hospitalCode) throw notFound();
  const room_pk = await roomPkOf(tx, ctx.who.locale, hospitalCode, v.call_room);
  await assertUnique(tx, ctx, hospitalCode, v, v.pk);
  const fields = { name: v.name, room_pk, ip: v.ip, status: v.status, remark: v.remark, update_time: ctx.now };
  const [after] = before
    ? await tx.update(usClient).set(fields).where(eq(usClient.pk, before.pk)).returning()
    : await tx
        .insert(usClient)
        .values({ ...fields, hospital_code: hospitalCode, create_time: ctx.now })
        .returning();
  await auditChange(tx, ctx.who.me, {
    action: before ? 'us_client.update' : 'us_client.create',
    target: `us_client:${after!.pk}`,
    before,
    after: { ...after!, call_room: v.call_room },
    ip: ctx.who.ip,
  });
  return after!;
}

/** POST /us/client/saveOrUpdateUsClient: create (no pk) or edit a station. */
export async function saveClient(ctx: QueueCtx, v: SaveInput): Promise<UsClientRow> {
  let row: ClientRecord;
  try {
    row = await ctx.db.transaction((tx) => write(tx, ctx, v));
  } catch (err) {
    // Two admins saving the same name at once: the unique index decides.
    if (isUniqueViolation(err)) throw conflictOn(ctx.who.locale, 'name', 'usClientDuplicate', { name: v.name });
    throw err;
  }
  const [view] = await clientRows(ctx.db, { all: true }, { pk: row.pk });
  return view!;
}

/** POST /us/client/deleteInfo: the room, its queue and its number segment stay. */
export async function deleteClient(ctx: QueueCtx, pk: number): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const before = await lockOwn(tx, ctx, pk);
    await tx.delete(usClient).where(eq(usClient.pk, pk));
    await auditChange(tx, ctx.who.me, {
      action: 'us_client.delete',
      target: `us_client:${pk}`,
      before,
      after: null,
      ip: ctx.who.ip,
    });
  });
}
