import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { type DataSource, type EntityManager } from 'typeorm';
import {
  ErrorCode,
  isLocale,
  type Locale,
  OTP_RESEND_MS,
  OTP_VALIDITY_MS,
  type OtpSentResponse,
} from '@esign/shared';
import { AppException } from '../../common/app-exception';
import { type ClientInfo } from '../../common/client-info.decorator';
import { AppConfig } from '../../config/app-config';
import { signingMessages } from '../../i18n/signing-messages';
import { AuditService } from '../audit/audit.service';
import { MeteringService } from '../billing/metering.service';
import { JobQueue } from '../jobs/job-queue.service';
import { OutboxService } from '../outbox/outbox.service';
import { SignatureRequestStore } from '../signatures/signature-request-store';
import { DocumentDeliveryService } from './document-delivery.service';
import { generateOneTimeCode, oneTimeCodeMac } from './one-time-codes';
import { OneTimeCodeStore } from './one-time-code-store';
import { resolveSigningLink, type SigningParty } from './signatory-link';
import { assertMaySign, maskPhone, signatoryActor } from './signing-rules';

export const OTP_SECRET = Symbol('OtpSecret');
const DAY = "interval '24 hours'";

/**
 * Sending codes. The request row is locked for the whole check-and-send, so two clicks cannot both pass
 * the 2-minute rule, and the limits are counted in the database (they hold across API replicas and fail
 * closed). The code reaches the SMS outbox in the same transaction; only its HMAC is kept.
 */
@Injectable()
export class OneTimeCodeService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly config: AppConfig,
    private readonly outbox: OutboxService,
    private readonly audit: AuditService,
    private readonly jobs: JobQueue,
    private readonly metering: MeteringService,
    private readonly deliveries: DocumentDeliveryService,
    private readonly requests: SignatureRequestStore,
    private readonly codes: OneTimeCodeStore,
    @Inject(OTP_SECRET) private readonly secret: Buffer,
  ) {}

  /**
   * `language` is the signing page's: the SMS is in it (the request's language when none is given), and
   * later messages to the signatory too. A code goes only to a link that received the current document and
   * whose page reported displaying it.
   */
  async send(
    requestId: string,
    key: string | undefined,
    client: ClientInfo,
    language?: string,
  ): Promise<OtpSentResponse> {
    if (language !== undefined && !isLocale(language)) {
      throw new AppException(ErrorCode.VALIDATION_FAILED, { language: 'validation.isIn' });
    }
    const { signatory } = await resolveSigningLink(this.requests, this.dataSource.manager, requestId, key);
    await this.deliveries.settled(signatory.id);
    const sent = await this.dataSource.transaction(async (manager) => {
      const party = await resolveSigningLink(this.requests, manager, requestId, key, true);
      assertMaySign(party);
      await this.deliveries.assertDisplayedCurrent(manager, party);
      await this.assertMaySend(manager, party);
      if (language) await this.requests.rememberLanguage(manager, party.signatory.id, language);
      return this.issue(manager, party, client, language ?? party.request.language);
    });
    this.jobs.nudge();
    return sent;
  }

  private async assertMaySend(manager: EntityManager, party: SigningParty): Promise<void> {
    const [usage] = await manager.query<
      {
        last_sent: Date | null;
        by_signatory: number;
        by_phone: number;
        oldest_by_phone: Date | null;
        oldest_by_signatory: Date | null;
        now: Date;
      }[]
    >(
      `SELECT (SELECT max(created_at) FROM one_time_code WHERE signatory_id = $1) AS last_sent,
              (SELECT count(*)::int FROM one_time_code WHERE signatory_id = $1 AND created_at > now() - ${DAY}) AS by_signatory,
              (SELECT min(created_at) FROM one_time_code WHERE signatory_id = $1 AND created_at > now() - ${DAY}) AS oldest_by_signatory,
              (SELECT count(*)::int FROM one_time_code WHERE phone = $2 AND created_at > now() - ${DAY}) AS by_phone,
              (SELECT min(created_at) FROM one_time_code WHERE phone = $2 AND created_at > now() - ${DAY}) AS oldest_by_phone,
              now() AS now`,
      [party.signatory.id, party.signatory.mobile],
    );
    if (!usage) return;
    const now = new Date(usage.now).getTime();
    if (usage.last_sent && new Date(usage.last_sent).getTime() + OTP_RESEND_MS > now) {
      throw new AppException(ErrorCode.OTP_TOO_SOON, undefined, {
        retryAfter: new Date(usage.last_sent).getTime() + OTP_RESEND_MS - now,
      });
    }
    const dayMs = 24 * 3600_000;
    const { env } = this.config;
    const capped =
      usage.by_signatory >= env.OTP_DAILY_LIMIT_PER_SIGNATORY
        ? usage.oldest_by_signatory
        : usage.by_phone >= env.OTP_DAILY_LIMIT_PER_PHONE
          ? usage.oldest_by_phone
          : null;
    if (capped) {
      throw new AppException(ErrorCode.OTP_DAILY_LIMIT, undefined, {
        retryAfter: Math.max(1000, new Date(capped).getTime() + dayMs - now),
      });
    }
  }

  private async issue(
    manager: EntityManager,
    party: SigningParty,
    client: ClientInfo,
    language: Locale,
  ): Promise<OtpSentResponse> {
    const { request, signatory } = party;
    const code = generateOneTimeCode();
    const mac = oneTimeCodeMac(this.secret, code, {
      requestId: request.id,
      signatoryId: signatory.id,
      phone: signatory.mobile,
      documentSha256: request.documentSha256,
    });
    const outboxMessageId = await this.outbox.send(
      {
        channel: 'sms',
        to: signatory.mobile,
        body: signingMessages(language).otpSms({ code, title: request.title }),
        redactedBody: signingMessages(language).otpSms({ code: '••••••••', title: request.title }),
      },
      manager,
    );
    const row = await this.codes.issue(manager, {
      requestId: request.id,
      signatoryId: signatory.id,
      phone: signatory.mobile,
      documentSha256: request.documentSha256,
      codeMac: mac,
      validityMs: OTP_VALIDITY_MS,
      outboxMessageId,
    });
    await this.metering.record(manager, {
      memberId: request.agencyId ?? request.ownerId,
      kind: 'SMS',
      sourceId: row.id,
    });
    await this.audit.record(
      {
        requestId: request.id,
        event: 'REQUEST_OTP',
        actor: signatoryActor(party, client),
        details: {
          phone: maskPhone(signatory.mobile),
          documentSha256: request.documentSha256,
          expiresAt: row.expiresAt.toISOString(),
          outboxMessageId,
          language,
        },
      },
      manager,
    );
    return {
      nextOtpAllowedAt: new Date(row.createdAt.getTime() + OTP_RESEND_MS).toISOString(),
      expiresAt: row.expiresAt.toISOString(),
    };
  }
}
