import { createHash } from 'node:crypto';
import {
  Attribute,
  CertificateChoices,
  CertificateSet,
  CMSVersion,
  ContentInfo,
  DigestAlgorithmIdentifier,
  DigestAlgorithmIdentifiers,
  EncapsulatedContent,
  EncapsulatedContentInfo,
  IssuerAndSerialNumber,
  SignatureAlgorithmIdentifier,
  SignedData,
  SignerIdentifier,
  SignerInfo,
  SignerInfos,
} from '@peculiar/asn1-cms';
import {
  AsnArray,
  AsnConvert,
  AsnObjectIdentifierConverter,
  AsnType,
  AsnTypeTypes,
  OctetString,
} from '@peculiar/asn1-schema';
import { Certificate, GeneralName } from '@peculiar/asn1-x509';
import { ESSCertIDv2, IssuerSerial, SigningCertificateV2 } from './ess-asn1';
import { OID } from './oids';
import type { SigningIdentity } from './pki-material';
import type { TimestampAuthority } from './timestamp-authority';
import { webCrypto } from './signing-keys';
import { x509 } from './x509-library';

/** The SET OF form of the signed attributes: what the signature covers (RFC 5652 §5.4). */
@AsnType({ type: AsnTypeTypes.Set, itemType: Attribute })
export class SignedAttributeSet extends AsnArray<Attribute> {}

export interface SignedDataRequest {
  /** eContentType, repeated in the content-type signed attribute (RFC 5652 §11.1). */
  contentType: string;
  /** The content; a detached signature may be given its SHA-256 instead (`contentSha256`). */
  content?: Buffer;
  contentSha256?: Buffer;
  /** Inside the SignedData (time-stamp tokens) or detached (PAdES signatures over a byte range). */
  encapsulate: boolean;
  signer: Pick<SigningIdentity, 'certificateDer' | 'privateKey'>;
  /** Certificates carried in the SignedData, usually the signer's first. */
  certificatesDer: Buffer[];
  /**
   * When given, a signature time-stamp (a token over the signature value) is added as an unsigned
   * attribute: the CAdES/PAdES B-T level (ETSI EN 319 122-1 §5.3).
   */
  signatureTimestampAuthority?: TimestampAuthority;
}

/**
 * A DER ContentInfo holding a SignedData with one SignerInfo whose signed attributes are content-type,
 * message-digest and signing-certificate-v2, and nothing else: no signing-time, as PAdES baseline
 * (ETSI EN 319 142-1 §5.2) and RFC 3161 tokens want. Digests are SHA-256.
 */
export async function createSignedData(request: SignedDataRequest): Promise<Buffer> {
  const signerInfo = await createSignerInfo(request);
  const signedData = new SignedData({
    // RFC 5652 §5.1: version 3 whenever the encapsulated content is not id-data.
    version: request.contentType === OID.data ? CMSVersion.v1 : CMSVersion.v3,
    digestAlgorithms: new DigestAlgorithmIdentifiers([
      new DigestAlgorithmIdentifier({ algorithm: OID.sha256 }),
    ]),
    encapContentInfo: new EncapsulatedContentInfo({
      eContentType: request.contentType,
      eContent:
        request.encapsulate && request.content
          ? new EncapsulatedContent({ single: new OctetString(request.content) })
          : undefined,
    }),
    certificates: certificateSet(request.certificatesDer),
    signerInfos: new SignerInfos([signerInfo]),
  });
  const contentInfo = new ContentInfo({
    contentType: OID.signedData,
    content: AsnConvert.serialize(signedData),
  });
  return Buffer.from(AsnConvert.serialize(contentInfo));
}

async function createSignerInfo(request: SignedDataRequest): Promise<SignerInfo> {
  const signerCertificate = parseDerCertificate(request.signer.certificateDer);
  const signedAttributes = sortedForDer([
    contentTypeAttribute(request.contentType),
    messageDigestAttribute(contentDigest(request)),
    signingCertificateV2Attribute(request.signer.certificateDer, signerCertificate),
  ]);
  const { algorithm, signature } = await signAttributes(signedAttributes, request.signer.privateKey);
  const { issuer, serialNumber } = signerCertificate.tbsCertificate;
  return new SignerInfo({
    version: CMSVersion.v1,
    sid: new SignerIdentifier({ issuerAndSerialNumber: new IssuerAndSerialNumber({ issuer, serialNumber }) }),
    digestAlgorithm: new DigestAlgorithmIdentifier({ algorithm: OID.sha256 }),
    signedAttrs: signedAttributes,
    signatureAlgorithm: algorithm,
    signature: new OctetString(signature),
    unsignedAttrs: request.signatureTimestampAuthority
      ? [await signatureTimestampAttribute(request.signatureTimestampAuthority, signature)]
      : undefined,
  });
}

/** The content's SHA-256: computed here, or given by the caller of a detached signature. */
function contentDigest(request: SignedDataRequest): Buffer {
  if (request.content && !request.contentSha256) return sha256(request.content);
  if (request.contentSha256?.length === 32 && !request.content && !request.encapsulate) {
    return request.contentSha256;
  }
  throw new Error('give the content, or for a detached signature its SHA-256, not both');
}

