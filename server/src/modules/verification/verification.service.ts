import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { createHash, X509Certificate } from 'node:crypto';
import { type DataSource } from 'typeorm';
import {
  ErrorCode,
  type PadesLevel,
  type VerificationReport,
  type VerifiedSignatureView,
} from '@esign/shared';
import { AppException } from '../../common/app-exception';
import { AuditService } from '../audit/audit.service';
import { SEAL_MATERIAL, TRUST_BUNDLE, type TrustBundle } from '../pki/pki.module';
import { type SealMaterial } from '../pki';
import {
  hasValidationData,
  revisionEnds,
  scanPdfSignatures,
  type FoundSignature,
} from './pdf-signature-scan';
import { checkSignature, rootsFromPem, type CheckedSignature } from './signature-validation';

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
    @InjectDataSource() private readonly dataSource: DataSource,
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
    const rows = await this.dataSource.query<
      { id: string; title: string; sealed_at: Date; final_sha256: string }[]
    >(
      `SELECT id, title, sealed_at, final_sha256 FROM signature_request WHERE final_sha256 = ANY($1) AND status = 'SIGNED'`,
      [candidates],
    );
    const record = rows.find((row) => row.final_sha256 === whole) ?? rows[0];
    if (!record) return { sealedByPlatform: false, unchangedSinceSeal: false, auditChainValid: null };
    const chain = await this.audit.verify(record.id);
    return {
      sealedByPlatform: true,
      unchangedSinceSeal: record.final_sha256 === whole,
      auditChainValid: chain.valid,
      requestTitle: record.title,
      sealedAt: new Date(record.sealed_at).toISOString(),
    };
  }
}
