import { X509Certificate } from 'node:crypto';
import { type SignerInfo } from '@peculiar/asn1-cms';
import {
  digestOf,
  qualifiedStatementsOf,
  verifySignedData,
  verifyTimestampTokenIntegrity,
  type QualifiedStatements,
} from '../pki';
import { type FoundSignature } from './pdf-signature-scan';

/** id-aa-signatureTimeStampToken (RFC 3161 appendix A): the B-T level's time-stamp. */
const SIGNATURE_TIMESTAMP = '1.2.840.113549.1.9.16.2.14';
const MAX_CHAIN = 6;

export type SignatureKind = 'signature' | 'timestamp';

export interface CheckedSignature {
  kind: SignatureKind;
  signer: string | null;
  /** The time-stamp's time when there is one, else the claimed /M time. */
  signedAt: string | null;
  /** The bytes are those signed and the signature verifies. */
  intact: boolean;
  /** The signer's certificate chains to one of the trusted roots. */
  trusted: boolean;
  timestamped: boolean;
  /** The signer certificate's issuer (its organisation, else its common name), for signatures. */
  issuer?: string | null;
  /** What the signer's certificate claims of itself (QcStatements), for signatures. */
  statements?: QualifiedStatements;
  problem?: string;
}

function commonName(certificateDer: Buffer): string {
  const subject = new X509Certificate(certificateDer).subject;
  return /(?:^|\n)CN=([^\n]+)/.exec(subject)?.[1] ?? subject;
}

/** Who issued a certificate, as a person would name them: the organisation, else the common name. */
function issuerName(certificateDer: Buffer): string {
  const issuer = new X509Certificate(certificateDer).issuer;
  return /(?:^|\n)O=([^\n]+)/.exec(issuer)?.[1] ?? /(?:^|\n)CN=([^\n]+)/.exec(issuer)?.[1] ?? issuer;
}

/** Walks issuers among the carried certificates up to a trusted root, checking each signature. */
export function chainsToTrustedRoot(
  certificateDer: Buffer,
  pool: Buffer[],
  roots: X509Certificate[],
): boolean {
  const candidates = pool.map((der) => new X509Certificate(der));
  let current = new X509Certificate(certificateDer);
  for (let depth = 0; depth < MAX_CHAIN; depth += 1) {
    const root = roots.find((anchor) => current.checkIssued(anchor) && current.verify(anchor.publicKey));
    if (root) return true;
    const issuer = candidates.find(
      (candidate) => candidate.fingerprint256 !== current.fingerprint256 && current.checkIssued(candidate),
    );
    if (!issuer || !current.verify(issuer.publicKey)) return false;
    current = issuer;
  }
  return false;
}

function signatureTimestamp(signerInfo: SignerInfo): Buffer | undefined {
  const value = signerInfo.unsignedAttrs?.find((attribute) => attribute.attrType === SIGNATURE_TIMESTAMP)
    ?.attrValues[0];
  return value ? Buffer.from(value) : undefined;
}

function checkTimestampOver(
  token: Buffer,
  imprintOf: Uint8Array | readonly Uint8Array[],
  roots: X509Certificate[],
) {
  const verified = verifyTimestampTokenIntegrity(token);
  const imprint = Buffer.from(verified.tstInfo.messageImprint.hashedMessage);
  if (!imprint.equals(digestOf('sha256', imprintOf))) {
    throw new Error('the time-stamp is over other data');
  }
  return {
    genTime: verified.tstInfo.genTime.toISOString(),
    trusted: chainsToTrustedRoot(verified.signerCertificateDer, [], roots),
    signer: commonName(verified.signerCertificateDer),
  };
}

/** Checks one signature or document time-stamp of a PDF, as a relying party with `roots` would. */
export function checkSignature(found: FoundSignature, roots: X509Certificate[]): CheckedSignature {
  const kind: SignatureKind = found.subFilter === 'ETSI.RFC3161' ? 'timestamp' : 'signature';
  const failed = (problem: string): CheckedSignature => ({
    kind,
    signer: null,
    signedAt: found.claimedTime,
    intact: false,
    trusted: false,
    timestamped: false,
    problem,
  });
  if (found.signedRanges.length === 0 || found.contents.length === 0) return failed('malformed byte range');
  try {
    if (kind === 'timestamp') {
      const stamp = checkTimestampOver(found.contents, found.signedRanges, roots);
      return {
        kind,
        signer: stamp.signer,
        signedAt: stamp.genTime,
        intact: true,
        trusted: stamp.trusted,
        timestamped: true,
      };
    }
    // The ranges are hashed where they lie in the file: checking a signature copies none of what it covers.
    const verified = verifySignedData(found.contents, { detachedContent: found.signedRanges });
    const token = signatureTimestamp(verified.signerInfo);
    const stamp = token
      ? checkTimestampOver(token, Buffer.from(verified.signerInfo.signature.buffer), roots)
      : undefined;
    return {
      kind,
      signer: commonName(verified.signerCertificateDer),
      signedAt: stamp?.genTime ?? found.claimedTime,
      intact: true,
      trusted: chainsToTrustedRoot(verified.signerCertificateDer, verified.certificatesDer, roots),
      timestamped: Boolean(stamp),
      issuer: issuerName(verified.signerCertificateDer),
      statements: qualifiedStatementsOf(verified.signerCertificateDer),
    };
  } catch (error) {
    return failed(error instanceof Error ? error.message : 'unreadable signature');
  }
}

/** The trusted roots of a PEM bundle. */
export function rootsFromPem(pem: string): X509Certificate[] {
  const blocks = pem.match(/-----BEGIN CERTIFICATE-----[\s\S]+?-----END CERTIFICATE-----/g) ?? [];
  return blocks.map((block) => new X509Certificate(block));
}
