/** Object identifiers used by the CMS, ESS, PKCS#12 and time-stamp structures of this module. */
export const OID = {
  data: '1.2.840.113549.1.7.1',
  signedData: '1.2.840.113549.1.7.2',
  encryptedData: '1.2.840.113549.1.7.6',
  tstInfo: '1.2.840.113549.1.9.16.1.4',
  contentTypeAttribute: '1.2.840.113549.1.9.3',
  messageDigestAttribute: '1.2.840.113549.1.9.4',
  signingCertificateV2Attribute: '1.2.840.113549.1.9.16.2.47',
  signatureTimestampAttribute: '1.2.840.113549.1.9.16.2.14',
  sha1: '1.3.14.3.2.26',
  sha256: '2.16.840.1.101.3.4.2.1',
  sha384: '2.16.840.1.101.3.4.2.2',
  sha512: '2.16.840.1.101.3.4.2.3',
  sha256WithRsaEncryption: '1.2.840.113549.1.1.11',
  ecdsaWithSha256: '1.2.840.10045.4.3.2',
} as const;

export interface HashAlgorithm {
  oid: string;
  /** Name for node:crypto createHash / createHmac. */
  nodeName: string;
  byteLength: number;
}

/** SHA-1 is left out on purpose: ETSI TS 119 312 no longer accepts it for time-stamps or signatures. */
export const SUPPORTED_HASH_ALGORITHMS: readonly HashAlgorithm[] = [
  { oid: OID.sha256, nodeName: 'sha256', byteLength: 32 },
  { oid: OID.sha384, nodeName: 'sha384', byteLength: 48 },
  { oid: OID.sha512, nodeName: 'sha512', byteLength: 64 },
];

export function supportedHashAlgorithm(oid: string): HashAlgorithm | undefined {
  return SUPPORTED_HASH_ALGORITHMS.find((algorithm) => algorithm.oid === oid);
}
