import {
  Inject,
  Injectable,
  Logger,
  type OnApplicationBootstrap,
  type OnApplicationShutdown,
} from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { type DataSource, type EntityManager } from 'typeorm';
import { ErrorCode, EXPIRY_DAYS_MAX, JobName, type SignatureRequestView } from '@esign/shared';
import { AppException } from '../../common/app-exception';
import { type ClientInfo } from '../../common/client-info.decorator';
import { AppConfig } from '../../config/app-config';
import { AuditService } from '../audit/audit.service';
import { HandlesJob } from '../jobs/job-handler.decorator';
import { JobQueue } from '../jobs/job-queue.service';
import { schedulePeriodicJob } from '../jobs/periodic-job';
import { JOBS_OPTIONS, type JobsOptions } from '../jobs/jobs.module';
import { Metrics } from '../metrics/metrics.service';
import { type AuthenticatedUser } from '../users/authenticated-user';
import { UsersService } from '../users/users.service';
import { InvitationsService } from './invitations.service';
import { SignatoryEntity } from './signatory.entity';
import { actorOf, assertMemberWrite, findVisibleRequest, senderName } from './signature-access';
import { SignatureQueriesService } from './signature-queries.service';
import { SignatureRequestEntity } from './signature-request.entity';
import { SignatureRequestStore } from './signature-request-store';
import { REQUEST_CLOSING, type RequestClosing } from './request-closing.port';

const SWEEP_BATCH = 50;

/**
 * Expiry dates. A request still collecting signatures when its date passes can no longer be signed at once
 * (every signing call compares the date with the database's clock); the sweep then closes it: EXPIRED, its
 * unused codes voided, one EXPIRE event, the member and the invited signatories told. Each request is
 * claimed by one guarded UPDATE (FOR UPDATE SKIP LOCKED, the condition checked again on the locked row), so
 * sweeps running at the same time on several workers close it once. The member may move the date later
 * while the request has not expired.
 */
@Injectable()
export class ExpiryService implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('Expiry');
  private stopSchedule: (() => void) | undefined;

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly config: AppConfig,
    private readonly invitations: InvitationsService,
    private readonly audit: AuditService,
    private readonly jobs: JobQueue,
    private readonly queries: SignatureQueriesService,
    @Inject(JOBS_OPTIONS) private readonly jobsOptions: JobsOptions,
    private readonly requests: SignatureRequestStore,
    private readonly users: UsersService,
    @Inject(REQUEST_CLOSING) private readonly closing: RequestClosing,
    private readonly metrics: Metrics,
  ) {}

  /** One sweep: closes expired requests in batches, each batch one transaction with its events and e-mails. */
  @HandlesJob(JobName.SweepExpiredRequests)
  async sweep(): Promise<number> {
    let total = 0;
    let claimed: number;
    do {
      const modes = await this.dataSource.transaction((manager) => this.sweepBatch(manager));
      for (const mode of modes) this.metrics.requestEvent('expired', mode);
      claimed = modes.length;
      total += claimed;
    } while (claimed === SWEEP_BATCH);
    if (total > 0) {
      this.logger.log({ expired: total }, 'Requests expired');
      this.jobs.nudge();
    }
    return total;
  }

  /** Closes a batch of expired requests; answers the signing mode of each. */
  private async sweepBatch(manager: EntityManager): Promise<string[]> {
    const expired = await this.requests.expireDue(manager, SWEEP_BATCH);
    const modes: string[] = [];
    for (const id of expired) {
      const request = await manager.findOneByOrFail(SignatureRequestEntity, { id });
      modes.push(request.signingMode);
      const [owner, signatories] = await Promise.all([
        this.users.ownerOf(request.ownerId, manager),
        manager.find(SignatoryEntity, { where: { requestId: request.id }, order: { order: 'ASC' } }),
      ]);
      await this.closing.closed(manager, request.id);
      await this.audit.record(
        {
          requestId: request.id,
          event: 'EXPIRE',
          actor: { type: 'SYSTEM', id: null, name: 'system' },
          details: {
            expiresAt: request.expiresAt.toISOString(),
            signed: signatories.filter((signatory) => signatory.status === 'SIGNED').length,
            signatories: signatories.length,
          },
        },
        manager,
      );
      await this.invitations.tellExpired(
        manager,
        request,
        signatories,
        owner,
        senderName(owner),
        request.expiresAt,
      );
    }
    return modes;
  }

  /**
   * Moves the expiry date `days` days later, for a request still open and not yet past its date; never
   * beyond 365 days from now.
   */
  async extend(
    caller: AuthenticatedUser,
    id: string,
    days: number,
    client: ClientInfo,
  ): Promise<SignatureRequestView> {
    assertMemberWrite(caller);
    await this.dataSource.transaction(async (manager) => {
      const request = await findVisibleRequest(manager, caller, id, true);
      if (request.status === 'EXPIRED') throw new AppException(ErrorCode.REQUEST_EXPIRED);
      if (request.status !== 'INIT' && request.status !== 'IN_PROGRESS') {
        throw new AppException(ErrorCode.DOCUMENT_NOT_EDITABLE);
      }
      const [check] = await manager.query<{ past: boolean; too_far: boolean }[]>(
        `SELECT $1::timestamptz <= now() AS past,
                $1::timestamptz + make_interval(days => $2) > now() + make_interval(days => $3) AS too_far`,
        [request.expiresAt, days, EXPIRY_DAYS_MAX],
      );
      if (check?.past) throw new AppException(ErrorCode.REQUEST_EXPIRED);
      if (check?.too_far)
        throw new AppException(ErrorCode.VALIDATION_FAILED, { days: 'validation.expiryTooFar' });
      const expiresAt = await this.requests.extendExpiry(manager, request.id, days);
      await this.audit.record(
        {
          requestId: request.id,
          event: 'EXTEND',
          actor: actorOf(caller, client),
          details: {
            previousExpiresAt: request.expiresAt.toISOString(),
            expiresAt: expiresAt.toISOString(),
            days,
          },
        },
        manager,
      );
    });
    return this.queries.viewById(id);
  }

  onApplicationBootstrap(): void {
    if (!this.jobsOptions.processJobs) return;
    this.stopSchedule = schedulePeriodicJob(
      this.jobs,
      this.logger,
      JobName.SweepExpiredRequests,
      {},
      this.config.env.EXPIRY_SWEEP_INTERVAL_SECONDS * 1000,
    );
  }

  onApplicationShutdown(): void {
    this.stopSchedule?.();
  }
}
