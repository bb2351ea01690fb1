import { Inject, Injectable } from '@nestjs/common';
import { X509Certificate } from 'node:crypto';
import { ErrorCode, type VerificationReport } from '@esign/shared';
import { AppException } from '../../common/app-exception';
import { AuditService } from '../audit/audit.service';
import { PdfSandbox } from '../documents/pdf/pdf-sandbox';
import { SignatureRequestStore } from '../signatures/signature-request-store';
import { SEAL_MATERIAL, TRUST_BUNDLE, type TrustBundle } from '../pki/pki.module';
import { type SealMaterial } from '@esign/pdf-signing';

/**
 * Verification of any PDF a person hands in: each signature checked against this platform's trust
 * anchors, and whether the file (or a revision of it) is a final document the platform sealed, by the
 * SHA-256 recorded at sealing. Only public facts are answered: a title and dates, never parties' data.
 *
 * The file is read in a PDF process, in the public verification's turn of the PDF queue (at most a few
 * checks per client address in flight): a file holding thousands of signatures, or signatures each
 * covering the whole file, costs that process's bounded time and memory, never the API's. The API only
 * asks the database about the digests the process answers.
 */
@Injectable()
export class VerificationService {
  private readonly trustPem: string;
  private readonly sealCommonName: string | null;

  constructor(
    private readonly sandbox: PdfSandbox,
    private readonly requests: SignatureRequestStore,
    private readonly audit: AuditService,
    @Inject(TRUST_BUNDLE) trust: TrustBundle,
    @Inject(SEAL_MATERIAL) seal: SealMaterial,
  ) {
    this.trustPem = trust.pem;
    const subject = new X509Certificate(seal.seal.certificateDer).subject;
    this.sealCommonName = /(?:^|\n)CN=([^\n]+)/.exec(subject)?.[1] ?? null;
  }

  async verify(pdf: Buffer, clientAddress: string): Promise<VerificationReport> {
    if (!pdf.subarray(0, 1024).includes('%PDF-')) throw new AppException(ErrorCode.NOT_A_PDF);
    const report = await this.sandbox.verify({ publicAddress: clientAddress }, pdf, {
      trustPem: this.trustPem,
      sealCommonName: this.sealCommonName,
    });
    return { signatures: report.signatures, ...(await this.platformRecord(report.revisionDigests)) };
  }

  /** `digests`: the whole file's first, then its earlier revisions'. */
  private async platformRecord(digests: string[]): Promise<Omit<VerificationReport, 'signatures'>> {
    const [whole] = digests;
    const rows = await this.requests.findSealed(digests);
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
