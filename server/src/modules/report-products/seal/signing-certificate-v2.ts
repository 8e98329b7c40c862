import { AsnIntegerArrayBufferConverter, AsnProp, AsnPropTypes, OctetString } from '@peculiar/asn1-schema';
import { AlgorithmIdentifier, GeneralNames } from '@peculiar/asn1-x509';

/*
 * The ESS signing-certificate-v2 attribute (RFC 5035, 3), which no @peculiar package declares. The schema is
 * applied by calling the decorators: @peculiar/asn1-schema's are legacy (experimentalDecorators) ones, which
 * the project's TypeScript settings do not enable.
 */

export const id_aa_signingCertificateV2 = '1.2.840.113549.1.9.16.2.47';
export const id_sha256 = '2.16.840.1.101.3.4.2.1';

/** IssuerSerial ::= SEQUENCE { issuer GeneralNames, serialNumber CertificateSerialNumber } (issuerUID left out). */
export class IssuerSerial {
  issuer = new GeneralNames();
  serialNumber = new ArrayBuffer(0);

  constructor(params: Partial<IssuerSerial> = {}) {
    Object.assign(this, params);
  }
}
AsnProp({ type: GeneralNames })(IssuerSerial.prototype, 'issuer');
AsnProp({ type: AsnPropTypes.Integer, converter: AsnIntegerArrayBufferConverter })(
  IssuerSerial.prototype,
  'serialNumber',
);

/**
 * ESSCertIDv2 ::= SEQUENCE { hashAlgorithm AlgorithmIdentifier DEFAULT {algorithm id-sha256},
 *   certHash OCTET STRING, issuerSerial IssuerSerial OPTIONAL }
 */
export class ESSCertIDv2 {
  /** Left out of the encoding while it is the DEFAULT, SHA-256. */
  hashAlgorithm = new AlgorithmIdentifier({ algorithm: id_sha256 });
  certHash = new OctetString();
  issuerSerial?: IssuerSerial;

  constructor(params: Partial<ESSCertIDv2> = {}) {
    Object.assign(this, params);
  }
}
AsnProp({ type: AlgorithmIdentifier, defaultValue: new AlgorithmIdentifier({ algorithm: id_sha256 }) })(
  ESSCertIDv2.prototype,
  'hashAlgorithm',
);
AsnProp({ type: OctetString })(ESSCertIDv2.prototype, 'certHash');
AsnProp({ type: IssuerSerial, optional: true })(ESSCertIDv2.prototype, 'issuerSerial');

/** SigningCertificateV2 ::= SEQUENCE { certs SEQUENCE OF ESSCertIDv2 } (policies left out). */
export class SigningCertificateV2 {
  certs: ESSCertIDv2[] = [];

  constructor(params: Partial<SigningCertificateV2> = {}) {
    Object.assign(this, params);
  }
}
AsnProp({ type: ESSCertIDv2, repeated: 'sequence' })(SigningCertificateV2.prototype, 'certs');
