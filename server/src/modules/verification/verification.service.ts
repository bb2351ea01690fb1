import { Inject, Injectable } from '@nestjs/common';
import { createHash, X509Certificate } from 'node:crypto';
import {
  ErrorCode,
  type PadesLevel,
  type VerificationReport,
  type VerifiedSignatureView,
} from '@esign/shared';
import { AppException } from '../../common/app-exception';
import { AuditService } from '../audit/audit.service';
import { SignatureRequestStore } from '../signatures/signature-request-store';
import { SEAL_MATERIAL, TRUST_BUNDLE, type TrustBundle } from '../pki/pki.module';
import {
  type SealMaterial,
  hasValidationData,
  revisionEnds,
  scanPdfSignatures,
  type FoundSignature,
  checkSignature,
  rootsFromPem,
  type CheckedSignature,
} from '@esign/pdf-signing';

const sha256 = (bytes: Buffer): string => createHash('sha256').update(bytes).digest('hex');
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

/**
 * Verification of any PDF a person hands in: each signature checked against this platform's trust
 * anchors, and whether the file (or a revision of it) is a final document the platform sealed, by the
 * SHA-256 recorded at sealing. Only public facts are answered: a title and dates, never parties' data.
 */
@Injectable()
export class VerificationService {
  private readonly roots: X509Certificate[];
  private readonly sealFingerprint: string;

  constructor(
    private readonly requests: SignatureRequestStore,
    private readonly audit: AuditService,
    @Inject(TRUST_BUNDLE) trust: TrustBundle,
    @Inject(SEAL_MATERIAL) seal: SealMaterial,
  ) {
    this.roots = rootsFromPem(trust.pem);
    this.sealFingerprint = new X509Certificate(seal.seal.certificateDer).subject;
  }

  async verify(pdf: Buffer): Promise<VerificationReport> {
    if (!pdf.subarray(0, 1024).includes('%PDF-')) throw new AppException(ErrorCode.NOT_A_PDF);
    const found = scanPdfSignatures(pdf);
    const withDss = hasValidationData(pdf);
    const sealSubject = /(?:^|\n)CN=([^\n]+)/.exec(this.sealFingerprint)?.[1];
    const signatures: VerifiedSignatureView[] = found.map((item) => {
      const checked = checkSignature(item, this.roots);
      const kind =
        checked.kind === 'timestamp' ? 'timestamp' : checked.signer === sealSubject ? 'seal' : 'signature';
      return {
        kind,
        signer: checked.signer,
        signedAt: checked.signedAt,
        valid: checked.intact && checked.trusted,
        intact: checked.intact,
        trusted: checked.trusted,
        level: levelOf(item, checked, found, withDss),
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
    });
    return { signatures, ...(await this.platformRecord(pdf)) };
  }

  private async platformRecord(pdf: Buffer): Promise<Omit<VerificationReport, 'signatures'>> {
    const whole = sha256(pdf);
    const candidates = [
      whole,
      ...revisionEnds(pdf)
        .filter((end) => end < pdf.length)
        .map((end) => sha256(pdf.subarray(0, end))),
    ];
    const rows = await this.requests.findSealed(candidates);
    const record = rows.find((row) => row.finalSha256 === whole) ?? rows[0];
    if (!record) return { sealedByPlatform: false, unchangedSinceSeal: false, auditChainValid: null };
    const chain = await this.audit.verify(record.id);
    return {
      sealedByPlatform: true,
      unchangedSinceSeal: record.finalSha256 === whole,
      auditChainValid: chain.valid,
      requestTitle: record.title,
      sealedAt: record.sealedAt.toISOString(),
    };
  }
}
