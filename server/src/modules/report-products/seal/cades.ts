import { createHash, sign, type KeyObject } from 'node:crypto';
import {
  Attribute,
  CertificateChoices,
  CertificateSet,
  CMSVersion,
  ContentInfo,
  DigestAlgorithmIdentifier,
  DigestAlgorithmIdentifiers,
  EncapsulatedContentInfo,
  id_contentType,
  id_data,
  id_messageDigest,
  id_signedData,
  IssuerAndSerialNumber,
  SignatureAlgorithmIdentifier,
  SignedData,
  SignerIdentifier,
  SignerInfo,
  SignerInfos,
} from '@peculiar/asn1-cms';
import {
  AsnAnyConverter,
  AsnArray,
  AsnConvert,
  AsnObjectIdentifierConverter,
  AsnType,
  AsnTypeTypes,
  OctetString,
} from '@peculiar/asn1-schema';
import { Certificate, GeneralName, GeneralNames } from '@peculiar/asn1-x509';
import { Signer } from '@signpdf/signpdf';
import {
  ESSCertIDv2,
  id_aa_signingCertificateV2,
  id_sha256,
  IssuerSerial,
  SigningCertificateV2,
} from './signing-certificate-v2';

const id_rsaEncryption = '1.2.840.113549.1.1.1';

/** What signs: an RSA private key, its certificate first and then any chain up to the root (DER). */
export interface SealKey {
  key: KeyObject;
  certs: readonly Buffer[];
}

/** SignedAttributes ::= SET OF Attribute: the encoding the signature covers (RFC 5652, 5.4). */
class SignedAttributes extends AsnArray<Attribute> {}
AsnType({ type: AsnTypeTypes.Set, itemType: Attribute })(SignedAttributes);

/**
 * A certificate carried as its own bytes: parsed and encoded again, one not strictly in DER (an explicit
 * critical FALSE, say) would change, and its signature with it.
 */
class CertificateBytes extends Certificate {
  constructor(private readonly der: Buffer) {
    super();
  }

  toASN() {
    return AsnAnyConverter.toASN(bytes(this.der));
  }

  fromASN(): this {
    throw new Error('CertificateBytes is only written');
  }
}

const bytes = (b: Buffer): ArrayBuffer => new Uint8Array(b).buffer;
const sha256 = (b: Buffer) => createHash('sha256').update(b).digest();
const attribute = (attrType: string, value: ArrayBuffer) => new Attribute({ attrType, attrValues: [value] });

/** DER SET OF: the elements in ascending order of their encodings (X.690 11.6); the serializer keeps the order given. */
const derSorted = (attrs: Attribute[]) =>
  attrs
    .map((a) => ({ a, der: Buffer.from(AsnConvert.serialize(a)) }))
    .sort((x, y) => Buffer.compare(x.der, y.der))
    .map(({ a }) => a);

function signedAttributes(content: Buffer, cert: Buffer, tbs: Certificate['tbsCertificate']): Attribute[] {
  // ESSCertIDv2: hashAlgorithm left out (its DEFAULT is SHA-256), issuerSerial with the issuer as a directoryName.
  const essCertId = new ESSCertIDv2({
    certHash: new OctetString(sha256(cert)),
    issuerSerial: new IssuerSerial({
      issuer: new GeneralNames([new GeneralName({ directoryName: tbs.issuer })]),
      serialNumber: tbs.serialNumber,
    }),
  });
  return derSorted([
    attribute(id_contentType, AsnObjectIdentifierConverter.toASN(id_data).toBER()),
    attribute(id_messageDigest, AsnConvert.serialize(new OctetString(sha256(content)))),
    attribute(id_aa_signingCertificateV2, AsnConvert.serialize(new SigningCertificateV2({ certs: [essCertId] }))),
  ]);
}

/**
 * A detached CMS SignedData of `content` as PAdES baseline B wants it (ETSI EN 319 142-1, 5.1): signed attributes
 * content-type, message-digest (SHA-256) and ESS signing-certificate-v2 (the certificate's hash, issuer and
 * serial), and no signing-time attribute: the time is the signature dictionary's /M.
 */
export function cadesDetached(content: Buffer, seal: SealKey): Buffer {
  const [cert] = seal.certs;
  if (!cert) throw new Error('no certificate');
  const tbs = AsnConvert.parse(cert, Certificate).tbsCertificate;
  const signedAttrs = signedAttributes(content, cert, tbs);
  // The signature covers the attributes as a DER SET; the SignerInfo carries the same elements tagged [0].
  const signature = sign('sha256', Buffer.from(AsnConvert.serialize(new SignedAttributes(signedAttrs))), seal.key);
  const sha256Id = () => new DigestAlgorithmIdentifier({ algorithm: id_sha256 });
  const signerInfo = new SignerInfo({
    version: CMSVersion.v1,
    sid: new SignerIdentifier({
      issuerAndSerialNumber: new IssuerAndSerialNumber({ issuer: tbs.issuer, serialNumber: tbs.serialNumber }),
    }),
    digestAlgorithm: sha256Id(),
    signedAttrs,
    signatureAlgorithm: new SignatureAlgorithmIdentifier({ algorithm: id_rsaEncryption, parameters: null }),
    signature: new OctetString(signature),
  });
  const signedData = new SignedData({
    version: CMSVersion.v1,
    digestAlgorithms: new DigestAlgorithmIdentifiers([sha256Id()]),
    encapContentInfo: new EncapsulatedContentInfo({ eContentType: id_data }),
    certificates: new CertificateSet(
      seal.certs.map((c) => new CertificateChoices({ certificate: new CertificateBytes(c) })),
    ),
    signerInfos: new SignerInfos([signerInfo]),
  });
  const contentInfo = new ContentInfo({ contentType: id_signedData, content: AsnConvert.serialize(signedData) });
  return Buffer.from(AsnConvert.serialize(contentInfo));
}

/** @signpdf's signer port: it hands over the bytes of the byte range, we answer the CMS. */
export class CadesSigner extends Signer {
  constructor(private readonly seal: SealKey) {
    super();
  }

  override sign(content: Buffer): Promise<Buffer> {
    return Promise.resolve(cadesDetached(content, this.seal));
  }
}
