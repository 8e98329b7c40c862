import { and, asc, eq, gt } from 'drizzle-orm';
import { reportSignedPayload, type ReportSignatureDocument } from '@shared/report/signature';
import type { VerifyResult, VerifyStatus } from '@shared/schemas/report-signature';
import type { Db } from '../../platform/db/client';
import { hospital, report, reportSignature, reportVersion, study } from '../../platform/db/schema';
import { fmt } from '../../platform/core/time';
import { parseCertificate, signatureValid } from '../cert';
import { buildDocument, contentNow } from './signature-document';

type SignatureRow = typeof reportSignature.$inferSelect;

/** The family name's first character, the rest as *: enough to match the paper, not to identify anyone. */
export function maskName(name: string): string {
  const chars = Array.from(name.trim());
  if (chars.length === 0) return '';
  return chars[0] + '*'.repeat(Math.max(1, chars.length - 1));
}

/** What happened to the report after the signed write, from the version rows that followed it. */
function laterFate(role: string, later: number[]): VerifyStatus | null {
  if (later.includes(4)) return 'withdrawn'; // voided
  if (role === 'audit' && later.includes(3)) return 'withdrawn'; // audit cancelled
  if (role === 'report' && later.some((st) => st === 1 || st === 3)) return 'superseded';
  return null;
}

async function statusOf(db: Db, sig: SignatureRow, r: typeof report.$inferSelect, s: typeof study.$inferSelect) {
  const cert = parseCertificate(sig.certificate);
  const payload = await reportSignedPayload(sig.document);
  if (!signatureValid(cert, sig.algorithm as 'RS256' | 'ES256', payload, sig.signature)) return 'invalid';
  if (s.is_del) return 'withdrawn';
  const later = await db
    .select({ st: reportVersion.rpt_status })
    .from(reportVersion)
    .where(and(eq(reportVersion.rpt_pk, sig.rpt_pk), gt(reportVersion.pk, sig.version_pk)))
    .orderBy(asc(reportVersion.pk));
  const fate = laterFate(
    sig.role,
    later.map((v) => v.st),
  );
  if (fate) return fate;
  // The document as today's report and study would make it: any change since the signature shows.
  const doc = JSON.parse(sig.document) as ReportSignatureDocument;
  const today = await buildDocument(db, {
    role: doc.role,
    signedAt: new Date(doc.signed_at),
    signer: { username: doc.signer.username, name: doc.signer.name },
    certSha256: doc.signer.certificate_sha256,
    study: s,
    rptPosition: doc.report.rpt_position,
    baseVersion: doc.report.base_version,
    content: contentNow(r, s),
  });
  return today === sig.document ? 'valid' : 'mismatch';
}

async function resultOf(db: Db, sig: SignatureRow): Promise<VerifyResult | null> {
  const [row] = await db
    .select({ r: report, s: study, hospitalName: hospital.name, pdf: reportVersion.pdf_sha256 })
    .from(report)
    .innerJoin(study, eq(study.pk, report.study_pk))
    .leftJoin(hospital, eq(hospital.code, study.hospital_code))
    .leftJoin(reportVersion, eq(reportVersion.pk, sig.version_pk))
    .where(eq(report.rpt_pk, sig.rpt_pk));
  if (!row) return null;
  const { r, s } = row;
  return {
    status: await statusOf(db, sig, r, s),
    role: sig.role === 'report' ? 'report' : 'audit',
    signer_name: sig.signer_name,
    signed_at: fmt(sig.signed_at),
    algorithm: sig.algorithm,
    certificate: {
      subject: sig.cert_subject,
      issuer: sig.cert_issuer,
      serial: sig.cert_serial,
      not_after: fmt(sig.cert_not_after),
      sha256: sig.cert_sha256,
    },
    hospital_name: row.hospitalName ?? s.hospital_code,
    study: {
      modality: s.modality,
      study_desc: s.study_desc,
      study_date: fmt(s.study_datetime).slice(0, 10),
      patient_name: maskName(s.patient_name),
      accession_no: s.accession_no,
    },
    pdf_sha256: row.pdf ?? null,
  };
}

/** The signature a verification code names, checked now; null when no signature has that code. */
export async function verifyByCode(db: Db, code: string): Promise<VerifyResult | null> {
  const [sig] = await db.select().from(reportSignature).where(eq(reportSignature.verify_code, code));
  return sig ? resultOf(db, sig) : null;
}

/** The signature of the audit whose archived PDF has this SHA-256 (an unchanged copy of the original). */
export async function verifyByPdfSha256(db: Db, sha256: string): Promise<VerifyResult | null> {
  const [sig] = await db
    .select({ s: reportSignature })
    .from(reportVersion)
    .innerJoin(reportSignature, eq(reportSignature.version_pk, reportVersion.pk))
    .where(eq(reportVersion.pdf_sha256, sha256))
    .limit(1);
  return sig ? resultOf(db, sig.s) : null;
}
