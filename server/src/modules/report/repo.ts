import { and, asc, eq, inArray } from 'drizzle-orm';
import type { AuthUser } from '../../context';
import type { DbOrTx } from '../../db/client';
import { layoutTemplate, report, study } from '../../db/schema';
import { AppError, notFound } from '../../lib/errors';
import { fmt } from '../../lib/time';
import { assertHospital } from '../hospital/scope';

export type ReportRow = typeof report.$inferSelect;
export type StudyRecord = typeof study.$inferSelect;

/** The study, if it exists, is not deleted and is in the caller's hospital. */
export async function studyInScope(db: DbOrTx, me: AuthUser, studyIuid: string): Promise<StudyRecord> {
  const [s] = await db.select().from(study).where(eq(study.study_iuid, studyIuid)).limit(1);
  if (!s || s.is_del) throw notFound();
  assertHospital(me, s.hospital_code);
  if (me.modalities.length && !me.modalities.includes(s.modality)) throw new AppError(403, 'FORBIDDEN', 'forbidden');
  return s;
}

/** The report at a position, locked for this transaction; created empty when the position is new. */
export async function reportForUpdate(tx: DbOrTx, studyPk: number, position: number, create: boolean) {
  const find = () =>
    tx
      .select()
      .from(report)
      .where(and(eq(report.study_pk, studyPk), eq(report.rpt_position, position)))
      .for('update');
  let [r] = await find();
  if (!r && create) {
    await tx.insert(report).values({ study_pk: studyPk, rpt_position: position, version: 0 }).onConflictDoNothing();
    [r] = await find();
  }
  if (!r) throw notFound();
  return r;
}

export async function reportsOf(db: DbOrTx, studyPk: number): Promise<ReportRow[]> {
  return db.select().from(report).where(eq(report.study_pk, studyPk)).orderBy(asc(report.rpt_position));
}

/** Stale unless the write is based on the version stored now; the message names who changed it. */
export function assertVersion(r: ReportRow, version: number): void {
  if (r.version === version) return;
  throw new AppError(
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

/** Hospital + modality, else the hospital's default, else the installation's default. */
export async function templateFor(db: DbOrTx, hospitalCode: string, modality: string) {
  const rows = await db
    .select()
    .from(layoutTemplate)
    .where(
      and(inArray(layoutTemplate.hospital_code, [hospitalCode, '']), inArray(layoutTemplate.modality, [modality, ''])),
    );
  const rank = (t: typeof layoutTemplate.$inferSelect) =>
    (t.hospital_code === hospitalCode ? 0 : 2) + (t.modality === modality ? 0 : 1);
  return rows.sort((a, b) => rank(a) - rank(b) || a.pk - b.pk)[0] ?? null;
}
