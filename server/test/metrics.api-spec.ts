import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { ApiClient, invitedLink, codeTextedTo } from '@esign/api-client';
import { appOutbox, createMember, signInAdministrator, type Member } from './support/members';
import { PoolClient } from './support/pool-calls';
import { waitUntilSigned } from './support/sealing';
import { fixturePdf, uploadPdf } from './support/signature-fixtures';
import { SigningDriver } from './support/signing-flow';
import { startTestApp, type TestApp } from './support/test-app';
import { DeliveryError } from '../src/modules/notifications/delivery-error';
import { SMS_SENDER, type SmsSender } from '../src/modules/notifications/ports';
import { OBJECT_STORAGE, type ObjectStorage } from '../src/modules/storage/object-storage.port';
import { waitFor } from './support/wait-for';

const TOKEN = 'metrics-token-for-the-tests-0123456789abcdef';

/** The samples of an exposition: `name{labels}` → value. */
function samples(text: string): Map<string, number> {
  const found = new Map<string, number>();
  for (const line of text.split('\n')) {
    if (line === '' || line.startsWith('#')) continue;
    const split = line.lastIndexOf(' ');
    found.set(line.slice(0, split), Number(line.slice(split + 1)));
  }
  return found;
}

/** Every value a label takes in an exposition. */
function labelValues(text: string, label: string): Set<string> {
  const pattern = new RegExp(`[{,]${label}="([^"]*)"`, 'g');
  return new Set([...text.matchAll(pattern)].map((match) => match[1] ?? ''));
}

async function scrape(testApp: Pick<TestApp, 'url'>): Promise<string> {
  const response = await request(testApp.url)
    .get('/api/metrics')
    .set('Authorization', `Bearer ${TOKEN}`)
    .expect(200);
  return response.text;
}

describe('metrics without METRICS_TOKEN', () => {
  let testApp: TestApp;

  beforeAll(async () => {
    testApp = await startTestApp();
  });

  afterAll(async () => {
    await testApp.close();
  });

  it('has no metrics route: a 404 like any unknown route, token or not', async () => {
    const unknown = await request(testApp.url).get('/api/no-such-route').expect(404);
    const bare = await request(testApp.url).get('/api/metrics').expect(404);
    const withToken = await request(testApp.url)
      .get('/api/metrics')
      .set('Authorization', `Bearer ${TOKEN}`)
      .expect(404);
    expect(bare.body).toEqual({ ...unknown.body, path: bare.body.path });
    expect(withToken.body.code).toBe(unknown.body.code);
    expect(bare.text).not.toContain('http_request_duration_seconds');
  });
});

