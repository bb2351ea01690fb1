import {
  Inject,
  Injectable,
  Logger,
  type OnApplicationBootstrap,
  type OnApplicationShutdown,
} from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { createHash } from 'node:crypto';
import { type DataSource } from 'typeorm';
import { JobName, type JobPayload, type SignatureLayout } from '@esign/shared';
import { AuditService } from '../audit/audit.service';
import { MeteringService } from '../billing/metering.service';
import { HandlesJob, UnrecoverableJobError } from '../jobs/job-handler.decorator';
import { Metrics } from '../metrics/metrics.service';
import { JobQueue } from '../jobs/job-queue.service';
import { JOBS_OPTIONS, type JobsOptions } from '../jobs/jobs.module';
import { schedulePeriodicJob } from '../jobs/periodic-job';
import { OBJECT_STORAGE, type ObjectStorage } from '../storage/object-storage.port';
import { InvitationsService } from '../signatures/invitations.service';
import { DocumentsService } from '../documents/documents.service';
import { senderName } from '../signatures/signature-access';
import { SignatureRequestStore } from '../signatures/signature-request-store';
import { SignatoryEntity } from '../signatures/signatory.entity';
import { SignatureRequestEntity } from '../signatures/signature-request.entity';
import { type UserEntity } from '../users/user.entity';
import { UsersService } from '../users/users.service';
import { DOCUMENT_SEALER, type DocumentSealer, type SealedSignatory } from './document-sealer';
import { documentEvidence } from './document-evidence';
import { SealingQueue } from './sealing-queue';

const STUCK_MINUTES = 10;
const MAX_SEAL_GENERATIONS = 5;
const SWEEP_INTERVAL_MS = 60_000;

export function sealedDocumentKey(requestId: string): string {
  return `signed/${requestId}.pdf`;
}

/**
 * The seal job. Idempotent: a request already SIGNED is left alone, the sealed file goes to one
 * deterministic key, and the status moves with a guarded UPDATE, so a job run twice (a retry after a crash
 * between the upload and the update) ends with one sealed document, one SEAL event and one set of e-mails.
 */
