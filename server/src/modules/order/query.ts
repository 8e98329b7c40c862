import dayjs from 'dayjs';
import { and, asc, desc, eq, gte, ilike, lt, or, sql, type Placeholder, type SQL } from 'drizzle-orm';
import { LOCK_STALE_MS } from '@shared/constants';
import type { OrderSort, StudyRow } from '@shared/schemas/order';
import type { Db } from '../../platform/db/client';
import type { HospitalScope } from '../../platform/hospital-scope';
import { collection, hospital, report, session, study } from '../../platform/db/schema';
import { fmt } from '../../platform/core/time';
import { direct, type Binder } from './binder';
import { likeText } from '../../platform/list/query';

export interface StudyFilter {
  /** code null: a hospital that does not exist, so nothing matches. */
  hospital: HospitalScope;
  modalities?: string[] | undefined;
  rptStatus?: number[] | undefined;
  /** Only studies whose main report carries a critical value. */
  critical?: boolean | undefined;
  /** Only urgent studies (prioritySql 1). */
  urgent?: boolean | undefined;
  patientName?: string | undefined;
  patientId?: string | undefined;
  accessionNo?: string | undefined;
  startDate?: string | undefined;
  endDate?: string | undefined;
  studyDesc?: string | undefined;
  reportContent?: string | undefined;
}

/** Escapes LIKE wildcards so user text matches literally. */

/** The whole filter; `studyOnlyWhere` and `reportWhere` are its two halves. */
export function studyWhere(f: StudyFilter): SQL | undefined {
  return and(studyOnlyWhere(f), reportWhere(f));
}

/** The conditions on study columns alone. is_del = 0 is a literal: the partial index needs to see it. */
export function studyOnlyWhere(f: StudyFilter, b: Binder = direct): SQL | undefined {
  const conds: (SQL | undefined)[] = [sql`${study.is_del} = 0`];
  if (!f.hospital.all) {
    conds.push(
      f.hospital.code === null
        ? b.mark('noHospital', sql`false`)
        : eq(study.hospital_code, b.value('hospital', f.hospital.code)),
    );
  }
  if (f.modalities) {
    conds.push(
      f.modalities.length ? b.anyOf(study.modality, 'modalities', f.modalities) : b.mark('noModality', sql`false`),
    );
  }
  if (f.patientName) conds.push(ilike(study.patient_name, b.value('patientName', likeText(f.patientName))));
  if (f.patientId) conds.push(eq(study.patient_id, b.value('patientId', f.patientId)));
  if (f.accessionNo) conds.push(eq(study.accession_no, b.value('accessionNo', f.accessionNo)));
  if (f.startDate) {
    conds.push(gte(study.study_datetime, b.value('start', dayjs(f.startDate).startOf('day').toDate())));
  }
  if (f.endDate) {
    conds.push(lt(study.study_datetime, b.value('end', dayjs(f.endDate).add(1, 'day').startOf('day').toDate())));
  }
  if (f.studyDesc) conds.push(ilike(study.study_desc, b.value('studyDesc', likeText(f.studyDesc))));
  return and(...conds);
}

/** The conditions on the main report; undefined when the filter has none. */
export function reportWhere(f: StudyFilter, b: Binder = direct): SQL | undefined {
  const conds: SQL[] = [];
  if (f.rptStatus?.length) conds.push(b.anyOf(report.rpt_status, 'rptStatus', f.rptStatus));
  if (f.critical) conds.push(b.mark('critical', sql`${report.is_critical} = 1`));
  if (f.urgent) conds.push(b.mark('urgent', sql`${prioritySql} = 1`));
  if (f.reportContent) {
    const p = b.value('reportContent', likeText(f.reportContent));
    conds.push(or(ilike(report.report_text1, p), ilike(report.report_text2, p))!);
  }
  return conds.length ? and(...conds) : undefined;
}

/**
 * A study's priority (issue 41): 1 urgent when the patient came as an emergency (patient_type 3) or the main
 * report is titled emergency or bedside emergency (rpt_detail.title_suffix 1 or 4), else 0.
 */
