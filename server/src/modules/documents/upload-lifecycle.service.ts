import {
  Inject,
  Injectable,
  Logger,
  type OnApplicationBootstrap,
  type OnApplicationShutdown,
} from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { type DataSource, type EntityManager } from 'typeorm';
import { JobName, type JobPayloads } from '@esign/shared';
import { isUuid } from '../../common/uuid';
import { AppConfig } from '../../config/app-config';
import { HandlesJob, UnrecoverableJobError } from '../jobs/job-handler.decorator';
import { JobQueue } from '../jobs/job-queue.service';
import { JOBS_OPTIONS, type JobsOptions } from '../jobs/jobs.module';
import { schedulePeriodicJob } from '../jobs/periodic-job';
import { OBJECT_STORAGE, type ObjectStorage } from '../storage/object-storage.port';
import { DocumentRecords } from './document-records';
import { isUploadKey } from './document-store';
import { DOCUMENT_USAGE, type DocumentUsage } from './document-usage.port';

const SWEEP_INTERVAL_MS = 60 * 60_000;
const SWEEP_BATCH = 100;

export interface UploadSweepResult {
  /** Uploads never completed whose row and object were removed. */
  uploads: number;
  /** Partial files and records of expired upload addresses the store removed. */
  leftovers: number;
}

/**
 * What uploads leave behind. The sweep removes uploads never completed within STALE_UPLOAD_HOURS (the row and
 * its object; an upload's address lives minutes, so none can still receive bytes) and the store's partial
 * files as old; each row is claimed with FOR UPDATE SKIP LOCKED, so sweeps running at once on several workers
 * remove each upload once. A document in use (READY, or named by a signature request) is never touched.
 * The discard job deletes what an upload key may have received after its upload was checked.
 */
@Injectable()
export class UploadLifecycleService implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('Uploads');
  private stopSchedule: (() => void) | undefined;

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly records: DocumentRecords,
    @Inject(OBJECT_STORAGE) private readonly storage: ObjectStorage,
    private readonly config: AppConfig,
    private readonly jobs: JobQueue,
    @Inject(JOBS_OPTIONS) private readonly jobsOptions: JobsOptions,
    @Inject(DOCUMENT_USAGE) private readonly usage: DocumentUsage,
  ) {}

  @HandlesJob(JobName.SweepStaleUploads)
  async sweep(): Promise<UploadSweepResult> {
    const hours = this.config.env.STALE_UPLOAD_HOURS;
    let uploads = 0;
    let batch: number;
    do {
      batch = await this.dataSource.transaction((manager) => this.sweepBatch(manager, hours));
      uploads += batch;
    } while (batch === SWEEP_BATCH);
    const leftovers = await this.storage.sweepUploadLeftovers(hours * 3_600_000);
    if (uploads > 0 || leftovers > 0) {
      this.logger.log({ uploads, leftovers }, 'Removed stale uploads');
    }
    return { uploads, leftovers };
  }

  @HandlesJob(JobName.DiscardUpload)
  async discard({ documentId, uploadKey }: JobPayloads[typeof JobName.DiscardUpload]): Promise<void> {
    // Only ever an upload key: a payload naming a stored document must not delete it.
    if (!isUuid(documentId) || !isUploadKey(uploadKey)) {
      throw new UnrecoverableJobError('The discard job names no upload');
    }
    await this.storage.delete(uploadKey);
    await this.records.releaseDiscardedReservation(documentId);
  }

  /**
   * One batch, in one transaction: the objects go first, so a failure leaves the rows for the next sweep.
   * Answers how many rows it removed; a full batch means there may be more. A request is only ever made on
   * a READY document, so none names an upload still awaited; the check keeps that true should it change.
   */
  private async sweepBatch(manager: EntityManager, hours: number): Promise<number> {
    const candidates = await manager.query<{ id: string; upload_key: string | null }[]>(
      `SELECT d.id, d.upload_key FROM document d
        WHERE d.status = 'AWAITING_UPLOAD'
          AND coalesce(d.upload_consumed_at, d.created_at) < now() - make_interval(hours => $1)
        ORDER BY d.created_at
        LIMIT $2
        FOR UPDATE OF d SKIP LOCKED`,
      [hours, SWEEP_BATCH],
    );
    if (candidates.length === 0) return 0;
    const named = await this.usage.referenced(
      manager,
      candidates.map((row) => row.id),
    );
    const stale = candidates.filter((row) => !named.has(row.id));
    if (stale.length === 0) return 0;
    for (const row of stale) {
      if (row.upload_key && isUploadKey(row.upload_key)) await this.storage.delete(row.upload_key);
    }
    await this.records.deleteStaleUploads(
      manager,
      stale.map((row) => row.id),
    );
    return stale.length;
  }

  onApplicationBootstrap(): void {
    if (!this.jobsOptions.processJobs) return;
    this.stopSchedule = schedulePeriodicJob(
      this.jobs,
      this.logger,
      JobName.SweepStaleUploads,
      {},
      SWEEP_INTERVAL_MS,
    );
  }

  onApplicationShutdown(): void {
    this.stopSchedule?.();
  }
}
