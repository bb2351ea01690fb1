import { createHash } from 'node:crypto';
import { derToPem } from './pem';
import type { SigningIdentity } from './pki-material';
import { DEFAULT_SIGNATORY_KEYS, generateSignatoryKeyPair, type SignatoryKeyType } from './signatory-keys';
import { randomPositiveSerial, webCrypto } from './signing-keys';
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

/**
 * Issues a short-lived certificate for one signatory and one ADVANCED signature (eIDAS art. 26) under
 * `ca`, for a key pair of its own (ECDSA P-256 or RSA-3072, see signatory-keys.ts); the CA signs with its own
 * key's algorithm. Key usage nonRepudiation + digitalSignature; extended key usage emailProtection (what
 * poppler/NSS check for PDF signers) and id-kp-documentSigning (RFC 9336).
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
  const issuer = issuerCertificate(ca);
  const now = request.now ?? new Date();
  const notBefore = new Date(now.getTime() - CLOCK_SKEW_MS);
  const requestedEnd = new Date(now.getTime() + minutes * 60 * 1000);
  const notAfter = requestedEnd < issuer.notAfter ? requestedEnd : issuer.notAfter;
  const serialHex = randomPositiveSerial().toString('hex');
  const certificate = await x509.X509CertificateGenerator.create(
    {
      serialNumber: serialHex,
      subject: subjectName(request),
      issuer: issuer.subjectName,
      notBefore,
      notAfter,
      publicKey: keys.publicKey,
      signingKey: ca.privateKey,
      signingAlgorithm: signingAlgorithmFor(ca.privateKey),
      extensions: await extensions(request, keys.publicKey, issuer),
    },
    webCrypto,
  );
  const certificateDer = Buffer.from(certificate.rawData);
  return {
    identity: {
      certificatePem: derToPem(certificateDer, 'CERTIFICATE'),
      certificateDer,
      chainDer: [ca.certificateDer, ...ca.chainDer],
      privateKey: keys.privateKey,
    },
    serialHex,
    fingerprintSha256: createHash('sha256').update(certificateDer).digest('hex'),
    notBefore,
    notAfter,
  };
}

/** The CA's certificate, parsed once per CA (a worker issues many certificates under the same one). */
const parsedIssuers = new WeakMap<Buffer, x509.X509Certificate>();
function issuerCertificate(ca: SigningIdentity): x509.X509Certificate {
  let parsed = parsedIssuers.get(ca.certificateDer);
  if (!parsed) {
    parsed = new x509.X509Certificate(Uint8Array.from(ca.certificateDer));
    parsedIssuers.set(ca.certificateDer, parsed);
  }
  return parsed;
}

function subjectName(request: SignatoryCertificateRequest): x509.JsonName {
  const country = request.countryName ? [{ C: [request.countryName] }] : [];
  return [...country, { CN: [request.commonName] }];
}

async function extensions(
  request: SignatoryCertificateRequest,
  publicKey: CryptoKey,
  issuer: x509.X509Certificate,
): Promise<x509.Extension[]> {
  const issuerKeyId = issuer.getExtension(x509.SubjectKeyIdentifierExtension)?.keyId;
  if (!issuerKeyId) throw new Error('the issuing certificate has no subject key identifier');
  const result: x509.Extension[] = [
    new x509.BasicConstraintsExtension(false, undefined, true),
    new x509.KeyUsagesExtension(
      x509.KeyUsageFlags.digitalSignature | x509.KeyUsageFlags.nonRepudiation,
      true,
    ),
    new x509.ExtendedKeyUsageExtension([x509.ExtendedKeyUsage.emailProtection, DOCUMENT_SIGNING_KEY_PURPOSE]),
    await x509.SubjectKeyIdentifierExtension.create(publicKey, false, webCrypto),
    new x509.AuthorityKeyIdentifierExtension(issuerKeyId),
  ];
  if (request.emailAddress) {
    result.push(new x509.SubjectAlternativeNameExtension([{ type: 'email', value: request.emailAddress }]));
  }
  if (request.crlDistributionPointUrl) {
    result.push(new x509.CRLDistributionPointsExtension([request.crlDistributionPointUrl]));
  }
  return result;
}

/** SHA-256 with the CA key's own algorithm: RSA PKCS#1 v1.5 or ECDSA. */
export function signingAlgorithmFor(key: CryptoKey): RsaHashedImportParams | EcdsaParams {
  if (key.algorithm.name === 'ECDSA') return { name: 'ECDSA', hash: 'SHA-256' };
  return { name: 'RSASSA-PKCS1-v1_5', hash: 'SHA-256' };
}
