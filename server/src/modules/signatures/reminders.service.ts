import {
  Inject,
  Injectable,
  Logger,
  type OnApplicationBootstrap,
  type OnApplicationShutdown,
} from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { type DataSource, type EntityManager, In } from 'typeorm';
import { ErrorCode, JobName, type ReminderResponse } from '@esign/shared';
import { AppException } from '../../common/app-exception';
import { type ClientInfo } from '../../common/client-info.decorator';
import { AppConfig } from '../../config/app-config';
import { AuditService } from '../audit/audit.service';
import { HandlesJob } from '../jobs/job-handler.decorator';
import { JobQueue } from '../jobs/job-queue.service';
import { schedulePeriodicJob } from '../jobs/periodic-job';
import { JOBS_OPTIONS, type JobsOptions } from '../jobs/jobs.module';
import { type AuthenticatedUser } from '../users/authenticated-user';
import { UsersService } from '../users/users.service';
import { InvitationsService } from './invitations.service';
import { SignatoryEntity } from './signatory.entity';
import { actorOf, assertMemberWrite, findVisibleRequest, senderName } from './signature-access';
import { SignatureRequestEntity } from './signature-request.entity';
import { SignatureRequestStore } from './signature-request-store';

const SWEEP_BATCH = 100;

/**
 * Reminders: the member's button (throttled per request) and the automatic sweep. The sweep claims each
 * due signatory with one guarded UPDATE (FOR UPDATE SKIP LOCKED, then the due condition re-checked on the
 * locked row), so sweeps running at the same time on several workers remind each signatory once.
 */
@Injectable()
export class RemindersService implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('Reminders');
  private stopSchedule: (() => void) | undefined;

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly config: AppConfig,
    private readonly invitations: InvitationsService,
    private readonly audit: AuditService,
    private readonly jobs: JobQueue,
    @Inject(JOBS_OPTIONS) private readonly jobsOptions: JobsOptions,
    private readonly users: UsersService,
    private readonly requests: SignatureRequestStore,
  ) {}

  async remind(caller: AuthenticatedUser, id: string, client: ClientInfo): Promise<ReminderResponse> {
    assertMemberWrite(caller);
    const result = await this.dataSource.transaction(async (manager) => {
      const request = await findVisibleRequest(manager, caller, id, true);
      if (request.status !== 'IN_PROGRESS') throw new AppException(ErrorCode.DOCUMENT_NOT_EDITABLE);
      const [{ now }] = await manager.query<[{ now: Date }]>(`SELECT now() AS now`);
      // Past its expiry date (the sweep has not closed it yet): nothing left to remind of.
      if (request.expiresAt <= new Date(now)) throw new AppException(ErrorCode.REQUEST_EXPIRED);
      if (request.nextReminderAt && request.nextReminderAt > now) {
        throw new AppException(ErrorCode.REMINDER_TOO_EARLY, undefined, {
          retryAfter: request.nextReminderAt.getTime() - new Date(now).getTime(),
          nextReminderAvailability: request.nextReminderAt.toISOString(),
        });
      }
      const pending = await manager.find(SignatoryEntity, {
        where: { requestId: request.id, status: 'INVITED' },
      });
      await this.sendReminders(manager, request, pending, senderName(caller.user));
      const next = await this.requests.deferNextReminder(
        manager,
        request.id,
        this.config.env.REMINDER_COOLDOWN_MINUTES,
      );
      await this.audit.record(
        {
          requestId: request.id,
          event: 'SEND_REMINDER',
          actor: actorOf(caller, client),
          details: { automatic: false, signatories: pending.map((s) => s.name) },
        },
        manager,
      );
      return { nextReminderAvailability: next.toISOString(), reminded: pending.length };
    });
    this.jobs.nudge();
    return result;
  }

  /** One sweep: claims due signatories in batches, each batch one transaction with its e-mails. */
  @HandlesJob(JobName.SweepReminders)
  async sweep(): Promise<void> {
    const days = this.config.env.AUTO_REMINDER_DAYS;
    if (days === 0) return;
    let claimed: number;
    do {
      claimed = await this.dataSource.transaction((manager) => this.sweepBatch(manager, days));
    } while (claimed === SWEEP_BATCH);
    this.jobs.nudge();
  }

  private async sweepBatch(manager: EntityManager, days: number): Promise<number> {
    const ids = await this.requests.claimDueReminders(manager, days, SWEEP_BATCH);
    if (ids.length === 0) return 0;
    const signatories = await manager.find(SignatoryEntity, { where: { id: In(ids) } });
    const requests = await manager.find(SignatureRequestEntity, {
      where: { id: In([...new Set(signatories.map((s) => s.requestId))]) },
    });
    for (const request of requests) {
      const owner = await this.users.ownerOf(request.ownerId, manager);
      const due = signatories.filter((signatory) => signatory.requestId === request.id);
      for (const signatory of due)
        await this.invitations.remind(manager, request, signatory, senderName(owner));
      await this.audit.record(
        {
          requestId: request.id,
          event: 'SEND_REMINDER',
          actor: { type: 'SYSTEM', id: null, name: 'system' },
          details: { automatic: true, signatories: due.map((s) => s.name) },
        },
        manager,
      );
    }
    return ids.length;
  }

  private async sendReminders(
    manager: EntityManager,
    request: SignatureRequestEntity,
    signatories: SignatoryEntity[],
    sender: string,
  ): Promise<void> {
    for (const signatory of signatories) {
      await this.invitations.remind(manager, request, signatory, sender);
      await this.requests.markRemindedByMember(manager, signatory.id);
    }
  }

  onApplicationBootstrap(): void {
    if (!this.jobsOptions.processJobs || this.config.env.AUTO_REMINDER_DAYS === 0) return;
    this.stopSchedule = schedulePeriodicJob(
      this.jobs,
      this.logger,
      JobName.SweepReminders,
      {},
      this.config.env.REMINDER_SWEEP_INTERVAL_SECONDS * 1000,
    );
  }

  onApplicationShutdown(): void {
    this.stopSchedule?.();
  }
}
