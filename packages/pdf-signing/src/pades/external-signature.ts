import { createHash, verify, X509Certificate, type KeyObject } from 'node:crypto';
import { SignatureAlgorithmIdentifier } from '@peculiar/asn1-cms';
import { AsnConvert, OctetString } from '@peculiar/asn1-schema';
import {
  assembleSignedData,
  decodeSignedAttributes,
  encodeSignedAttributes,
  signedAttributesFor,
} from '../pki/cms-signed-data';
import { sequence, unsignedInteger } from '../pki/der';
import { OID } from '../pki/oids';
import type { TimestampAuthority } from '../pki/timestamp-authority';
import type { AppearanceReport } from './appearance/appearance-stream';
import { revisionBytes, type PdfRevision } from './pdf-revision';
import { writePlaceholderUpdate } from './signature-placeholder';
import { buildUpdate, estimateSignatureSize, type SignPdfOptions } from './sign-pdf';

/** A signer whose key is elsewhere (a trust-service provider): only its certificates are here. */
export interface ExternalSigner {
  certificateDer: Buffer;
  /** Issuer certificates, closest first. */
  chainDer: Buffer[];
}

export interface ExternalSignatureOptions extends Omit<SignPdfOptions, 'signer' | 'timestampAuthority'> {
  signer: ExternalSigner;
  /** Room for a signature time-stamp to be added when the signature is completed (B-T). */
  timestamped: boolean;
}

/**
 * The first half of a signature made elsewhere: the file with the signature's update and an empty
 * /Contents, the CMS signed attributes over what the ByteRange covers, and the SHA-256 of their DER, which
 * is what the provider signs. Store it whole until the provider answers; nothing in it is secret.
 */
export interface PreparedExternalSignature {
  pdf: Buffer;
  /** Where /Contents' hexadecimal digits start in `pdf`, and how many bytes they hold. */
  contentsOffset: number;
  reservedBytes: number;
  signedAttributes: Buffer;
  toBeSignedSha256: Buffer;
  fieldName: string;
  appearance?: AppearanceReport;
}

/** Why a signature made elsewhere was not embedded; the file is left as it was. */
export class ExternalSignatureError extends Error {
  constructor(
    readonly code:
      'PREPARED_FILE_CHANGED' | 'SIGNATURE_DOES_NOT_VERIFY' | 'UNSUPPORTED_KEY' | 'SIGNATURE_TOO_LARGE',
    message: string,
  ) {
    super(message);
    this.name = 'ExternalSignatureError';
  }
}

/** Bytes a provider's time-stamp token may take: larger than our own authority's, with its chain. */
const PROVIDER_TIMESTAMP_ALLOWANCE = 16 * 1024;

/** Lays out the signature's update (field, widget, appearance, dictionary) and what is to be signed. */
export function prepareExternalSignature(
  revision: PdfRevision,
  options: ExternalSignatureOptions,
): PreparedExternalSignature {
  const signingTime = options.signingTime ?? new Date();
  const certificates = [options.signer.certificateDer, ...options.signer.chainDer];
  const reservedBytes =
    options.reservedBytes ??
    estimateSignatureSize(certificates, false) + (options.timestamped ? PROVIDER_TIMESTAMP_ALLOWANCE : 0);
  let fieldName = '';
  let appearance: AppearanceReport | undefined;
  const prepared = writePlaceholderUpdate((reserved) => {
    const built = buildUpdate(revision, options, signingTime, reserved);
    fieldName = built.fieldName;
    appearance = built.report;
    return built;
  }, reservedBytes);
  const pdf = Buffer.concat([revisionBytes(revision), prepared.written.tail]);
  const signedAttributes = encodeSignedAttributes(
    signedAttributesFor(OID.data, prepared.coveredDigest, options.signer.certificateDer),
  );
  return {
    pdf,
    contentsOffset: revision.length + prepared.contentsStart + 1,
    // contentsStart is the "<", contentsEnd just after the ">".
    reservedBytes: (prepared.contentsEnd - prepared.contentsStart - 2) / 2,
    signedAttributes,
    toBeSignedSha256: createHash('sha256').update(signedAttributes).digest(),
    fieldName,
    appearance,
  };
}

/**
 * The second half: checks the provider's signature value against the signed attributes and the signer's
 * certificate (refused, never embedded, when it does not verify), checks the stored file still hashes to
 * the attributes' message digest, adds a signature time-stamp when an authority is given, and writes the
 * CMS into /Contents. Returns the signed file: the prepared bytes with /Contents filled, nothing else.
 */