function certificateSet(certificatesDer: Buffer[]): CertificateSet | undefined {
  if (certificatesDer.length === 0) return undefined;
  return new CertificateSet(
    certificatesDer.map((der) => new CertificateChoices({ certificate: parseDerCertificate(der) })),
  );
}

/** RFC 3161 Appendix A: the token time-stamps the SHA-256 of the signature value's octets. */
async function signatureTimestampAttribute(
  authority: TimestampAuthority,
  signature: ArrayBuffer,
): Promise<Attribute> {
  const token = await authority.timestamp({
    hashAlgorithmOid: OID.sha256,
    hashedMessage: sha256(new Uint8Array(signature)),
  });
  return new Attribute({
    attrType: OID.signatureTimestampAttribute,
    attrValues: [Uint8Array.from(token).buffer],
  });
}

/** Certificates parsed (and checked) once per Buffer: a worker signs with the same seal and chain again. */
const parsedCertificates = new WeakMap<Buffer, Certificate>();

/** Parses a certificate and refuses one whose re-encoding would differ, which would break its signature. */
export function parseDerCertificate(der: Buffer): Certificate {
  const known = parsedCertificates.get(der);
  if (known) return known;
  const certificate = AsnConvert.parse(der, Certificate);
  if (!Buffer.from(AsnConvert.serialize(certificate)).equals(der)) {
    throw new Error('the certificate is not DER-encoded');
  }
  parsedCertificates.set(der, certificate);
  return certificate;
}

export function sha256(data: Uint8Array): Buffer {
  return createHash('sha256').update(data).digest();
}

function contentTypeAttribute(contentType: string): Attribute {
  const value = AsnObjectIdentifierConverter.toASN(contentType).toBER(false);
  return new Attribute({ attrType: OID.contentTypeAttribute, attrValues: [value] });
}

function messageDigestAttribute(digest: Buffer): Attribute {
  return new Attribute({
    attrType: OID.messageDigestAttribute,
    attrValues: [new OctetString(digest).toASN().toBER(false)],
  });
}

/**
 * RFC 5035 signing-certificate-v2 binds the signer's certificate to the signature; PAdES baseline
 * requires it and `openssl ts -verify` refuses a token without it (or the v1 attribute).
 */
function signingCertificateV2Attribute(certificateDer: Buffer, certificate: Certificate): Attribute {
  const essCertId = new ESSCertIDv2({
    certHash: Uint8Array.from(sha256(certificateDer)).buffer,
    issuerSerial: new IssuerSerial({
      issuer: [new GeneralName({ directoryName: certificate.tbsCertificate.issuer })],
      serialNumber: certificate.tbsCertificate.serialNumber,
    }),
  });
  const value = AsnConvert.serialize(new SigningCertificateV2({ certs: [essCertId] }));
  return new Attribute({ attrType: OID.signingCertificateV2Attribute, attrValues: [value] });
}

/**
 * DER encodes a SET OF in ascending order of its elements' encodings (X.690 §11.6). Verifiers such as
 * OpenSSL re-encode the signed attributes before checking the signature, so an unsorted set fails there.
 */
function sortedForDer(attributes: Attribute[]): Attribute[] {
  const encoded = attributes.map((attribute) => ({
    attribute,
    der: Buffer.from(AsnConvert.serialize(attribute)),
  }));
  return encoded.sort((left, right) => Buffer.compare(left.der, right.der)).map((entry) => entry.attribute);
}

async function signAttributes(
  attributes: Attribute[],
  privateKey: CryptoKey,
): Promise<{ algorithm: SignatureAlgorithmIdentifier; signature: ArrayBuffer }> {
  const toBeSigned = AsnConvert.serialize(new SignedAttributeSet(attributes));
  if (privateKey.algorithm.name === 'RSASSA-PKCS1-v1_5') {
    return {
      // RFC 4055 §5: the parameters of sha256WithRSAEncryption are an explicit NULL.
      algorithm: new SignatureAlgorithmIdentifier({
        algorithm: OID.sha256WithRsaEncryption,
        parameters: null,
      }),
      signature: await webCrypto.subtle.sign({ name: privateKey.algorithm.name }, privateKey, toBeSigned),
    };
  }
  if (privateKey.algorithm.name === 'ECDSA') {
    const raw = await webCrypto.subtle.sign({ name: 'ECDSA', hash: 'SHA-256' }, privateKey, toBeSigned);
    // WebCrypto returns r||s; CMS wants the DER ECDSA-Sig-Value (RFC 5753 §7.2).
    const signature = new x509.AsnEcSignatureFormatter().toAsnSignature(privateKey.algorithm, raw);
    if (!signature) throw new Error('ECDSA signature could not be encoded');
    return { algorithm: new SignatureAlgorithmIdentifier({ algorithm: OID.ecdsaWithSha256 }), signature };
  }
  throw new Error(`unsupported signing key algorithm ${privateKey.algorithm.name}`);
}
