import { and, desc, eq, inArray, or, type SQL } from 'drizzle-orm';
import { effectiveStatus } from '@shared/report/rules';
import {
  PATIENT_IDENTIFIERS,
  PATIENT_LOOKUP_LIMIT,
  type PatientExam,
  type PatientLookup,
  type PatientLookupResult,
} from '@shared/schemas/patient-lookup';
import type { Db } from '../../db/client';
import { hospital, report, study } from '../../db/schema';
import { fmt } from '../../lib/time';
import { issueShareToken, pruneLookupTokens } from './tokens';

/** Rows read at most per step: a patient has a handful of exams; a bigger answer is a data problem, not a patient. */
const MAX_ROWS = 200;

type Candidate = { pk: number; patient_id: string; card_no: string; accession_no: string };

/** Studies of the hospital where any given identifier equals the study's own. */
async function candidates(db: Db, q: PatientLookup): Promise<Candidate[]> {
  const any: SQL[] = PATIENT_IDENTIFIERS.filter((k) => q[k]).map((k) => eq(study[k], q[k]));
  return db
    .select({ pk: study.pk, patient_id: study.patient_id, card_no: study.card_no, accession_no: study.accession_no })
    .from(study)
    .where(and(eq(study.hospital_code, q.hospital_code), eq(study.is_del, 0), or(...any)))
    .limit(MAX_ROWS);
}

/** How many of the given identifiers equal the study's (an empty one never matches). */
const matches = (q: PatientLookup, c: Candidate) =>
  PATIENT_IDENTIFIERS.filter((k) => q[k] !== '' && c[k] === q[k]).length;

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

/**
 * The patient's exams when at least two of the given identifiers match one exam; else an empty list, the
 * same for no such patient, another hospital and identifiers of different patients.
 */
export async function lookupPatient(db: Db, q: PatientLookup, now: Date): Promise<PatientLookupResult> {
  const ttlMs = PATIENT_LOOKUP_LIMIT.tokenTtlS * 1000;
  const result: PatientLookupResult = { list: [], token_expires_in: PATIENT_LOOKUP_LIMIT.tokenTtlS };
  const proven = (await candidates(db, q)).filter((c) => matches(q, c) >= 2);
  if (!proven.length) return result;
  await pruneLookupTokens(db, now);
  for (const e of await examsOf(db, q, proven)) {
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
  return result;
}