describe('metrics with METRICS_TOKEN', () => {
  let testApp: TestApp;
  let member: Member;
  let driver: SigningDriver;

  beforeAll(async () => {
    testApp = await startTestApp({
      env: {
        METRICS_TOKEN: TOKEN,
        RATE_LIMIT_PER_MINUTE: '100000',
        SIGNING_RATE_LIMIT_PER_MINUTE: '1000',
        IDENTITY_RATE_LIMIT_PER_MINUTE: '30',
      },
    });
    member = await createMember(testApp, await signInAdministrator(testApp), {
      email: 'mesures@agence-nord.lu',
      name: 'Agence du Nord',
    });
    driver = new SigningDriver(testApp, member.token);
  });

  afterAll(async () => {
    await testApp.close();
  });

  it('refuses a scrape without the token, with another one, or with it in another scheme: 401', async () => {
    const refusals = [
      request(testApp.url).get('/api/metrics'),
      request(testApp.url).get('/api/metrics').set('Authorization', 'Bearer wrong-token'),
      request(testApp.url).get('/api/metrics').set('Authorization', `Bearer ${TOKEN}x`),
      request(testApp.url)
        .get('/api/metrics')
        .set('Authorization', `Bearer ${TOKEN.slice(0, -1)}`),
      request(testApp.url).get('/api/metrics').set('Authorization', `Basic ${TOKEN}`),
      request(testApp.url).get('/api/metrics').set('Authorization', TOKEN),
      request(testApp.url).get('/api/metrics').set('Authorization', `Bearer ${TOKEN} ${TOKEN}`),
    ];
    for (const refusal of await Promise.all(refusals)) {
      expect(refusal.status).toBe(401);
      expect(refusal.body.code).toBe('UNAUTHENTICATED');
      expect(refusal.headers['www-authenticate']).toBe('Bearer');
      expect(refusal.text).not.toContain('http_request_duration_seconds');
    }
  });

  it('answers the right token with the exposition: the product, the jobs, the process', async () => {
    const response = await request(testApp.url)
      .get('/api/metrics')
      .set('Authorization', `Bearer ${TOKEN}`)
      .expect(200);
    expect(response.headers['content-type']).toMatch(/^text\/plain;.*version=0\.0\.4/);
    expect(response.headers['cache-control']).toBe('no-store');
    const values = samples(response.text);
    expect(values.get('esign_jobs{type="signing.seal-document",state="waiting"}')).toBeGreaterThanOrEqual(0);
    expect(
      values.get('esign_job_oldest_waiting_seconds{type="signing.seal-document"}'),
    ).toBeGreaterThanOrEqual(0);
    expect(values.get('esign_health_check_up{check="database"}')).toBe(1);
    expect(values.get('esign_health_check_up{check="queue"}')).toBe(1);
    expect(values.get('esign_signature_requests_total{event="signed",mode="ADVANCED"}')).toBe(0);
    expect(values.get('esign_metrics_collect_errors_total{source="jobs"}')).toBe(0);
    for (const family of [
      'nodejs_eventloop_lag_seconds gauge',
      'nodejs_heap_size_used_bytes gauge',
      'process_resident_memory_bytes gauge',
      'nodejs_gc_duration_seconds histogram',
    ]) {
      expect(response.text).toContain(`# TYPE ${family}\n`);
    }
    // Each family once: the application's and the process's registries do not overlap.
    const families = response.text.split('\n').filter((line) => line.startsWith('# TYPE '));
    expect(new Set(families).size).toBe(families.length);
  });

  it('labels requests by route template: 1,000 request ids in addresses make no new series', async () => {
    // One call of each kind first (a scrape too), so that their series exist before the count.
    await scrape(testApp);
    await request(testApp.url)
      .get(`/api/signatures/${randomUUID()}`)
      .set('Authorization', `Bearer ${member.token}`);
    await request(testApp.url).get(`/api/no-such-route/${randomUUID()}`);
    const before = await scrape(testApp);
    const ids = Array.from({ length: 1000 }, () => randomUUID());
    for (let start = 0; start < ids.length; start += 50) {
      await Promise.all(
        ids
          .slice(start, start + 50)
          .flatMap((id) => [
            request(testApp.url).get(`/api/signatures/${id}`).set('Authorization', `Bearer ${member.token}`),
            request(testApp.url).get(`/api/no-such-route/${id}?key=${id}`),
          ]),
      );
    }
    const after = await scrape(testApp);
    const httpSeries = (text: string) =>
      [...samples(text).keys()].filter((key) => key.startsWith('http_request_duration_seconds'));
    expect(httpSeries(after).sort()).toEqual(httpSeries(before).sort());
    for (const id of ids.slice(0, 20)) expect(after).not.toContain(id);
    const routes = labelValues(after, 'route');
    expect(routes).toContain('/api/signatures/:id');
    expect(routes).toContain('unmatched');
    const values = samples(after);
    const count = (route: string) =>
      (values.get(`http_request_duration_seconds_count{route="${route}",method="GET",status="4xx"}`) ?? 0) -
      (samples(before).get(
        `http_request_duration_seconds_count{route="${route}",method="GET",status="4xx"}`,
      ) ?? 0);
    expect(count('/api/signatures/:id')).toBe(1000);
    expect(count('unmatched')).toBe(1000);
  });

  it('counts a signing through the API: created, code checks, signature, seal, messages, jobs', async () => {
    const [invitee] = driver.invitees(1, 'mesure');
    if (!invitee) throw new Error('no invitee');
    const upload = await uploadPdf(
      testApp.url,
      member.token,
      fixturePdf('minimal-document.pdf'),
      'minimal-document.pdf',
    );
    const created = await driver.createRequest(upload.documentId, [invitee], { signingMode: 'SIMPLE' });
    const inbox = appOutbox(testApp);
    const link = await invitedLink(testApp.url, inbox, invitee.email, created.id);
    await link.displayAndRequestCode();
    const code = await codeTextedTo(inbox, invitee.mobile);
    const wrong = code === '000000' ? '111111' : '000000';
    await driver.submit(created.id, link.key, wrong, invitee.mobile).expect(400);
    await link.sign({ code, phoneNumber: invitee.mobile });
    await waitUntilSigned(testApp, member.token, created.id);

    // The completion e-mails go out after the seal: until then the queue is not empty.
    const values = await waitFor('the queue to empty', async () => {
      const found = samples(await scrape(testApp));
      const empty =
        found.get('esign_jobs{type="signing.seal-document",state="waiting"}') === 0 &&
        found.get('esign_jobs{type="notifications.deliver-message",state="waiting"}') === 0;
      return empty ? found : undefined;
    });
    expect(values.get('esign_signature_requests_total{event="created",mode="SIMPLE"}')).toBe(1);
    expect(values.get('esign_signature_requests_total{event="signed",mode="SIMPLE"}')).toBe(1);
    expect(values.get('esign_signatures_total{mode="SIMPLE"}')).toBe(1);
    expect(values.get('esign_code_checks_total{outcome="valid"}')).toBe(1);
    expect(values.get('esign_code_checks_total{outcome="wrong"}')).toBe(1);
    expect(values.get('esign_seal_duration_seconds_count')).toBe(1);
    expect(values.get('esign_seal_duration_seconds_sum')).toBeGreaterThan(0);
    expect(values.get('esign_seal_failures_total')).toBe(0);
    expect(values.get('esign_job_duration_seconds_count{type="signing.seal-document",outcome="done"}')).toBe(
      1,
    );
    expect(values.get('esign_messages_total{channel="sms",outcome="sent"}')).toBeGreaterThanOrEqual(1);
    expect(values.get('esign_messages_total{channel="sms",outcome="failed"}')).toBe(0);
    expect(values.get('esign_job_oldest_waiting_seconds{type="signing.seal-document"}')).toBe(0);
  });

  it('counts a declined and a cancelled request, by mode', async () => {
    const [first, second] = driver.invitees(2, 'refus');
    if (!first || !second) throw new Error('no invitees');
    const upload = await uploadPdf(
      testApp.url,
      member.token,
      fixturePdf('minimal-document.pdf'),
      'minimal-document.pdf',
    );
    const declined = await driver.createRequest(upload.documentId, [first], { signingMode: 'SIMPLE' });
    const cancelled = await driver.createRequest(upload.documentId, [second], { signingMode: 'SIMPLE' });
    const link = await invitedLink(testApp.url, appOutbox(testApp), first.email, declined.id);
    await link.receiveAndDisplay();
    await link.decline({ reason: 'Le prix ne convient pas' });
    await new ApiClient(testApp.url, member.token).send('DELETE', `/api/signatures/${cancelled.id}`, {
      expect: [200],
    });
    const values = samples(await scrape(testApp));
    expect(values.get('esign_signature_requests_total{event="created",mode="SIMPLE"}')).toBe(3);
    expect(values.get('esign_signature_requests_total{event="declined",mode="SIMPLE"}')).toBe(1);
    expect(values.get('esign_signature_requests_total{event="cancelled",mode="SIMPLE"}')).toBe(1);
  });

  it('counts a failed seal attempt, its retry, and SMS the provider refused or failed', async () => {
    const storage = testApp.app.get<ObjectStorage>(OBJECT_STORAGE);
    const sms = testApp.app.get<SmsSender>(SMS_SENDER);
    const put = storage.put.bind(storage);
    const send = sms.send.bind(sms);
    const before = samples(await scrape(testApp));
    // The first sealed file cannot be stored; the attempt after it succeeds.
    let sealStoreFailed = false;
    const storing = jest.spyOn(storage, 'put').mockImplementation(async (key, body, contentType) => {
      if (key.startsWith('signed/') && !sealStoreFailed) {
        sealStoreFailed = true;
        throw new Error('storage unavailable');
      }
      return put(key, body, contentType);
    });
    const [invitee, refused, unavailable] = driver.invitees(3, 'panne');
    if (!invitee || !refused || !unavailable) throw new Error('no invitees');
    const texting = jest
      .spyOn(sms, 'send')
      .mockImplementation((message) =>
        message.to === refused.mobile
          ? Promise.reject(new DeliveryError('number refused', 'sms', false, 400))
          : message.to === unavailable.mobile
            ? Promise.reject(new DeliveryError('provider unavailable', 'sms', true, 503))
            : send(message),
      );
    try {
      const upload = await uploadPdf(testApp.url, member.token, fixturePdf('minimal-document.pdf'));
      const signed = await driver.createRequest(upload.documentId, [invitee], { signingMode: 'SIMPLE' });
      const inbox = appOutbox(testApp);
      const link = await invitedLink(testApp.url, inbox, invitee.email, signed.id);
      await link.displayAndRequestCode();
      await link.sign({ code: await codeTextedTo(inbox, invitee.mobile), phoneNumber: invitee.mobile });
      await waitUntilSigned(testApp, member.token, signed.id);

      for (const person of [refused, unavailable]) {
        const created = await driver.createRequest(upload.documentId, [person], { signingMode: 'SIMPLE' });
        const personLink = await invitedLink(testApp.url, inbox, person.email, created.id);
        await personLink.displayAndRequestCode();
      }
      const after = await waitFor('the SMS attempts', async () => {
        const found = samples(await scrape(testApp));
        const moved = (name: string) => (found.get(name) ?? 0) - (before.get(name) ?? 0);
        return moved('esign_messages_total{channel="sms",outcome="rejected"}') >= 1 &&
          moved('esign_messages_total{channel="sms",outcome="failed"}') >= 1
          ? found
          : undefined;
      });
      const moved = (name: string) => (after.get(name) ?? 0) - (before.get(name) ?? 0);
      expect(moved('esign_seal_failures_total')).toBe(1);
      expect(moved('esign_job_duration_seconds_count{type="signing.seal-document",outcome="retried"}')).toBe(
        1,
      );
      expect(moved('esign_job_duration_seconds_count{type="signing.seal-document",outcome="done"}')).toBe(1);
      expect(moved('esign_seal_duration_seconds_count')).toBe(1);
      expect(moved('esign_signature_requests_total{event="signed",mode="SIMPLE"}')).toBe(1);
      expect(
        moved('esign_job_duration_seconds_count{type="notifications.deliver-message",outcome="retried"}'),
      ).toBeGreaterThanOrEqual(2);
    } finally {
      storing.mockRestore();
      texting.mockRestore();
    }
  });

  it('counts a refused upload by its reason', async () => {
    const refused = await new ApiClient(testApp.url, member.token)
      .uploadPdf(Buffer.from('not a PDF at all, only text'), 'faux.pdf')
      .then(
        () => undefined,
        (error: unknown) => error,
      );
    expect(String(refused)).toContain('NOT_A_PDF');
    const values = samples(await scrape(testApp));
    expect(values.get('esign_uploads_refused_total{reason="NOT_A_PDF"}')).toBe(1);
  });

  it('counts sign-in failures, the lock they start, and the 429s of the rate limit by route', async () => {
    const pool = await PoolClient.of(testApp);
    const before = samples(await scrape(testApp));
    for (let attempt = 1; attempt <= 5; attempt += 1) {
      const answer = await pool.signIn(member.email, `Mauvais-Passw0rd${attempt}`);
      expect(answer.body.__type).toBe('NotAuthorizedException');
    }
    const locked = await pool.signIn(member.email, 'Membre-Passw0rd');
    expect(locked.body.__type).toBe('TooManyFailedAttemptsException');
    const afterGuesses = samples(await scrape(testApp));
    const moved = (name: string) => (afterGuesses.get(name) ?? 0) - (before.get(name) ?? 0);
    expect(moved('esign_sign_in_failures_total')).toBe(5);
    expect(moved('esign_sign_in_locks_total')).toBe(1);

    // IDENTITY_RATE_LIMIT_PER_MINUTE is 30 here: the pool's route refuses the rest of the minute's calls.
    const answers = await Promise.all(
      Array.from({ length: 40 }, () => pool.signIn('personne@agence.test', 'Passw0rd-Inconnu')),
    );
    const refused = answers.filter((answer) => answer.status === 429).length;
    expect(refused).toBeGreaterThan(0);
    const values = samples(await scrape(testApp));
    expect(values.get('esign_rate_limit_refusals_total{route="/cognito"}')).toBe(refused);
  });
});
