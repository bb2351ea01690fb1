import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { type DataSource, type EntityManager } from 'typeorm';
import { JobName, type JobPayload, type OutboxMessageView } from '@esign/shared';
import { JobQueue } from '../jobs/job-queue.service';
import { HandlesJob, UnrecoverableJobError } from '../jobs/job-handler.decorator';
import { MAILER, SMS_SENDER, type Mailer, type SmsSender } from '../notifications/ports';
import { DeliveryError } from '../notifications/delivery-error';
import { Metrics } from '../metrics/metrics.service';
import { OutboxMessageEntity } from './outbox-message.entity';

export interface OutgoingMessage {
  channel: 'email' | 'sms';
  to: string;
  subject?: string;
  body: string;
  html?: string;
  /** The body without its secret (a one-time code, a temporary password), kept once the message is delivered. */
  redactedBody?: string;
}

/**
 * Sending a message = recording it and queueing its delivery in one transaction; the delivery job hands it to
 * the provider (SMTP, Twilio, or the console in embedded mode) and retries with backoff.
 */
@Injectable()
export class OutboxService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly jobs: JobQueue,
    @Inject(MAILER) private readonly mailer: Mailer,
    @Inject(SMS_SENDER) private readonly sms: SmsSender,
    private readonly metrics: Metrics,
  ) {}

  async send(message: OutgoingMessage, manager?: EntityManager): Promise<string> {
    if (!manager) {
      const id = await this.dataSource.transaction((tx) => this.send(message, tx));
      this.jobs.nudge();
      return id;
    }
    const row = await manager.getRepository(OutboxMessageEntity).save({
      channel: message.channel,
      recipient: message.to,
      subject: message.subject ?? null,
      body: message.body,
      html: message.html ?? null,
      redactedBody: message.redactedBody ?? null,
      status: 'PENDING',
      attempts: 0,
    });
    await this.jobs.enqueue(
      JobName.DeliverMessage,
      { outboxMessageId: row.id },
      { jobId: `deliver:${row.id}` },
      manager,
    );
    return row.id;
  }

  async newestFor(recipient: string, limit = 20): Promise<OutboxMessageView[]> {
    const rows = await this.dataSource
      .getRepository(OutboxMessageEntity)
      .createQueryBuilder('m')
      .where('lower(m.recipient) = lower(:recipient)', { recipient: recipient.trim() })
      .orderBy('m.created_at', 'DESC')
      .limit(limit)
      .getMany();
    return rows.map((row) => ({
      channel: row.channel,
      to: row.recipient,
      ...(row.subject ? { subject: row.subject } : {}),
      body: row.body,
      sentAt: row.sentAt?.toISOString() ?? null,
    }));
  }

  @HandlesJob(JobName.DeliverMessage)
  async deliver(payload: JobPayload<typeof JobName.DeliverMessage>): Promise<void> {
    const repository = this.dataSource.getRepository(OutboxMessageEntity);
    const message = await repository.findOneBy({ id: payload.outboxMessageId });
    if (!message) throw new UnrecoverableJobError('Outbox message not found');
    // A job may run twice (retry after a crash): a message already sent is not sent again.
    if (message.status === 'SENT') return;
    await repository.increment({ id: message.id }, 'attempts', 1);
    try {
      const { providerMessageId } =
        message.channel === 'email'
          ? await this.mailer.send({
              to: message.recipient,
              subject: message.subject ?? '',
              text: message.body,
              ...(message.html ? { html: message.html } : {}),
            })
          : await this.sms.send({ to: message.recipient, body: message.body });
      const sender = message.channel === 'email' ? this.mailer : this.sms;
      const redact = message.redactedBody !== null && !sender.keepsMessageBodies;
      await repository.update(
        { id: message.id },
        {
          status: 'SENT',
          providerMessageId,
          sentAt: new Date(),
          lastError: null,
          ...(redact ? { body: message.redactedBody ?? '', html: null, redactedBody: null } : {}),
        },
      );
    } catch (error) {
      // A provider's refusal for good (address refused, credentials wrong) is `rejected`; anything else `failed`.
      const refused = error instanceof DeliveryError && !error.retryable;
      this.metrics.messageHandedOver(message.channel, refused ? 'rejected' : 'failed');
      await repository.update(
        { id: message.id },
        { lastError: error instanceof Error ? error.message : String(error) },
      );
      throw error;
    }
    this.metrics.messageHandedOver(message.channel, 'sent');
  }
}