export const prioritySql = sql<number>`(case when ${study.patient_type} = 3
  or ${report.rpt_detail} -> 'title_suffix' in ('1'::jsonb, '4'::jsonb) then 1 else 0 end)`;

/** Minutes from the exam to its audit, or to now while not audited: how long it waited (never below 0). */
export const waitedSql = sql<number>`greatest(0, floor(extract(epoch from (coalesce(case when ${report.rpt_status} = 2
  then ${report.sh_datetime} end, now()) - ${study.study_datetime})) / 60))::int`;

/** prioritySql for one row in hand (the report screen's study). */
export function priorityOf(patientType: number | null, rptDetail: unknown): number {
  const suffix = (rptDetail as { title_suffix?: unknown } | null)?.title_suffix;
  return patientType === 3 || suffix === 1 || suffix === 4 ? 1 : 0;
}

/** waitedSql for one row in hand. */
export function waitedOf(studyTime: Date, rptStatus: number, shTime: Date | null, now = new Date()): number {
  const end = rptStatus === 2 && shTime ? shTime : now;
  return Math.max(0, Math.floor((end.getTime() - studyTime.getTime()) / 60_000));
}

const SORTS: Record<OrderSort, SQL[]> = {
  'create_time desc': [desc(study.create_time), desc(study.pk)],
  'create_time asc': [asc(study.create_time), asc(study.pk)],
  'study_datetime desc': [desc(study.study_datetime), desc(study.pk)],
  'study_datetime asc': [asc(study.study_datetime), asc(study.pk)],
  'report_datetime desc': [sql`${report.report_datetime} desc nulls last`, desc(study.pk)],
  'report_datetime asc': [sql`${report.report_datetime} asc nulls last`, asc(study.pk)],
  'patient_name asc': [asc(study.patient_name), asc(study.pk)],
  'patient_name desc': [desc(study.patient_name), desc(study.pk)],
  'priority desc': [sql`${prioritySql} desc`, asc(study.study_datetime), asc(study.pk)],
  'priority asc': [sql`${prioritySql} asc`, asc(study.study_datetime), asc(study.pk)],
};
export const orderBy = (s: OrderSort) => SORTS[s];

/** The study columns a worklist row is made of (and the lock's, to judge it): not the whole study. */
export const studyRowColumns = {
  pk: study.pk,
  study_iuid: study.study_iuid,
  hospital_code: study.hospital_code,
  patient_id: study.patient_id,
  patient_name: study.patient_name,
  patient_sex: study.patient_sex,
  patient_age: study.patient_age,
  patient_type: study.patient_type,
  accession_no: study.accession_no,
  modality: study.modality,
  study_desc: study.study_desc,
  study_datetime: study.study_datetime,
  create_time: study.create_time,
  department: study.department,
  bed_no: study.bed_no,
  card_no: study.card_no,
  patient_phone: study.patient_phone,
  has_dicom_file: study.has_dicom_file,
  lock_status: study.lock_status,
  lock_user_pk: study.lock_user_pk,
  lock_session_pk: study.lock_session_pk,
  lock_time: study.lock_time,
};

export const rowColumns = (userPk: number | Placeholder) => ({
  s: studyRowColumns,
  hospital_name: hospital.name,
  r: {
    rpt_pk: report.rpt_pk,
    rpt_status: report.rpt_status,
    rpt_good_status: report.rpt_good_status,
    report_datetime: report.report_datetime,
    report_doctor: report.report_doctor,
    sh_doctor: report.sh_doctor,
    sh_datetime: report.sh_datetime,
    print_status: report.print_status,
    image_quality: report.image_quality,
    is_critical: report.is_critical,
    third_party_pdf: report.third_party_pdf,
    delivery_status: report.delivery_status,
    priority: prioritySql,
    waited_minutes: waitedSql,
  },
  collected: sql<boolean>`exists (select 1 from ${collection} where ${collection.study_pk} = ${study.pk} and ${collection.user_pk} = ${userPk})`,
  // The rule of lockState (report/lock.ts) in SQL: fresh, and its session still signed in.
  lock_live: sql<boolean>`(${study.lock_user_pk} is not null and ${study.lock_time} > now() - ${sql.raw(`interval '${LOCK_STALE_MS / 1000} seconds'`)} and (${study.lock_session_pk} is null or exists (select 1 from ${session} where ${session.pk} = ${study.lock_session_pk} and ${session.revoked_at} is null and ${session.expires_at} > now())))`,
});

