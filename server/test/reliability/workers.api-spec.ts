import { Queue } from 'bullmq';
import IORedis from 'ioredis';
import { BULLMQ_QUEUE_NAME } from '../../src/modules/jobs/bullmq-job-runtime';
import { Product, type MemberSession } from '../support/product';
import { SmtpStandIn, TwilioStandIn } from '../support/provider-stand-ins';
import { Cluster } from './support/cluster';
import { describeReliability, waitFor, type ProductProcess } from './support/processes';

/**
 * QUEUE_LOCK_SECONDS here: short, so that a killed worker's job is handed over soon. That the handover takes
 * at most this long follows from the lock settings it gives BullMQ (worker-lock-options.spec.ts); here the
 * handover is waited for as an event, never timed.
 */
const HANDOVER_SECONDS = 5;

/** Each worker sends from an address and a number of its own: the stand-ins tell which worker did the work. */
const SENDERS = [
  { mail: 'worker-a@esign.test', sms: '+352661000001' },
  { mail: 'worker-b@esign.test', sms: '+352661000002' },
];

interface Delivery {
  recipient: string;
  status: string;
  attempts: number;
  job_state: string;
}

async function deliveries(cluster: Cluster, channel: 'email' | 'sms'): Promise<Delivery[]> {
  return cluster.query<Delivery>(
    `SELECT m.recipient, m.status, m.attempts, j.state AS job_state
       FROM outbox_message m JOIN queued_job j ON j.job_key = 'deliver:' || m.id
      WHERE m.channel = $1 ORDER BY m.recipient`,
    [channel],
  );
}

async function bullmqJob(cluster: Cluster, id: string) {
  const connection = new IORedis(cluster.redis?.url ?? '', { maxRetriesPerRequest: 1 });
  const queue = new Queue(BULLMQ_QUEUE_NAME, { connection, prefix: cluster.bullmqPrefix });
  try {
    const job = await queue.getJob(id);
    return { state: await queue.getJobState(id), stalledCounter: job?.stalledCounter };
  } finally {
    await queue.close();
    connection.disconnect();
  }
}

