import { Queue } from 'bullmq';
import IORedis from 'ioredis';
import { BULLMQ_QUEUE_NAME } from '../../src/modules/jobs/bullmq-job-runtime';
import { TwilioStandIn } from '../support/provider-stand-ins';
import { Cluster } from './support/cluster';
import { describeReliability, waitFor } from './support/processes';
import { Product, type MemberSession } from '../support/product';
import { freePort } from '../support/test-app';

const METRICS_TOKEN = 'queue-durability-metrics-token-0123456789';

/** The jobs `url`'s process counted as relayed again after Redis lost them, every type together. */
async function relayedAgainCount(url: string): Promise<number> {
  const response = await fetch(url, { headers: { Authorization: `Bearer ${METRICS_TOKEN}` } });
  if (!response.ok) throw new Error(`${url} answered ${response.status}`);
  return (await response.text())
    .split('\n')
    .filter((line) => line.startsWith('esign_jobs_relayed_again_total{'))
    .reduce((sum, line) => sum + Number(line.slice(line.lastIndexOf(' ') + 1)), 0);
}

interface JobRow {
  state: string;
  dispatched_at: Date | null;
}

/** The delivery job of the newest SMS to `mobile`, and that message. */
async function smsJob(
  cluster: Cluster,
  mobile: string,
): Promise<JobRow & { message_id: string; status: string }> {
  const [row] = await cluster.query<JobRow & { message_id: string; status: string }>(
    `SELECT j.state, j.dispatched_at, m.id AS message_id, m.status
       FROM outbox_message m JOIN queued_job j ON j.payload->>'outboxMessageId' = m.id::text
      WHERE m.recipient = $1 AND m.channel = 'sms' ORDER BY m.created_at DESC LIMIT 1`,
    [mobile],
  );
  if (!row) throw new Error(`no SMS job for ${mobile}`);
  return row;
}

/** What BullMQ holds, read from the cluster's Redis the way BullMQ itself reads it. */
async function jobCountsInRedis(cluster: Cluster): Promise<Record<string, number>> {
  const connection = new IORedis(cluster.redis?.url ?? '', { maxRetriesPerRequest: 1 });
  const queue = new Queue(BULLMQ_QUEUE_NAME, { connection, prefix: cluster.bullmqPrefix });
  try {
    return await queue.getJobCounts('waiting', 'active', 'delayed', 'completed', 'failed');
  } finally {
    await queue.close();
    connection.disconnect();
  }
}

/** The ids of every job BullMQ holds, whatever its state. */
async function jobIdsInRedis(cluster: Cluster): Promise<string[]> {
  const connection = new IORedis(cluster.redis?.url ?? '', { maxRetriesPerRequest: 1 });
  const queue = new Queue(BULLMQ_QUEUE_NAME, { connection, prefix: cluster.bullmqPrefix });
  try {
    const jobs = await queue.getJobs(['waiting', 'active', 'delayed', 'completed', 'failed', 'prioritized']);
    return jobs.map((job) => job.id ?? '');
  } finally {
    await queue.close();
    connection.disconnect();
  }
}

