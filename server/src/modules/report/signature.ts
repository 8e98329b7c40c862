import { randomBytes } from 'node:crypto';
import { desc, eq, inArray } from 'drizzle-orm';
import {
  formatVerifyCode,
  reportSignedPayload,
  VERIFY_CODE_ALPHABET,
  VERIFY_CODE_LENGTH,
} from '@shared/report/signature';
import { WEB_BASE } from '@shared/constants';
import { ESIGN_WINDOW_MS, type Esign, type SignatureSummary } from '@shared/schemas/report-signature';
import { fmt } from '../../platform/core/time';
import type { SaveReport, SignRequest } from '@shared/schemas/report';
import type { SignatureRole } from '@shared/report/signature';
import type { Db, Tx } from '../../platform/db/client';
import { reportSignature, reportVersion, sysUser } from '../../platform/db/schema';
import { AppError } from '../../platform/core/errors';
import {
  assertSigningKeyUsage,
  checkValidity,
  parseCertificate,
  signatureValid,
  type ParsedCert,
  type Validity,
} from '../cert';
import type { Caller } from './caller';
import type { ReportRow, StudyRecord } from './repo';
import { buildDocument, contentAfterWrite } from './signature-document';

/** A little slack for a workstation clock ahead of the server's. */
const FUTURE_SLACK_MS = 60_000;

/** The SHA-256 of the certificate bound to the user (their usb_key); a user with none cannot sign. */
async function boundCertificate(db: Db, userPk: number): Promise<string> {
  const [u] = await db.select({ usb_key: sysUser.usb_key }).from(sysUser).where(eq(sysUser.pk, userPk));
  if (!u?.usb_key) throw new AppError(409, 'CERT_NOT_BOUND', 'certNoneBound');
  return u.usb_key;
}

const roleOfAction = (action: 'save' | 'audit'): SignatureRole => (action === 'audit' ? 'audit' : 'report');

interface Target {
  s: StudyRecord;
  r: ReportRow;
}

function documentOf(db: Db, caller: Caller, t: Target, input: SaveReport, role: SignatureRole, at: Date, cert: string) {
  return buildDocument(db, {
    role,
    signedAt: at,
    signer: { username: caller.me.username, name: caller.me.name },
    certSha256: cert,
    study: t.s,
    rptPosition: t.r.rpt_position,
    baseVersion: t.r.version,
    content: contentAfterWrite(t.r, input),
  });
}

/** The document a signed save or audit of exactly `input` signs, stamped with the server's time now. */
export async function signRequestFor(db: Db, caller: Caller, input: SignRequest, t: Target, now: Date) {
  const cert = await boundCertificate(db, caller.me.pk);
  const document = await documentOf(db, caller, t, input, input.role, now, cert);
  return { document, signed_at: now.toISOString(), cert_sha256: cert };
}

export interface CheckedSignature {
  /** Days the certificate has left, and whether that is 60 or fewer (the spec's warning). */
  validity: Validity;
  role: SignatureRole;
  esign: Esign;
  document: string;
  cert: ParsedCert;
  signedAt: Date;
}

function signedAtOf(esign: Esign, now: Date): Date {
  const at = new Date(esign.signed_at);
  const t = at.getTime();
  if (Number.isNaN(t) || t > now.getTime() + FUTURE_SLACK_MS || t < now.getTime() - ESIGN_WINDOW_MS) {
    throw new AppError(400, 'ESIGN_STALE', 'esignStale');
  }
  return at;
}

/**
 * Everything a signed write must pass before it runs: the signature's time, the certificate (the one bound
 * to the writer, valid now, made for signing), and the signature over the document this very write makes.
 */
