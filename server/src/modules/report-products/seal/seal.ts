import { createPrivateKey, generateKeyPair, randomBytes, X509Certificate } from 'node:crypto';
import { promisify } from 'node:util';
import forge from 'node-forge';
import type { SealKey } from './cades';

/** The certificate and key the archived PDFs are signed with (docs/report-products.md, "PDF signature"). */
export interface PdfSeal extends SealKey {
  /** `env`: the hospital's PKCS#12 (PDF_SEAL_P12); `installation`: the platform's own, made once. */
  source: 'env' | 'installation';
  subject: string;
  notBefore: Date;
  notAfter: Date;
  /** SHA-256 of the certificate, as readers show its fingerprint. */
  fingerprint: string;
}

/** The seal cannot be used: the message names the setting to fix and never holds the passphrase or the key. */
export class PdfSealError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'PdfSealError';
  }
}

const certDer = (c: forge.pki.Certificate) =>
  Buffer.from(forge.asn1.toDer(forge.pki.certificateToAsn1(c)).getBytes(), 'binary');

/** Checks what a reader would hold against the seal at `now`; `what` names the setting in the message. */
function sealOf(keyPem: string, certs: Buffer[], source: PdfSeal['source'], what: string, now: Date): PdfSeal {
  const [first] = certs;
  if (!first) throw new PdfSealError(`${what} holds no certificate`);
  const x509 = new X509Certificate(first);
  const key = createPrivateKey(keyPem);
  if (key.asymmetricKeyType !== 'rsa') throw new PdfSealError(`${what}: the key must be an RSA key`);
  if (!x509.checkPrivateKey(key)) throw new PdfSealError(`${what}: the key does not belong to the certificate`);
  const seal: PdfSeal = {
    key,
    certs,
    source,
    subject: x509.subject.replace(/\n/g, ', '),
    notBefore: new Date(x509.validFrom),
    notAfter: new Date(x509.validTo),
    fingerprint: x509.fingerprint256.replace(/:/g, '').toLowerCase(),
  };
  const usage = forge.pki.certificateFromAsn1(forge.asn1.fromDer(first.toString('binary'))).getExtension('keyUsage') as
    { digitalSignature?: boolean; nonRepudiation?: boolean } | undefined;
  if (usage && !usage.digitalSignature && !usage.nonRepudiation) {
    throw new PdfSealError(`${what}: the certificate's key usage allows neither digitalSignature nor nonRepudiation`);
  }
  assertCurrent(seal, now, what);
  return seal;
}

/** A seal outside its validity would sign PDFs every reader flags: refused, naming the setting. */
export function assertCurrent(
  seal: PdfSeal,
  now: Date,
  what = seal.source === 'env' ? 'PDF_SEAL_P12' : 'the installation seal',
): void {
  if (now < seal.notBefore)
    throw new PdfSealError(`${what}: the certificate is not valid before ${seal.notBefore.toISOString()}`);
  if (now > seal.notAfter) throw new PdfSealError(`${what}: the certificate expired on ${seal.notAfter.toISOString()}`);
}

/** PKCS#12 bag types (RFC 7292, 4.2). */
const BAG = {
  key: '1.2.840.113549.1.12.10.1.1',
  shroudedKey: '1.2.840.113549.1.12.10.1.2',
  cert: '1.2.840.113549.1.12.10.1.3',
};

/**
 * The hospital's own seal: a PKCS#12 file (PDF_SEAL_P12) with an RSA key, its certificate and optionally the
 * chain, opened with PDF_SEAL_PASSPHRASE. Errors name the variable, never the passphrase.
 */
export function sealFromP12(file: Buffer, passphrase: string, now: Date): PdfSeal {
  let p12: forge.pkcs12.Pkcs12Pfx;
  try {
    p12 = forge.pkcs12.pkcs12FromAsn1(forge.asn1.fromDer(file.toString('binary')), false, passphrase);
  } catch (e) {
    if (e instanceof Error && /MAC could not be verified/.test(e.message)) {
      throw new PdfSealError('PDF_SEAL_PASSPHRASE does not open PDF_SEAL_P12 (wrong passphrase)');
    }
    throw new PdfSealError(
      'PDF_SEAL_P12 could not be read as a PKCS#12 file with an RSA key and its certificate (or PDF_SEAL_PASSPHRASE is wrong)',
    );
  }
  const bags = (type: string) => p12.getBags({ bagType: type })[type] ?? [];
  const key = [...bags(BAG.shroudedKey), ...bags(BAG.key)][0]?.key as forge.pki.rsa.PrivateKey | undefined;
  if (!key) throw new PdfSealError('PDF_SEAL_P12 holds no private key');
  const certs = bags(BAG.cert).flatMap((b) => (b.cert ? [b.cert] : []));
  const own = certs.find((c) => {
    const pub = c.publicKey as forge.pki.rsa.PublicKey;
    return pub.n?.equals(key.n) && pub.e?.equals(key.e);
  });
  if (!own) throw new PdfSealError('PDF_SEAL_P12 holds no certificate of its private key');
  const chain = [own, ...certs.filter((c) => c !== own)].map(certDer);
  return sealOf(forge.pki.privateKeyToPem(key), chain, 'env', 'PDF_SEAL_P12', now);
}

/** The installation's seal as kept (sealed) in the database: the key and the certificate in PEM. */
export type StoredSeal = { key: string; cert: string };

export function sealFromStored(s: StoredSeal, now: Date): PdfSeal {
  return sealOf(s.key, [new X509Certificate(s.cert).raw], 'installation', 'the installation seal', now);
}

const SEAL_YEARS = 10;
const utf8 = (name: string, value: string) => ({
  name,
  value,
  valueTagClass: forge.asn1.Type.UTF8 as unknown as forge.asn1.Class,
});

/**
 * A new installation seal: RSA 3072 (the key outlives 2030, when 2048 bits stop being enough), self-signed,
 * 10 years, key usage digitalSignature + nonRepudiation, naming the platform installation (`installation`:
 * its title; a random tag tells installations apart).
 */
export async function makeInstallationSeal(installation: string, now: Date): Promise<StoredSeal> {
  const pair = await promisify(generateKeyPair)('rsa', { modulusLength: 3072 });
  const key = pair.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
  const cert = forge.pki.createCertificate();
  cert.publicKey = forge.pki.publicKeyFromPem(pair.publicKey.export({ type: 'spki', format: 'pem' }).toString());
  // Positive (first byte under 0x80), 16 bytes of which 15 random.
  cert.serialNumber = `01${randomBytes(15).toString('hex')}`;
  cert.validity.notBefore = new Date(now.getTime() - 5 * 60_000);
  cert.validity.notAfter = new Date(now);
  cert.validity.notAfter.setUTCFullYear(now.getUTCFullYear() + SEAL_YEARS);
  const name = [
    utf8('commonName', `RxPACS report archive seal ${randomBytes(4).toString('hex')}`),
    utf8('organizationName', installation || 'RxPACS'),
    utf8('organizationalUnitName', 'Installation seal'),
  ];
  cert.setSubject(name);
  cert.setIssuer(name);
  cert.setExtensions([
    { name: 'basicConstraints', cA: false, critical: true },
    { name: 'keyUsage', digitalSignature: true, nonRepudiation: true, critical: true },
    { name: 'subjectKeyIdentifier' },
  ]);
  cert.sign(forge.pki.privateKeyFromPem(key), forge.md.sha256.create());
  return { key, cert: forge.pki.certificateToPem(cert) };
}
