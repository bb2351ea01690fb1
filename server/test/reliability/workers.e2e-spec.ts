import { Queue } from 'bullmq';
import IORedis from 'ioredis';
import { BULLMQ_QUEUE_NAME } from '../../src/modules/jobs/bullmq-job-runtime';
import { SmtpStandIn, TwilioStandIn } from '../support/provider-stand-ins';
import { Cluster } from './support/cluster';
import { describeReliability, waitFor, type ProductProcess } from './support/processes';
import { Product, type MemberSession } from './support/product';

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

describeReliability('two worker processes', () => {
  const smtp = new SmtpStandIn();
  const twilio = new TwilioStandIn();
  let cluster: Cluster | undefined;

  beforeAll(async () => {
    await smtp.start();
    await twilio.start();
  });
  afterEach(async () => {
    twilio.release();
    await cluster?.stop();
    cluster = undefined;
  });
  afterAll(async () => {
    await smtp.stop();
    await twilio.stop();
  });

  /** The API and two workers, each worker with its own sender address and number. */
  async function startCluster(options: { redis: boolean; env?: Record<string, string> }): Promise<Cluster> {
    cluster = await Cluster.start({
      redis: options.redis,
      env: { ...smtp.settings(), ...twilio.settings(), ...options.env },
      workers: SENDERS.map((sender) => ({ ...smtp.settings(sender.mail), TWILIO_FROM: sender.sms })),
    });
    return cluster;
  }

  async function member(product: Product, email: string): Promise<MemberSession> {
    return product.createMember(await product.adminToken(), { email, name: 'Agence du Centre' }, (address) =>
      waitFor(`the welcome e-mail to ${address}`, () => smtp.receivedBy(address)[0]?.text),
    );
  }

  it.each([
    ['BullMQ', true],
    ['the PostgreSQL job table', false],
  ])('claims each of many jobs once across both workers (%s)', async (_queue, redis) => {
    const started = await startCluster({ redis });
    await started.explain(async () => {
      const product = new Product(started);
      const owner = await member(product, `claims-${String(redis)}@agence-centre.lu`);
      const invitees = product.invitees(60, `claim-${String(redis)}`);
      // Two requests of 30 signatories: 60 invitation e-mails, 60 jobs queued at once.
      await product.createRequest(owner, invitees.slice(0, 30));
      await product.createRequest(owner, invitees.slice(30));

      const sent = await waitFor('every invitation delivered', async () => {
        const rows = (await deliveries(started, 'email')).filter((row) =>
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
    });
  });

  /**
   * A signatory asks for a code while the SMS provider holds every request: the SMS job is running on one of
   * the workers, waiting for the provider, until the test acts. Returns that worker and the other one.
   */
  async function smsInProgress(
    started: Cluster,
    product: Product,
  ): Promise<{
    mobile: string;
    job: string;
    busy: ProductProcess;
    other: ProductProcess;
    otherFrom: string;
  }> {
    const owner = await member(product, `sms-${started.port}@agence-centre.lu`);
    const [invitee] = product.invitees(1, 'sms');
    if (!invitee) throw new Error('no invitee');
    const created = await product.createRequest(owner, [invitee]);
    const key = await waitFor('the invitation', () => {
      const mail = smtp.receivedBy(invitee.email)[0];
      return mail ? /[?&]key=([\w%-]+)/.exec(mail.text)?.[1] : undefined;
    });
    twilio.hold();
    await product.requestCode(created.id, decodeURIComponent(key));
    const request = await waitFor('the SMS request held by the provider', () =>
      twilio.waiting.find((fields) => fields.To === invitee.mobile),
    );
    const index = SENDERS.findIndex((sender) => sender.sms === request.From);
    const busy = started.workers[index];
    const other = started.workers[1 - index];
    const otherFrom = SENDERS[1 - index]?.sms;
    if (!busy || !other || !otherFrom) throw new Error(`unknown sender ${request.From}`);
    const [job] = await started.query<{ id: string }>(
      `SELECT j.id FROM queued_job j JOIN outbox_message m ON j.job_key = 'deliver:' || m.id
        WHERE m.recipient = $1`,
      [invitee.mobile],
    );
    if (!job) throw new Error('no SMS job');
    return { mobile: invitee.mobile, job: job.id, busy, other, otherFrom };
  }

  async function bullmqJob(started: Cluster, id: string) {
    const connection = new IORedis(started.redis?.url ?? '', { maxRetriesPerRequest: 1 });
    const queue = new Queue(BULLMQ_QUEUE_NAME, { connection, prefix: 'esign-reliability' });
    try {
      const job = await queue.getJob(id);
      return { state: await queue.getJobState(id), stalledCounter: job?.stalledCounter };
    } finally {
      await queue.close();
      connection.disconnect();
    }
  }

  it('runs a job again on the other worker when the one running it is killed, and ends it once', async () => {
    const started = await startCluster({ redis: true, env: { QUEUE_LOCK_SECONDS: '5' } });
    await started.explain(async () => {
      const product = new Product(started);
      const sms = await smsInProgress(started, product);

      expect(await sms.busy.kill()).toEqual({ code: null, signal: 'SIGKILL' });
      await waitFor('the killed worker’s connection gone', () =>
        twilio.waiting.some((fields) => fields.To === sms.mobile) ? undefined : true,
      );
      twilio.release();

      const done = await waitFor('the SMS delivered by the other worker', async () => {
        const [row] = (await deliveries(started, 'sms')).filter((d) => d.recipient === sms.mobile);
        return row?.job_state === 'DONE' ? row : undefined;
      });
      expect(twilio.acceptedFor(sms.mobile).map((accepted) => accepted.from)).toEqual([sms.otherFrom]);
      // Two runs (the killed one counted its attempt before sending), one message sent.
      expect(done).toMatchObject({ status: 'SENT', attempts: 2 });
      expect(await bullmqJob(started, sms.job)).toEqual({ state: 'completed', stalledCounter: 1 });
    });
  });

  it.each([
    ['BullMQ', true],
    ['the PostgreSQL job table', false],
  ])(
    'hands a job not finished within the shutdown grace back to the queue on SIGTERM (%s)',
    async (_queue, redis) => {
      const started = await startCluster({ redis, env: { SHUTDOWN_GRACE_SECONDS: '2' } });
      await started.explain(async () => {
        const product = new Product(started);
        const sms = await smsInProgress(started, product);

        const mark = sms.busy.mark();
        sms.busy.signal('SIGTERM');
        // It stops by itself once the grace period is over, the job still waiting for the provider.
        const exit = await sms.busy.exited;
        expect(exit.signal === 'SIGTERM' || exit.code === 0).toBe(true);
        if (redis) {
          await sms.busy.waitForLog(
            'the hand-back',
            (entry) =>
              entry.msg === 'Job not finished within the shutdown grace period; handed back to the queue',
            { after: mark },
          );
        }
        // The other worker takes it (the provider still holds requests), and it is delivered once released.
        await waitFor('the other worker sending the SMS', () =>
          twilio.waiting.some((fields) => fields.To === sms.mobile && fields.From === sms.otherFrom)
            ? true
            : undefined,
        );
        twilio.release();
        const done = await waitFor('the SMS delivered', async () => {
          const [row] = (await deliveries(started, 'sms')).filter((d) => d.recipient === sms.mobile);
          return row?.job_state === 'DONE' ? row : undefined;
        });
        expect(done.status).toBe('SENT');
        expect(twilio.acceptedFor(sms.mobile).map((accepted) => accepted.from)).toEqual([sms.otherFrom]);
        if (redis) {
          // Handed back, not recovered as a stalled job after its lock lapsed.
          expect(await bullmqJob(started, sms.job)).toEqual({ state: 'completed', stalledCounter: 0 });
        }
      });
    },
  );
});