export async function checkSignature(
  db: Db,
  caller: Caller,
  input: SaveReport & { esign: Esign },
  t: Target,
  action: 'save' | 'audit',
  now: Date,
): Promise<CheckedSignature> {
  const { esign } = input;
  const signedAt = signedAtOf(esign, now);
  const cert = parseCertificate(esign.certificate);
  const bound = await boundCertificate(db, caller.me.pk);
  if (cert.fingerprint !== bound) throw new AppError(403, 'CERT_NOT_BOUND', 'esignNotBound');
  const validity = checkValidity(cert, now);
  assertSigningKeyUsage(cert);
  const role = roleOfAction(action);
  const document = await documentOf(db, caller, t, input, role, signedAt, bound);
  if (!signatureValid(cert, esign.algorithm, await reportSignedPayload(document), esign.signature)) {
    throw new AppError(400, 'SIGNATURE_INVALID', 'esignInvalid');
  }
  return { validity, role, esign, document, cert, signedAt };
}

/** 16 symbols of Crockford base32 from 80 random bits. */
function newVerifyCode(): string {
  const bytes = randomBytes(VERIFY_CODE_LENGTH);
  return Array.from(bytes, (b) => VERIFY_CODE_ALPHABET[b & 31]).join('');
}

/** Keeps a checked signature with the version row the write just made (in the write's transaction). */
export async function storeSignature(tx: Tx, caller: Caller, c: CheckedSignature, written: ReportRow) {
  const [v] = await tx
    .select({ pk: reportVersion.pk })
    .from(reportVersion)
    .where(eq(reportVersion.rpt_pk, written.rpt_pk))
    .orderBy(desc(reportVersion.pk))
    .limit(1);
  if (!v) throw new Error('a signed write made no version row');
  const x = c.cert.x509;
  const [row] = await tx
    .insert(reportSignature)
    .values({
      rpt_pk: written.rpt_pk,
      version_pk: v.pk,
      report_version: written.version,
      role: c.role,
      user_pk: caller.me.pk,
      username: caller.me.username,
      signer_name: caller.me.name,
      document: c.document,
      signature: c.esign.signature,
      algorithm: c.esign.algorithm,
      certificate: c.esign.certificate,
      cert_sha256: c.cert.fingerprint,
      cert_subject: c.cert.subject.slice(0, 512),
      cert_issuer: x.issuer.split('\n').join(', ').slice(0, 512),
      cert_serial: x.serialNumber.slice(0, 128),
      cert_not_after: c.cert.notAfter,
      verify_code: newVerifyCode(),
      verify_origin: (caller.origin ?? '').slice(0, 256),
      signed_at: c.signedAt,
    })
    .returning();
  return row!;
}

/** The address a printed QR code holds: the verify page with the code, on the platform the signer used. */
export const verifyUrl = (origin: string, code: string) =>
  origin ? `${origin}${WEB_BASE}#/verify?code=${formatVerifyCode(code)}` : '';

type SignatureRow = typeof reportSignature.$inferSelect;

/** A signature as the report shows it. */
export const summaryOfRow = (sig: SignatureRow): SignatureSummary => ({
  verify_code: sig.verify_code,
  verify_url: verifyUrl(sig.verify_origin, sig.verify_code),
  role: sig.role === 'report' ? 'report' : 'audit',
  signer_name: sig.signer_name,
  signed_at: fmt(sig.signed_at),
  cert_subject: sig.cert_subject,
});

/**
 * The signature of the write each report stands at (its `version`), or, for the report shown as at one
 * audit, that audit's: what the report screen, the print page and the archived PDF show.
 */
export async function standingSignatures(
  db: Db,
  reports: readonly ReportRow[],
  shownAudit: { rpt_pk: number; versionPk: number } | null,
): Promise<Map<number, SignatureSummary>> {
  const out = new Map<number, SignatureSummary>();
  if (!reports.length) return out;
  const rows = await db
    .select()
    .from(reportSignature)
    .where(
      inArray(
        reportSignature.rpt_pk,
        reports.map((r) => r.rpt_pk),
      ),
    );
  for (const r of reports) {
    const sig = rows.find((x) =>
      shownAudit?.rpt_pk === r.rpt_pk
        ? x.version_pk === shownAudit.versionPk
        : x.rpt_pk === r.rpt_pk && x.report_version === r.version,
    );
    if (sig) out.set(r.rpt_pk, summaryOfRow(sig));
  }
  return out;
}
