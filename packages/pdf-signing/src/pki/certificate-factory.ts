import { RSA_SIGNING_ALGORITHM, randomPositiveSerial, webCrypto } from './signing-keys';
import { x509 } from './x509-library';

export interface CertificateIssuer {
  certificate: x509.X509Certificate;
  privateKey: CryptoKey;
}

export interface EndEntityRequest {
  issuer: CertificateIssuer;
  subject: x509.JsonName;
  publicKey: CryptoKey;
  validityYears: number;
  now: Date;
}

/** Tolerates clocks a few minutes behind ours (containers, CI runners, a verifier's laptop). */
const CLOCK_SKEW_MS = 5 * 60 * 1000;

export async function issueRootCertificate(
  keys: CryptoKeyPair,
  subject: x509.JsonName,
  validityYears: number,
  now: Date,
): Promise<x509.X509Certificate> {
  const subjectKeyIdentifier = await x509.SubjectKeyIdentifierExtension.create(
    keys.publicKey,
    false,
    webCrypto,
  );
  const validity = validityPeriod(now, validityYears);
  return x509.X509CertificateGenerator.create(
    {
      serialNumber: randomPositiveSerial().toString('hex'),
      subject,
      issuer: subject,
      ...validity,
      publicKey: keys.publicKey,
      signingKey: keys.privateKey,
      signingAlgorithm: RSA_SIGNING_ALGORITHM,
      extensions: [
        new x509.BasicConstraintsExtension(true, undefined, true),
        new x509.KeyUsagesExtension(x509.KeyUsageFlags.keyCertSign | x509.KeyUsageFlags.cRLSign, true),
        subjectKeyIdentifier,
        new x509.AuthorityKeyIdentifierExtension(subjectKeyIdentifier.keyId),
      ],
    },
    webCrypto,
  );
}

/**
 * The chamber's seal. No extended key usage on purpose: poppler/NSS validate PDF signers as
 * "email signer" and reject an EKU list without emailProtection, while Adobe rejects one without
 * emailProtection, documentSigning or anyExtendedKeyUsage; an absent EKU satisfies both.
 */
export async function issueSealCertificate(request: EndEntityRequest): Promise<x509.X509Certificate> {
  return issueEndEntity(request, [
    new x509.KeyUsagesExtension(
      x509.KeyUsageFlags.digitalSignature | x509.KeyUsageFlags.nonRepudiation,
      true,
    ),
  ]);
}

/** RFC 3161 §2.3: the TSA certificate has exactly one EKU, id-kp-timeStamping, marked critical. */
export async function issueTimestampingCertificate(request: EndEntityRequest): Promise<x509.X509Certificate> {
  return issueEndEntity(request, [
    new x509.KeyUsagesExtension(x509.KeyUsageFlags.digitalSignature, true),
    new x509.ExtendedKeyUsageExtension([x509.ExtendedKeyUsage.timeStamping], true),
  ]);
}

async function issueEndEntity(
  request: EndEntityRequest,
  usageExtensions: x509.Extension[],
): Promise<x509.X509Certificate> {
  const { issuer } = request;
  const validity = validityPeriod(request.now, request.validityYears);
  return x509.X509CertificateGenerator.create(
    {
      serialNumber: randomPositiveSerial().toString('hex'),
      subject: request.subject,
      issuer: issuer.certificate.subjectName,
      notBefore: validity.notBefore,
      notAfter: earliest(validity.notAfter, issuer.certificate.notAfter),
      publicKey: request.publicKey,
      signingKey: issuer.privateKey,
      signingAlgorithm: RSA_SIGNING_ALGORITHM,
      extensions: [
        new x509.BasicConstraintsExtension(false, undefined, false),
        ...usageExtensions,
        await x509.SubjectKeyIdentifierExtension.create(request.publicKey, false, webCrypto),
        new x509.AuthorityKeyIdentifierExtension(subjectKeyIdentifierOf(issuer.certificate)),
      ],
    },
    webCrypto,
  );
}

function subjectKeyIdentifierOf(certificate: x509.X509Certificate): string {
  const extension = certificate.getExtension(x509.SubjectKeyIdentifierExtension);
  if (!extension) {
    throw new Error('the issuing certificate has no subject key identifier');
  }
  return extension.keyId;
}

function validityPeriod(now: Date, years: number): { notBefore: Date; notAfter: Date } {
  const notBefore = new Date(now.getTime() - CLOCK_SKEW_MS);
  const notAfter = new Date(notBefore);
  notAfter.setUTCFullYear(notAfter.getUTCFullYear() + years);
  return { notBefore, notAfter };
}

function earliest(first: Date, second: Date): Date {
  return first.getTime() <= second.getTime() ? first : second;
}
