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
  const signedAttributes = signedAttributesFor(
    request.contentType,
    contentDigest(request),
    request.signer.certificateDer,
  );
  const { algorithm, signature } = await signAttributes(signedAttributes, request.signer.privateKey);
  return assembleSignedData({
    ...request,
    signerCertificateDer: request.signer.certificateDer,
    signedAttributes,
    algorithm,
    signature,
  });
}

/**
 * The signed attributes of a SignerInfo: content-type, message-digest and signing-certificate-v2, sorted as
 * DER wants. Their DER (`encodeSignedAttributes`) is what the signer's key signs.
 */
export function signedAttributesFor(
  contentType: string,
  digest: Buffer,
  certificateDer: Buffer,
): Attribute[] {
  return sortedForDer([
    contentTypeAttribute(contentType),
    messageDigestAttribute(digest),
    signingCertificateV2Attribute(certificateDer, parseDerCertificate(certificateDer)),
  ]);
}

/** The SET OF encoding of the signed attributes: the bytes a signature covers (RFC 5652 §5.4). */
export function encodeSignedAttributes(attributes: Attribute[]): Buffer {
  return Buffer.from(AsnConvert.serialize(new SignedAttributeSet(attributes)));
}

/** Signed attributes read back from their DER, for a signature value made elsewhere. */
export function decodeSignedAttributes(der: Buffer): Attribute[] {
  return [...AsnConvert.parse(der, SignedAttributeSet)];
}

export interface SignedDataParts {
  contentType: string;
  content?: Buffer;
  encapsulate: boolean;
  signerCertificateDer: Buffer;
  certificatesDer: Buffer[];
  signedAttributes: Attribute[];
  algorithm: SignatureAlgorithmIdentifier;
  signature: ArrayBuffer;
  signatureTimestampAuthority?: TimestampAuthority;
}

/** The ContentInfo around one SignerInfo whose signature value is already made (here, or by a provider). */
export async function assembleSignedData(parts: SignedDataParts): Promise<Buffer> {
  const signerCertificate = parseDerCertificate(parts.signerCertificateDer);
  const { issuer, serialNumber } = signerCertificate.tbsCertificate;
  const signerInfo = new SignerInfo({
    version: CMSVersion.v1,
    sid: new SignerIdentifier({ issuerAndSerialNumber: new IssuerAndSerialNumber({ issuer, serialNumber }) }),
    digestAlgorithm: new DigestAlgorithmIdentifier({ algorithm: OID.sha256 }),
    signedAttrs: parts.signedAttributes,
    signatureAlgorithm: parts.algorithm,
    signature: new OctetString(parts.signature),
    unsignedAttrs: parts.signatureTimestampAuthority
      ? [await signatureTimestampAttribute(parts.signatureTimestampAuthority, parts.signature)]
      : undefined,
  });
  const signedData = new SignedData({
    // RFC 5652 §5.1: version 3 whenever the encapsulated content is not id-data.
    version: parts.contentType === OID.data ? CMSVersion.v1 : CMSVersion.v3,
    digestAlgorithms: new DigestAlgorithmIdentifiers([
      new DigestAlgorithmIdentifier({ algorithm: OID.sha256 }),
    ]),
    encapContentInfo: new EncapsulatedContentInfo({
      eContentType: parts.contentType,
      eContent:
        parts.encapsulate && parts.content
          ? new EncapsulatedContent({ single: new OctetString(parts.content) })
          : undefined,
    }),
    certificates: certificateSet(parts.certificatesDer),
    signerInfos: new SignerInfos([signerInfo]),
  });
  const contentInfo = new ContentInfo({
    contentType: OID.signedData,
    content: AsnConvert.serialize(signedData),
  });
  return Buffer.from(AsnConvert.serialize(contentInfo));
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
  const toBeSigned = new Uint8Array(encodeSignedAttributes(attributes));
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