describeReliability('the job table as the queue’s outbox (API and two worker processes)', () => {
  const twilio = new TwilioStandIn();
  let cluster: Cluster;
  let product: Product;
  let member: MemberSession;

  beforeAll(async () => {
    await twilio.start();
    cluster = await Cluster.start({ env: twilio.settings(), workers: [{}, {}] });
    product = new Product(cluster);
    member = await product.createMember(await product.adminToken(), {
      email: 'file-attente@agence-nord.lu',
      name: 'Agence du Nord',
    });
  });
  afterAll(async () => {
    await cluster?.stop();
    await twilio.stop();
  });

  /** A request to one new signatory, and the key of the invitation they received. */
  async function invitation(prefix: string) {
    const [invitee] = product.invitees(1, prefix);
    if (!invitee) throw new Error('no invitee');
    const created = await product.createRequest(member, [invitee]);
    return { invitee, requestId: created.id, key: await product.keyOf(invitee.email) };
  }

  it('keeps a job in the table while Redis is down and relays it once Redis is back', () =>
    cluster.explain(async () => {
      const { invitee, requestId, key } = await invitation('panne');

      await cluster.redis?.stop();
      const mark = cluster.api.mark();
      await product.requestCode(requestId, key);
      // The code's SMS is recorded with its job; the relay tries Redis, fails, and leaves the job in the table.
      await cluster.api.waitForLog(
        'a failed relay after the code was asked for',
        (entry) => entry.msg === 'Relay to Redis failed; will retry',
        { after: mark },
      );
      expect(await smsJob(cluster, invitee.mobile)).toMatchObject({ state: 'QUEUED', status: 'PENDING' });
      expect(twilio.requests.filter((sms) => sms.To === invitee.mobile)).toEqual([]);
      // A worker asked to stop while Redis is down stops (nothing waits for Redis forever).
      const [stopping] = cluster.workers;
      stopping?.signal('SIGTERM');
      expect((await stopping?.exited)?.signal).toBe('SIGTERM');

      await cluster.redis?.start();
      await cluster.startWorker();
      const delivered = await waitFor('the SMS delivered after Redis came back', async () => {
        const job = await smsJob(cluster, invitee.mobile);
        return job.state === 'DONE' && job.status === 'SENT' ? job : undefined;
      });
      expect(delivered.dispatched_at).not.toBeNull();
      const [sms, ...others] = twilio.acceptedFor(invitee.mobile);
      expect(others).toEqual([]);
      // The code that went out is the one the product holds: the signatory signs with it.
      await product.sign(requestId, key, Product.codeIn(sms?.body ?? ''), invitee.mobile);
    }));

  it('queues nothing for a change that rolled back', () =>
    cluster.explain(async () => {
      const { invitee, requestId, key } = await invitation('annule');
      // The code's transaction fails at its billing line, after its SMS and the SMS's job were written.
      await cluster.query(`CREATE FUNCTION refuse_sms_billing() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN RAISE EXCEPTION 'billing refused for the test'; END $$`);
      await cluster.query(`CREATE TRIGGER refuse_sms_billing BEFORE INSERT ON billing_event
        FOR EACH ROW WHEN (NEW.kind = 'SMS') EXECUTE FUNCTION refuse_sms_billing()`);
      try {
        await product.api().get(`/api/signatures/${requestId}`).query({ key }).expect(200);
        await product.displayDocument(requestId, key);
        await product.api().get(`/api/signatures/${requestId}/otp`).query({ key }).expect(500);
      } finally {
        await cluster.query('DROP TRIGGER refuse_sms_billing ON billing_event');
      }
      expect(
        await cluster.query(`SELECT 1 FROM outbox_message WHERE recipient = $1`, [invitee.mobile]),
      ).toEqual([]);

      // A code asked for again commits; once its SMS is delivered, the relay and the workers have been through
      // everything queued before it: only that one SMS ever left, and it carries the code that works.
      await product.requestCode(requestId, key);
      await waitFor('the second code delivered', async () => {
        const job = await smsJob(cluster, invitee.mobile);
        return job.state === 'DONE' ? job : undefined;
      });
      const [sms, ...others] = twilio.requests.filter((fields) => fields.To === invitee.mobile);
      expect(others).toEqual([]);
      await product.sign(requestId, key, Product.codeIn(sms?.Body ?? ''), invitee.mobile);
      // Every job BullMQ ever held has its committed row. Redis is read first: rows are never deleted, while
      // a job queued between the two reads (a periodic sweep's) would be in Redis and not in an earlier read.
      const inRedis = await jobIdsInRedis(cluster);
      const rows = await cluster.query<{ id: string }>('SELECT id FROM queued_job');
      const ids = new Set(rows.map((row) => row.id));
      expect(inRedis.filter((id) => !ids.has(id))).toEqual([]);
      expect(inRedis.length).toBeGreaterThan(0);
    }));
});

