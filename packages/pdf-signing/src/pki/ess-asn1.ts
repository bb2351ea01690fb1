import { AsnIntegerArrayBufferConverter, AsnProp, AsnPropTypes } from '@peculiar/asn1-schema';
import { AlgorithmIdentifier, GeneralName } from '@peculiar/asn1-x509';

/** ASN.1 structures of RFC 5035 (ESS update): the signing-certificate-v2 attribute. */

export class IssuerSerial {
  @AsnProp({ type: GeneralName, repeated: 'sequence' })
  issuer: GeneralName[] = [];

  @AsnProp({ type: AsnPropTypes.Integer, converter: AsnIntegerArrayBufferConverter })
  serialNumber = new ArrayBuffer(0);

  constructor(params: Partial<IssuerSerial> = {}) {
    Object.assign(this, params);
  }
}

export class ESSCertIDv2 {
  /** DEFAULT id-sha256: DER (X.690 §11.5) requires leaving it out when the hash is SHA-256. */
  @AsnProp({ type: AlgorithmIdentifier, optional: true })
  hashAlgorithm?: AlgorithmIdentifier;

  @AsnProp({ type: AsnPropTypes.OctetString })
  certHash = new ArrayBuffer(0);

  @AsnProp({ type: IssuerSerial, optional: true })
  issuerSerial?: IssuerSerial;

  constructor(params: Partial<ESSCertIDv2> = {}) {
    Object.assign(this, params);
  }
}

export class SigningCertificateV2 {
  @AsnProp({ type: ESSCertIDv2, repeated: 'sequence' })
  certs: ESSCertIDv2[] = [];

  constructor(params: Partial<SigningCertificateV2> = {}) {
    Object.assign(this, params);
  }
}
