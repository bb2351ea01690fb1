import request from 'supertest';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { ADMIN_EMAIL, ADMIN_PASSWORD, startTestApp, type TestApp } from '../support/test-app';
import { PoolClient, TEMPORARY_PASSWORD } from '../support/pool-calls';
import { createMember } from '../support/members';
import { OutboxService } from '../../src/modules/outbox/outbox.service';

/**
 * Many sign-ins and member creations at the same moment, as a busy morning or a seeding script makes them:
 * every one succeeds, the pool's store stays whole, and the installation starts again on the same data.
 */

interface Answer {
  status: number;
  body: { __type?: string; AuthenticationResult?: { IdToken: string }; ChallengeName?: string };
}

async function signIn(app: TestApp, email: string, password: string): Promise<Answer> {
  return (await PoolClient.of(app)).signIn(email, password);
}

describe('the embedded user pool under concurrent calls', () => {
  it('lets 50 sign-ins and 50 member creations at once all succeed, and starts again on the same data', async () => {
    const first = await startTestApp({ env: { IDENTITY_RATE_LIMIT_PER_MINUTE: '10000' } });
    let running: TestApp | undefined = first;
    try {
      const adminToken = (await signIn(first, ADMIN_EMAIL, ADMIN_PASSWORD)).body.AuthenticationResult
        ?.IdToken;
      expect(adminToken).toBeDefined();
      const members = await Promise.all(
        [1, 2, 3, 4].map((n) =>
          createMember(first, adminToken ?? '', {
            email: `membre-${n}@agence.test`,
            name: `Agence ${n}`,
            password: `Membre-Passw0rd${n}`,
          }),
        ),
      );
      const accounts = [
        { email: ADMIN_EMAIL, password: ADMIN_PASSWORD },
        ...members.map((member, n) => ({ email: member.email, password: `Membre-Passw0rd${n + 1}` })),
      ];
      const newEmails = Array.from({ length: 50 }, (_, n) => `simultane-${n}@agence.test`);
      const [signIns, creations] = await Promise.all([
        Promise.all(
          Array.from({ length: 50 }, (_, n) => {
            const account = accounts[n % accounts.length] ?? accounts[0];
            return signIn(first, account?.email ?? '', account?.password ?? '');
          }),
        ),
        Promise.all(
          newEmails.map((email, n) =>
            request(first.url)
              .post('/api/users')
              .set('Authorization', `Bearer ${adminToken}`)
              .send({ name: `Agence simultanée ${n}`, email, mobile: '621 555 300', language: 'fr' })
              .then((response) => response.status),
          ),
        ),
      ]);
      expect(signIns.map((answer) => answer.status)).toEqual(signIns.map(() => 200));
      expect(creations).toEqual(creations.map(() => 201));

      const outbox = first.app.get(OutboxService);
      const temporary = new Map<string, string>();
      for (const email of newEmails) {
        const [welcome] = await outbox.newestFor(email);
        temporary.set(email, TEMPORARY_PASSWORD.exec(welcome?.body ?? '')?.[1] ?? '');
      }
      running = undefined;
      await first.close({ discard: false });

      // Every file the pool keeps is whole JSON, and the installation's key is still there.
      const poolDirectory = join(first.dataDir, 'cognito');
      for (const name of readdirSync(poolDirectory).filter((file) => file.endsWith('.json'))) {
        expect(() => JSON.parse(readFileSync(join(poolDirectory, name), 'utf8')) as unknown).not.toThrow();
      }
      expect(statSync(join(first.dataDir, 'secrets', 'installation-signing-key.json')).size).toBeGreaterThan(
        0,
      );

      const restarted = await startTestApp({
        env: { IDENTITY_RATE_LIMIT_PER_MINUTE: '10000' },
        reuse: { dataDir: first.dataDir, databaseUrl: first.databaseUrl, bullmqPrefix: first.bullmqPrefix },
      });
      running = restarted;
      // All at once again, after the restart.
      const again = await Promise.all([
        ...accounts.map((account) => signIn(restarted, account.email, account.password)),
        ...newEmails.map((email) => signIn(restarted, email, temporary.get(email) ?? '')),
      ]);
      expect(again.slice(0, accounts.length).map((answer) => answer.status)).toEqual(accounts.map(() => 200));
      expect(again.slice(accounts.length).map((answer) => answer.body.ChallengeName)).toEqual(
        newEmails.map(() => 'NEW_PASSWORD_REQUIRED'),
      );
    } finally {
      await running?.close();
    }
    // Two starts and some 250 calls, each password hashed or checked with scrypt: more than the default
    // minute on a busy machine.
  }, 240_000);
});
