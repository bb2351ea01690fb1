import { createHash, verify, X509Certificate } from 'node:crypto';
import { ContentInfo, SignedData, type SignerInfo } from '@peculiar/asn1-cms';
import { AsnConvert } from '@peculiar/asn1-schema';
import { Certificate } from '@peculiar/asn1-x509';
import { SignedAttributeSet } from './cms-signed-data';
import { SigningCertificateV2 } from './ess-asn1';
import { octetStringContent } from './octet-string';
import { OID } from './oids';
import { TimestampAuthorityError } from './timestamp-authority';
import { TSTInfo } from './tsp-asn1';

/** id-aa-signingCertificate (RFC 2634 §5.4): the SHA-1 predecessor some TSAs still send. */
const SIGNING_CERTIFICATE_V1 = '1.2.840.113549.1.9.16.2.12';
/** RSA PKCS#1 v1.5 and ECDSA, what TSAs use; RSA-PSS tokens are refused rather than misread. */
const SUPPORTED_SIGNATURE_ALGORITHMS = new Set([
  '1.2.840.113549.1.1.1',
  '1.2.840.113549.1.1.11',
  '1.2.840.113549.1.1.12',
  '1.2.840.113549.1.1.13',
  '1.2.840.10045.4.3.2',
  '1.2.840.10045.4.3.3',
  '1.2.840.10045.4.3.4',
]);
const DIGEST_NAMES: Record<string, string> = {
  [OID.sha1]: 'sha1',
  [OID.sha256]: 'sha256',
  [OID.sha384]: 'sha384',
  [OID.sha512]: 'sha512',
};

export interface VerifiedTimestampToken {
  tstInfo: TSTInfo;
  signerCertificateDer: Buffer;
}

/**
 * What a verified CMS SignedData says: who signed (the certificate named in the signer info and bound by
 * the ESS signing-certificate attribute), the signer info itself, and the encapsulated content if any.
 */
export interface VerifiedSignedData {
  signedData: SignedData;
  signerInfo: SignerInfo;
  signerCertificateDer: Buffer;
  /** Every certificate the SignedData carries. */
  certificatesDer: Buffer[];
  eContent?: Buffer;
}

/**
 * Checks a CMS SignedData with one signer: its message digest matches the content (encapsulated, or
 * `detachedContent` for a detached signature such as a PDF's over its byte range), the signing-certificate
 * attribute names the certificate that signed, and the signature verifies. Whether that certificate chains
 * to a trusted root is the caller's question. Throws an Error saying what does not hold.
 *
 * A detached content may be given as its parts, in order (a PDF signature's two byte ranges, as views of
 * the file): they are hashed where they lie, never put together, so checking many signatures of one file
 * costs no copy of what each covers.
 */
export function verifySignedData(
  contentInfoDer: Buffer,
  options: { detachedContent?: Uint8Array | readonly Uint8Array[]; extraCertificatesDer?: Buffer[] } = {},
): VerifiedSignedData {
  const signedData = AsnConvert.parse(AsnConvert.parse(contentInfoDer, ContentInfo).content, SignedData);
  const eContent = encapsulatedContent(signedData);
  const signerInfo = signedData.signerInfos[0];
  if (!signerInfo || signedData.signerInfos.length !== 1) throw new Error('it must have exactly one signer');
  if (!signerInfo.signedAttrs?.length) throw new Error('it has no signed attributes');
  const content = options.detachedContent ?? eContent;
  if (!content) throw new Error('it has no content to check');
  const digestName = digestNameOf(signerInfo.digestAlgorithm.algorithm);
  const messageDigest = octetStringContent(singleAttributeValue(signerInfo, OID.messageDigestAttribute));
  if (!messageDigest.equals(digestOf(digestName, content))) {
    throw new Error('its message digest does not match');
  }
  const certificatesDer = certificatesOf(signedData);
  const signerCertificateDer = findSignerCertificate(signerInfo, [
    ...certificatesDer,
    ...(options.extraCertificatesDer ?? []),
  ]);
  assertEssBinding(signerInfo, signerCertificateDer);
  assertSignature(signerInfo, signerCertificateDer, digestName);
  return { signedData, signerInfo, signerCertificateDer, certificatesDer, ...(eContent ? { eContent } : {}) };
}

/**
 * Checks that a TimeStampToken is intact: a SignedData over a TSTInfo, a message digest that matches,
 * a signature by the certificate named in the ESS signing-certificate attribute. Whether that
 * certificate chains to a trusted root is for the relying party's validator, with its trust list.
 */
export function verifyTimestampTokenIntegrity(
  token: Buffer,
  extraCertificatesDer: Buffer[] = [],
): VerifiedTimestampToken {
  try {
    const verified = verifySignedData(token, { extraCertificatesDer });
    if (verified.signedData.encapContentInfo.eContentType !== OID.tstInfo || !verified.eContent) {
      throw new Error('it is not a SignedData over one TSTInfo');
    }
    return {
      tstInfo: AsnConvert.parse(verified.eContent, TSTInfo),
      signerCertificateDer: verified.signerCertificateDer,
    };
  } catch (error) {
    if (error instanceof TimestampAuthorityError) throw error;
    const reason = error instanceof Error ? error.message : String(error);
    throw new TimestampAuthorityError(`the time-stamp token is not valid: ${reason}`, { cause: error });
  }
}

