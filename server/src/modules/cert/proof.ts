import { constants, createHash, verify, X509Certificate } from 'node:crypto';
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

/**
 * Checks the signature over SHA-256(origin) || SHA-256(challenge) (the agent's payload, as Web eID) with
 * the certificate's public key; RS256 needs an RSA key, ES256 a P-256 key.
 */
export async function verifyProof(cert: ParsedCert, proof: CertProof, origin: string): Promise<void> {
  const key = cert.x509.publicKey;
  const data = await signedPayload(origin, proof.challenge);
  const signature = Buffer.from(proof.signature, 'base64');
  let valid = false;
  try {
    if (proof.algorithm === 'RS256' && key.asymmetricKeyType === 'rsa') {
      valid = verify('sha256', data, { key, padding: constants.RSA_PKCS1_PADDING }, signature);
    } else if (
      proof.algorithm === 'ES256' &&
      key.asymmetricKeyType === 'ec' &&
      key.asymmetricKeyDetails?.namedCurve === 'prime256v1'
    ) {
      valid = verify('sha256', data, { key, dsaEncoding: 'ieee-p1363' }, signature);
    }
  } catch {
    valid = false;
  }
  if (!valid) throw new AppError(400, 'SIGNATURE_INVALID', 'certSignatureInvalid');
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