type StudyRowFields = { [K in keyof typeof studyRowColumns]: (typeof study.$inferSelect)[K] };

export type StudyRowSource = {
  s: StudyRowFields;
  hospital_name: string | null;
  r: {
    rpt_pk: number;
    rpt_status: number;
    rpt_good_status: number | null;
    report_datetime: Date | null;
    report_doctor: string;
    sh_doctor: string;
    sh_datetime: Date | null;
    print_status: number;
    image_quality: number | null;
    is_critical: number;
    third_party_pdf: string;
    delivery_status: string;
    /** From the SQL (rowColumns); absent: worked out here from the report's row (priorityOf, waitedOf). */
    priority?: number;
    waited_minutes?: number;
    rpt_detail?: unknown;
  };
  collected: boolean;
  /** The stored lock still counts (fresh, its session alive); absent: the caller has judged the lock itself. */
  lock_live?: boolean;
};

/** A third-party report has no rpt_pk of ours on the wire (null). */
export function toStudyRow({ s, r, hospital_name, collected, lock_live }: StudyRowSource): StudyRow {
  return {
    pk: s.pk,
    study_iuid: s.study_iuid,
    hospital_code: s.hospital_code,
    hospital_name: hospital_name ?? '',
    patient_id: s.patient_id,
    patient_name: s.patient_name,
    patient_sex: s.patient_sex,
    patient_age: s.patient_age,
    patient_type: s.patient_type,
    accession_no: s.accession_no,
    modality: s.modality,
    study_desc: s.study_desc,
    study_datetime: fmt(s.study_datetime),
    create_time: fmt(s.create_time),
    department: s.department,
    bed_no: s.bed_no,
    card_no: s.card_no,
    patient_phone: s.patient_phone,
    has_dicom_file: s.has_dicom_file,
    rpt_pk: r.third_party_pdf ? null : r.rpt_pk,
    rpt_status: r.rpt_status,
    rpt_good_status: r.rpt_good_status,
    report_datetime: fmt(r.report_datetime),
    report_doctor: r.report_doctor,
    sh_doctor: r.sh_doctor,
    sh_datetime: fmt(r.sh_datetime),
    print_status: r.print_status,
    image_quality: r.image_quality,
    is_critical: r.is_critical,
    delivery_status: r.delivery_status,
    priority: r.priority !== undefined ? Number(r.priority) : priorityOf(s.patient_type, r.rpt_detail),
    waited_minutes:
      r.waited_minutes !== undefined
        ? Number(r.waited_minutes)
        : waitedOf(s.study_datetime, r.rpt_status, r.sh_datetime),
    lock_status: lock_live === false ? '' : s.lock_status,
    collected: !!collected,
  };
}

/** Studies joined with their main report (position 1, which every study has) and hospital. */
export function studySelect(db: Db, userPk: number | Placeholder) {
  return db
    .select(rowColumns(userPk))
    .from(study)
    .innerJoin(report, and(eq(report.study_pk, study.pk), eq(report.rpt_position, 1)))
    .leftJoin(hospital, eq(hospital.code, study.hospital_code));
}

/** The count behind a page; the report is joined only when a filter needs it. */
export function countQuery(db: Db, where: SQL | undefined, needsReport: boolean) {
  const base = db.select({ n: sql<number>`count(*)::int` }).from(study);
  return needsReport
    ? base.innerJoin(report, and(eq(report.study_pk, study.pk), eq(report.rpt_position, 1))).where(where)
    : base.where(where);
}

export async function countStudies(db: Db, where: SQL | undefined, needsReport: boolean): Promise<number> {
  const [row] = await countQuery(db, where, needsReport);
  return Number(row?.n ?? 0);
}
