import { z } from 'zod';
import {
  CHALLENGE_MAX_LENGTH,
  CHALLENGE_MIN_BYTES,
  CHALLENGE_MIN_LENGTH,
  DICOM_UID_MAX,
  PIN_MAX,
  PIN_MIN,
  PRINT_COPIES_MAX,
  SPEAK_TEXT_MAX,
  SPEAK_TIMES_MAX,
} from './constants';
import { REPORT_DOCUMENT_MAX_CHARS } from '../report/signature';

/** Request and answer shapes of the workstation agent's HTTP API (the `data` of each envelope). */

export const HealthSchema = z.object({
  name: z.string(),
  version: z.string(),
  capabilities: z.object({ viewer: z.boolean(), pkcs11: z.boolean(), printers: z.boolean(), speech: z.boolean() }),
});
export type Health = z.infer<typeof HealthSchema>;

/** A DICOM UID: digits and dots, at most 64 characters (no shell metacharacters can pass). */
export const DicomUidSchema = z
  .string()
  .max(DICOM_UID_MAX)
  .regex(/^[0-9]+(\.[0-9]+)*$/);

export const ViewerActionSchema = z.enum(['openImage', 'closeImage']);
export type ViewerAction = z.infer<typeof ViewerActionSchema>;

export const OpenDicomQuerySchema = z.object({ type: ViewerActionSchema, study_iuid: DicomUidSchema });
export type OpenDicomQuery = z.infer<typeof OpenDicomQuerySchema>;
export const ViewerLinkQuerySchema = z.object({
  type: ViewerActionSchema.default('openImage'),
  study_iuid: DicomUidSchema,
});
export const ViewerLinkSchema = z.object({ url: z.string() });
export type ViewerLink = z.infer<typeof ViewerLinkSchema>;

export const CertificateSchema = z.object({
  /** Hex of CKA_ID; the private key with the same CKA_ID signs. */
  id: z.string().regex(/^[0-9a-f]+$/),
  subject: z.string(),
  notAfter: z.string(),
  /** DER, base64. */
  der: z.string(),
});
export type Certificate = z.infer<typeof CertificateSchema>;

export const KeyTokenSchema = z.object({
  slot: z.string(),
  label: z.string(),
  serial: z.string(),
  certificates: z.array(CertificateSchema),
});
export type KeyToken = z.infer<typeof KeyTokenSchema>;
export const KeyListSchema = z.array(KeyTokenSchema);

/** Decoded byte length of padded standard base64 (no Buffer: this also runs in the browser). */
function base64Bytes(s: string): number {
  const padding = s.endsWith('==') ? 2 : s.endsWith('=') ? 1 : 0;
  return (s.length / 4) * 3 - padding;
}

/** The platform's login challenge: padded standard base64 of at least 32 random bytes, 44 to 128 characters. */
export const ChallengeSchema = z
  .string()
  .min(CHALLENGE_MIN_LENGTH)
  .max(CHALLENGE_MAX_LENGTH)
  .regex(/^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/)
  .refine((s) => base64Bytes(s) >= CHALLENGE_MIN_BYTES);

export const SignRequestSchema = z.object({
  challenge: z.string(),
  pin: z.string().min(PIN_MIN).max(PIN_MAX),
  /** The web origin the signature is bound to (scheme://host[:port]). */
  origin: z.string().min(1).max(256),
  certificate_id: z.string().regex(/^[0-9a-fA-F]{1,128}$/),
});
export type SignRequest = z.infer<typeof SignRequestSchema>;

/**
 * A report document to sign (shared/src/report/signature.ts): the agent signs
 * SHA-256(context) || SHA-256(document), never a sign-in payload, and only a document that says it is one.
 */
export const SignReportRequestSchema = z.object({
  document: z.string().min(2).max(REPORT_DOCUMENT_MAX_CHARS),
  pin: z.string().min(PIN_MIN).max(PIN_MAX),
  certificate_id: z.string().regex(/^[0-9a-fA-F]{1,128}$/),
});
export type SignReportRequest = z.infer<typeof SignReportRequestSchema>;

export const SignAlgorithmSchema = z.enum(['RS256', 'ES256']);
export type SignAlgorithm = z.infer<typeof SignAlgorithmSchema>;
export const SignResultSchema = z.object({
  /** Over SHA-256(origin) || SHA-256(challenge); ES256 as r||s. Base64. */
  signature: z.string(),
  algorithm: SignAlgorithmSchema,
  /** DER, base64. */
  certificate: z.string(),
});
export type SignResult = z.infer<typeof SignResultSchema>;

export const PrinterSchema = z.object({ name: z.string(), default: z.boolean(), status: z.string() });
export type Printer = z.infer<typeof PrinterSchema>;
export const PrinterListSchema = z.array(PrinterSchema);

const PrinterNameSchema = z
  .string()
  .min(1)
  .max(127)
  .regex(/^[^\s/#\\]+$/);

export const PrintRequestSchema = z
  .object({
    printer: PrinterNameSchema.optional(),
    /** The PDF, base64. */
    pdf: z.base64().optional(),
    /** Or a URL on an allowed origin the agent fetches the PDF from. */
    url: z.url({ protocol: /^https?$/ }).optional(),
    copies: z.number().int().min(1).max(PRINT_COPIES_MAX).default(1),
  })
  .refine((r) => (r.pdf === undefined) !== (r.url === undefined), { path: ['pdf'], message: 'pdf or url' });
export type PrintRequest = z.input<typeof PrintRequestSchema>;

export const PrintRawRequestSchema = z.object({
  printer: PrinterNameSchema.optional(),
  data: z.string().min(1),
  encoding: z.enum(['utf8', 'base64']).default('utf8'),
});
export type PrintRawRequest = z.input<typeof PrintRawRequestSchema>;

export const PrintResultSchema = z.object({ printer: z.string(), job: z.string().nullable() });
export type PrintResult = z.infer<typeof PrintResultSchema>;

export const SpeakRequestSchema = z.object({
  text: z.string().trim().min(1).max(SPEAK_TEXT_MAX),
  /** 0.1 (slow) to 2 (fast); 1 is the engine's normal speed. Default: the config's rate. */
  rate: z.number().min(0.1).max(2).optional(),
  times: z.number().int().min(1).max(SPEAK_TIMES_MAX).default(1),
});
export type SpeakRequest = z.input<typeof SpeakRequestSchema>;

/**
 * GET /tool/bridgeRequirements (signed in): the oldest agent and extension this installation's web app works
 * with (sys_config agent_min_version, extension_min_version; '' = any) and where workstations get newer ones
 * (bridge_download_url; '' = not published: ask IT).
 */
export const BridgeRequirementsSchema = z.object({
  agent_min_version: z.string(),
  extension_min_version: z.string(),
  download_url: z.string(),
});
export type BridgeRequirements = z.infer<typeof BridgeRequirementsSchema>;
