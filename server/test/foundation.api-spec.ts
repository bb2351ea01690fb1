import request from 'supertest';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ErrorCode, type PublicConfig, type UserView } from '@esign/shared';
import { ADMIN_EMAIL, ADMIN_PASSWORD, startTestApp, type TestApp } from './support/test-app';
import { initiateAuth, poolEndpoint } from './support/cognito';
import { OutboxService } from '../src/modules/outbox/outbox.service';
import { type LocalTimestampAuthority, TIMESTAMP_AUTHORITY } from '@esign/pdf-signing';

describe('platform foundation (API)', () => {
  let testApp: TestApp;
  let publicConfig: PublicConfig;
  let adminIdToken: string;

  beforeAll(async () => {
    testApp = await startTestApp();
    publicConfig = (await request(testApp.url).get('/api/config')).body as PublicConfig;
    const tokens = await initiateAuth(
      poolEndpoint(testApp.url, publicConfig),
      publicConfig.cognito.clientId,
      ADMIN_EMAIL,
      ADMIN_PASSWORD,
    );
    adminIdToken = tokens.IdToken ?? '';
  });

  afterAll(async () => {
    await testApp.close();
  });

  it('reports every dependency up on /api/health', async () => {
    const response = await request(testApp.url).get('/api/health').expect(200);
    expect(response.body).toEqual({
      status: 'ok',
      checks: { database: 'up', queue: 'up', storage: 'up', identity: 'up' },
    });
  });

  it('gives the front ends the pool, the locales and French as default', () => {
    expect(publicConfig.cognito.region).toBe('eu-west-1');
    expect(publicConfig.cognito.userPoolId).toMatch(/^[\w-]+_[0-9a-zA-Z]+$/);
    expect(publicConfig.cognito.clientId).toBeTruthy();
    expect(publicConfig.cognito.endpoint).toBe('/cognito');
    expect(publicConfig.locales).toEqual(['fr', 'en', 'de', 'lu']);
    expect(publicConfig.defaultLocale).toBe('fr');
  });

  it('serves the trust anchors as PEM', async () => {
    const response = await request(testApp.url).get('/api/trust/ca.pem').expect(200);
    expect(response.headers['content-type']).toContain('application/x-pem-file');
    expect(response.text).toMatch(/^-----BEGIN CERTIFICATE-----/);
  });

  it('time-stamps RFC 3161 requests with the development authority in-process only, verifiable by openssl', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'tsa-'));
    try {
      writeFileSync(join(dir, 'data.txt'), 'Compromis de vente – 12 rue de la Gare');
      execFileSync('openssl', [
        'ts',
        '-query',
        '-data',
        join(dir, 'data.txt'),
        '-sha256',
        '-cert',
        '-out',
        join(dir, 'req.tsq'),
      ]);
      // The authority answers the product's own workers in-process; nothing of it is reachable over HTTP.
      const authority = testApp.app.get<LocalTimestampAuthority>(TIMESTAMP_AUTHORITY);
      const reply = await authority.handleTimestampRequest(readFileSync(join(dir, 'req.tsq')));
      writeFileSync(join(dir, 'reply.tsr'), reply);
      writeFileSync(join(dir, 'ca.pem'), (await request(testApp.url).get('/api/trust/ca.pem')).text);
      const verified = execFileSync(
        'openssl',
        [
          'ts',
          '-verify',
          '-queryfile',
          join(dir, 'req.tsq'),
          '-in',
          join(dir, 'reply.tsr'),
          '-CAfile',
          join(dir, 'ca.pem'),
        ],
        { encoding: 'utf8' },
      );
      expect(verified).toContain('Verification: OK');
      await request(testApp.url)
        .post('/api/tsa')
        .set('Content-Type', 'application/timestamp-query')
        .send(readFileSync(join(dir, 'req.tsq')))
        .expect(404);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('documents the API with OpenAPI', async () => {
    const response = await request(testApp.url).get('/api/docs-json').expect(200);
    expect(Object.keys(response.body.paths)).toEqual(
      expect.arrayContaining(['/api/health', '/api/config', '/api/verify_token', '/api/users/{id}']),
    );
  });

  it('lets the seeded administrator sign in through the embedded pool and read /users/me', async () => {
    const response = await request(testApp.url)
      .get('/api/users/me')
      .set('Authorization', `Bearer ${adminIdToken}`)
      .expect(200);
    const user = response.body as UserView;
    expect(user.email).toBe(ADMIN_EMAIL);
    expect(user.groups).toContain('Admin');
    expect(user.role).toBe('ADMIN');
  });

  it('answers verify_token with the user, from the header or the api_token field', async () => {
    await request(testApp.url)
      .post('/api/verify_token')
      .set('Authorization', `Bearer ${adminIdToken}`)
      .expect(200);
    const response = await request(testApp.url)
      .post('/api/verify_token')
      .send({ api_token: adminIdToken })
      .expect(200);
    expect((response.body as UserView).email).toBe(ADMIN_EMAIL);
  });

  it('answers 401 with the error contract when there is no token', async () => {
    const response = await request(testApp.url).get('/api/users/me').expect(401);
    expect(response.body).toEqual({
      statusCode: 401,
      code: ErrorCode.UNAUTHENTICATED,
      message: 'errors.UNAUTHENTICATED',
    });
  });

  it('answers 404 with the error contract on an unknown API path', async () => {
    const response = await request(testApp.url).get('/api/no-such-thing').expect(404);
    expect(response.body.code).toBe(ErrorCode.NOT_FOUND);
  });

  it('tags every response with a request id', async () => {
    const response = await request(testApp.url).get('/api/config').set('X-Request-Id', 'trace-12345678');
    expect(response.headers['x-request-id']).toBe('trace-12345678');
    const generated = await request(testApp.url)
      .get('/api/config')
      .set('X-Request-Id', 'bad id; with spaces');
    expect(generated.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('sends security headers and exposes Content-Range to CORS clients', async () => {
    const response = await request(testApp.url).get('/api/config');
    expect(response.headers['content-security-policy']).toContain("default-src 'self'");
    expect(response.headers['content-security-policy']).not.toContain('unsafe-eval');
    expect(response.headers['referrer-policy']).toBe('no-referrer');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
  });
});

describe('error contract and readiness', () => {
  let testApp: TestApp;
  let adminIdToken: string;

  beforeAll(async () => {
    testApp = await startTestApp();
    const config = (await request(testApp.url).get('/api/config')).body as PublicConfig;
    adminIdToken =
      (
        await initiateAuth(
          poolEndpoint(testApp.url, config),
          config.cognito.clientId,
          ADMIN_EMAIL,
          ADMIN_PASSWORD,
        )
      ).IdToken ?? '';
  });

  afterAll(async () => {
    await testApp.close();
  });

  it('answers 422 with per-field errors on invalid input', async () => {
    const response = await request(testApp.url)
      .get('/api/dev/outbox')
      .set('Authorization', `Bearer ${adminIdToken}`)
      .expect(422);
    expect(response.body).toEqual({
      statusCode: 422,
      code: ErrorCode.VALIDATION_FAILED,
      message: 'errors.VALIDATION_FAILED',
      errors: { to: 'validation.isNotEmpty' },
    });
  });

  it('shows the development outbox to an administrator, newest first', async () => {
    const to = 'outbox-reader@agence.lu';
    const outbox = testApp.app.get(OutboxService);
    await outbox.send({ channel: 'email', to, subject: 'Premier', body: 'un' });
    await outbox.send({ channel: 'email', to, subject: 'Deuxième', body: 'deux' });
    const response = await request(testApp.url)
      .get('/api/dev/outbox')
      .query({ to: to.toUpperCase() })
      .set('Authorization', `Bearer ${adminIdToken}`)
      .expect(200);
    expect((response.body as Array<{ subject: string }>).map((m) => m.subject)).toEqual([
      'Deuxième',
      'Premier',
    ]);
    expect(response.body[0]).toMatchObject({ channel: 'email', to, body: 'deux' });
  });

  it('keeps the development outbox from anyone without a token', async () => {
    await request(testApp.url).get('/api/dev/outbox').query({ to: 'x@y.lu' }).expect(401);
  });

  it('answers 503 naming the storage when it cannot be written', async () => {
    const filesDir = join(testApp.dataDir, 'files');
    rmSync(filesDir, { recursive: true, force: true });
    writeFileSync(filesDir, 'not a directory');
    try {
      const response = await request(testApp.url).get('/api/health').expect(503);
      expect(response.body).toEqual({
        status: 'error',
        checks: { database: 'up', queue: 'up', storage: 'down', identity: 'up' },
      });
    } finally {
      rmSync(filesDir, { force: true });
    }
    await request(testApp.url).get('/api/health').expect(200);
  });
});

describe('rate limits', () => {
  it('throttles repeated calls to the embedded user pool with 429', async () => {
    const testApp = await startTestApp({ env: { IDENTITY_RATE_LIMIT_PER_MINUTE: '3' } });
    try {
      const config = (await request(testApp.url).get('/api/config')).body as PublicConfig;
      const attempt = () =>
        initiateAuth(
          poolEndpoint(testApp.url, config),
          config.cognito.clientId,
          ADMIN_EMAIL,
          'Wrong-Passw0rd',
        );
      for (let i = 0; i < 3; i++) await expect(attempt()).rejects.toThrow(/ answered (400|401):/);
      await expect(attempt()).rejects.toThrow(/ answered 429:/);
    } finally {
      await testApp.close();
    }
  });
});