/** The digest of content given whole or in parts, each part hashed in place. */
export function digestOf(digestName: string, content: Uint8Array | readonly Uint8Array[]): Buffer {
  const hash = createHash(digestName);
  for (const part of content instanceof Uint8Array ? [content] : content) hash.update(part);
  return hash.digest();
}

/** A DER signer puts a primitive OCTET STRING here; a BER one may split it, which the schema keeps raw. */
function encapsulatedContent(signedData: SignedData): Buffer | undefined {
  const eContent = signedData.encapContentInfo.eContent;
  if (eContent?.single) return Buffer.from(eContent.single.buffer);
  return eContent?.any ? octetStringContent(eContent.any) : undefined;
}

function certificatesOf(signedData: SignedData): Buffer[] {
  return (signedData.certificates ?? [])
    .flatMap((choice) => (choice.certificate ? [choice.certificate] : []))
    .map((certificate) => Buffer.from(AsnConvert.serialize(certificate)));
}

function findSignerCertificate(signerInfo: SignerInfo, candidatesDer: Buffer[]): Buffer {
  const wanted = signerInfo.sid.issuerAndSerialNumber;
  const wantedKeyId = signerInfo.sid.subjectKeyIdentifier;
  const match = candidatesDer.find((der) => {
    if (wantedKeyId) return subjectKeyIdentifierMatches(der, wantedKeyId.buffer);
    if (!wanted) return false;
    const tbs = AsnConvert.parse(der, Certificate).tbsCertificate;
    return (
      Buffer.from(AsnConvert.serialize(tbs.issuer)).equals(
        Buffer.from(AsnConvert.serialize(wanted.issuer)),
      ) && Buffer.from(tbs.serialNumber).equals(Buffer.from(wanted.serialNumber))
    );
  });
  if (!match) throw new Error('the signer certificate is neither in the token nor supplied');
  return match;
}

function subjectKeyIdentifierMatches(certificateDer: Buffer, keyId: ArrayBuffer): boolean {
  const extension = AsnConvert.parse(certificateDer, Certificate).tbsCertificate.extensions?.find(
    (candidate) => candidate.extnID === '2.5.29.14',
  );
  return (
    !!extension && octetStringContent(Buffer.from(extension.extnValue.buffer)).equals(Buffer.from(keyId))
  );
}

/** RFC 3161 §2.4.1 / RFC 5035: the signed attributes must name the certificate that signed. */
function assertEssBinding(signerInfo: SignerInfo, signerCertificateDer: Buffer): void {
  const v2 = signerInfo.signedAttrs?.find(
    (attribute) => attribute.attrType === OID.signingCertificateV2Attribute,
  );
  const v1 = signerInfo.signedAttrs?.find((attribute) => attribute.attrType === SIGNING_CERTIFICATE_V1);
  const attribute = v2 ?? v1;
  const value = attribute?.attrValues[0];
  if (!value) throw new Error('it has no signing-certificate attribute');
  const firstCertId = AsnConvert.parse(value, SigningCertificateV2).certs[0];
  const hashOid = v2 ? (firstCertId?.hashAlgorithm?.algorithm ?? OID.sha256) : OID.sha1;
  const certificateHash = createHash(digestNameOf(hashOid)).update(signerCertificateDer).digest();
  if (!firstCertId || !Buffer.from(firstCertId.certHash).equals(certificateHash)) {
    throw new Error('its signing-certificate attribute names another certificate');
  }
}

function assertSignature(signerInfo: SignerInfo, signerCertificateDer: Buffer, digestName: string): void {
  // Re-encoded in DER as OpenSSL and most validators do: a signer that did not sort its SET OF fails here too.
  const signedBytes = Buffer.from(AsnConvert.serialize(new SignedAttributeSet(signerInfo.signedAttrs ?? [])));
  const algorithm = signerInfo.signatureAlgorithm.algorithm;
  if (!SUPPORTED_SIGNATURE_ALGORITHMS.has(algorithm)) {
    throw new Error(`its signature algorithm ${algorithm} is not supported`);
  }
  const publicKey = new X509Certificate(signerCertificateDer).publicKey;
  if (!verify(digestName, signedBytes, publicKey, Buffer.from(signerInfo.signature.buffer))) {
    throw new Error('its signature does not verify');
  }
}

function singleAttributeValue(signerInfo: SignerInfo, type: string): Buffer {
  const values = signerInfo.signedAttrs?.find((attribute) => attribute.attrType === type)?.attrValues ?? [];
  if (values.length !== 1 || !values[0]) throw new Error(`it must have exactly one ${type} attribute value`);
  return Buffer.from(values[0]);
}

function digestNameOf(oid: string): string {
  const name = DIGEST_NAMES[oid];
  if (!name) throw new Error(`its digest algorithm ${oid} is not supported`);
  return name;
}
