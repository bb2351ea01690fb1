import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { Queue, UnrecoverableError, Worker } from 'bullmq';
import IORedis from 'ioredis';
import { getDataSourceToken } from '@nestjs/typeorm';
import { type DataSource } from 'typeorm';
import { JobName } from '@esign/shared';
import { OutboxService } from '../src/modules/outbox/outbox.service';
import { JobQueue } from '../src/modules/jobs/job-queue.service';
import { BULLMQ_QUEUE_NAME } from '../src/modules/jobs/bullmq-job-runtime';
import { type JobRegistry } from '../src/modules/jobs/job-registry';
import { JobStore } from '../src/modules/jobs/job-store';
import { PostgresJobRunner } from '../src/modules/jobs/postgres-job-runner';
import { Metrics } from '../src/modules/metrics/metrics.service';
import { SmtpStandIn, TwilioStandIn } from './support/provider-stand-ins';
import { checkCodeRedaction, checkWelcomeRedaction } from './support/redaction-checks';
import { startTestApp } from './support/test-app';
import { waitFor } from './support/wait-for';

type Started = Awaited<ReturnType<typeof startTestApp>>;

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
      const sent = await waitFor('the message sent', messageStatus(app, id));
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
      await waitFor('the message sent', messageStatus(app, id));
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
    const database = first.app.get<DataSource>(getDataSourceToken());
    if (process.env.REDIS_URL) {
      // With Redis, the relay hands the job over: it must survive there too.
      await waitFor('the job handed to Redis', async () => {
        const [job] = await database.query<{ state: string }[]>(
          `SELECT state FROM queued_job WHERE payload->>'outboxMessageId' = $1`,
          [id],
        );
        return job?.state === 'DISPATCHED' ? true : undefined;
      });
    }
    const unsent = await database.query('SELECT status FROM outbox_message WHERE id = $1', [id]);
    expect(unsent[0].status).toBe('PENDING');
    await first.close({ discard: false });

    const second = await startTestApp({
      reuse: { dataDir: first.dataDir, databaseUrl: first.databaseUrl, bullmqPrefix: first.bullmqPrefix },
    });
    try {
      await waitFor('the message sent', messageStatus(second, id));
    } finally {
      await second.close();
    }
  });

  it('records in the table a job that fails for good, and one that finished', async () => {
    const app = await startTestApp();
    try {
      const db = app.app.get<DataSource>(getDataSourceToken());
      const job = (key: string) => async () => {
        const [row] = await db.query<Array<{ state: string; last_error: string | null }>>(
          'SELECT state, last_error FROM queued_job WHERE job_key = $1',
          [key],
        );
        return row?.state === 'DONE' || row?.state === 'FAILED' ? row : undefined;
      };
      const hopeless = await app.app
        .get(JobQueue)
        .enqueue(JobName.DeliverMessage, { outboxMessageId: randomUUID() });
      const id = await app.app.get(OutboxService).send({ channel: 'sms', to: '+352621000003', body: 'x' });
      expect(await waitFor('the hopeless job ended', job(hopeless ?? ''))).toEqual({
        state: 'FAILED',
        last_error: 'Outbox message not found',
      });
      expect(await waitFor('the delivery ended', job(`deliver:${id}`))).toEqual({
        state: 'DONE',
        last_error: null,
      });
    } finally {
      await app.close();
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
      await waitFor('the message sent', messageStatus(second, id));
    } finally {
      await second.close();
    }
  });
});

