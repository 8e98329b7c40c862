import { and, eq, ne, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { STATS_MODALITIES, type UserWorkCountRequest, type WorkCountRow } from '@shared/schemas/statistics';
import type { Db } from '../../platform/db/client';
import { report, statReportDay, study } from '../../platform/db/schema';
import { inScope, type HospitalScope } from '../../platform/hospital-scope';
import { daysIn, inDays } from './range';

interface Tally {
  key: string;
  modality: string;
  reports: number;
  parts: number;
}

/** A report's stage: written ('c', rpt_status >= 1) or audited ('s', rpt_status = 2), with its doctor and time. */
export type Stage = 'c' | 's';
export const STAGES = {
  c: { who: report.report_doctor, when: report.report_datetime, done: sql`${report.rpt_status} >= 1` },
  s: { who: report.sh_doctor, when: report.sh_datetime, done: sql`${report.rpt_status} = 2` },
} satisfies Record<Stage, { who: PgColumn; when: PgColumn; done: SQL }>;

/** Reports per key (the doctor, or the hospital) and modality of one stage. */
export type TallySource = (
  db: Db,
  scope: HospitalScope,
  q: UserWorkCountRequest,
  by: 'doctor' | 'hospital',
  stage: Stage,
) => Promise<Tally[]>;

/** The direct query: the reports of the range themselves. */
export const directTally: TallySource = (db, scope, q, by, st) => {
  const { who, when, done } = STAGES[st];
  const key = by === 'doctor' ? who : study.hospital_code;
  return db
    .select({
      key: sql<string>`${key}`,
      modality: sql<string>`lower(${study.modality})`,
      reports: sql<number>`count(*)::int`,
      parts: sql<number>`coalesce(sum(${study.parts_count}), 0)::int`,
    })
    .from(report)
    .innerJoin(study, eq(study.pk, report.study_pk))
    .where(
      and(
        eq(study.is_del, 0),
        inScope(scope, study.hospital_code),
        done,
        ne(who, ''),
        q.doctor ? eq(who, q.doctor) : undefined,
        inDays(when, q.startTime, q.endTime),
      ),
    )
    .groupBy(key, sql`lower(${study.modality})`);
};

/** The same from the counts kept per day. */
export const rolledTally: TallySource = (db, scope, q, by, st) => {
  const t = statReportDay;
  const key = by === 'doctor' ? t.doctor : t.hospital_code;
  return db
    .select({
      key: sql<string>`${key}`,
      modality: sql<string>`lower(${t.modality})`,
      reports: sql<number>`sum(${t.reports})::int`,
      parts: sql<number>`coalesce(sum(${t.parts}), 0)::int`,
    })
    .from(t)
    .where(
      and(
        eq(t.stage, st),
        inScope(scope, t.hospital_code),
        ne(t.doctor, ''),
        q.doctor ? eq(t.doctor, q.doctor) : undefined,
        daysIn(t.day, q.startTime, q.endTime),
      ),
    )
    .groupBy(key, sql`lower(${t.modality})`)
    .having(sql`sum(${t.reports}) > 0`);
};

export const emptyRow = (doctor: string, total = false): WorkCountRow => {
  const row: Record<string, unknown> = { report_doctor: doctor, countrc: 0, countrs: 0, countbc: 0, countbs: 0, total };
  for (const m of STATS_MODALITIES) for (const p of ['', 's_', 'b_', 'sb_']) row[p + m] = 0;
  return row as WorkCountRow;
};

type Counts = Record<string, number>;

function add(row: WorkCountRow, t: Tally, audited: boolean) {
  const r = row as unknown as Counts;
  r[audited ? 'countrs' : 'countrc']! += t.reports;
  r[audited ? 'countbs' : 'countbc']! += t.parts;
  if ((STATS_MODALITIES as readonly string[]).includes(t.modality)) {
    r[(audited ? 's_' : '') + t.modality]! += t.reports;
    r[(audited ? 'sb_' : 'b_') + t.modality]! += t.parts;
  }
}

/** Rows keyed by doctor name or hospital code, sorted by key (unsorted total row not included). */
export async function workRows(
  db: Db,
  scope: HospitalScope,
  q: UserWorkCountRequest,
  by: 'doctor' | 'hospital',
  source: TallySource = rolledTally,
): Promise<Map<string, WorkCountRow>> {
  const [written, audited] = await Promise.all([source(db, scope, q, by, 'c'), source(db, scope, q, by, 's')]);
  const rows = new Map<string, WorkCountRow>();
  const rowOf = (key: string) => rows.get(key) ?? rows.set(key, emptyRow(by === 'doctor' ? key : '')).get(key)!;
  for (const t of written) add(rowOf(t.key), t, false);
  for (const t of audited) add(rowOf(t.key), t, true);
  return rows;
}

/** One row per doctor (sorted by name), then the total row: the column sums of the rows. */
export async function userWorkCount(
  db: Db,
  scope: HospitalScope,
  q: UserWorkCountRequest,
  source: TallySource = rolledTally,
): Promise<WorkCountRow[]> {
  const rows = await workRows(db, scope, q, 'doctor', source);
  const list = [...rows.values()].sort((a, b) => a.report_doctor.localeCompare(b.report_doctor));
  return [...list, sumRow(list)];
}

export function sumRow(list: WorkCountRow[]): WorkCountRow {
  const total = emptyRow('', true);
  const t = total as unknown as Counts;
  for (const row of list) for (const [k, v] of Object.entries(row)) if (typeof v === 'number') t[k] = (t[k] ?? 0) + v;
  return total;
}

export const directUserWorkCount = (db: Db, scope: HospitalScope, q: UserWorkCountRequest) =>
  userWorkCount(db, scope, q, directTally);
