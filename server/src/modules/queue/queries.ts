import { and, asc, count, desc, eq, gte, ilike, inArray, lte, notExists, or, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import {
  QUEUE_STATES,
  type CallPageSchema,
  type QueueState,
  type QueueWorkListQuerySchema,
  type Registration,
  type RegisterPageSchema,
  type StateCounts,
} from '@shared/schemas/queue';
import { CallSettingsSchema, type CallDeviceRow } from '@shared/schemas/call-devices';
import type { Page } from '@shared/schemas/common';
import type { DbOrTx } from '../../platform/db/client';
import { callDevice, callDeviceRoom, callRoom, hospital, registration, study } from '../../platform/db/schema';
import { fmt } from '../../platform/core/time';
import type { HospitalScope } from '../../platform/hospital-scope';
import { inScope } from '../../platform/hospital-scope';
import { studyRef, toRegistration } from './view';
import { likeText } from '../../platform/list/query';

async function page(
  db: DbOrTx,
  where: SQL | undefined,
  order: SQL[],
  p: { pageNumber: number; pageSize: number },
): Promise<Page<Registration>> {
  const [total] = await db.select({ n: count() }).from(registration).where(where);
  const rows = await db
    .select({ r: registration, s: studyRef })
    .from(registration)
    .leftJoin(study, eq(study.pk, registration.study_pk))
    .where(where)
    .orderBy(...order)
    .limit(p.pageSize)
    .offset((p.pageNumber - 1) * p.pageSize);
  const totalRow = Number(total?.n ?? 0);
  return {
    list: rows.map((x) => toRegistration(x.r, x.s)),
    totalRow,
    totalPage: Math.ceil(totalRow / p.pageSize),
    pageNumber: p.pageNumber,
    pageSize: p.pageSize,
  };
}

/** A queue number as the desk says it ("B101", "101", "b101"): its prefix and number, else null. */
export function numberOfKeyword(keyword: string): { prefix: string; no: number } | null {
  const m = /^([A-Za-z]{0,8})0*(\d{1,9})$/.exec(keyword.trim());
  return m ? { prefix: m[1]!.toUpperCase(), no: Number(m[2]) } : null;
}

/** POST /register/findByPage: the desk's list, newest first; the keyword is a name, a patient ID or a number. */
export function findRegistrations(db: DbOrTx, code: string, q: z.output<typeof RegisterPageSchema>) {
  const kw = q.keyword ? likeText(q.keyword) : null;
  const no = q.keyword ? numberOfKeyword(q.keyword) : null;
  const where = and(
    eq(registration.hospital_code, code),
    eq(registration.is_del, q.is_del),
    q.call_room ? eq(registration.call_room, q.call_room) : undefined,
    q.state ? eq(registration.state, q.state) : undefined,
    q.modality ? eq(registration.modality, q.modality) : undefined,
    q.startDate ? gte(registration.queue_day, q.startDate) : undefined,
    q.endDate ? lte(registration.queue_day, q.endDate) : undefined,
    kw
      ? or(
          ilike(registration.pat_name, kw),
          ilike(registration.pat_id, kw),
          no ? and(eq(sql`upper(${registration.call_prefix})`, no.prefix), eq(registration.call_no, no.no)) : undefined,
        )
      : undefined,
  );
  return page(db, where, [desc(registration.register_time), desc(registration.pk)], q);
}

/** The calling order of a room: topped first (latest first), then by number. */
export const callingOrder = () => [
  desc(sql`${registration.top_time} is not null`),
  desc(registration.top_time),
  asc(registration.call_no),
  asc(registration.pk),
];

/** POST /register/callPageList: a day's queue (today by default), in calling order. */
export function callPage(db: DbOrTx, code: string, day: string, q: z.output<typeof CallPageSchema>) {
  const where = and(
    eq(registration.hospital_code, code),
    eq(registration.queue_day, day),
    eq(registration.is_del, 0),
    q.call_room ? eq(registration.call_room, q.call_room) : undefined,
    q.states?.length ? inArray(registration.state, q.states) : undefined,
  );
  return page(db, where, [asc(registration.call_room), ...callingOrder()], q);
}

const emptyCounts = (): StateCounts => Object.fromEntries(QUEUE_STATES.map((s) => [s, 0])) as StateCounts;

/** Per room and state of one day (registrations without a room count under ''). */
export async function countByRoom(db: DbOrTx, code: string, day: string) {
  const rows = await db
    .select({ call_room: registration.call_room, state: registration.state, n: count() })
    .from(registration)
    .where(and(eq(registration.hospital_code, code), eq(registration.queue_day, day), eq(registration.is_del, 0)))
    .groupBy(registration.call_room, registration.state);
  const rooms = await db
    .select({ room_name: callRoom.room_name })
    .from(callRoom)
    .where(eq(callRoom.hospital_code, code))
    .orderBy(asc(callRoom.room_name));
  const byRoom = new Map<string, StateCounts>(rooms.map((r) => [r.room_name, emptyCounts()]));
  for (const r of rows) {
    if (!byRoom.has(r.call_room)) byRoom.set(r.call_room, emptyCounts());
    byRoom.get(r.call_room)![r.state as QueueState] += Number(r.n);
  }
  return [...byRoom].map(([call_room, states]) => ({
    call_room,
    states,
    total: Object.values(states).reduce((a, b) => a + b, 0),
  }));
}

export async function countTotals(db: DbOrTx, code: string, day: string) {
  const states = emptyCounts();
  for (const r of await countByRoom(db, code, day)) {
    for (const s of QUEUE_STATES) states[s] += r.states[s];
  }
  return { states, total: Object.values(states).reduce((a, b) => a + b, 0) };
}

/** Scheduled studies of the hospital without images and without a registration: orders to pick up. */
export async function queueWorkList(db: DbOrTx, code: string, q: z.output<typeof QueueWorkListQuerySchema>) {
  const kw = q.keyword ? likeText(q.keyword) : null;
  const rows = await db
    .select()
    .from(study)
    .where(
      and(
        eq(study.hospital_code, code),
        eq(study.is_del, 0),
        eq(study.file_count, 0),
        q.modality ? eq(study.modality, q.modality) : undefined,
        q.day ? sql`${study.study_datetime}::date = ${q.day}::date` : undefined,
        kw ? or(ilike(study.patient_name, kw), ilike(study.patient_id, kw), ilike(study.accession_no, kw)) : undefined,
        notExists(
          db
            .select({ one: sql`1` })
            .from(registration)
            .where(and(eq(registration.study_pk, study.pk), eq(registration.is_del, 0))),
        ),
      ),
    )
    .orderBy(desc(study.study_datetime))
    .limit(200);
  return rows.map((s) => ({
    study_pk: s.pk,
    study_iuid: s.study_iuid,
    accession_no: s.accession_no,
    pat_id: s.patient_id,
    pat_name: s.patient_name,
    patient_sex: s.patient_sex,
    patient_age: s.patient_age,
    modality: s.modality,
    study_desc: s.study_desc,
    study_datetime: fmt(s.study_datetime),
  }));
}

// ---------------------------------------------------------------- call devices

async function deviceRows(
  db: DbOrTx,
  where: SQL | undefined,
  p?: { pageNumber: number; pageSize: number },
): Promise<{ rows: CallDeviceRow[]; total: number }> {
  const [total] = await db.select({ n: count() }).from(callDevice).where(where);
  let query = db
    .select({ d: callDevice, hospital_name: hospital.name })
    .from(callDevice)
    .leftJoin(hospital, eq(hospital.code, callDevice.hospital_code))
    .where(where)
    .orderBy(asc(callDevice.hospital_code), asc(callDevice.name), asc(callDevice.pk))
    .$dynamic();
  if (p) query = query.limit(p.pageSize).offset((p.pageNumber - 1) * p.pageSize);
  const devices = await query;
  const links = devices.length
    ? await db
        .select({ device_pk: callDeviceRoom.device_pk, pk: callRoom.pk, room_name: callRoom.room_name })
        .from(callDeviceRoom)
        .innerJoin(callRoom, eq(callRoom.pk, callDeviceRoom.room_pk))
        .where(
          inArray(
            callDeviceRoom.device_pk,
            devices.map((d) => d.d.pk),
          ),
        )
        .orderBy(asc(callDeviceRoom.sort), asc(callRoom.pk))
    : [];
  return {
    total: Number(total?.n ?? 0),
    rows: devices.map(({ d, hospital_name }) => ({
      pk: d.pk,
      name: d.name,
      hospital_code: d.hospital_code,
      hospital_name: hospital_name ?? '',
      department: d.department,
      status: d.status,
      has_key: Boolean(d.key_hash),
      rooms: links.filter((l) => l.device_pk === d.pk).map((l) => ({ pk: l.pk, room_name: l.room_name })),
      settings: CallSettingsSchema.parse(d.settings),
      create_time: fmt(d.create_time),
    })),
  };
}

export const callDeviceList = async (db: DbOrTx, scope: HospitalScope) =>
  (await deviceRows(db, inScope(scope, callDevice.hospital_code))).rows;

export async function callDeviceOne(db: DbOrTx, scope: HospitalScope, pk: number): Promise<CallDeviceRow | undefined> {
  return (await deviceRows(db, and(inScope(scope, callDevice.hospital_code), eq(callDevice.pk, pk)))).rows[0];
}

export async function callDevicePage(
  db: DbOrTx,
  scope: HospitalScope,
  q: { pageNumber: number; pageSize: number; keyword?: string | undefined; status?: number | undefined },
): Promise<Page<CallDeviceRow>> {
  const where = and(
    inScope(scope, callDevice.hospital_code),
    q.keyword
      ? or(ilike(callDevice.name, likeText(q.keyword)), ilike(callDevice.department, likeText(q.keyword)))
      : undefined,
    q.status === undefined ? undefined : eq(callDevice.status, q.status),
  );
  const { rows, total } = await deviceRows(db, where, q);
  return {
    list: rows,
    totalRow: total,
    totalPage: Math.ceil(total / q.pageSize),
    pageNumber: q.pageNumber,
    pageSize: q.pageSize,
  };
}
