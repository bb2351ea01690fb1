import { createHash, KeyObject, sign } from 'node:crypto';
import {
  NULL,
  TRUE,
  bitString,
  der,
  derBytes,
  derChildren,
  derElement,
  directoryString,
  explicit,
  objectIdentifier,
  octetString,
  sequence,
  set,
  time,
  unsignedInteger,
} from './der';
import { derToPem } from './pem';
import { QC_STATEMENTS_EXTENSION, qualifiedSignatureStatements } from './qualified-statements';
import type { SigningIdentity } from './pki-material';
import { DEFAULT_SIGNATORY_KEYS, generateSignatoryKeyPair, type SignatoryKeyType } from './signatory-keys';
import { randomPositiveSerial } from './signing-keys';
import { x509 } from './x509-library';

/** RFC 9336 id-kp-documentSigning. */
export const DOCUMENT_SIGNING_KEY_PURPOSE = '1.3.6.1.5.5.7.3.36';

export interface SignatoryCertificateRequest {
  /** The signatory's name as verified by the platform. */
  commonName: string;
  /** Short-lived by design: one certificate for one signature. */
  validityMinutes: number;
  emailAddress?: string;
  /** ISO 3166 two-letter code. */
  countryName?: string;
  /** Written as the certificate's CRL distribution point, for validators that fetch revocation data. */
  crlDistributionPointUrl?: string;
  now?: Date;
  /**
   * The certified key pair, used for this one certificate (see SignatoryKeySource); without it a new pair of
   * `keyType` (default ECDSA P-256) is made here.
   */
  keys?: CryptoKeyPair;
  keyType?: SignatoryKeyType;
  /**
   * Adds the QcStatements of a qualified certificate for electronic signatures in a QSCD (ETSI EN 319
   * 412-5). Only a qualified trust-service provider may issue such a certificate: the product's own CA never
   * sets it; test stand-ins of a provider do.
   */
  qualified?: boolean;
}

export interface IssuedSignatoryCertificate {
  /** With a private key of its own that cannot be exported: it signs once and is dropped. */
  identity: SigningIdentity;
  serialHex: string;
  /** SHA-256 of the DER certificate, lower-case hexadecimal. */
  fingerprintSha256: string;
  notBefore: Date;
  notAfter: Date;
}

/** Tolerates clocks a few minutes behind ours, as the other certificates of this module do. */
const CLOCK_SKEW_MS = 5 * 60 * 1000;
const MAX_VALIDITY_MINUTES = 7 * 24 * 60;

const OIDS = {
  sha256WithRsaEncryption: '1.2.840.113549.1.1.11',
  ecdsaWithSha256: '1.2.840.10045.4.3.2',
  countryName: '2.5.4.6',
  commonName: '2.5.4.3',
  basicConstraints: '2.5.29.19',
  keyUsage: '2.5.29.15',
  extendedKeyUsage: '2.5.29.37',
  emailProtection: '1.3.6.1.5.5.7.3.4',
  subjectKeyIdentifier: '2.5.29.14',
  authorityKeyIdentifier: '2.5.29.35',
  subjectAltName: '2.5.29.17',
  crlDistributionPoints: '2.5.29.31',
} as const;

/**
 * Issues a short-lived certificate for one signatory and one ADVANCED signature (eIDAS art. 26) under
 * `ca`, for a key pair of its own (ECDSA P-256 or RSA-3072, see signatory-keys.ts); the CA signs with SHA-256
 * and its own key's algorithm. Key usage nonRepudiation + digitalSignature (critical); extended key usage
 * emailProtection (what poppler/NSS check for PDF signers) and id-kp-documentSigning (RFC 9336); subject
 * and authority key identifiers; the e-mail address and a CRL distribution point when given. The
 * certificate is written directly in DER (one signature by the CA, no ASN.1 object model in between).
 */
export async function issueSignatoryCertificate(
  ca: SigningIdentity,
  request: SignatoryCertificateRequest,
): Promise<IssuedSignatoryCertificate> {
  const minutes = request.validityMinutes;
  if (!Number.isFinite(minutes) || minutes <= 0 || minutes > MAX_VALIDITY_MINUTES) {
    throw new Error(`validityMinutes must be between 1 and ${MAX_VALIDITY_MINUTES}`);
  }
  if (!request.commonName.trim()) throw new Error('the common name is empty');
  const keys =
    request.keys ?? (await generateSignatoryKeyPair(request.keyType ?? DEFAULT_SIGNATORY_KEYS.type));
  const issuer = issuerOf(ca);
  const now = request.now ?? new Date();
  const notBefore = new Date(now.getTime() - CLOCK_SKEW_MS);
  const requestedEnd = new Date(now.getTime() + minutes * 60 * 1000);
  const notAfter = requestedEnd < issuer.notAfter ? requestedEnd : issuer.notAfter;
  const serial = randomPositiveSerial();
  const publicKeyInfo = KeyObject.from(keys.publicKey).export({ type: 'spki', format: 'der' });
  const tbs = sequence(
    explicit(0, unsignedInteger(Buffer.from([2]))),
    unsignedInteger(serial),
    issuer.algorithm,
    issuer.subject,
    sequence(time(notBefore), time(notAfter)),
    subjectName(request),
    publicKeyInfo,
    explicit(3, sequence(...extensions(request, publicKeyInfo, issuer.keyId))),
  );
  const signature = sign('sha256', tbs, { key: issuer.key, dsaEncoding: 'der' });
  const certificateDer = sequence(tbs, issuer.algorithm, bitString(signature));
  return {
    identity: {
      certificatePem: derToPem(certificateDer, 'CERTIFICATE'),
      certificateDer,
      chainDer: [ca.certificateDer, ...ca.chainDer],
      privateKey: keys.privateKey,
    },
    serialHex: serial.toString('hex'),
    fingerprintSha256: createHash('sha256').update(certificateDer).digest('hex'),
    notBefore,
    notAfter,
  };
}

