import request from 'supertest';
import { type DataSource } from 'typeorm';
import { getDataSourceToken } from '@nestjs/typeorm';
import { DatabaseRateLimitStore } from '../src/common/rate-limit/rate-limit-store';
import { startTestApp, type TestApp } from './support/test-app';
import { createMember, signInAdministrator } from './support/members';

/** Hits counted together, in one statement, still count exactly, across processes (here: stores). */
describe('shared rate limits (API, real database)', () => {
  let testApp: TestApp;
  const db = () => testApp.app.get<DataSource>(getDataSourceToken());

  beforeAll(async () => {
    testApp = await startTestApp({ env: { RATE_LIMIT_PER_MINUTE: '10' } });
  });

  afterAll(async () => {
    await testApp.close();
  });

  it('gives concurrent hits of one key each its own place, whichever process counts them', async () => {
    // Two stores on one database stand for two API processes.
    const [first, second] = [new DatabaseRateLimitStore(db()), new DatabaseRateLimitStore(db())];
    const hits = await Promise.all(
      Array.from({ length: 40 }, (_, index) => (index % 2 ? first : second).hit('test:concurrent', 60_000)),
    );
    expect(hits.map((hit) => hit.count).sort((left, right) => left - right)).toEqual(
      Array.from({ length: 40 }, (_, index) => index + 1),
    );
    // All in the one window just opened (how much of it is left depends on how busy the machine is).
    expect(hits.every((hit) => hit.resetInMs > 0 && hit.resetInMs <= 60_000)).toBe(true);
    // Keys are counted apart, in one statement or not.
    const mixed = await Promise.all([
      first.hit('test:a', 60_000),
      first.hit('test:b', 60_000),
      first.hit('test:a', 60_000),
    ]);
    expect(mixed.map((hit) => hit.count)).toEqual([1, 1, 2]);
  });

  it('starts a window again once it is over', async () => {
    const store = new DatabaseRateLimitStore(db());
    await Promise.all([store.hit('test:window', 60_000), store.hit('test:window', 60_000)]);
    // The window ends: its end is moved to the past rather than waited for.
    await db().query(
      `UPDATE rate_limit_window SET resets_at = now() - interval '1 millisecond' WHERE key = 'test:window'`,
    );
    const [again, next] = await Promise.all([
      store.hit('test:window', 60_000),
      store.hit('test:window', 60_000),
    ]);
    expect([again?.count, next?.count]).toEqual([1, 2]);
  });

  it('lets exactly the limit through when a client sends many requests at once', async () => {
    const member = await createMember(testApp, await signInAdministrator(testApp), {
      email: 'rapide@agence-rapide.lu',
      name: 'Agence Rapide',
    });
    // The member's set-up calls used some of the window: start a new one.
    await db().query(`DELETE FROM rate_limit_window`);
    const statuses = await Promise.all(
      Array.from({ length: 25 }, () =>
        request(testApp.url)
          .get('/api/users/me')
          .set('Authorization', `Bearer ${member.token}`)
          .then((response) => response.status),
      ),
    );
    expect(statuses.filter((status) => status === 200)).toHaveLength(10);
    expect(statuses.filter((status) => status === 429)).toHaveLength(15);
  });
});
