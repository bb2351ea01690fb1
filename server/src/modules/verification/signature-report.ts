import { type PadesLevel, type VerifiedSignatureView } from '@esign/shared';
import {
  checkSignature,
  hasValidationData,
  revisionDigests,
  rootsFromPem,
  scanPdfSignatures,
  type CheckedSignature,
  type FoundSignature,
} from '@esign/pdf-signing';

/** What a PDF process needs to check a file's signatures as the platform would. */
export interface SignatureReportInput {
  /** The platform's trust anchors (PEM). */
  trustPem: string;
  /** The common name of the platform's seal certificate: its signatures are reported as the seal. */
  sealCommonName: string | null;
}

/** What the file's bytes say, before the platform's records are asked. */
export interface SignatureReport {
  signatures: VerifiedSignatureView[];
  /** SHA-256 of the whole file, then of each of its first revisions: what the sealed records are matched on. */
  revisionDigests: string[];
}

const rangeEnd = (found: FoundSignature): number => found.byteRange[2] + found.byteRange[3];

function levelOf(
  found: FoundSignature,
  checked: CheckedSignature,
  all: FoundSignature[],
  withDss: boolean,
): PadesLevel | null {
  if (checked.kind === 'timestamp' || !checked.intact) return null;
  if (!checked.timestamped) return 'B-B';
  const laterTimestamp = all.some(
    (other) => other.subFilter === 'ETSI.RFC3161' && rangeEnd(other) > rangeEnd(found),
  );
  if (withDss && laterTimestamp) return 'B-LTA';
  return withDss ? 'B-LT' : 'B-T';
}

function viewOf(checked: CheckedSignature, sealCommonName: string | null): VerifiedSignatureView {
  const kind =
    checked.kind === 'timestamp' ? 'timestamp' : checked.signer === sealCommonName ? 'seal' : 'signature';
  return {
    kind,
    signer: checked.signer,
    signedAt: checked.signedAt,
    valid: checked.intact && checked.trusted,
    intact: checked.intact,
    trusted: checked.trusted,
    level: null,
    ...(checked.issuer !== undefined ? { issuer: checked.issuer } : {}),
    ...(checked.statements
      ? {
          qualified: {
            certificate: checked.statements.qcCompliance && checked.statements.forSignatures,
            qscd: checked.statements.qcSscd,
          },
        }
      : {}),
    ...(checked.problem ? { problem: checked.problem } : {}),
  };
}

/**
 * Each signature of a file checked against the platform's trust anchors, and the digests of its revisions.
 * Run in a PDF process: a file may hold up to MAX_VERIFIED_SIGNATURES signatures (more throws
 * TooManySignaturesError before any is checked), each covering up to the whole file, hashed in place.
 */
export function signatureReport(pdf: Buffer, input: SignatureReportInput): SignatureReport {
  const found = scanPdfSignatures(pdf);
  const withDss = hasValidationData(pdf);
  const roots = rootsFromPem(input.trustPem);
  const signatures = found.map((item) => {
    const checked = checkSignature(item, roots);
    return { ...viewOf(checked, input.sealCommonName), level: levelOf(item, checked, found, withDss) };
  });
  return { signatures, revisionDigests: revisionDigests(pdf) };
}
