import request from 'supertest';
import { randomBytes } from 'node:crypto';
import { ErrorCode } from '@esign/shared';
import { startTestApp, type TestApp } from '../support/test-app';
import { createMember, signInAdministrator, type Member } from '../support/members';
import { fixturePdf, uploadPdf } from '../support/signature-fixtures';
import { type Invitee, SigningDriver } from '../support/signing-flow';
import { OutboxService } from '../../src/modules/outbox/outbox.service';

/**
 * Attacks on the public signing links and one-time codes with the limits as shipped (other signing tests lift
 * the per-IP limit): guessed keys, code guessing from one address whatever X-Forwarded-For says, the daily cap
 * of codes per phone, and the limits shared by API processes.
 */
describe('attacks on signing links and codes', () => {
  let testApp: Awaited<ReturnType<typeof startTestApp>>;
  let member: Member;
  let driver: SigningDriver;
  let documentId: string;

  const newRequest = async (invitees: Invitee[]) => {
    const created = await driver.createRequest(documentId, invitees);
    return created.id;
  };

  beforeAll(async () => {
    testApp = await startTestApp({
      env: { SIGNING_RATE_LIMIT_PER_MINUTE: '3', OTP_DAILY_LIMIT_PER_PHONE: '2' },
    });
    const adminToken = await signInAdministrator(testApp);
    member = await createMember(testApp, adminToken, { email: 'liens@agence.test', name: 'Agence Liens' });
    driver = new SigningDriver(testApp, member.token);
    documentId = (await uploadPdf(testApp.url, member.token, fixturePdf('minimal-document.pdf'))).documentId;
  });

  afterAll(async () => {
    await testApp.close();
  });

  it('answers guessed keys exactly like the real key of a cancelled request', async () => {
    const [invitee] = driver.invitees(1, 'devine');
    const requestId = await newRequest([invitee!]);
    const realKey = await driver.keyOf(invitee!.email);
    const guesses = await Promise.all(
      Array.from({ length: 10 }, () =>
        driver
          .page(requestId, randomBytes(32).toString('base64url'))
          .then((r) => ({ status: r.status, body: r.body as unknown })),
      ),
    );
    await request(testApp.url)
      .delete(`/api/signatures/${requestId}`)
      .set('Authorization', `Bearer ${member.token}`)
      .expect(200);
    const cancelled = await driver.page(requestId, realKey);
    for (const guess of guesses)
      expect(guess).toEqual({ status: cancelled.status, body: cancelled.body as unknown });
    expect(cancelled.status).toBe(404);
  });

  it('limits code checks per client address, whatever X-Forwarded-For says', async () => {
    const [invitee] = driver.invitees(1, 'essai');
    const requestId = await newRequest([invitee!]);
    const key = await driver.keyOf(invitee!.email);
    // The link must have received the document before any code is checked.
    await driver.fetchDocument(requestId, key);
    const statuses: number[] = [];
    for (let i = 0; i < 5; i += 1) {
      const response = await driver
        .submit(requestId, key, '00000000', invitee!.mobile)
        .set('X-Forwarded-For', `198.51.100.${i + 10}`);
      statuses.push(response.status);
      if (response.status === 429) {
        expect(response.body.code).toBe(ErrorCode.TOO_MANY_REQUESTS);
        expect(Number(response.headers['retry-after'])).toBeGreaterThan(0);
      }
    }
    expect(statuses).toEqual([400, 400, 400, 429, 429]);
  });

  it('stops sending codes to a phone after its daily cap, across requests, and texts nothing more', async () => {
    const mobile = '+352621555400';
    const requestIds: string[] = [];
    const keys: string[] = [];
    for (let i = 0; i < 3; i += 1) {
      const invitee = { name: `Téléphone ${i + 1}`, email: `telephone-${i}@example.lu`, mobile };
      requestIds.push(await newRequest([invitee]));
      keys.push(await driver.keyOf(invitee.email));
      await driver.displayDocument(requestIds[i]!, keys[i]!);
    }
    const outbox = testApp.app.get(OutboxService);
    // Each code request is its own client address here, so the per-IP limit is not what stops the third.
    const ask = (i: number) =>
      request(testApp.url)
        .get(`/api/signatures/${requestIds[i]}/otp`)
        .query({ key: keys[i] })
        .set('X-Forwarded-For', `203.0.113.${i + 1}`);
    expect((await ask(0)).status).toBe(200);
    expect((await ask(1)).status).toBe(200);
    const smsBefore = (await outbox.newestFor(mobile)).filter((m) => m.channel === 'sms').length;
    const capped = await ask(2);
    expect(capped.status).toBe(429);
    expect(capped.body.code).toBe(ErrorCode.OTP_DAILY_LIMIT);
    expect((await outbox.newestFor(mobile)).filter((m) => m.channel === 'sms')).toHaveLength(smsBefore);
    expect(smsBefore).toBe(2);
  });
});

describe('a per-IP signing limit shared by two API instances on one database', () => {
  const shared = process.env.DATABASE_URL ? it : it.skip;

  shared('counts the calls made to either instance against one limit', async () => {
    const first: TestApp & { databaseUrl?: string; bullmqPrefix: string } = await startTestApp({
      env: { SIGNING_RATE_LIMIT_PER_MINUTE: '3' },
    });
    let second: Awaited<ReturnType<typeof startTestApp>> | undefined;
    try {
      const adminToken = await signInAdministrator(first);
      const agency = await createMember(first, adminToken, {
        email: 'replique@agence.test',
        name: 'Agence Réplique',
      });
      const driver = new SigningDriver(first, agency.token);
      const document = await uploadPdf(first.url, agency.token, fixturePdf('minimal-document.pdf'));
      const [invitee] = driver.invitees(1, 'replique');
      const created = await driver.createRequest(document.documentId, [invitee!]);
      const key = await driver.keyOf(invitee!.email);
      await driver.fetchDocument(created.id, key);
      second = await startTestApp({
        env: { SIGNING_RATE_LIMIT_PER_MINUTE: '3' },
        reuse: { dataDir: first.dataDir, databaseUrl: first.databaseUrl, bullmqPrefix: first.bullmqPrefix },
      });
      const attempt = (url: string) =>
        request(url)
          .post(`/api/signatures/${created.id}/otp`)
          .query({ key })
          .send({ code: '00000000', location: 'Luxembourg', phoneNumber: invitee!.mobile, consents: {} })
          .then((response) => response.status);
      const statuses = [
        await attempt(first.url),
        await attempt(second.url),
        await attempt(first.url),
        await attempt(second.url),
      ];
      expect(statuses.slice(0, 3).every((status) => status !== 429)).toBe(true);
      expect(statuses[3]).toBe(429);
    } finally {
      await second?.close({ discard: false });
      await first.close();
    }
  });
});
