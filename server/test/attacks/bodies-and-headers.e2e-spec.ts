import request from 'supertest';
import {
  type PublicConfig,
  type SignatureDetailsView,
  type SignatureRequestView,
  type UserView,
} from '@esign/shared';
import { startTestApp, type TestApp } from '../support/test-app';
import { createMember, signInAdministrator, type Member } from '../support/members';
import { poolEndpoint } from '../support/cognito';
import { fixturePdf, signatureInput, uploadPdf } from '../support/signature-fixtures';

/** Hostile bodies and headers: sizes, nesting, forged client addresses, caching, text that hides its direction. */
describe('attacks with bodies and headers', () => {
  let testApp: TestApp;
  let adminToken: string;
  let member: Member;

  const countUsers = async () =>
    Number(
      (
        await request(testApp.url)
          .get('/api/users')
          .query({ range: '[0,0]' })
          .set('Authorization', `Bearer ${adminToken}`)
          .expect(200)
      ).headers['content-range']?.split('/')[1],
    );

  beforeAll(async () => {
    testApp = await startTestApp();
    adminToken = await signInAdministrator(testApp);
    member = await createMember(testApp, adminToken, { email: 'corps@agence.test', name: 'Agence Corps' });
  });

  afterAll(async () => {
    await testApp.close();
  });

  describe('bodies', () => {
    it('answers a 16 MB JSON body with 413 in the error contract, and creates nothing', async () => {
      const before = await countUsers();
      const response = await request(testApp.url)
        .post('/api/users')
        .set('Authorization', `Bearer ${adminToken}`)
        .set('Content-Type', 'application/json')
        .send(JSON.stringify({ name: 'x'.repeat(16 * 1024 * 1024), email: 'gros@agence.test' }))
        .expect(413);
      expect(response.body).toEqual({
        statusCode: 413,
        code: 'FILE_TOO_LARGE',
        message: 'errors.FILE_TOO_LARGE',
      });
      expect(await countUsers()).toBe(before);
    });

    it('answers 200,000 nested arrays with 400, before anything walks them', async () => {
      const response = await request(testApp.url)
        .post('/api/users')
        .set('Authorization', `Bearer ${adminToken}`)
        .set('Content-Type', 'application/json')
        .send(`{"name":${'['.repeat(200_000)}${']'.repeat(200_000)}}`)
        .expect(400);
      expect(response.body.code).toBe('BAD_REQUEST');
      const signing = await request(testApp.url)
        .post('/api/verify_token')
        .set('Content-Type', 'application/json')
        .send(`${'{"a":'.repeat(5_000)}1${'}'.repeat(5_000)}`);
      expect(signing.status).toBe(400);
    });

    it('does not count brackets inside strings as nesting', async () => {
      const response = await request(testApp.url)
        .post('/api/users')
        .set('Authorization', `Bearer ${adminToken}`)
        .send({
          name: `Agence ${'['.repeat(40)}`,
          email: 'crochets@agence.test',
          mobile: '621 555 201',
          language: 'fr',
        })
        .expect(201);
      expect((response.body as UserView).name).toBe(`Agence ${'['.repeat(40)}`);
    });

    it('answers malformed JSON with 400 and a JSON array where an object is expected with a 4xx', async () => {
      const malformed = await request(testApp.url)
        .post('/api/users')
        .set('Authorization', `Bearer ${adminToken}`)
        .set('Content-Type', 'application/json')
        .send('{"name": "Agence", ')
        .expect(400);
      expect(malformed.body.code).toBe('BAD_REQUEST');
      const array = await request(testApp.url)
        .post('/api/users')
        .set('Authorization', `Bearer ${adminToken}`)
        .set('Content-Type', 'application/json')
        .send('[1,2,3]');
      expect(array.status).toBeGreaterThanOrEqual(400);
      expect(array.status).toBeLessThan(500);
    });
  });

  describe('text that hides its direction or forges lines', () => {
    it('stores a member name and address on one line, without direction controls', async () => {
      const created = await request(testApp.url)
        .post('/api/users')
        .set('Authorization', `Bearer ${adminToken}`)
        .send({
          name: 'Agence\u202e Schmit\n[2026-01-01] FAKE',
          email: 'bidi@agence.test',
          mobile: '621 555 202',
          language: 'fr',
        })
        .expect(201);
      expect((created.body as UserView).name).toBe('Agence Schmit [2026-01-01] FAKE');
      const updated = await request(testApp.url)
        .put(`/api/users/${(created.body as UserView).id}`)
        .set('Authorization', `Bearer ${adminToken}`)
        .send({
          additionalInfo: {
            address: { addressLine1: '12 rue\r\nde la Gare\u2066', city: 'Esch\u202b' },
            company: { name: 'Immo\u2028Schmit' },
          },
        })
        .expect(200);
      const info = (updated.body as UserView).additionalInfo;
      expect(info?.address?.addressLine1).toBe('12 rue de la Gare');
      expect(info?.address?.city).toBe('Esch');
      expect(info?.company?.name).toBe('Immo Schmit');
    });

    it('stores signatory names and the request title without direction controls', async () => {
      const document = await uploadPdf(testApp.url, member.token, fixturePdf('minimal-document.pdf'));
      const input = signatureInput(document.documentId, {
        signatureTitle: 'Compromis\u202e fdp.exe',
        signatories: [
          {
            name: 'Marc\u202e Schmit',
            email: 'marc@example.lu',
            mobile: '+352621555203',
            order: 1,
            placement: { page: 1, position: 'bottom-right' },
          },
        ],
      });
      const created = await request(testApp.url)
        .post('/api/signatures')
        .set('Authorization', `Bearer ${member.token}`)
        .send(input)
        .expect(201);
      const view = created.body as SignatureRequestView;
      expect(view.signatureTitle).toBe('Compromis fdp.exe');
      expect(view.signatories.map((s) => s.name)).toEqual(['Marc Schmit']);
    });
  });

  describe('forwarded headers', () => {
    it('records the connection address, not X-Forwarded-For, when no proxy is trusted', async () => {
      const document = await uploadPdf(testApp.url, member.token, fixturePdf('minimal-document.pdf'));
      const created = await request(testApp.url)
        .post('/api/signatures')
        .set('Authorization', `Bearer ${member.token}`)
        .set('X-Forwarded-For', '203.0.113.66, 198.51.100.7')
        .send(signatureInput(document.documentId))
        .expect(201);
      const details = (
        await request(testApp.url)
          .get(`/api/signatures/${(created.body as SignatureRequestView).id}/details`)
          .set('Authorization', `Bearer ${member.token}`)
          .expect(200)
      ).body as SignatureDetailsView;
      const ips = details.auditTrail.map((event) => event.ip);
      expect(ips.length).toBeGreaterThan(0);
      for (const ip of ips.filter((value): value is string => value !== null)) {
        expect(ip).not.toContain('198.51.100.7');
        expect(ip).not.toContain('203.0.113.66');
        expect(ip).toMatch(/127\.0\.0\.1|::1/);
      }
    });

    it('refuses a malformed TRUST_PROXY at start, naming it', async () => {
      await expect(startTestApp({ env: { TRUST_PROXY: 'everyone; rm -rf /' } })).rejects.toThrow(
        /TRUST_PROXY/,
      );
    });
  });

  describe('caching and cross-origin answers', () => {
    it('marks authenticated JSON and errors as not to be stored', async () => {
      const me = await request(testApp.url)
        .get('/api/users/me')
        .set('Authorization', `Bearer ${member.token}`)
        .expect(200);
      expect(me.headers['cache-control']).toBe('no-store');
      const list = await request(testApp.url)
        .get('/api/signatures')
        .set('Authorization', `Bearer ${member.token}`)
        .expect(200);
      expect(list.headers['cache-control']).toBe('no-store');
      const denied = await request(testApp.url).get('/api/users/me').expect(401);
      expect(denied.headers['cache-control']).toBe('no-store');
    });

    it('gives a foreign origin no CORS permission and says nothing of the framework', async () => {
      const response = await request(testApp.url)
        .get('/api/users/me')
        .set('Origin', 'https://attacker.example')
        .set('Authorization', `Bearer ${member.token}`)
        .expect(200);
      expect(response.headers['access-control-allow-origin']).toBeUndefined();
      expect(response.headers['x-powered-by']).toBeUndefined();
    });
  });

  // Each of these starts an app of its own: they come last, since the token strategy is registered once per
  // process and the newest app's keys replace the shared app's.
  describe('forwarded headers, on apps of their own', () => {
    it('does not let a rotated X-Forwarded-For pass a per-IP limit', async () => {
      const limited = await startTestApp({ env: { IDENTITY_RATE_LIMIT_PER_MINUTE: '3' } });
      try {
        const config = (await request(limited.url).get('/api/config')).body as PublicConfig;
        const statuses: number[] = [];
        for (let i = 0; i < 5; i += 1) {
          const response = await fetch(poolEndpoint(limited.url, config), {
            method: 'POST',
            headers: {
              'Content-Type': 'application/x-amz-json-1.1',
              'X-Amz-Target': 'AWSCognitoIdentityProviderService.InitiateAuth',
              'X-Forwarded-For': `198.51.100.${i + 1}`,
            },
            body: JSON.stringify({
              AuthFlow: 'USER_PASSWORD_AUTH',
              ClientId: config.cognito.clientId,
              AuthParameters: { USERNAME: `rotation${i}@agence.test`, PASSWORD: 'Mauvais-Passw0rd' },
            }),
          });
          statuses.push(response.status);
        }
        expect(statuses).toEqual([400, 400, 400, 429, 429]);
      } finally {
        await limited.close();
      }
    });

    it('believes X-Forwarded-For from a proxy that TRUST_PROXY names', async () => {
      const proxied = await startTestApp({ env: { TRUST_PROXY: 'loopback' } });
      try {
        const admin = await signInAdministrator(proxied);
        const agency = await createMember(proxied, admin, {
          email: 'proxy@agence.test',
          name: 'Agence Proxy',
        });
        const document = await uploadPdf(proxied.url, agency.token, fixturePdf('minimal-document.pdf'));
        const created = await request(proxied.url)
          .post('/api/signatures')
          .set('Authorization', `Bearer ${agency.token}`)
          .set('X-Forwarded-For', '203.0.113.66, 198.51.100.7')
          .send(signatureInput(document.documentId))
          .expect(201);
        const details = (
          await request(proxied.url)
            .get(`/api/signatures/${(created.body as SignatureRequestView).id}/details`)
            .set('Authorization', `Bearer ${agency.token}`)
            .expect(200)
        ).body as SignatureDetailsView;
        // The client is the right-most address that is not a trusted proxy.
        expect(details.auditTrail[0]?.event).toBe('CREATE');
        expect(details.auditTrail[0]?.ip).toBe('198.51.100.7');
      } finally {
        await proxied.close();
      }
    });
  });
});
