import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ApiClient } from './api-client';
import { ApiError } from './http';
import { createMember } from './members';
import { signAs } from './signing-link';
import { jsonOf, localServer, type Received } from './test-support/local-server';
import { UserPool } from './user-pool';

const CONFIG = {
  cognito: { region: 'local', userPoolId: 'pool', clientId: 'client-1', endpoint: '/cognito' },
};
const target = (request: Received) => String(request.headers['x-amz-target'] ?? '').split('.')[1];

describe('the user pool', () => {
  it('signs in with USER_PASSWORD_AUTH at the path the configuration names', async () => {
    const server = await localServer({
      'GET /api/config': () => ({ json: CONFIG }),
      'POST /cognito': () => ({ json: { AuthenticationResult: { IdToken: 'id-1', AccessToken: 'a' } } }),
    });
    try {
      const pool = await UserPool.of(server.url);
      expect(await pool.signIn('admin@chambre.test', 'pw')).toBe('id-1');
      const call = server.received[1];
      expect(call?.headers['content-type']).toBe('application/x-amz-json-1.1');
      expect(call && target(call)).toBe('InitiateAuth');
      expect(jsonOf(call)).toEqual({
        AuthFlow: 'USER_PASSWORD_AUTH',
        ClientId: 'client-1',
        AuthParameters: { USERNAME: 'admin@chambre.test', PASSWORD: 'pw' },
      });
    } finally {
      await server.close();
    }
  });

  it('names the operation refused, its status and the answer', async () => {
    const refused = { __type: 'NotAuthorizedException', message: 'Incorrect username or password.' };
    const server = await localServer({ 'POST /cognito': () => ({ status: 400, json: refused }) });
    try {
      const error = await new UserPool(`${server.url}/cognito`, 'client-1')
        .initiateAuth('x@y.lu', 'wrong')
        .catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(ApiError);
      expect((error as ApiError).message).toBe(
        `POST /cognito InitiateAuth answered 400: ${JSON.stringify(refused)}`,
      );
    } finally {
      await server.close();
    }
  });
});

describe('the shared flows', () => {
  it('makes a member as production does: created, temporary password, own password, consent', async () => {
    const server = await localServer({
      'GET /api/config': () => ({ json: CONFIG }),
      'POST /api/users': () => ({ status: 201, json: { id: 'u1' } }),
      'GET /api/dev/outbox': () => ({
        json: [{ channel: 'email', body: 'Bienvenue. Mot de passe temporaire : Tmp-123!x\nÀ bientôt' }],
      }),
      'POST /cognito': (request) =>
        target(request) === 'InitiateAuth'
          ? { json: { ChallengeName: 'NEW_PASSWORD_REQUIRED', Session: 's1' } }
          : { json: { AuthenticationResult: { IdToken: 'member-token', AccessToken: 'a' } } },
      'POST /api/users/me/gdpr': () => ({ json: { id: 'u1' } }),
    });
    try {
      const admin = new ApiClient(server.url, 'admin-token');
      const member = await createMember(admin, {
        name: 'Agence',
        email: 'a@agence.lu',
        password: 'Chosen-1',
      });
      expect(member).toEqual({ id: 'u1', email: 'a@agence.lu', token: 'member-token' });
      const calls = server.received.map((r) => `${r.method} ${r.path} ${target(r) ?? ''}`.trim());
      expect(calls).toEqual([
        'POST /api/users',
        'GET /api/dev/outbox',
        'GET /api/config',
        'POST /cognito InitiateAuth',
        'POST /cognito RespondToAuthChallenge',
        'POST /api/users/me/gdpr',
      ]);
      expect(jsonOf(server.received[0])).toEqual({
        name: 'Agence',
        email: 'a@agence.lu',
        mobile: '621 123 456',
        language: 'fr',
      });
      expect(jsonOf(server.received[3])).toMatchObject({ AuthParameters: { PASSWORD: 'Tmp-123!x' } });
      expect(jsonOf(server.received[4])).toMatchObject({
        Session: 's1',
        ChallengeResponses: { NEW_PASSWORD: 'Chosen-1' },
      });
      expect(server.received[5]?.headers.authorization).toBe('Bearer member-token');
    } finally {
      await server.close();
    }
  });

  it('signs as the page does, loading the document again while it is a revision behind', async () => {
    const pdf = readFileSync(join(__dirname, '../../../fixtures/pdfs/minimal-document.pdf'));
    const requestId = '0b6f8a3e-1111-4c2d-9e3f-123456789abc';
    let codeRequests = 0;
    const server = await localServer({
      [`GET /api/signatures/${requestId}`]: () => ({ json: { status: 'IN_PROGRESS' } }),
      [`GET /api/signatures/${requestId}/document`]: () => ({ bytes: pdf }),
      [`POST /api/signatures/${requestId}/viewed`]: () => ({ json: { recordedAt: 'now' } }),
      [`GET /api/signatures/${requestId}/otp`]: () =>
        (codeRequests += 1) === 1
          ? { status: 409, json: { code: 'DOCUMENT_NOT_DELIVERED' } }
          : { json: { nextOtpAllowedAt: 'later', expiresAt: 'later' } },
      [`POST /api/signatures/${requestId}/otp`]: () => ({ json: { status: 'SIGNED' } }),
    });
    const inbox = (recipient: string) =>
      Promise.resolve(
        recipient === 'anne@example.lu'
          ? [{ channel: 'email' as const, body: `Signez : ${server.url}/sign/${requestId}?key=k%2B1 merci` }]
          : [{ channel: 'sms' as const, body: 'AB12CD34 est votre code' }],
      );
    try {
      await signAs(server.url, inbox, requestId, { email: 'anne@example.lu', mobile: '+352621000001' });
      const calls = server.received.map((r) => `${r.method} ${r.path.replace(requestId, 'r')}`);
      expect(calls).toEqual([
        'GET /api/signatures/r',
        'GET /api/signatures/r/document',
        'POST /api/signatures/r/viewed',
        'GET /api/signatures/r/otp',
        'GET /api/signatures/r/document',
        'POST /api/signatures/r/viewed',
        'GET /api/signatures/r/otp',
        'POST /api/signatures/r/otp',
      ]);
      expect(server.received.every((r) => r.query.get('key') === 'k+1')).toBe(true);
      expect(jsonOf(server.received[2])).toMatchObject({
        documentSha256: createHash('sha256').update(pdf).digest('hex'),
        pageCount: 1,
      });
      expect(jsonOf(server.received[7])).toEqual({
        code: 'AB12CD34',
        phoneNumber: '+352621000001',
        location: 'Luxembourg',
        consents: {
          termsAndPrivacy: true,
          phoneNumberOwnership: true,
          documentConsent: true,
          legalParagraph: true,
        },
      });
    } finally {
      await server.close();
    }
  });
});
