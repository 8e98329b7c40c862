import { z } from 'zod';
import { intInput, pkInput } from './common';
import { ReportInfoSchema } from './report';
import { ReportConfigSchema } from '../report/document';

/** One identifier a patient types: trimmed, empty means "not given". */
const IdentifierSchema = z.string().trim().max(64).default('');

/** The look-up code as printed (`3F9A1-C04B7`): 10 hex characters; spaces and dashes are left out, any case. */
export const LOOKUP_CODE_RE = /^[0-9A-F]{10}$/;
export const normaliseLookupCode = (v: string) => v.replace(/[\s-]+/g, '').toUpperCase();
/** How the code is printed: two groups of five, easier to read out and type. */
export const printedLookupCode = (code: string) => (code.length === 10 ? `${code.slice(0, 5)}-${code.slice(5)}` : code);

/**
 * POST /api/order/patientInfoList (no sign-in): the patient's own look-up. hospital_code is required, and
 * patient_id or accession_no (the spec's "incomplete parameters"); an answer also needs the look-up code
 * printed on the registration label and the report (not sequential, unlike the IDs), and card_no when given.
 */
export const PatientLookupSchema = z.strictObject({
  hospital_code: IdentifierSchema,
  card_no: IdentifierSchema,
  accession_no: IdentifierSchema,
  patient_id: IdentifierSchema,
  lookup_code: IdentifierSchema.transform(normaliseLookupCode),
});
export type PatientLookup = z.output<typeof PatientLookupSchema>;
export type PatientLookupInput = z.input<typeof PatientLookupSchema>;

/** The identifiers a look-up may name; each given one must equal the exam's own. */
export const PATIENT_IDENTIFIERS = ['card_no', 'accession_no', 'patient_id'] as const;
export type PatientIdentifier = (typeof PATIENT_IDENTIFIERS)[number];

/** The spec's incomplete-parameter rules: the fields to name, empty when the query may be sent. */
export function incompleteFields(q: Partial<Record<keyof PatientLookup, string>>): (keyof PatientLookup)[] {
  const has = (k: keyof PatientLookup) => !!q[k]?.trim();
  const missing: (keyof PatientLookup)[] = [];
  if (!has('hospital_code')) missing.push('hospital_code');
  if (!has('patient_id') && !has('accession_no')) missing.push('patient_id', 'accession_no');
  return missing;
}

/** The look-up code's refusal decided from the input alone: 'missing', 'format' or null when it may be sent. */
export function lookupCodeProblem(code: string | undefined): 'missing' | 'format' | null {
  const v = normaliseLookupCode(code ?? '');
  if (!v) return 'missing';
  return LOOKUP_CODE_RE.test(v) ? null : 'format';
}

/** One exam of the patient. report_token opens the audited report's print view (read-only, short-lived). */
export const PatientExamSchema = z.object({
  study_iuid: z.string(),
  study_datetime: z.string(),
  modality: z.string(),
  body_part: z.string(),
  hospital_name: z.string(),
  /** 0 not written, 1 written, 2 audited (the report's effective status). */
  rpt_status: z.number().int(),
  report_token: z.string().nullable(),
});
export type PatientExam = z.infer<typeof PatientExamSchema>;

/** Same shape whatever happened: an empty list for "no such patient" and "identifiers do not match". */
export const PatientLookupResultSchema = z.object({
  list: z.array(PatientExamSchema),
  /** Seconds the report tokens stay valid. */
  token_expires_in: z.number().int(),
});
export type PatientLookupResult = z.infer<typeof PatientLookupResultSchema>;

/**
 * Limits of the look-up: calls per address within the window; misses naming one patient ID or accession
 * number within a day before that identifier answers every look-up as a miss; misses of one hospital within
 * an hour before its look-up pauses; the report tokens' life.
 */
export const PATIENT_LOOKUP_LIMIT = {
  calls: 20,
  windowS: 15 * 60,
  targetMisses: 5,
  targetWindowS: 24 * 60 * 60,
  hospitalMisses: 1000,
  hospitalWindowS: 60 * 60,
  tokenTtlS: 30 * 60,
} as const;

/** Share-link life in days: 1 to 30, 7 unless chosen. */
export const SHARE_LINK_DAYS = { min: 1, max: 30, default: 7 } as const;

/** POST /report/shareLink: a patient link to the study's audited report. */
export const CreateShareLinkSchema = z.strictObject({
  study_iuid: z.string().trim().min(1).max(64),
  days: intInput(SHARE_LINK_DAYS.min, SHARE_LINK_DAYS.max).default(SHARE_LINK_DAYS.default),
});
export type CreateShareLinkInput = z.input<typeof CreateShareLinkSchema>;

/** POST /report/shareLink/revoke */
export const RevokeShareLinkSchema = z.strictObject({ pk: pkInput() });

/** POST /report/shareLink/list: the study's links still open (not revoked, not expired). */
export const ShareLinkListQuerySchema = z.strictObject({ study_iuid: z.string().trim().min(1).max(64) });

export const ShareLinkSchema = z.object({
  pk: z.number().int(),
  created_by: z.string(),
  created_at: z.string(),
  expires_at: z.string(),
});
export type ShareLink = z.infer<typeof ShareLinkSchema>;

/** The new link: its token is answered once (only its hash is stored); path is the print view's address. */
export const CreatedShareLinkSchema = ShareLinkSchema.extend({ token: z.string(), path: z.string() });
export type CreatedShareLink = z.infer<typeof CreatedShareLinkSchema>;

/** A share or look-up token as it travels: base64url of 32 random bytes. */
export const ShareTokenSchema = z.string().regex(/^[A-Za-z0-9_-]{43}$/);

/** POST /report/shared/info (no sign-in): the print view's data for the study a token opens. */
export const SharedReportQuerySchema = z.strictObject({ token: ShareTokenSchema });

/** What the print view needs; only audited reports, no drafts, no lock. */
export const SharedReportSchema = z.object({ config: ReportConfigSchema, info: ReportInfoSchema });
export type SharedReport = z.infer<typeof SharedReportSchema>;

/** GET /report/shareRptInfo?study_iuid (permission dashboard): the read-only shared report tab. */
export const ShareRptInfoQuerySchema = z.strictObject({ study_iuid: z.string().trim().min(1).max(64) });

export const ShareRptInfoSchema = z.object({
  study_iuid: z.string(),
  patient_name: z.string(),
  patient_id: z.string(),
  patient_sex: z.string(),
  patient_age: z.string(),
  modality: z.string(),
  study_desc: z.string(),
  study_datetime: z.string(),
  hospital_name: z.string(),
  has_images: z.boolean(),
  reports: z.array(
    z.object({
      rpt_pk: z.number().int(),
      rpt_position: z.number().int(),
      report_text1: z.string(),
      report_text2: z.string(),
      report_doctor: z.string(),
      sh_doctor: z.string(),
      sh_datetime: z.string(),
    }),
  ),
});
export type ShareRptInfo = z.infer<typeof ShareRptInfoSchema>;
