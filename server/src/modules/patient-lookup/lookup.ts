import { and, desc, eq, inArray, or, type SQL } from 'drizzle-orm';
import { effectiveStatus } from '@shared/report/rules';
import {
  PATIENT_LOOKUP_LIMIT,
  type PatientExam,
  type PatientLookup,
  type PatientLookupResult,
} from '@shared/schemas/patient-lookup';
import type { Db } from '../../platform/db/client';
import { hospital, report, study } from '../../platform/db/schema';
import { fmt } from '../../platform/core/time';
import { hospitalPaused, recordMiss, targetLocked, targetsOf } from './misses';
import { issueShareToken, pruneLookupTokens, revokeLookupTokens } from './tokens';

/** Rows read at most per step: a patient has a handful of exams; a bigger answer is a data problem, not a patient. */
const MAX_ROWS = 200;

type Candidate = { pk: number; patient_id: string };

/**
 * Exams of the hospital whose look-up code is the one given and whose patient ID or accession number is the
 * one given (card_no, when given, must be the exam's too).
 */
async function candidates(db: Db, q: PatientLookup): Promise<Candidate[]> {
  const named: SQL[] = (['patient_id', 'accession_no'] as const).filter((k) => q[k]).map((k) => eq(study[k], q[k]));
  return db
    .select({ pk: study.pk, patient_id: study.patient_id })
    .from(study)
    .where(
      and(
        eq(study.hospital_code, q.hospital_code),
        eq(study.is_del, 0),
        eq(study.lookup_code, q.lookup_code),
        or(...named),
        q.card_no ? eq(study.card_no, q.card_no) : undefined,
      ),
    )
    .limit(MAX_ROWS);
}

/** The exams whose identity is proven: two identifiers match, and the same patient's other exams there. */
async function examsOf(db: Db, q: PatientLookup, proven: Candidate[]) {
  const patientIds = [...new Set(proven.map((c) => c.patient_id).filter(Boolean))];
  const pks = proven.map((c) => c.pk);
  const mine = patientIds.length
    ? or(inArray(study.pk, pks), inArray(study.patient_id, patientIds))
    : inArray(study.pk, pks);
  return db
    .select({
      pk: study.pk,
      study_iuid: study.study_iuid,
      study_datetime: study.study_datetime,
      modality: study.modality,
      body_part: study.study_desc,
      hospital_name: hospital.name,
      rpt_status: report.rpt_status,
      third_party_pdf: report.third_party_pdf,
    })
    .from(study)
    .leftJoin(hospital, eq(hospital.code, study.hospital_code))
    .leftJoin(report, and(eq(report.study_pk, study.pk), eq(report.rpt_position, 1)))
    .where(and(eq(study.hospital_code, q.hospital_code), eq(study.is_del, 0), mine))
    .orderBy(desc(study.study_datetime), desc(study.pk))
    .limit(MAX_ROWS);
}

/** Whether the study's own (position 1) report is audited, and so may be opened by a token. */
export const isSharable = (r: { rpt_status: number | null; third_party_pdf: string | null }) =>
  r.rpt_status !== null && effectiveStatus(r.rpt_status) === 2 && !r.third_party_pdf;

/** The hospital's row, or null for an unknown code (answered as a miss, and not recorded). */
async function hospitalExists(db: Db, code: string): Promise<boolean> {
  const [row] = await db.select({ code: hospital.code }).from(hospital).where(eq(hospital.code, code)).limit(1);
  return !!row;
}

export type LookupOutcome = { paused: true } | { paused: false; result: PatientLookupResult };

/**
 * The patient's exams when the look-up code and an ID match one exam; else an empty list, the same for no
 * such hospital, no such patient, a wrong code and an identifier locked by earlier misses. A miss counts
 * against each identifier named; a hospital with too many misses pauses.
 */
export async function lookupPatient(db: Db, q: PatientLookup, now: Date): Promise<LookupOutcome> {
  const ttlMs = PATIENT_LOOKUP_LIMIT.tokenTtlS * 1000;
  const result: PatientLookupResult = { list: [], token_expires_in: PATIENT_LOOKUP_LIMIT.tokenTtlS };
  if (!(await hospitalExists(db, q.hospital_code))) return { paused: false, result };
  if (await hospitalPaused(db, q.hospital_code, now)) return { paused: true };
  const targets = targetsOf(q);
  const proven = (await targetLocked(db, targets, now)) ? [] : await candidates(db, q);
  if (!proven.length) {
    await recordMiss(db, q.hospital_code, targets, now);
    return { paused: false, result };
  }
  await pruneLookupTokens(db, now);
  const exams = await examsOf(db, q, proven);
  // This look-up's tokens replace any earlier look-up's of the same exams.
  await revokeLookupTokens(
    db,
    exams.map((e) => e.pk),
    now,
  );
  for (const e of exams) {
    const sharable = isSharable(e);
    const token = sharable ? (await issueShareToken(db, { kind: 'lookup', studyPk: e.pk, ttlMs, now })).token : null;
    const exam: PatientExam = {
      study_iuid: e.study_iuid,
      study_datetime: fmt(e.study_datetime),
      modality: e.modality,
      body_part: e.body_part,
      hospital_name: e.hospital_name ?? '',
      rpt_status: e.rpt_status === null ? 0 : effectiveStatus(e.rpt_status),
      report_token: token,
    };
    result.list.push(exam);
  }
  return { paused: false, result };
}
