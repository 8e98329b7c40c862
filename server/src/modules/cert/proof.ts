import { constants, createHash, verify, X509Certificate } from 'node:crypto';
import { AsnConvert } from '@peculiar/asn1-schema';
import { Certificate, id_ce_keyUsage, KeyUsage, KeyUsageFlags } from '@peculiar/asn1-x509';
import { CERT_NEAR_EXPIRY_DAYS } from '@shared/constants';
import { signedPayload } from '@shared/agent/payload';
import type { CertProof } from '@shared/schemas/cert';
import { AppError } from '../../platform/core/errors';

const DAY_MS = 86_400_000;

export interface ParsedCert {
  /** SHA-256 of the DER, hex: what a user's usb_key holds. */
  fingerprint: string;
  subject: string;
  notBefore: Date;
  notAfter: Date;
  x509: X509Certificate;
}

const sha256 = (data: Buffer) => createHash('sha256').update(data).digest();

export function parseCertificate(derB64: string): ParsedCert {
  let x509: X509Certificate;
  try {
    x509 = new X509Certificate(Buffer.from(derB64, 'base64'));
  } catch {
    throw new AppError(400, 'CERT_INVALID', 'certInvalid');
  }
  const notBefore = new Date(x509.validFrom);
  const notAfter = new Date(x509.validTo);
  if (Number.isNaN(notBefore.getTime()) || Number.isNaN(notAfter.getTime())) {
    throw new AppError(400, 'CERT_INVALID', 'certInvalid');
  }
  return {
    fingerprint: sha256(x509.raw).toString('hex'),
    subject: x509.subject.split('\n').join(', '),
    notBefore,
    notAfter,
    x509,
  };
}

/** Whether `signature` (base64) is the key's RS256 (RSA) or ES256 (P-256, r||s) signature of `data`. */
export function signatureValid(
  cert: ParsedCert,
  algorithm: CertProof['algorithm'],
  data: Uint8Array,
  signature: string,
) {
  const key = cert.x509.publicKey;
  const sig = Buffer.from(signature, 'base64');
  try {
    if (algorithm === 'RS256' && key.asymmetricKeyType === 'rsa') {
      return verify('sha256', data, { key, padding: constants.RSA_PKCS1_PADDING }, sig);
    }
    if (
      algorithm === 'ES256' &&
      key.asymmetricKeyType === 'ec' &&
      key.asymmetricKeyDetails?.namedCurve === 'prime256v1'
    ) {
      return verify('sha256', data, { key, dsaEncoding: 'ieee-p1363' }, sig);
    }
  } catch {
    return false;
  }
  return false;
}

/**
 * Checks the signature over SHA-256(origin) || SHA-256(challenge) (the agent's payload, as Web eID) with
 * the certificate's public key; RS256 needs an RSA key, ES256 a P-256 key.
 */
export async function verifyProof(cert: ParsedCert, proof: CertProof, origin: string): Promise<void> {
  const data = await signedPayload(origin, proof.challenge);
  if (!signatureValid(cert, proof.algorithm, data, proof.signature)) {
    throw new AppError(400, 'SIGNATURE_INVALID', 'certSignatureInvalid');
  }
}

/**
 * A certificate that signs documents: when it states a key usage, digitalSignature or nonRepudiation must
 * be in it (a key for encryption or for signing certificates only may not sign a report). No key-usage
 * extension puts no limit (RFC 5280 4.2.1.3).
 */
export function assertSigningKeyUsage(cert: ParsedCert): void {
  let flags: number | null = null;
  try {
    const parsed = AsnConvert.parse(cert.x509.raw, Certificate);
    const ext = parsed.tbsCertificate.extensions?.find((e) => e.extnID === id_ce_keyUsage);
    if (ext) flags = AsnConvert.parse(ext.extnValue, KeyUsage).toNumber();
  } catch {
    throw new AppError(400, 'CERT_INVALID', 'certInvalid');
  }
  if (flags === null) return;
  if (!(flags & (KeyUsageFlags.digitalSignature | KeyUsageFlags.nonRepudiation))) {
    throw new AppError(400, 'CERT_KEY_USAGE', 'certKeyUsage');
  }
}

export interface Validity {
  /** Whole days left, a started day counting as one. */
  daysLeft: number;
  /** 60 days or less left (exactly 60 included). */
  nearExpiry: boolean;
}

/** Refuses a certificate outside its validity window; says whether it is near its end. */
export function checkValidity(cert: ParsedCert, now: Date): Validity {
  const fmtDate = (d: Date) => d.toISOString().slice(0, 10);
  if (now.getTime() < cert.notBefore.getTime()) {
    throw new AppError(400, 'CERT_NOT_YET_VALID', 'certNotYetValid', { date: fmtDate(cert.notBefore) });
  }
  const left = cert.notAfter.getTime() - now.getTime();
  if (left < 0) throw new AppError(400, 'CERT_EXPIRED', 'certExpired', { date: fmtDate(cert.notAfter) });
  return { daysLeft: Math.ceil(left / DAY_MS), nearExpiry: left <= CERT_NEAR_EXPIRY_DAYS * DAY_MS };
}