export async function completeExternalSignature(
  prepared: Pick<PreparedExternalSignature, 'pdf' | 'contentsOffset' | 'reservedBytes' | 'signedAttributes'>,
  signer: ExternalSigner,
  signatureValue: Buffer,
  timestampAuthority?: TimestampAuthority,
): Promise<Buffer> {
  const { pdf, contentsOffset, reservedBytes } = prepared;
  const contentsEnd = contentsOffset + reservedBytes * 2;
  if (
    pdf[contentsOffset - 1] !== 0x3c /* < */ ||
    pdf[contentsEnd] !== 0x3e /* > */ ||
    /[^0]/.test(pdf.toString('latin1', contentsOffset, contentsEnd))
  ) {
    throw new ExternalSignatureError(
      'PREPARED_FILE_CHANGED',
      'the prepared file has no empty signature place',
    );
  }
  const covered = createHash('sha256')
    .update(pdf.subarray(0, contentsOffset - 1))
    .update(pdf.subarray(contentsEnd + 1))
    .digest();
  const attributes = decodeSignedAttributes(prepared.signedAttributes);
  if (!messageDigestOf(attributes).equals(covered)) {
    throw new ExternalSignatureError('PREPARED_FILE_CHANGED', 'the prepared file is not the one authorised');
  }
  const expected = encodeSignedAttributes(signedAttributesFor(OID.data, covered, signer.certificateDer));
  if (!expected.equals(prepared.signedAttributes)) {
    throw new ExternalSignatureError(
      'PREPARED_FILE_CHANGED',
      'the signed attributes name another certificate',
    );
  }
  const { algorithm, signature } = verifiedSignature(
    signer.certificateDer,
    prepared.signedAttributes,
    signatureValue,
  );
  const cms = await assembleSignedData({
    contentType: OID.data,
    encapsulate: false,
    signerCertificateDer: signer.certificateDer,
    certificatesDer: [signer.certificateDer, ...signer.chainDer],
    signedAttributes: attributes,
    algorithm,
    signature: Uint8Array.from(signature).buffer,
    signatureTimestampAuthority: timestampAuthority,
  });
  if (cms.length > reservedBytes) {
    throw new ExternalSignatureError(
      'SIGNATURE_TOO_LARGE',
      'the signature does not fit the space reserved for it',
    );
  }
  const signed = Buffer.from(pdf);
  signed.write(cms.toString('hex').toUpperCase(), contentsOffset, 'latin1');
  return signed;
}

function messageDigestOf(attributes: ReturnType<typeof decodeSignedAttributes>): Buffer {
  const attribute = attributes.find((candidate) => candidate.attrType === OID.messageDigestAttribute);
  const value = attribute?.attrValues[0];
  if (!value)
    throw new ExternalSignatureError('PREPARED_FILE_CHANGED', 'the signed attributes have no digest');
  return Buffer.from(AsnConvert.parse(value, OctetString).buffer);
}

/**
 * The signature algorithm follows the certificate's key: RSA PKCS#1 v1.5 or ECDSA, with SHA-256. ECDSA
 * values come back from providers either DER-encoded or as r‖s; both are accepted, and embedded as DER.
 */
function verifiedSignature(
  certificateDer: Buffer,
  signedAttributes: Buffer,
  value: Buffer,
): { algorithm: SignatureAlgorithmIdentifier; signature: Buffer } {
  const key = new X509Certificate(certificateDer).publicKey;
  if (key.asymmetricKeyType === 'rsa') {
    if (!verify('sha256', signedAttributes, key, value)) throw doesNotVerify();
    return {
      // RFC 4055 §5: the parameters of sha256WithRSAEncryption are an explicit NULL.
      algorithm: new SignatureAlgorithmIdentifier({
        algorithm: OID.sha256WithRsaEncryption,
        parameters: null,
      }),
      signature: value,
    };
  }
  if (key.asymmetricKeyType === 'ec') {
    const algorithm = new SignatureAlgorithmIdentifier({ algorithm: OID.ecdsaWithSha256 });
    if (verifies(signedAttributes, key, value, 'der')) return { algorithm, signature: value };
    if (verifies(signedAttributes, key, value, 'ieee-p1363')) {
      const half = value.length / 2;
      return {
        algorithm,
        signature: sequence(unsignedInteger(value.subarray(0, half)), unsignedInteger(value.subarray(half))),
      };
    }
    throw doesNotVerify();
  }
  throw new ExternalSignatureError(
    'UNSUPPORTED_KEY',
    `keys of type ${key.asymmetricKeyType} are not supported`,
  );
}

function verifies(data: Buffer, key: KeyObject, value: Buffer, dsaEncoding: 'der' | 'ieee-p1363'): boolean {
  try {
    return verify('sha256', data, { key, dsaEncoding }, value);
  } catch {
    return false;
  }
}

function doesNotVerify(): ExternalSignatureError {
  return new ExternalSignatureError(
    'SIGNATURE_DOES_NOT_VERIFY',
    "the signature does not verify against the authorised hash and the signer's certificate",
  );
}
