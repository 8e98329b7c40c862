import { z } from 'zod';

/** Electronic signatures of report writes with the doctor's USB key (issue 37, docs/report-signature.md). */

const base64 = (max: number) =>
  z
    .string()
    .min(1)
    .max(max)
    .regex(/^[A-Za-z0-9+/]+={0,2}$/);

/** A hospital's rule for audits: 0 off, 1 optional (the auditor chooses), 2 required. */
export const ESIGN_MODES = [0, 1, 2] as const;
export type EsignMode = (typeof ESIGN_MODES)[number];

export const SignatureRoleSchema = z.enum(['report', 'audit']);

/** How long after the server issued a document its signature is still accepted (PIN entry included). */
export const ESIGN_WINDOW_MS = 10 * 60 * 1000;

/** What a signed save or audit carries besides the report: the document's time and the key's answer. */
export const EsignSchema = z.object({
  /** `signed_at` of the document /report/signRequest gave, unchanged. */
  signed_at: z.iso.datetime(),
  signature: base64(2048),
  certificate: base64(16384),
  algorithm: z.enum(['RS256', 'ES256']),
});
export type Esign = z.infer<typeof EsignSchema>;

/** The document to sign and its time; the client hands `document` to the agent unchanged. */
export const SignRequestResultSchema = z.object({
  document: z.string(),
  signed_at: z.string(),
  /** The bound certificate's SHA-256: the key to sign with is the one whose certificate has it. */
  cert_sha256: z.string(),
});
export type SignRequestResult = z.infer<typeof SignRequestResultSchema>;

/** A signature as the report shows it (print page, versions). */
export const SignatureSummarySchema = z.object({
  verify_code: z.string(),
  /** What the printed QR code holds: the verify page of the platform the signer used, with the code. */
  verify_url: z.string(),
  role: SignatureRoleSchema,
  signer_name: z.string(),
  signed_at: z.string(),
  cert_subject: z.string(),
  /** In the answer of the signed write only: the certificate ends within 60 days (the spec's warning). */
  warning: z.string().optional(),
});
export type SignatureSummary = z.infer<typeof SignatureSummarySchema>;

export const VERIFY_STATUSES = ['valid', 'mismatch', 'withdrawn', 'superseded', 'invalid'] as const;
export type VerifyStatus = (typeof VERIFY_STATUSES)[number];

/** What /verify tells anyone holding the code: who signed what and when, never the report's text. */
export const VerifyResultSchema = z.object({
  status: z.enum(VERIFY_STATUSES),
  role: SignatureRoleSchema,
  signer_name: z.string(),
  signed_at: z.string(),
  algorithm: z.string(),
  certificate: z.object({
    subject: z.string(),
    issuer: z.string(),
    serial: z.string(),
    not_after: z.string(),
    sha256: z.string(),
  }),
  hospital_name: z.string(),
  study: z.object({
    modality: z.string(),
    study_desc: z.string(),
    study_date: z.string(),
    /** Masked: the family name's first character and * for the rest. */
    patient_name: z.string(),
    accession_no: z.string(),
  }),
  /** SHA-256 of the archived PDF of the signed version, when it exists (a PDF with this hash is the original). */
  pdf_sha256: z.string().nullable(),
});
export type VerifyResult = z.infer<typeof VerifyResultSchema>;

export const VerifyCodeParamSchema = z.object({ code: z.string().min(1).max(40) });
