import { and, asc, eq, sql } from 'drizzle-orm';
import type { AuthUser } from '../../platform/core/auth-user';
import type { Db } from '../../platform/db/client';
import { report, study } from '../../platform/db/schema';
import { AppError, notFound } from '../../platform/core/errors';
import { preparedPerDb } from '../../platform/db/prepared';
import { fmt } from '../../platform/core/time';
import { assertHospital } from '../../platform/hospital-scope';

export type ReportRow = typeof report.$inferSelect;
export type StudyRecord = typeof study.$inferSelect;

/** Not found unless the study is live; forbidden outside the caller's hospital (and modalities). */
export function assertScope(me: AuthUser, s: StudyRecord): void {
  if (s.is_del) throw notFound();
  assertHospital(me, s.hospital_code);
  if (me.modalities.length && !me.modalities.includes(s.modality)) throw new AppError(403, 'FORBIDDEN', 'forbidden');
}

const studyByIuid = preparedPerDb((db) =>
  db
    .select()
    .from(study)
    .where(eq(study.study_iuid, sql.placeholder('iuid')))
    .limit(1)
    .prepare('rx_study_by_iuid'),
);

/** The study, if it exists, is not deleted and is in the caller's hospital (and modalities). */
export async function studyInScope(db: Db, me: AuthUser, studyIuid: string): Promise<StudyRecord> {
  const [s] = await studyByIuid(db).execute({ iuid: studyIuid });
  if (!s) throw notFound();
  assertScope(me, s);
  return s;
}

/**
 * The study and its report at a position, in one query. A new position is created empty (version 0)
 * when `create` is set; concurrent creators meet on the unique (study, position) index.
 */
const targetQuery = preparedPerDb((db) =>
  db
    .select({ s: study, r: report })
    .from(study)
    .leftJoin(report, and(eq(report.study_pk, study.pk), eq(report.rpt_position, sql.placeholder('position'))))
    .where(eq(study.study_iuid, sql.placeholder('iuid')))
    .limit(1)
    .prepare('rx_report_target'),
);

export async function target(db: Db, me: AuthUser, studyIuid: string, position: number, create: boolean) {
  const find = () => targetQuery(db).execute({ iuid: studyIuid, position });
  let [row] = await find();
  if (!row) throw notFound();
  assertScope(me, row.s);
  if (!row.r && create) {
    await db.insert(report).values({ study_pk: row.s.pk, rpt_position: position, version: 0 }).onConflictDoNothing();
    [row] = await find();
  }
  if (!row?.r) throw notFound();
  return { s: row.s, r: row.r };
}

export async function reportsOf(db: Db, studyPk: number): Promise<ReportRow[]> {
  return db.select().from(report).where(eq(report.study_pk, studyPk)).orderBy(asc(report.rpt_position));
}

/** Stale unless the write is based on the version stored now; the message names who changed it. */
export function staleError(r: ReportRow): AppError {
  return new AppError(
    409,
    'STALE_VERSION',
    'rptStale',
    { user: r.updated_by || '?', time: fmt(r.updated_at) },
    undefined,
    {
      version: r.version,
      updated_by: r.updated_by,
      updated_at: fmt(r.updated_at),
      rpt_status: r.rpt_status,
      report_text1: r.report_text1,
      report_text2: r.report_text2,
    },
  );
}
export function assertVersion(r: ReportRow, version: number): void {
  if (r.version !== version) throw staleError(r);
}

/** After a write found the version moved on under it: report the newer state. */
export async function staleNow(db: Db, rptPk: number): Promise<AppError> {
  const [r] = await db.select().from(report).where(eq(report.rpt_pk, rptPk));
  return r ? staleError(r) : notFound();
}
