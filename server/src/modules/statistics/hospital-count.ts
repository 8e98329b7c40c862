import { and, eq, inArray, sql } from 'drizzle-orm';
import type { HospitalCountRow, StatsRange, StorageRow } from '@shared/schemas/statistics';
import type { Db } from '../../platform/db/client';
import { hospital, statStudyDay, study } from '../../platform/db/schema';
import { inScope, type HospitalScope } from '../../platform/hospital-scope';
import { daysIn, inDays } from './range';
import { directTally, rolledTally, sumRow, workRows, type TallySource } from './work-count';

export async function namesOf(db: Db, codes: string[]) {
  if (!codes.length) return new Map<string, { sn: string; name: string }>();
  const rows = await db
    .select({ code: hospital.code, sn: hospital.sn, name: hospital.name })
    .from(hospital)
    .where(inArray(hospital.code, codes));
  return new Map(rows.map((r) => [r.code, r]));
}

/** The workload columns per hospital (sorted by hospital name), then the total row. */
export async function hospitalCount(
  db: Db,
  scope: HospitalScope,
  q: StatsRange,
  source: TallySource = rolledTally,
): Promise<HospitalCountRow[]> {
  const rows = await workRows(db, scope, q, 'hospital', source);
  const names = await namesOf(db, [...rows.keys()]);
  const list = [...rows.entries()]
    .map(([code, row]) => ({ ...row, sn: names.get(code)?.sn ?? '', hospital_name: names.get(code)?.name ?? code }))
    .sort((a, b) => a.hospital_name.localeCompare(b.hospital_name));
  return [...list, { ...sumRow(list), sn: '', hospital_name: '' }];
}

const round2 = (n: number) => Math.round(n * 100) / 100;
/** Spec section 9: MB = bytes / 1024000, GB = MB / 1024. */
export const toMb = (bytes: number) => round2(bytes / 1024000);
export const toGb = (bytes: number) => round2(bytes / 1024000 / 1024);

export const directHospitalCount = (db: Db, scope: HospitalScope, q: StatsRange) =>
  hospitalCount(db, scope, q, directTally);

type BytesSource = (db: Db, scope: HospitalScope, q: StatsRange) => Promise<{ code: string; bytes: string }[]>;

/** Bytes per hospital of the live studies received (created) in the range: the direct query. */
const directBytes: BytesSource = (db, scope, q) =>
  db
    .select({ code: study.hospital_code, bytes: sql<string>`coalesce(sum(${study.file_size}), 0)::text` })
    .from(study)
    .where(
      and(eq(study.is_del, 0), inScope(scope, study.hospital_code), inDays(study.create_time, q.startTime, q.endTime)),
    )
    .groupBy(study.hospital_code);

/** The same from the counts kept per day (basis 'c': the day of registration). */
const rolledBytes: BytesSource = (db, scope, q) => {
  const t = statStudyDay;
  return db
    .select({ code: t.hospital_code, bytes: sql<string>`coalesce(sum(${t.bytes}), 0)::text` })
    .from(t)
    .where(and(eq(t.basis, 'c'), inScope(scope, t.hospital_code), daysIn(t.day, q.startTime, q.endTime)))
    .groupBy(t.hospital_code)
    .having(sql`sum(${t.studies}) > 0`);
};

/** Bytes of the live studies received in the range, per hospital (sorted by name), then the total row. */
export async function storageCount(
  db: Db,
  scope: HospitalScope,
  q: StatsRange,
  source: BytesSource = rolledBytes,
): Promise<StorageRow[]> {
  const rows = await source(db, scope, q);
  const names = await namesOf(
    db,
    rows.map((r) => r.code),
  );
  const row = (hospital_name: string, sn: string, bytes: number, total = false): StorageRow => ({
    hospital_name,
    sn,
    file_size: bytes,
    mb: toMb(bytes),
    gb: toGb(bytes),
    total,
  });
  const list = rows
    .map((r) => row(names.get(r.code)?.name ?? r.code, names.get(r.code)?.sn ?? '', Number(r.bytes)))
    .sort((a, b) => a.hospital_name.localeCompare(b.hospital_name));
  return [
    ...list,
    row(
      '',
      '',
      list.reduce((n, r) => n + r.file_size, 0),
      true,
    ),
  ];
}

export const directStorageCount = (db: Db, scope: HospitalScope, q: StatsRange) =>
  storageCount(db, scope, q, directBytes);