interface Issuer {
  /** The CA certificate's subject, as encoded there: the issuer of what it signs. */
  subject: Buffer;
  /** The CA's subject key identifier, for the authority key identifier. */
  keyId: Buffer;
  notAfter: Date;
  key: KeyObject;
  /** AlgorithmIdentifier of the CA's signatures: SHA-256 with RSA (PKCS#1 v1.5) or with ECDSA. */
  algorithm: Buffer;
}

/** What issuing needs of a CA, read once per CA (a worker issues many certificates under the same one). */
const issuers = new WeakMap<Buffer, Issuer>();

function issuerOf(ca: SigningIdentity): Issuer {
  const known = issuers.get(ca.certificateDer);
  if (known) return known;
  const certificate = new x509.X509Certificate(Uint8Array.from(ca.certificateDer));
  const keyId = certificate.getExtension(x509.SubjectKeyIdentifierExtension)?.keyId;
  if (!keyId) throw new Error('the issuing certificate has no subject key identifier');
  const der = ca.certificateDer;
  const tbs = derChildren(der, derElement(der, 0))[0];
  const fields = tbs ? derChildren(der, tbs) : [];
  // [0] version, serialNumber, signature, issuer, validity, subject, ...
  const subject = fields[fields[0]?.tag === 0xa0 ? 5 : 4];
  if (!subject) throw new Error('the issuing certificate has no subject');
  const algorithm =
    signingAlgorithmFor(ca.privateKey).name === 'ECDSA'
      ? sequence(objectIdentifier(OIDS.ecdsaWithSha256))
      : sequence(objectIdentifier(OIDS.sha256WithRsaEncryption), NULL);
  const issuer: Issuer = {
    subject: derBytes(der, subject),
    keyId: Buffer.from(keyId, 'hex'),
    notAfter: certificate.notAfter,
    key: KeyObject.from(ca.privateKey),
    algorithm,
  };
  issuers.set(ca.certificateDer, issuer);
  return issuer;
}

function subjectName(request: SignatoryCertificateRequest): Buffer {
  const attribute = (type: string, value: Buffer): Buffer => set(sequence(objectIdentifier(type), value));
  const country = request.countryName
    ? [attribute(OIDS.countryName, der(0x13, Buffer.from(request.countryName, 'latin1')))]
    : [];
  return sequence(...country, attribute(OIDS.commonName, directoryString(request.commonName)));
}

function extension(type: string, critical: boolean, value: Buffer): Buffer {
  return sequence(objectIdentifier(type), ...(critical ? [TRUE] : []), octetString(value));
}

function extensions(
  request: SignatoryCertificateRequest,
  publicKeyInfo: Buffer,
  issuerKeyId: Buffer,
): Buffer[] {
  // RFC 5280 §4.2.1.2 method 1: SHA-1 of the subjectPublicKey bits (the BIT STRING's content after its
  // unused-bits octet), as the other certificates of this module have it.
  const [, publicKey] = derChildren(publicKeyInfo, derElement(publicKeyInfo, 0));
  if (!publicKey) throw new Error('the public key cannot be read');
  const keyId = createHash('sha1')
    .update(publicKeyInfo.subarray(publicKey.start + 1, publicKey.end))
    .digest();
  const result = [
    extension(OIDS.basicConstraints, true, sequence()),
    // digitalSignature (0) and nonRepudiation (1): 0b11000000, six unused bits.
    extension(OIDS.keyUsage, true, bitString(Buffer.from([0xc0]), 6)),
    extension(
      OIDS.extendedKeyUsage,
      false,
      sequence(objectIdentifier(OIDS.emailProtection), objectIdentifier(DOCUMENT_SIGNING_KEY_PURPOSE)),
    ),
    extension(OIDS.subjectKeyIdentifier, false, octetString(keyId)),
    extension(OIDS.authorityKeyIdentifier, false, sequence(der(0x80, issuerKeyId))),
  ];
  if (request.emailAddress) {
    result.push(
      extension(OIDS.subjectAltName, false, sequence(der(0x81, Buffer.from(request.emailAddress, 'utf8')))),
    );
  }
  if (request.qualified) {
    result.push(extension(QC_STATEMENTS_EXTENSION, false, qualifiedSignatureStatements()));
  }
  if (request.crlDistributionPointUrl) {
    const uri = der(0x86, Buffer.from(request.crlDistributionPointUrl, 'utf8'));
    result.push(extension(OIDS.crlDistributionPoints, false, sequence(sequence(der(0xa0, der(0xa0, uri))))));
  }
  return result;
}

/** SHA-256 with the CA key's own algorithm: RSA PKCS#1 v1.5 or ECDSA. */
export function signingAlgorithmFor(key: CryptoKey): RsaHashedImportParams | EcdsaParams {
  if (key.algorithm.name === 'ECDSA') return { name: 'ECDSA', hash: 'SHA-256' };
  return { name: 'RSASSA-PKCS1-v1_5', hash: 'SHA-256' };
}