@Injectable()
export class SealingService implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('Sealing');
  private stopSweep: (() => void) | undefined;

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(OBJECT_STORAGE) private readonly storage: ObjectStorage,
    @Inject(DOCUMENT_SEALER) private readonly sealer: DocumentSealer,
    @Inject(JOBS_OPTIONS) private readonly jobsOptions: JobsOptions,
    private readonly audit: AuditService,
    private readonly invitations: InvitationsService,
    private readonly queue: SealingQueue,
    private readonly jobs: JobQueue,
    private readonly metering: MeteringService,
    private readonly requests: SignatureRequestStore,
    private readonly documents: DocumentsService,
    private readonly users: UsersService,
    private readonly metrics: Metrics,
  ) {}

  @HandlesJob(JobName.SealDocument)
  async seal(payload: JobPayload<typeof JobName.SealDocument>): Promise<void> {
    const started = performance.now();
    try {
      const mode = await this.sealOnce(payload);
      if (mode === undefined) return;
      // Once the request is recorded SIGNED: the figure says what happened.
      this.metrics.sealDuration.observe((performance.now() - started) / 1000);
      this.metrics.requestEvent('signed', mode);
    } catch (error) {
      this.metrics.sealFailures.inc();
      throw error;
    }
  }

  /** Seals the request's document; answers its signing mode once it is recorded SIGNED, else nothing. */
  private async sealOnce(
    payload: JobPayload<typeof JobName.SealDocument>,
  ): Promise<SignatureRequestEntity['signingMode'] | undefined> {
    const found = await this.requests.withSignatories(payload.requestId);
    if (!found) throw new UnrecoverableJobError('Request not found');
    const { request, signatories } = found;
    if (request.status !== 'UPDATING_DOCUMENT') return undefined;
    if (!request.currentDocumentKey) throw new UnrecoverableJobError('Request has no document');
    const [owner, auditTrail, chain] = await Promise.all([
      this.users.ownerOf(request.ownerId),
      this.audit.trail(request.id),
      this.audit.verify(request.id),
    ]);
    // The agency's logo, whoever of it made the request.
    const logoKey = await this.users.logoKeyOf(owner);
    const sealed = await this.sealer.seal({
      source: await this.storage.get(request.currentDocumentKey),
      requestId: request.id,
      title: request.title,
      documentName: request.documentName,
      language: request.language,
      signingMode: request.signingMode,
      signatureSize: request.signatureSize,
      sealPage: request.sealPage,
      sealSize: request.sealSize,
      layout: await this.signatureLayout(request.documentId),
      documentSha256: request.documentSha256,
      senderName: senderName(owner),
      signatories: signatories.map((signatory) =>
        toSealedSignatory(signatory, documentEvidence(auditTrail, signatory.id)),
      ),
      auditTrail,
      auditChainValid: chain.valid,
      ownerLogoPng: logoKey ? await this.storage.get(logoKey).catch(() => null) : null,
      sealedAt: new Date(),
    });
    const key = sealedDocumentKey(request.id);
    await this.storage.put(key, sealed, 'application/pdf');
    const sha256 = createHash('sha256').update(sealed).digest('hex');
    return (await this.complete(request, owner, signatories, key, sha256)) ? request.signingMode : undefined;
  }

  /** Where the request's generated document keeps its frames, boxes and the seal's area; null for an upload. */
  private async signatureLayout(documentId: string): Promise<SignatureLayout | null> {
    return (await this.documents.signingFacts(documentId))?.signatureLayout ?? null;
  }

  private async complete(
    request: SignatureRequestEntity,
    owner: UserEntity,
    signatories: SignatoryEntity[],
    key: string,
    sha256: string,
  ): Promise<boolean> {
    const sealedNow = await this.dataSource.transaction(async (manager) => {
      if (!(await this.requests.markSealed(manager, request.id, key, sha256))) return false;
      await this.metering.record(manager, {
        memberId: request.agencyId ?? request.ownerId,
        kind: `REQUEST_${request.signingMode}`,
        sourceId: request.id,
      });
      await this.audit.record(
        {
          requestId: request.id,
          event: 'SEAL',
          actor: { type: 'SYSTEM', id: null, name: 'system' },
          details: { finalSha256: sha256 },
        },
        manager,
      );
      await this.invitations.tellCompleted(manager, request, signatories, owner);
      return true;
    });
    this.jobs.nudge();
    return sealedNow;
  }

  /** Requests left in UPDATING_DOCUMENT for too long get a new seal job, a few times, then are marked failed. */
  @HandlesJob(JobName.SweepStuckSeals)
  async sweepStuck(): Promise<void> {
    const abandoned = await this.dataSource.transaction(async (manager) => {
      const stuck = await this.requests.claimStuckSeals(manager, STUCK_MINUTES, MAX_SEAL_GENERATIONS);
      let given = 0;
      for (const row of stuck) {
        if (row.sealAttempts >= MAX_SEAL_GENERATIONS) {
          this.logger.error(
            { requestId: row.id },
            'Sealing failed repeatedly; the request stays UPDATING_DOCUMENT',
          );
          given += 1;
          continue;
        }
        await this.queue.requeue(manager, row.id, row.sealAttempts);
      }
      return given;
    });
    this.metrics.sealsAbandoned.inc(abandoned);
    this.jobs.nudge();
  }

  onApplicationBootstrap(): void {
    if (!this.jobsOptions.processJobs) return;
    this.stopSweep = schedulePeriodicJob(
      this.jobs,
      this.logger,
      JobName.SweepStuckSeals,
      {},
      SWEEP_INTERVAL_MS,
    );
  }

  onApplicationShutdown(): void {
    this.stopSweep?.();
  }
}

function toSealedSignatory(
  signatory: SignatoryEntity,
  document: SealedSignatory['document'],
): SealedSignatory {
  return {
    document,
    id: signatory.id,
    name: signatory.name,
    email: signatory.email,
    mobile: signatory.mobile,
    order: signatory.order,
    page: signatory.placementPage,
    position: signatory.placementPosition,
    frame: signatory.frame,
    role: signatory.role,
    signedAt: signatory.signedAt?.toISOString() ?? '',
    location: signatory.location ?? '',
    ip: signatory.signedIp,
    userAgent: signatory.signedUserAgent,
    consents: signatory.consents,
    certificateSerial: signatory.certificateSerial,
    certificateFingerprint: signatory.certificateFingerprint,
  };
}
