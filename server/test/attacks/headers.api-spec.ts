import request from 'supertest';
import { type PublicConfig, type SignatureDetailsView, type SignatureRequestView } from '@esign/shared';
import { startTestApp } from '../support/test-app';
import { appWithMember } from '../support/app-with-member';
import { createMember, signInAdministrator } from '../support/members';
import { poolEndpoint } from '../support/cognito';
import { fixturePdf, signatureInput, uploadPdf } from '../support/signature-fixtures';

const UPGRADE = 'upgrade-insecure-requests';

/** Whether an answer asks the browser for https: HSTS, or the policy's upgrade of every address. */
function asksForHttps(response: request.Response): { hsts: boolean; upgrade: boolean } {
  const policy = String(response.headers['content-security-policy'] ?? '');
  expect(policy).toContain("default-src 'self'");
  return {
    hsts: response.headers['strict-transport-security'] !== undefined,
    upgrade: policy.split(';').some((directive) => directive.trim() === UPGRADE),
  };
}

/** Hostile headers: forged client addresses, caching, cross-origin calls. */
describe('attacks with headers', () => {
  const context = appWithMember({ email: 'corps@agence.test', name: 'Agence Corps' });

  describe('forwarded headers', () => {
    it('records the connection address, not X-Forwarded-For, when no proxy is trusted', async () => {
      const document = await uploadPdf(
        context.testApp.url,
        context.member.token,
        fixturePdf('minimal-document.pdf'),
      );
      const created = await request(context.testApp.url)
        .post('/api/signatures')
        .set('Authorization', `Bearer ${context.member.token}`)
        .set('X-Forwarded-For', '203.0.113.66, 198.51.100.7')
        .send(signatureInput(document.documentId))
        .expect(201);
      const details = (
        await request(context.testApp.url)
          .get(`/api/signatures/${(created.body as SignatureRequestView).id}/details`)
          .set('Authorization', `Bearer ${context.member.token}`)
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

  describe('https only when served over https', () => {
    it('sends neither HSTS nor an upgrade of addresses on plain http, whatever a client claims', async () => {
      for (const path of ['/api/health', '/api/config', '/api/nowhere']) {
        for (const claimed of [undefined, 'https']) {
          const call = request(context.testApp.url).get(path);
          // No proxy is trusted: a client claiming https is still on plain http.
          if (claimed) call.set('X-Forwarded-Proto', claimed);
          expect(asksForHttps(await call)).toEqual({ hsts: false, upgrade: false });
        }
      }
    });
  });

  describe('caching and cross-origin answers', () => {
    it('marks authenticated JSON and errors as not to be stored', async () => {
      const me = await request(context.testApp.url)
        .get('/api/users/me')
        .set('Authorization', `Bearer ${context.member.token}`)
        .expect(200);
      expect(me.headers['cache-control']).toBe('no-store');
      const list = await request(context.testApp.url)
        .get('/api/signatures')
        .set('Authorization', `Bearer ${context.member.token}`)
        .expect(200);
      expect(list.headers['cache-control']).toBe('no-store');
      const denied = await request(context.testApp.url).get('/api/users/me').expect(401);
      expect(denied.headers['cache-control']).toBe('no-store');
    });

    it('gives a foreign origin no CORS permission and says nothing of the framework', async () => {
      const response = await request(context.testApp.url)
        .get('/api/users/me')
        .set('Origin', 'https://attacker.example')
        .set('Authorization', `Bearer ${context.member.token}`)
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

    it('sends HSTS and the upgrade only for https reaching it through a trusted proxy', async () => {
      const proxied = await startTestApp({ env: { TRUST_PROXY: 'loopback' } });
      try {
        for (const path of ['/api/health', '/api/config']) {
          const https = await request(proxied.url).get(path).set('X-Forwarded-Proto', 'https');
          expect(asksForHttps(https)).toEqual({ hsts: true, upgrade: true });
          expect(https.headers['strict-transport-security']).toMatch(/max-age=\d{7,}/);
          const http = await request(proxied.url).get(path).set('X-Forwarded-Proto', 'http');
          expect(asksForHttps(http)).toEqual({ hsts: false, upgrade: false });
          expect(asksForHttps(await request(proxied.url).get(path))).toEqual({ hsts: false, upgrade: false });
        }
      } finally {
        await proxied.close();
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
