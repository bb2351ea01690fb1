import request from 'supertest';
import { getDataSourceToken } from '@nestjs/typeorm';
import { type DataSource } from 'typeorm';
import { JobName } from '@esign/shared';
import { OutboxService } from '../src/modules/outbox/outbox.service';
import { JobQueue } from '../src/modules/jobs/job-queue.service';
import { SmtpStandIn, TwilioStandIn } from './support/provider-stand-ins';
import { checkCodeRedaction, checkWelcomeRedaction } from './support/redaction-checks';
import { startTestApp } from './support/test-app';

type Started = Awaited<ReturnType<typeof startTestApp>>;

async function waitFor<T>(probe: () => Promise<T | undefined>, timeoutMs = 20_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

function messageStatus(app: Started, id: string) {
  const dataSource = app.app.get<DataSource>(getDataSourceToken());
  return async () => {
    const rows: Array<{ status: string; provider_message_id: string | null }> = await dataSource.query(
      'SELECT status, provider_message_id FROM outbox_message WHERE id = $1',
      [id],
    );
    return rows[0]?.status === 'SENT' ? rows[0] : undefined;
  };
}

const queueKind = process.env.REDIS_URL ? 'BullMQ' : 'the embedded Postgres queue';

describe(`background jobs on ${queueKind}`, () => {
  it('delivers a queued message through the job processor', async () => {
    const app = await startTestApp();
    try {
      const id = await app.app
        .get(OutboxService)
        .send({ channel: 'sms', to: '+352621000001', body: 'Bonjour' });
      const sent = await waitFor(messageStatus(app, id));
      expect(sent.provider_message_id).toMatch(/^console-/);
    } finally {
      await app.close();
    }
  });

  it('keeps the welcome password and the code out of the outbox once real providers sent them', async () => {
    const smtp = await new SmtpStandIn().start();
    const twilio = await new TwilioStandIn().start();
    const app = await startTestApp({ env: { ...smtp.settings(), ...twilio.settings() } });
    try {
      const dataSource = app.app.get<DataSource>(getDataSourceToken());
      const target = {
        url: app.url,
        query: <T>(sql: string, params?: unknown[]) => dataSource.query<T[]>(sql, params),
      };
      const member = await checkWelcomeRedaction(target, smtp, 'anne@agence.lu');
      await checkCodeRedaction(target, smtp, twilio, member);
    } finally {
      await app.close();
      await smtp.stop();
      await twilio.stop();
    }
  });

  it('keeps the whole body with the development adapters, whose outbox is the way to read it', async () => {
    const app = await startTestApp();
    try {
      const outbox = app.app.get(OutboxService);
      const id = await outbox.send({
        channel: 'sms',
        to: '+352621000002',
        body: 'K7M2Q9XC',
        redactedBody: '••••',
      });
      await waitFor(messageStatus(app, id));
      expect((await outbox.newestFor('+352621000002'))[0]?.body).toBe('K7M2Q9XC');
    } finally {
      await app.close();
    }
  });

  it('adds a job with a given id only once', async () => {
    const app = await startTestApp({ env: { RUN_JOBS_IN_API: 'false' } });
    try {
      const queue = app.app.get(JobQueue);
      const payload = { outboxMessageId: '00000000-0000-0000-0000-000000000000' };
      expect(await queue.enqueue(JobName.DeliverMessage, payload, { jobId: 'once' })).toBe('once');
      expect(await queue.enqueue(JobName.DeliverMessage, payload, { jobId: 'once' })).toBeNull();
    } finally {
      await app.close();
    }
  });

  it('keeps a job queued while the process is down and runs it after the restart', async () => {
    const first = await startTestApp({ env: { RUN_JOBS_IN_API: 'false' } });
    const id = await first.app
      .get(OutboxService)
      .send({ channel: 'email', to: 'anne@agence.lu', subject: 'Test', body: 'x' });
    // Give a relay, if any, the time to hand the job to Redis: it must survive there too.
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    const unsent = await first.app
      .get<DataSource>(getDataSourceToken())
      .query('SELECT status FROM outbox_message WHERE id = $1', [id]);
    expect(unsent[0].status).toBe('PENDING');
    await first.close({ discard: false });

    const second = await startTestApp({
      reuse: { dataDir: first.dataDir, databaseUrl: first.databaseUrl, bullmqPrefix: first.bullmqPrefix },
    });
    try {
      await waitFor(messageStatus(second, id));
    } finally {
      await second.close();
    }
  });

  it('answers health with the queue up', async () => {
    const app = await startTestApp();
    try {
      const response = await request(app.url).get('/api/health').expect(200);
      expect(response.body.checks.queue).toBe('up');
    } finally {
      await app.close();
    }
  });
});

(process.env.REDIS_URL ? describe.skip : describe)('the embedded queue after a crash', () => {
  it('runs again a job the dead process had claimed', async () => {
    const first = await startTestApp({ env: { RUN_JOBS_IN_API: 'false' } });
    const id = await first.app.get(OutboxService).send({ channel: 'sms', to: '+352621000002', body: 'x' });
    // What a process killed mid-job leaves behind: the job claimed, its lease still running.
    await first.app
      .get<DataSource>(getDataSourceToken())
      .query(
        `UPDATE queued_job SET state = 'RUNNING', attempts = 1, locked_until = now() + interval '5 minutes'`,
      );
    await first.close({ discard: false });
    const second = await startTestApp({ reuse: { dataDir: first.dataDir } });
    try {
      await waitFor(messageStatus(second, id));
    } finally {
      await second.close();
    }
  });
});