(process.env.REDIS_URL ? describe : describe.skip)('jobs handed to Redis and overdue', () => {
  it('records what BullMQ says of them: finished, failed, or still waiting', async () => {
    // No processor in the app: the test's own BullMQ worker decides what becomes of each job.
    const app = await startTestApp({ env: { RUN_JOBS_IN_API: 'false', QUEUE_REDISPATCH_SECONDS: '5' } });
    const connection = new IORedis(process.env.REDIS_URL ?? '', { maxRetriesPerRequest: null });
    const workerConnection = connection.duplicate();
    const queue = new Queue(BULLMQ_QUEUE_NAME, { connection, prefix: app.bullmqPrefix });
    try {
      const db = app.app.get<DataSource>(getDataSourceToken());
      const outbox = app.app.get(OutboxService);
      const ids = await Promise.all(
        ['+352621000004', '+352621000005', '+352621000006'].map((to) =>
          outbox.send({ channel: 'sms', to, body: 'x' }),
        ),
      );
      const rows = await waitFor('three jobs handed to Redis', async () => {
        const found = await db.query<Array<{ id: string; job_key: string }>>(
          `SELECT id, job_key FROM queued_job WHERE state = 'DISPATCHED' AND job_key = ANY($1)`,
          [ids.map((id) => `deliver:${id}`)],
        );
        return found.length === 3 ? found : undefined;
      });
      const jobOf = (id: string) => rows.find((row) => row.job_key === `deliver:${id}`)?.id ?? '';
      const [completed, failed, waiting] = ids.map(jobOf) as [string, string, string];
      const overdue = (jobs: string[]) =>
        db.query(`UPDATE queued_job SET dispatched_at = now() - interval '1 hour' WHERE id = ANY($1)`, [
          jobs,
        ]);
      const looked = (jobs: string[]) =>
        waitFor('the overdue jobs looked at', async () => {
          const found = await db.query<
            Array<{ id: string; state: string; last_error: string | null; recent: boolean }>
          >(
            `SELECT id, state, last_error, dispatched_at > now() - interval '1 minute' AS recent
               FROM queued_job WHERE id = ANY($1)`,
            [jobs],
          );
          return found.every((row) => row.state !== 'DISPATCHED' || row.recent)
            ? new Map(found.map((row) => [row.id, row]))
            : undefined;
        });

      // Still waiting in Redis: left there, looked at again later, not added twice.
      await overdue([waiting]);
      expect((await looked([waiting])).get(waiting)).toMatchObject({ state: 'DISPATCHED', recent: true });
      expect(await queue.getJobState(waiting)).toBe('waiting');
      expect((await queue.getJobs(['waiting'])).map((job) => job.id).sort()).toEqual(
        [completed, failed, waiting].sort(),
      );

      // A worker outside the product completes them but fails one, as one that died before recording them.
      const settled = new Set<string>();
      const worker = new Worker(
        BULLMQ_QUEUE_NAME,
        (job) => {
          settled.add(job.id ?? '');
          return job.id === failed
            ? Promise.reject(new UnrecoverableError('refused by the test'))
            : Promise.resolve();
        },
        { connection: workerConnection, prefix: app.bullmqPrefix },
      );
      await waitFor('three jobs settled by the outside worker', () =>
        settled.size === 3 ? true : undefined,
      );
      await worker.close();
      await overdue([completed, failed]);
      const recorded = await looked([completed, failed]);
      expect(recorded.get(completed)).toMatchObject({ state: 'DONE', last_error: null });
      expect(recorded.get(failed)).toMatchObject({ state: 'FAILED', last_error: 'refused by the test' });
    } finally {
      await queue.close();
      connection.disconnect();
      workerConnection.disconnect();
      await app.close();
    }
  });
});

(process.env.REDIS_URL ? describe.skip : describe)('the embedded runner at shutdown', () => {
  it('leaves a job it handed back untouched when its handler ends later', async () => {
    const app = await startTestApp({ env: { RUN_JOBS_IN_API: 'false' } });
    try {
      const db = app.app.get<DataSource>(getDataSourceToken());
      const queue = app.app.get(JobQueue);
      let release: (error: Error) => void = () => undefined;
      let started: () => void = () => undefined;
      const running = new Promise<void>((resolve) => (started = resolve));
      // A handler still busy when the grace period ends, and failing afterwards.
      const slowRegistry = {
        isKnown: () => true,
        run: () => {
          started();
          return new Promise<void>((_, reject) => (release = reject));
        },
      } as unknown as JobRegistry;
      const runner = new PostgresJobRunner(app.app.get(JobStore), slowRegistry, queue, app.app.get(Metrics), {
        concurrency: 1,
        pollMs: 50,
        exclusive: false,
      });
      const key = await queue.enqueue(JobName.DeliverMessage, { outboxMessageId: randomUUID() });
      await runner.start();
      await running;
      await runner.stop(50);
      release(new Error('too late'));
      await new Promise((resolve) => setTimeout(resolve, 300));
      const [row] = await db.query<Array<{ state: string; attempts: number; last_error: string | null }>>(
        'SELECT state, attempts, last_error FROM queued_job WHERE job_key = $1',
        [key],
      );
      expect(row).toEqual({ state: 'QUEUED', attempts: 0, last_error: null });
    } finally {
      await app.close();
    }
  });
});
