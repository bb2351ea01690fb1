import request from 'supertest';
import { type PublicConfig } from '@esign/shared';
import { ADMIN_EMAIL, ADMIN_PASSWORD } from '../support/test-app';
import { initiateAuth, poolEndpoint } from '../support/cognito';
import { signInAdministrator } from '../support/members';
import { Cluster } from './support/cluster';
import { describeReliability, ProductProcess } from './support/processes';

const TEMPORARY_PASSWORD = /Mot de passe temporaire : (\S+)/;

describeReliability('the embedded user pool across a crash', () => {
  let cluster: Cluster;

  beforeAll(async () => {
    cluster = await Cluster.start({ env: { IDENTITY_RATE_LIMIT_PER_MINUTE: '100000' } });
  });

  afterAll(async () => {
    await cluster.stop();
  });

  it('starts again after the API is killed amid member creations and sign-ins, with every account made', async () => {
    await cluster.explain(async () => {
      const adminToken = await signInAdministrator(cluster);
      const emails = Array.from({ length: 40 }, (_, n) => `crash-${n}@agence.test`);
      let answered = 0;
      let killed: Promise<unknown> | undefined;
      const creations = emails.map((email, n) =>
        request(cluster.url)
          .post('/api/users')
          .set('Authorization', `Bearer ${adminToken}`)
          .send({ name: `Agence ${n}`, email, mobile: '621 555 400', language: 'fr' })
          .then((response) => response.status)
          .catch(() => 0)
          .finally(() => {
            answered += 1;
            // Killed while the rest are still being written: no shutdown code runs.
            if (answered === 10) killed = cluster.api.kill();
          }),
      );
      const signIns = emails.map(() =>
        signInAdministrator(cluster).then(
          () => 200,
          () => 0,
        ),
      );
      const statuses = await Promise.all(creations);
      await Promise.all(signIns);
      await killed;
      expect(statuses.filter((status) => status === 201).length).toBeGreaterThanOrEqual(10);

      cluster.api = new ProductProcess('api-after-crash', 'main', cluster.env());
      await cluster.api.ready();
      const config = (await request(cluster.url).get('/api/config').expect(200)).body as PublicConfig;
      const endpoint = poolEndpoint(cluster.url, config);
      await initiateAuth(endpoint, config.cognito.clientId, ADMIN_EMAIL, ADMIN_PASSWORD);
      // Every member whose creation was answered 201 is in the pool, with the password e-mailed.
      for (const [n, email] of emails.entries()) {
        if (statuses[n] !== 201) continue;
        const [welcome] = await cluster.query<{ body: string }>(
          `SELECT body FROM outbox_message WHERE recipient = $1 ORDER BY created_at DESC LIMIT 1`,
          [email],
        );
        const password = TEMPORARY_PASSWORD.exec(welcome?.body ?? '')?.[1] ?? '';
        const first = await initiateAuth(endpoint, config.cognito.clientId, email, password);
        expect(first.ChallengeName).toBe('NEW_PASSWORD_REQUIRED');
      }
    });
  });
});
