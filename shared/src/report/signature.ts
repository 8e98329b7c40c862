/**
 * What a doctor's USB key signs when a report is audited (or saved) with an electronic signature
 * (issue 37; docs/report-signature.md). The server builds the document from the report as it will be
 * written and the study it belongs to; the agent signs
 *
 *     SHA-256(REPORT_SIGNATURE_CONTEXT) || SHA-256(document)
 *
 * with the key, as RS256 or ES256 over those 64 bytes. The first half separates this from a sign-in
 * signature (SHA-256(origin) || SHA-256(challenge)): no origin hashes to the context's digest, so a page
 * cannot have a report signature serve as a sign-in or the other way round. Web Crypto, so the agent, the
 * server and the browser compute the same bytes.
 */
export const REPORT_SIGNATURE_CONTEXT = 'rxpacs report signature v1';

/** At most this much document is signed; a report's texts are at most 50,000 characters each. */
export const REPORT_DOCUMENT_MAX_CHARS = 400_000;

export type SignatureRole = 'report' | 'audit';

export interface ReportSignatureDocument {
  context: typeof REPORT_SIGNATURE_CONTEXT;
  role: SignatureRole;
  /** ISO 8601 UTC with milliseconds: the audit's (or save's) time as the report records it. */
  signed_at: string;
  signer: { username: string; name: string; certificate_sha256: string };
  study: {
    study_iuid: string;
    accession_no: string;
    patient_id: string;
    patient_name: string;
    patient_sex: string;
    modality: string;
    study_datetime: string;
    hospital_code: string;
  };
  report: {
    rpt_position: number;
    /** The report's version the write starts from. */
    base_version: number;
    study_desc: string;
    rpt_good_status: number | null;
    image_quality: number | null;
    report_text1: string;
    report_text2: string;
    rpt_detail: unknown;
  };
  /** The print layout the report is shown on, as it stood at `signed_at`. */
  layout: { pk: number; version: number } | null;
}

/**
 * JSON with object keys sorted by code unit, no whitespace, strings in Unicode NFC, `undefined` members
 * left out: one text for one value, whichever side builds it.
 */
export function canonicalJson(value: unknown): string {
  if (value === null || value === undefined) return 'null';
  if (typeof value === 'string') return JSON.stringify(value.normalize('NFC'));
  if (typeof value === 'number') return Number.isFinite(value) ? JSON.stringify(value) : 'null';
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .map(([k, v]) => [k.normalize('NFC'), v] as const)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return 'null';
}

export const reportDocumentText = (doc: ReportSignatureDocument): string => canonicalJson(doc);

const sha256 = async (text: string) =>
  new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text)));

/** The 64 bytes the key signs for a report document. */
export async function reportSignedPayload(document: string): Promise<Uint8Array> {
  const [a, b] = await Promise.all([sha256(REPORT_SIGNATURE_CONTEXT), sha256(document)]);
  const out = new Uint8Array(64);
  out.set(a, 0);
  out.set(b, 32);
  return out;
}

/** The verification code's alphabet: Crockford base32, no I, L, O or U to misread. */
export const VERIFY_CODE_ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
/** 16 symbols (80 bits), printed in four groups of four: XXXX-XXXX-XXXX-XXXX. */
export const VERIFY_CODE_LENGTH = 16;

/** A code as typed (any case, spaces, dashes, O for 0, I/L for 1) in its stored form, or null. */
export function normaliseVerifyCode(input: string): string | null {
  const s = input.toUpperCase().replace(/[\s-]/g, '').replace(/O/g, '0').replace(/[IL]/g, '1');
  if (s.length !== VERIFY_CODE_LENGTH) return null;
  for (const ch of s) if (!VERIFY_CODE_ALPHABET.includes(ch)) return null;
  return s;
}

export const formatVerifyCode = (code: string) => code.match(/.{1,4}/g)?.join('-') ?? code;
