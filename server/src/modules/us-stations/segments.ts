import { and, eq, gte, lte, ne } from 'drizzle-orm';
import type { z } from 'zod';
import type { UsNumberRow, UsNumberSaveSchema } from '@shared/schemas/us-stations';
import type { Tx } from '../../platform/db/client';
import { callRoom, hospital, usNumber } from '../../platform/db/schema';
import { notFound } from '../../platform/core/errors';
import { auditChange } from '../../platform/audit';
import { isUniqueViolation } from '../../platform/conflict';
import type { QueueCtx } from '../queue';
import { queueDay, ownRow, queueHospital } from '../queue';
import { conflictOn } from './errors';
import { segmentsBy } from './queries';
import { issuedOn, roomPkOf } from './rooms';

type SaveInput = z.output<typeof UsNumberSaveSchema>;
type SegmentRecord = typeof usNumber.$inferSelect;

async function lockOwn(tx: Tx, ctx: QueueCtx, pk: number): Promise<SegmentRecord & { room: string }> {
  const [row] = await tx
    .select({ s: usNumber, room: callRoom.room_name })
    .from(usNumber)
    .innerJoin(callRoom, eq(callRoom.pk, usNumber.room_pk))
    .where(eq(usNumber.pk, pk))
    .for('update', { of: usNumber });
  if (!row || !ownRow(ctx.who.me, row.s)) throw notFound();
  return { ...row.s, room: row.room };
}

/**
 * Numbers already given out today in the room came from its segment as it is: moving the segment,
 * changing its start or deleting it could hand out a number twice, so they wait for tomorrow (409).
 */
async function assertUnused(tx: Tx, ctx: QueueCtx, seg: SegmentRecord & { room: string }, field: string) {
  const n = await issuedOn(tx, seg.hospital_code, seg.room, queueDay(ctx.now));
  if (n > 0) throw conflictOn(ctx.who.locale, field, 'usNumberInUse', { room: seg.room, n }, 'US_NUMBER_IN_USE');
}

/** A number with its prefix names one room: segments of one prefix may not overlap within a hospital. */
async function assertNoOverlap(tx: Tx, ctx: QueueCtx, hospitalCode: string, v: SaveInput) {
  const [other] = await tx
    .select({ room: callRoom.room_name })
    .from(usNumber)
    .innerJoin(callRoom, eq(callRoom.pk, usNumber.room_pk))
    .where(
      and(
        eq(usNumber.hospital_code, hospitalCode),
        eq(usNumber.prefix, v.prefix),
        lte(usNumber.start_no, v.end_no),
        gte(usNumber.end_no, v.start_no),
        v.pk ? ne(usNumber.pk, v.pk) : undefined,
      ),
    )
    .limit(1);
  if (other) {
    const params = { prefix: v.prefix, start: v.start_no, end: v.end_no, room: other.room };
    throw conflictOn(ctx.who.locale, 'start_no', 'usNumberOverlap', params, 'US_NUMBER_OVERLAP');
  }
}

async function write(tx: Tx, ctx: QueueCtx, v: SaveInput): Promise<SegmentRecord> {
  const before = v.pk ? await lockOwn(tx, ctx, v.pk) : null;
  const hospitalCode = await queueHospital(tx, ctx.who.me, ctx.who.locale, v.hospital_code ?? before?.hospital_code);
  if (before && before.hospital_code !== hospitalCode) throw notFound();
  // Segment writes of a hospital take turns, so two overlapping ones cannot both pass the check.
  await tx.select({ pk: hospital.pk }).from(hospital).where(eq(hospital.code, hospitalCode)).for('update');
  const room_pk = await roomPkOf(tx, ctx.who.locale, hospitalCode, v.call_room);
  if (before && before.room_pk !== room_pk) await assertUnused(tx, ctx, before, 'call_room');
  if (before && before.start_no !== v.start_no) await assertUnused(tx, ctx, before, 'start_no');
  const [taken] = await tx
    .select({ pk: usNumber.pk })
    .from(usNumber)
    .where(and(eq(usNumber.room_pk, room_pk), v.pk ? ne(usNumber.pk, v.pk) : undefined));
  if (taken) throw conflictOn(ctx.who.locale, 'call_room', 'usNumberRoomTaken', { room: v.call_room });
  await assertNoOverlap(tx, ctx, hospitalCode, v);
  const fields = {
    room_pk,
    prefix: v.prefix,
    start_no: v.start_no,
    end_no: v.end_no,
    remark: v.remark,
    update_time: ctx.now,
  };
  const [after] = before
    ? await tx.update(usNumber).set(fields).where(eq(usNumber.pk, before.pk)).returning()
    : await tx
        .insert(usNumber)
        .values({ ...fields, hospital_code: hospitalCode, create_time: ctx.now })
        .returning();
  await auditChange(tx, ctx.who.me, {
    action: before ? 'us_number.update' : 'us_number.create',
    target: `us_number:${after!.pk}`,
    before,
    after: { ...after!, room: v.call_room },
    ip: ctx.who.ip,
  });
  return after!;
}

/** POST /us/number/saveOrEdit: create (no pk) or edit the number segment of a room. */
export async function saveSegment(ctx: QueueCtx, v: SaveInput): Promise<UsNumberRow> {
  let row: SegmentRecord;
  try {
    row = await ctx.db.transaction((tx) => write(tx, ctx, v));
  } catch (err) {
    if (isUniqueViolation(err))
      throw conflictOn(ctx.who.locale, 'call_room', 'usNumberRoomTaken', { room: v.call_room });
    throw err;
  }
  const [view] = await segmentsBy(ctx.db, { all: true }, queueDay(ctx.now), 'pk', String(row.pk));
  return view!;
}

/** POST /us/number/del: the room numbers from 1 again (refused while today's numbers came from it). */
export async function deleteSegment(ctx: QueueCtx, pk: number): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const before = await lockOwn(tx, ctx, pk);
    await assertUnused(tx, ctx, before, 'pk');
    await tx.delete(usNumber).where(eq(usNumber.pk, pk));
    await auditChange(tx, ctx.who.me, {
      action: 'us_number.delete',
      target: `us_number:${pk}`,
      before,
      after: null,
      ip: ctx.who.ip,
    });
  });
}
