export { createSignedData, type SignedDataRequest } from './cms-signed-data';
export { issueCrl, type CrlRequest, type RevokedCertificate } from './crl';
export {
  DEVELOPMENT_PKI_FILES,
  ensureDevelopmentPki,
  loadDevelopmentPki,
  type DevelopmentPkiOptions,
} from './development-pki';
export { HttpTimestampAuthority, type HttpTimestampAuthorityOptions } from './http-timestamp-authority';
export {
  DEVELOPMENT_TIMESTAMP_POLICY_OID,
  LocalTimestampAuthority,
  type LocalTimestampAuthorityOptions,
} from './local-timestamp-authority';
export { OID, SUPPORTED_HASH_ALGORITHMS } from './oids';
export { PkiMaterialError, type PkiMaterial, type SealMaterial, type SigningIdentity } from './pki-material';
export { loadProductionPki, type ProductionPkiOptions } from './production-pki';
export {
  DOCUMENT_SIGNING_KEY_PURPOSE,
  issueSignatoryCertificate,
  type IssuedSignatoryCertificate,
  type SignatoryCertificateRequest,
} from './signatory-certificate';
export {
  TIMESTAMP_AUTHORITY,
  TimestampAuthorityError,
  type TimestampAuthority,
  type TimestampImprint,
} from './timestamp-authority';
export {
  PkiFailureInfo,
  PkiStatus,
  TIMESTAMP_QUERY_MEDIA_TYPE,
  TIMESTAMP_REPLY_MEDIA_TYPE,
  decodeTimestampResponse,
} from './timestamp-protocol';
export {
  digestOf,
  verifySignedData,
  verifyTimestampTokenIntegrity,
  type VerifiedSignedData,
  type VerifiedTimestampToken,
} from './timestamp-token';

// Keys, DER and PEM, PKCS#12 and certificate bundles, for the signatory CA and the signing workers. Other
// modules import the PKI from here only (and PkiModule for the NestJS wiring).
export { derBytes, derChildren, derElement } from './der';
export { derToPem } from './pem';
export { Pkcs12LegacyEncryptionError, readPkcs12, type Pkcs12Contents } from './pkcs12';
export { readPkcs12WithOpenssl } from './pkcs12-openssl';
export { readCertificateBundleFile } from './pki-files';
export { SignatoryKeySource, type SignatoryKeySettings } from './signatory-keys';
export { importSigningKey, privateKeyMatchesCertificate } from './signing-keys';
export { x509 } from './x509-library';
export { qualifiedStatementsOf, type QualifiedStatements } from './qualified-statements';