describeReliability('a Redis restarted without its data (API and two worker processes)', () => {
  const twilio = new TwilioStandIn();
  let cluster: Cluster | undefined;

  beforeAll(() => twilio.start());
  afterAll(async () => {
    await cluster?.stop();
    await twilio.stop();
  });

  it('runs once each the seals and code SMS it held, relayed again', async () => {
    // No worker yet: what the API relays waits in Redis.
    const started = await Cluster.start({ env: { ...twilio.settings(), METRICS_TOKEN } });
    cluster = started;
    await started.explain(async () => {
      const product = new Product(started);
      const member = await product.createMember(await product.adminToken(), {
        email: 'perte-redis@agence-est.lu',
        name: 'Agence de l’Est',
      });
      const signed: Array<{ requestId: string; mobile: string; email: string }> = [];
      for (const invitee of product.invitees(3, 'perte')) {
        const created = await product.createRequest(member, [invitee]);
        const key = await product.keyOf(invitee.email);
        await product.requestCode(created.id, key);
        // Not delivered yet (no worker): the code is read where the product keeps it until then.
        const code = Product.codeIn(await product.newestBody(invitee.mobile, 'sms'));
        await product.sign(created.id, key, code, invitee.mobile);
        expect(await product.requestStatus(created.id)).toBe('UPDATING_DOCUMENT');
        signed.push({ requestId: created.id, mobile: invitee.mobile, email: invitee.email });
      }
      // Every job (invitations, codes, seals) handed to Redis, none run.
      await waitFor('every job relayed to Redis', async () => {
        const rows = await started.query<{ state: string }>(
          `SELECT state FROM queued_job WHERE state <> 'DISPATCHED'`,
        );
        return rows.length === 0 ? true : undefined;
      });
      const held = await jobCountsInRedis(started);
      expect(held.waiting).toBeGreaterThanOrEqual(signed.length * 3);
      const seals = await started.query(
        `SELECT 1 FROM queued_job WHERE name = 'signing.seal-document' AND state = 'DISPATCHED'`,
      );
      expect(seals).toHaveLength(3);

      // Redis restarts empty.
      await started.redis?.stop();
      await started.redis?.start();
      expect(await jobCountsInRedis(started)).toEqual({
        waiting: 0,
        active: 0,
        delayed: 0,
        completed: 0,
        failed: 0,
      });
      const workerPorts = [await freePort(), await freePort()];
      await Promise.all(
        workerPorts.map((port) => started.startWorker({ WORKER_METRICS_PORT: String(port) })),
      );

      await waitFor(
        'the three seals and the three SMS',
        async () => {
          for (const { requestId, mobile } of signed) {
            if ((await product.requestStatus(requestId)) !== 'SIGNED') return undefined;
            if (twilio.acceptedFor(mobile).length === 0) return undefined;
          }
          return true;
        },
        // Relayed again once overdue (QUEUE_REDISPATCH_SECONDS after they were due), then run: a bound
        // that leaves a busy machine room, not a measure of speed.
        180_000,
        250,
      );
      // Every job due by now (not the ones delayed to later) finished.
      await waitFor('every job due finished', async () => {
        const rows = await started.query<{ state: string }>(
          `SELECT state FROM queued_job WHERE state <> 'DONE' AND run_at <= now()`,
        );
        return rows.length === 0 ? true : undefined;
      });

      for (const { requestId, mobile, email } of signed) {
        expect(twilio.acceptedFor(mobile)).toHaveLength(1);
        const seals = await started.query(
          `SELECT 1 FROM audit_event WHERE request_id = $1 AND event = 'SEAL'`,
          [requestId],
        );
        expect(seals).toHaveLength(1);
        const completion = await started.query(
          `SELECT 1 FROM outbox_message WHERE recipient = $1 AND subject LIKE 'Document signé%'`,
          [email],
        );
        expect(completion).toHaveLength(1);
      }
      const billing = await started.query<{ kind: string; lines: number; sources: number }>(
        `SELECT kind, count(*)::int AS lines, count(DISTINCT source_id)::int AS sources
           FROM billing_event WHERE member_id = $1 GROUP BY kind ORDER BY kind`,
        [member.id],
      );
      expect(billing).toEqual([
        { kind: 'REQUEST_SIMPLE', lines: 3, sources: 3 },
        { kind: 'SMS', lines: 3, sources: 3 },
      ]);
      const relayedAgain = [started.api, ...started.workers].flatMap((process) =>
        process.entries.filter((entry) => entry.msg === 'Jobs missing from Redis; relayed again'),
      );
      expect(relayedAgain.length).toBeGreaterThan(0);
      // The metrics count the same jobs the log lines name, in whichever process relayed them.
      const logged = relayedAgain.reduce(
        (sum, entry) => sum + (Array.isArray(entry.jobs) ? entry.jobs.length : 0),
        0,
      );
      const counted = await Promise.all([
        relayedAgainCount(`${started.url}/api/metrics`),
        ...workerPorts.map((port) => relayedAgainCount(`http://127.0.0.1:${port}/metrics`)),
      ]);
      expect(counted.reduce((sum, count) => sum + count, 0)).toBe(logged);
    });
  }, 300_000);
});
