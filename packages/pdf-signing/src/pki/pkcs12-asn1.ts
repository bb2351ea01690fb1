import { EncryptedContentInfo } from '@peculiar/asn1-cms';
import { AsnProp, AsnPropTypes, OctetString } from '@peculiar/asn1-schema';
import { AlgorithmIdentifier } from '@peculiar/asn1-x509';

/** ASN.1 structures for reading PKCS#12 files that the installed schema packages do not define. */

/** RFC 5652 §8: the container of an encrypted SafeContents. */
export class EncryptedData {
  @AsnProp({ type: AsnPropTypes.Integer })
  version = 0;

  @AsnProp({ type: EncryptedContentInfo })
  encryptedContentInfo = new EncryptedContentInfo();
}

/** RFC 8018 §A.4. */
export class Pbes2Params {
  @AsnProp({ type: AlgorithmIdentifier })
  keyDerivationFunc = new AlgorithmIdentifier();

  @AsnProp({ type: AlgorithmIdentifier })
  encryptionScheme = new AlgorithmIdentifier();
}

/** RFC 8018 §A.2; only the `specified` salt choice exists in practice. */
export class Pbkdf2Params {
  @AsnProp({ type: OctetString })
  salt = new OctetString();

  @AsnProp({ type: AsnPropTypes.Integer })
  iterationCount = 0;

  @AsnProp({ type: AsnPropTypes.Integer, optional: true })
  keyLength?: number;

  @AsnProp({ type: AlgorithmIdentifier, optional: true })
  prf?: AlgorithmIdentifier;
}

/** RFC 7292 Appendix C: parameters of the PKCS#12 password-based encryption schemes. */
export class Pkcs12PbeParams {
  @AsnProp({ type: OctetString })
  salt = new OctetString();

  @AsnProp({ type: AsnPropTypes.Integer })
  iterations = 0;
}