for (const [queueKind, redis] of [
  ['BullMQ', true],
  ['the PostgreSQL job table', false],
] as const) {
  describeReliability(`two worker processes on ${queueKind}`, () => {
    const smtp = new SmtpStandIn();
    const twilio = new TwilioStandIn();
    let cluster: Cluster;
    let product: Product;
    let owner: MemberSession;
    /** The two running workers, by sender. */
    const workers: ProductProcess[] = [];

    const workerEnv = (index: number) => ({
      ...smtp.settings(SENDERS[index]?.mail),
      TWILIO_FROM: SENDERS[index]?.sms ?? '',
    });

    beforeAll(async () => {
      await smtp.start();
      await twilio.start();
      cluster = await Cluster.start({
        redis,
        // A short handover (how soon a killed worker's job is taken over) and a short shutdown grace.
        env: {
          ...smtp.settings(),
          ...twilio.settings(),
          QUEUE_LOCK_SECONDS: String(HANDOVER_SECONDS),
          SHUTDOWN_GRACE_SECONDS: '2',
        },
        workers: SENDERS.map((_, index) => workerEnv(index)),
      });
      workers.push(...cluster.workers);
      product = new Product(cluster);
      owner = await product.createMember(
        await product.adminToken(),
        { email: `workers-${String(redis)}@agence-centre.lu`, name: 'Agence du Centre' },
        (address) => waitFor(`the welcome e-mail to ${address}`, () => smtp.receivedBy(address)[0]?.text),
      );
    });
    afterEach(async () => {
      twilio.release();
      // A test may have stopped a worker: the next one starts with two again.
      for (const [index, worker] of workers.entries()) {
        if (worker.exit) workers[index] = await cluster.startWorker(workerEnv(index));
      }
    });
    afterAll(async () => {
      await cluster?.stop();
      await smtp.stop();
      await twilio.stop();
    });

    it('claims each of many jobs once across both workers', () =>
      cluster.explain(async () => {
        const invitees = product.invitees(60, `claim-${String(redis)}`);
        // Two requests of 30 signatories: 60 invitation e-mails, 60 jobs queued at once.
        await product.createRequest(owner, invitees.slice(0, 30));
        await product.createRequest(owner, invitees.slice(30));

        const sent = await waitFor('every invitation delivered', async () => {
          const rows = (await deliveries(cluster, 'email')).filter((row) =>
            invitees.some((invitee) => invitee.email === row.recipient),
          );
          return rows.length === 60 && rows.every((row) => row.job_state === 'DONE') ? rows : undefined;
        });
        // Each delivery ran once: one attempt, one message received per signatory.
        expect(sent.every((row) => row.status === 'SENT' && row.attempts === 1)).toBe(true);
        for (const invitee of invitees) {
          expect(smtp.receivedBy(invitee.email)).toHaveLength(1);
        }
        // Both workers took part.
        const senders = new Set(
          invitees.flatMap((invitee) => smtp.receivedBy(invitee.email).map((mail) => mail.from)),
        );
        expect([...senders].sort()).toEqual(SENDERS.map((sender) => sender.mail));
      }));

    /**
     * A signatory asks for a code while the SMS provider holds every request: the SMS job is running on one of
     * the workers, waiting for the provider, until the test acts. Returns that worker and the other one.
     */
    async function smsInProgress(): Promise<{
      mobile: string;
      job: string;
      busy: ProductProcess;
      otherFrom: string;
    }> {
      const [invitee] = product.invitees(1, 'sms');
      if (!invitee) throw new Error('no invitee');
      const created = await product.createRequest(owner, [invitee]);
      const key = await waitFor('the invitation', () => {
        const match = /[?&]key=([\w%-]+)/.exec(smtp.receivedBy(invitee.email)[0]?.text ?? '');
        return match?.[1] ? decodeURIComponent(match[1]) : undefined;
      });
      twilio.hold();
      await product.requestCode(created.id, key);
      const request = await waitFor('the SMS request held by the provider', () =>
        twilio.waiting.find((fields) => fields.To === invitee.mobile),
      );
      const index = SENDERS.findIndex((sender) => sender.sms === request.From);
      const busy = workers[index];
      const otherFrom = SENDERS[1 - index]?.sms;
      if (!busy || !otherFrom) throw new Error(`unknown sender ${request.From}`);
      const [job] = await cluster.query<{ id: string }>(
        `SELECT j.id FROM queued_job j JOIN outbox_message m ON j.job_key = 'deliver:' || m.id
          WHERE m.recipient = $1`,
        [invitee.mobile],
      );
      if (!job) throw new Error('no SMS job');
      return { mobile: invitee.mobile, job: job.id, busy, otherFrom };
    }

    const delivered = (mobile: string) =>
      waitFor('the SMS delivered', async () => {
        const [row] = (await deliveries(cluster, 'sms')).filter((d) => d.recipient === mobile);
        return row?.job_state === 'DONE' ? row : undefined;
      });

    // With the PostgreSQL table, a killed worker's job runs again once its five-minute lease lapses.
    if (redis) {
      it('runs a job again on the other worker when the one running it is killed, and ends it once', () =>
        cluster.explain(async () => {
          const sms = await smsInProgress();

          expect(await sms.busy.kill()).toEqual({ code: null, signal: 'SIGKILL' });
          // The provider still holds requests: the other worker's own request tells when it took the job.
          await waitFor('the other worker sending the SMS', () =>
            twilio.waiting.some((fields) => fields.To === sms.mobile && fields.From === sms.otherFrom)
              ? true
              : undefined,
          );
          twilio.release();

          const done = await delivered(sms.mobile);
          expect(twilio.acceptedFor(sms.mobile).map((accepted) => accepted.from)).toEqual([sms.otherFrom]);
          // Two runs (the killed one counted its attempt before sending), one message sent.
          expect(done).toMatchObject({ status: 'SENT', attempts: 2 });
          // Taken over once the killed worker's lock lapsed.
          expect(await bullmqJob(cluster, sms.job)).toEqual({ state: 'completed', stalledCounter: 1 });
        }));
    }

    it('hands a job not finished within the shutdown grace back to the queue on SIGTERM', () =>
      cluster.explain(async () => {
        const sms = await smsInProgress();

        const mark = sms.busy.mark();
        sms.busy.signal('SIGTERM');
        // It stops by itself once the grace period is over, the job still waiting for the provider.
        const exit = await sms.busy.exited;
        expect(exit.signal === 'SIGTERM' || exit.code === 0).toBe(true);
        await sms.busy.waitForLog(
          'the hand-back',
          (entry) =>
            entry.msg === 'Job not finished within the shutdown grace period; handed back to the queue',
          { after: mark },
        );
        // The other worker takes it (the provider still holds requests), and it is delivered once released.
        await waitFor('the other worker sending the SMS', () =>
          twilio.waiting.some((fields) => fields.To === sms.mobile && fields.From === sms.otherFrom)
            ? true
            : undefined,
        );
        twilio.release();
        const done = await delivered(sms.mobile);
        expect(done.status).toBe('SENT');
        // The interrupted run was not counted as a failed attempt.
        const [row] = await cluster.query<{ attempts: number }>(
          'SELECT attempts FROM queued_job WHERE id = $1',
          [sms.job],
        );
        expect(row?.attempts).toBe(1);
        expect(twilio.acceptedFor(sms.mobile).map((accepted) => accepted.from)).toEqual([sms.otherFrom]);
        if (redis) {
          // Handed back, not recovered as a stalled job after its lock lapsed.
          expect(await bullmqJob(cluster, sms.job)).toEqual({ state: 'completed', stalledCounter: 0 });
        }
      }));
  });
}
