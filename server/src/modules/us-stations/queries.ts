import { and, asc, count, eq, ilike, inArray, or, type SQL } from 'drizzle-orm';
import type { Page } from '@shared/schemas/common';
import type { UsClientRow, UsNumberRow } from '@shared/schemas/us-stations';
import type { DbOrTx } from '../../platform/db/client';
import { callRoom, hospital, queueCounter, usClient, usNumber } from '../../platform/db/schema';
import { fmt } from '../../platform/core/time';
import { inScope, type HospitalScope } from '../../platform/hospital-scope';
import { likeText } from '../../platform/list/query';

export interface ClientFilter {
  pk?: number;
  call_room?: string;
  status?: number;
  keyword?: string;
}

/** Stations of the scope with their room and the room's segment, by hospital, room and name. */
export async function clientRows(db: DbOrTx, scope: HospitalScope, f: ClientFilter): Promise<UsClientRow[]> {
  const kw = f.keyword ? likeText(f.keyword) : null;
  const rows = await db
    .select({ c: usClient, room: callRoom.room_name, hospital_name: hospital.name, seg: usNumber })
    .from(usClient)
    .innerJoin(callRoom, eq(callRoom.pk, usClient.room_pk))
    .leftJoin(hospital, eq(hospital.code, usClient.hospital_code))
    .leftJoin(usNumber, eq(usNumber.room_pk, usClient.room_pk))
    .where(
      and(
        inScope(scope, usClient.hospital_code),
        f.pk ? eq(usClient.pk, f.pk) : undefined,
        f.call_room ? eq(callRoom.room_name, f.call_room) : undefined,
        f.status === undefined ? undefined : eq(usClient.status, f.status),
        kw ? or(ilike(usClient.name, kw), ilike(usClient.ip, kw), ilike(callRoom.room_name, kw)) : undefined,
      ),
    )
    .orderBy(asc(usClient.hospital_code), asc(callRoom.room_name), asc(usClient.name), asc(usClient.pk));
  return rows.map(({ c, room, hospital_name, seg }) => ({
    pk: c.pk,
    hospital_code: c.hospital_code,
    hospital_name: hospital_name ?? '',
    name: c.name,
    room_pk: c.room_pk,
    call_room: room,
    ip: c.ip,
    status: c.status,
    remark: c.remark,
    segment: seg ? { prefix: seg.prefix, start_no: seg.start_no, end_no: seg.end_no } : null,
    create_time: fmt(c.create_time),
    update_time: fmt(c.update_time),
  }));
}

const segmentSelect = {
  s: usNumber,
  room: callRoom.room_name,
  hospital_name: hospital.name,
  issued: queueCounter.last_no,
};

/** Segment rows with today's count of their room and the stations calling from them. */
async function segmentQuery(
  db: DbOrTx,
  day: string,
  where: SQL | undefined,
  p?: { pageNumber: number; pageSize: number },
): Promise<UsNumberRow[]> {
  const q = db
    .select(segmentSelect)
    .from(usNumber)
    .innerJoin(callRoom, eq(callRoom.pk, usNumber.room_pk))
    .leftJoin(hospital, eq(hospital.code, usNumber.hospital_code))
    .leftJoin(
      queueCounter,
      and(
        eq(queueCounter.hospital_code, usNumber.hospital_code),
        eq(queueCounter.call_room, callRoom.room_name),
        eq(queueCounter.queue_day, day),
      ),
    )
    .where(where)
    .orderBy(asc(usNumber.hospital_code), asc(usNumber.prefix), asc(usNumber.start_no), asc(usNumber.pk));
  const rows = p ? await q.limit(p.pageSize).offset((p.pageNumber - 1) * p.pageSize) : await q;
  const roomPks = [...new Set(rows.map((r) => r.s.room_pk))];
  const stations = roomPks.length
    ? await db
        .select({ pk: usClient.pk, name: usClient.name, room_pk: usClient.room_pk })
        .from(usClient)
        .where(inArray(usClient.room_pk, roomPks))
        .orderBy(asc(usClient.name))
    : [];
  return rows.map(({ s, room, hospital_name, issued }) => {
    const n = issued ?? 0;
    const current = n ? s.start_no + n - 1 : null;
    const next = s.start_no + n <= s.end_no ? s.start_no + n : null;
    return {
      pk: s.pk,
      hospital_code: s.hospital_code,
      hospital_name: hospital_name ?? '',
      room_pk: s.room_pk,
      call_room: room,
      prefix: s.prefix,
      start_no: s.start_no,
      end_no: s.end_no,
      remark: s.remark,
      issued_today: n,
      current_no: current,
      next_no: next,
      remaining: Math.max(0, s.end_no - (s.start_no + n) + 1),
      stations: stations.filter((x) => x.room_pk === s.room_pk).map(({ pk, name }) => ({ pk, name })),
      create_time: fmt(s.create_time),
      update_time: fmt(s.update_time),
    };
  });
}

/** POST /us/number/queryList: a page of segments, keyword on prefix or room. */
export async function segmentPage(
  db: DbOrTx,
  scope: HospitalScope,
  day: string,
  p: { pageNumber: number; pageSize: number; keyword?: string },
): Promise<Page<UsNumberRow>> {
  const kw = p.keyword ? likeText(p.keyword) : null;
  const where = and(
    inScope(scope, usNumber.hospital_code),
    kw ? or(ilike(usNumber.prefix, kw), ilike(callRoom.room_name, kw)) : undefined,
  );
  const [total] = await db
    .select({ n: count() })
    .from(usNumber)
    .innerJoin(callRoom, eq(callRoom.pk, usNumber.room_pk))
    .where(where);
  const totalRow = Number(total?.n ?? 0);
  return {
    list: await segmentQuery(db, day, where, p),
    totalRow,
    totalPage: Math.ceil(totalRow / p.pageSize),
    pageNumber: p.pageNumber,
    pageSize: p.pageSize,
  };
}

export type SegmentField = 'pk' | 'call_room' | 'client_pk' | 'prefix';

/** POST /us/number/queryByField: the segments whose field equals the value (client_pk: its room's). */
export function segmentsBy(
  db: DbOrTx,
  scope: HospitalScope,
  day: string,
  field: SegmentField,
  value: string,
): Promise<UsNumberRow[]> {
  const match: Record<SegmentField, () => SQL> = {
    pk: () => eq(usNumber.pk, Number(value)),
    call_room: () => eq(callRoom.room_name, value),
    prefix: () => eq(usNumber.prefix, value),
    client_pk: () =>
      inArray(
        usNumber.room_pk,
        db
          .select({ r: usClient.room_pk })
          .from(usClient)
          .where(eq(usClient.pk, Number(value))),
      ),
  };
  return segmentQuery(db, day, and(inScope(scope, usNumber.hospital_code), match[field]()));
}
