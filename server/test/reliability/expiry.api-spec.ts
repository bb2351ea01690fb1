import { randomUUID } from 'node:crypto';
import { JobName } from '@esign/shared';
import { Product, type MemberSession } from '../support/product';
import { Cluster } from './support/cluster';
import { describeReliability, waitFor } from './support/processes';

const REQUESTS = 6;
const SWEEPS = 6;

describeReliability('expiry swept by two worker processes on PostgreSQL and Redis', () => {
  let cluster: Cluster;
  let product: Product;
  let owner: MemberSession;

  beforeAll(async () => {
    cluster = await Cluster.start({
      redis: true,
      // The timer's sweep runs at start (nothing has expired then); the test queues its own sweeps.
      env: { EXPIRY_SWEEP_INTERVAL_SECONDS: '3600' },
      workers: [{}, {}],
    });
    product = new Product(cluster);
    owner = await product.createMember(await product.adminToken(), {
      email: 'echeances@agence-sud.lu',
      name: 'Agence du Sud',
    });
  }, 180_000);

  afterAll(async () => {
    await cluster?.stop();
  });

  it('closes each expired request once, however many sweeps run at the same time on the two workers', async () => {
    await cluster.explain(async () => {
      const requests = [];
      for (let index = 0; index < REQUESTS; index += 1) {
        requests.push(await product.createRequest(owner, product.invitees(1, `echeance-${index}`)));
      }
      const ids = requests.map((request) => request.id);
      // One of them had a code sent before its date passed: the code is voided with it.
      const [first] = requests;
      const firstKey = await product.keyOf(first?.signatories[0]?.email ?? '');
      await product.requestCode(first?.id ?? '', firstKey);
      await cluster.query(
        `UPDATE signature_request SET expires_at = now() - interval '1 minute' WHERE id = ANY($1)`,
        [ids],
      );
      // Several sweeps queued for the same moment, as the workers' timers would in a busy minute.
      for (let sweep = 0; sweep < SWEEPS; sweep += 1) {
        await cluster.query(
          `INSERT INTO queued_job (job_key, name, payload, max_attempts, run_at)
           VALUES ($1, $2, '{}'::jsonb, 3, now() + interval '2 seconds')`,
          [`expiry-test:${randomUUID()}`, JobName.SweepExpiredRequests],
        );
      }
      await waitFor(
        'every sweep to finish',
        async () => {
          const [row] = await cluster.query<{ pending: number }>(
            `SELECT count(*)::int AS pending FROM queued_job
              WHERE name = $1 AND job_key LIKE 'expiry-test:%' AND state <> 'DONE'`,
            [JobName.SweepExpiredRequests],
          );
          return row?.pending === 0 ? true : undefined;
        },
        90_000,
      );

      const statuses = await cluster.query<{ status: string }>(
        `SELECT status FROM signature_request WHERE id = ANY($1)`,
        [ids],
      );
      expect(statuses.map((row) => row.status)).toEqual(Array(REQUESTS).fill('EXPIRED'));
      const expiries = await cluster.query<{ request_id: string; n: number }>(
        `SELECT request_id, count(*)::int AS n FROM audit_event
          WHERE request_id = ANY($1) AND event = 'EXPIRE' GROUP BY request_id`,
        [ids],
      );
      expect(expiries).toHaveLength(REQUESTS);
      expect(expiries.every((row) => row.n === 1)).toBe(true);
      const notices = await cluster.query<{ subject: string }>(
        `SELECT subject FROM outbox_message WHERE recipient = $1 AND subject LIKE 'Demande de signature expirée%'`,
        [owner.email],
      );
      expect(notices).toHaveLength(REQUESTS);
      const codes = await cluster.query<{ open: number }>(
        `SELECT count(*)::int AS open FROM one_time_code
          WHERE request_id = $1 AND used_at IS NULL AND voided_at IS NULL`,
        [first?.id],
      );
      expect(codes[0]?.open).toBe(0);
      // What each worker reports it closed adds up to the requests: none closed twice, by one or both.
      const closedBy = cluster.workers.map((worker) =>
        worker.entries
          .filter((entry) => entry.msg === 'Requests expired')
          .reduce((sum, entry) => sum + Number(entry.expired ?? 0), 0),
      );
      expect(closedBy.reduce((sum, count) => sum + count, 0)).toBe(REQUESTS);
    });
  }, 180_000);
});
