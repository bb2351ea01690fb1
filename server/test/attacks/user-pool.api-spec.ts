import request from 'supertest';
import jwt from 'jsonwebtoken';
import { generateKeyPairSync } from 'node:crypto';
import { Targets } from 'cognito-local/lib/targets/targets';
import { type PublicConfig } from '@esign/shared';
import { ADMIN_EMAIL, ADMIN_PASSWORD, startTestApp, type TestApp } from '../support/test-app';
import { signInAdministrator } from '../support/members';
import { poolEndpoint } from '../support/cognito';
import { OutboxService } from '../../src/modules/outbox/outbox.service';
import { BROWSER_TARGETS } from '../../src/modules/identity/pool-gateway';

/**
 * Attacks on the embedded user pool's public route (`/cognito`), as anyone who reaches the product could make
 * them: administrative calls without credentials, account enumeration, password guessing, forged challenge
 * sessions and access tokens.
 */

interface PoolAnswer {
  status: number;
  headers: Headers;
  body: { __type?: string; message?: string } & Record<string, unknown>;
}

const TEMPORARY_PASSWORD =
  /(?:Mot de passe temporaire :|Temporary password:|Vorläufiges Passwort:|Temporärt Passwuert:) (\S+)/;

describe('attacks on the user pool route', () => {
  let testApp: TestApp;
  let config: PublicConfig;
  let endpoint: string;
  let adminToken: string;

  const call = async (target: string, body: unknown, headers: Record<string, string> = {}) => {
    const response = await fetch(endpoint, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/x-amz-json-1.1',
        'X-Amz-Target': `AWSCognitoIdentityProviderService.${target}`,
        ...headers,
      },
      body: typeof body === 'string' ? body : JSON.stringify(body),
    });
    const text = await response.text();
    return {
      status: response.status,
      headers: response.headers,
      body: (text ? JSON.parse(text) : {}) as PoolAnswer['body'],
    } satisfies PoolAnswer;
  };
  /** A sign-in from `from` (the address a trusted proxy on loopback forwards), else from 127.0.0.1. */
  const signIn = (email: string, password: string, from?: string) =>
    call(
      'InitiateAuth',
      {
        AuthFlow: 'USER_PASSWORD_AUTH',
        ClientId: config.cognito.clientId,
        AuthParameters: { USERNAME: email, PASSWORD: password },
      },
      from ? { 'X-Forwarded-For': from } : {},
    );
  beforeAll(async () => {
    testApp = await startTestApp({
      env: { IDENTITY_RATE_LIMIT_PER_MINUTE: '10000', TRUST_PROXY: 'loopback' },
    });
    config = (await request(testApp.url).get('/api/config').expect(200)).body as PublicConfig;
    endpoint = poolEndpoint(testApp.url, config);
    adminToken = await signInAdministrator(testApp);
  });

  afterAll(async () => {
    await testApp.close();
  });

  describe('administrative calls', () => {
    const refused = [
      ...new Set([
        ...Object.keys(Targets).filter((name) => !(BROWSER_TARGETS as readonly string[]).includes(name)),
        'AdminResetUserPassword',
        'AdminUserGlobalSignOut',
        'AdminRespondToAuthChallenge',
        'DescribeUserPoolClient',
      ]),
    ].sort();

    it('lists every administrative target of the pool among those refused', () => {
      expect(refused).toEqual(
        expect.arrayContaining([
          'AdminSetUserPassword',
          'AdminAddUserToGroup',
          'AdminDeleteUser',
          'AdminCreateUser',
          'AdminInitiateAuth',
          'SignUp',
          'ListUsers',
          'CreateUserPool',
          'DeleteUserPool',
        ]),
      );
    });

    it.each(refused)('refuses %s without credentials, with 403 and no CORS answer', async (target) => {
      const answer = await call(
        target,
        {
          UserPoolId: config.cognito.userPoolId,
          ClientId: config.cognito.clientId,
          Username: ADMIN_EMAIL,
          Password: 'Hijack3d!pass',
          Permanent: true,
          GroupName: 'Admin',
        },
        { Origin: 'https://attacker.example' },
      );
      expect(answer.status).toBe(403);
      expect(answer.body.__type).toBe('AccessDeniedException');
      expect(answer.headers.get('access-control-allow-origin')).toBeNull();
      expect(answer.headers.get('x-powered-by')).toBeNull();
    });

    it('leaves the administrator untouched after the hijack sequence', async () => {
      await call('AdminSetUserPassword', {
        UserPoolId: config.cognito.userPoolId,
        Username: ADMIN_EMAIL,
        Password: 'Hijack3d!pass',
        Permanent: true,
      });
      expect((await signIn(ADMIN_EMAIL, 'Hijack3d!pass')).status).toBe(400);
      const genuine = await signIn(ADMIN_EMAIL, ADMIN_PASSWORD);
      expect(genuine.status).toBe(200);
    });

    it('answers a preflight without allowing any origin', async () => {
      const response = await fetch(endpoint, {
        method: 'OPTIONS',
        headers: {
          Origin: 'https://attacker.example',
          'Access-Control-Request-Method': 'POST',
          'Access-Control-Request-Headers': 'x-amz-target,content-type',
        },
      });
      expect(response.headers.get('access-control-allow-origin')).toBeNull();
    });

    it('refuses a call without a target, with a foreign service prefix, or to another app client', async () => {
      const bare = await fetch(endpoint, {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-amz-json-1.1' },
        body: '{}',
      });
      expect(bare.status).toBe(400);
      const foreign = await fetch(endpoint, {
        method: 'POST',
        headers: {
          'Content-Type': 'application/x-amz-json-1.1',
          'X-Amz-Target': 'AWSCognitoIdentityService.GetId',
        },
        body: '{}',
      });
      expect(foreign.status).toBe(400);
      const otherClient = await call('InitiateAuth', {
        AuthFlow: 'USER_PASSWORD_AUTH',
        ClientId: 'another-client',
        AuthParameters: { USERNAME: ADMIN_EMAIL, PASSWORD: ADMIN_PASSWORD },
      });
      expect(otherClient.status).toBe(400);
      expect(otherClient.body.__type).toBe('ResourceNotFoundException');
    });

    it('refuses malformed, oversized and non-object bodies with 4xx', async () => {
      expect((await call('InitiateAuth', '{"AuthFlow":')).status).toBe(400);
      expect((await call('InitiateAuth', '[1,2,3]')).status).toBe(400);
      expect((await call('InitiateAuth', JSON.stringify({ padding: 'x'.repeat(64 * 1024) }))).status).toBe(
        413,
      );
      expect(
        (await call('InitiateAuth', { AuthFlow: 'CUSTOM_AUTH', ClientId: config.cognito.clientId })).status,
      ).toBe(400);
    });

    it('serves no other route of the pool library (OAuth pages, OpenID configuration, health)', async () => {
      for (const path of [
        '/oauth2/authorize',
        `/${config.cognito.userPoolId}/.well-known/openid-configuration`,
        '/health',
      ]) {
        const response = await fetch(new URL(path.slice(1), `${endpoint}/`));
        expect(response.status).toBe(404);
      }
      const jwks = await fetch(new URL(`${config.cognito.userPoolId}/.well-known/jwks.json`, `${endpoint}/`));
      expect(jwks.status).toBe(200);
      const keys = ((await jwks.json()) as { keys: Array<Record<string, unknown>> }).keys;
      expect(keys).toHaveLength(1);
      expect(keys[0]).not.toHaveProperty('d');
    });
  });

  describe('enumeration', () => {
    it('answers an unknown address and a wrong password alike', async () => {
      const unknown = await signIn('nobody-here@chambre.test', 'Wrong-Passw0rd');
      const wrong = await signIn(ADMIN_EMAIL, 'Wrong-Passw0rd');
      expect(unknown.status).toBe(400);
      expect(wrong.status).toBe(400);
      expect(unknown.body).toEqual(wrong.body);
      expect(wrong.body).toEqual({
        __type: 'NotAuthorizedException',
        message: 'Incorrect username or password.',
      });
      await signIn(ADMIN_EMAIL, ADMIN_PASSWORD);
    });

    it('answers a reset code for an unknown address like a wrong code', async () => {
      const answer = await call('ConfirmForgotPassword', {
        ClientId: config.cognito.clientId,
        Username: 'reset-nobody@agence.test',
        ConfirmationCode: '123456',
        Password: 'Nouveau-Passw0rd',
      });
      expect(answer.status).toBe(400);
      expect(answer.body.__type).toBe('CodeMismatchException');
    });
  });

  describe('new accounts', () => {
    let email: string;
    let temporaryPassword: string;

    beforeAll(async () => {
      email = 'nouvelle-agence@agence.test';
      await request(testApp.url)
        .post('/api/users')
        .set('Authorization', `Bearer ${adminToken}`)
        .send({ name: 'Nouvelle Agence', email, mobile: '621 555 102', language: 'fr' })
        .expect(201);
      const [welcome] = await testApp.app.get(OutboxService).newestFor(email);
      temporaryPassword = TEMPORARY_PASSWORD.exec(welcome?.body ?? '')?.[1] ?? '';
      expect(temporaryPassword).not.toBe('');
    });

    it('gives no new-password challenge to someone who does not know the temporary password', async () => {
      const answer = await signIn(email, 'Devine-Passw0rd');
      expect(answer.status).toBe(400);
      expect(answer.body.__type).toBe('NotAuthorizedException');
      expect(answer.body).not.toHaveProperty('Session');
    });

    it('refuses a forged, altered or borrowed challenge session', async () => {
      const respond = (session: string, username = email) =>
        call('RespondToAuthChallenge', {
          ChallengeName: 'NEW_PASSWORD_REQUIRED',
          ClientId: config.cognito.clientId,
          Session: session,
          ChallengeResponses: { USERNAME: username, NEW_PASSWORD: 'Pirate-Passw0rd' },
        });
      expect((await respond('made-up-session')).body.__type).toBe('NotAuthorizedException');
      const genuine = await signIn(email, temporaryPassword);
      expect(genuine.body.ChallengeName).toBe('NEW_PASSWORD_REQUIRED');
      const session = String(genuine.body.Session);
      const [payload = '', mac = ''] = session.split('.');
      const altered = Buffer.from(
        JSON.stringify({
          ...JSON.parse(Buffer.from(payload, 'base64url').toString()),
          exp: Date.now() + 86_400_000,
        }),
      ).toString('base64url');
      expect((await respond(`${altered}.${mac}`)).body.__type).toBe('NotAuthorizedException');
      // A session issued for this account cannot set another account's password.
      expect((await respond(session, ADMIN_EMAIL)).status).toBe(200);
      expect((await signIn(ADMIN_EMAIL, 'Pirate-Passw0rd')).status).toBe(400);
      expect((await signIn(ADMIN_EMAIL, ADMIN_PASSWORD)).status).toBe(200);
      // The session was used: the account has its password now and the session cannot set another.
      expect((await respond(session)).body.__type).toBe('NotAuthorizedException');
      expect((await signIn(email, 'Pirate-Passw0rd')).status).toBe(200);
    });

    it('gives a refresh token at the first sign-in that renews the session', async () => {
      const first = 'premiere@agence.test';
      await request(testApp.url)
        .post('/api/users')
        .set('Authorization', `Bearer ${adminToken}`)
        .send({ name: 'Agence Première', email: first, mobile: '621 555 110', language: 'fr' })
        .expect(201);
      const [welcome] = await testApp.app.get(OutboxService).newestFor(first);
      const challenge = await signIn(first, TEMPORARY_PASSWORD.exec(welcome?.body ?? '')?.[1] ?? '');
      const chosen = await call('RespondToAuthChallenge', {
        ChallengeName: 'NEW_PASSWORD_REQUIRED',
        ClientId: config.cognito.clientId,
        Session: challenge.body.Session,
        ChallengeResponses: { USERNAME: first, NEW_PASSWORD: 'Premiere-Passw0rd' },
      });
      const { RefreshToken } = chosen.body.AuthenticationResult as { RefreshToken: string };
      const renewed = await call('InitiateAuth', {
        AuthFlow: 'REFRESH_TOKEN_AUTH',
        ClientId: config.cognito.clientId,
        AuthParameters: { REFRESH_TOKEN: RefreshToken },
      });
      expect(renewed.status).toBe(200);
      const { IdToken } = renewed.body.AuthenticationResult as { IdToken: string };
      await request(testApp.url).get('/api/users/me').set('Authorization', `Bearer ${IdToken}`).expect(200);
    });

    it('refuses a weak new password at the challenge', async () => {
      const other = 'faible@agence.test';
      await request(testApp.url)
        .post('/api/users')
        .set('Authorization', `Bearer ${adminToken}`)
        .send({ name: 'Agence Faible', email: other, mobile: '621 555 103', language: 'fr' })
        .expect(201);
      const [welcome] = await testApp.app.get(OutboxService).newestFor(other);
      const password = TEMPORARY_PASSWORD.exec(welcome?.body ?? '')?.[1] ?? '';
      const challenge = await signIn(other, password);
      const answer = await call('RespondToAuthChallenge', {
        ChallengeName: 'NEW_PASSWORD_REQUIRED',
        ClientId: config.cognito.clientId,
        Session: challenge.body.Session,
        ChallengeResponses: { USERNAME: other, NEW_PASSWORD: 'password' },
      });
      expect(answer.body.__type).toBe('InvalidPasswordException');
    });
  });

  describe('tokens', () => {
    it('refuses GetUser, ChangePassword and GlobalSignOut with a forged or unsigned access token', async () => {
      const session = await signIn(ADMIN_EMAIL, ADMIN_PASSWORD);
      const genuine = String((session.body.AuthenticationResult as { AccessToken: string }).AccessToken);
      const claims = jwt.decode(genuine) as jwt.JwtPayload;
      const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
      const forged = jwt.sign({ ...claims }, privateKey, {
        algorithm: 'RS256',
        header: { alg: 'RS256', kid: 'x' },
      });
      const unsigned = `${Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url')}.${Buffer.from(
        JSON.stringify(claims),
      ).toString('base64url')}.`;
      for (const token of [forged, unsigned, 'not-a-token']) {
        expect((await call('GetUser', { AccessToken: token })).body.__type).toBe('NotAuthorizedException');
        expect((await call('GlobalSignOut', { AccessToken: token })).body.__type).toBe(
          'NotAuthorizedException',
        );
        const change = await call('ChangePassword', {
          AccessToken: token,
          PreviousPassword: ADMIN_PASSWORD,
          ProposedPassword: 'Pirate-Passw0rd',
        });
        expect(change.body.__type).toBe('NotAuthorizedException');
      }
      const own = await call('GetUser', { AccessToken: genuine });
      expect(own.status).toBe(200);
    });

    it('issues ID tokens that last at most an hour, renews them, and ends sessions at global sign-out', async () => {
      const session = await signIn(ADMIN_EMAIL, ADMIN_PASSWORD);
      const result = session.body.AuthenticationResult as {
        IdToken: string;
        AccessToken: string;
        RefreshToken: string;
      };
      const idClaims = jwt.decode(result.IdToken) as jwt.JwtPayload;
      expect((idClaims.exp ?? 0) - (idClaims.iat ?? 0)).toBeLessThanOrEqual(3600);
      const refresh = () =>
        call('InitiateAuth', {
          AuthFlow: 'REFRESH_TOKEN_AUTH',
          ClientId: config.cognito.clientId,
          AuthParameters: { REFRESH_TOKEN: result.RefreshToken },
        });
      const renewed = await refresh();
      expect(renewed.status).toBe(200);
      const newIdToken = (renewed.body.AuthenticationResult as { IdToken: string }).IdToken;
      await request(testApp.url)
        .get('/api/users/me')
        .set('Authorization', `Bearer ${newIdToken}`)
        .expect(200);
      expect((await call('GetUser', { AccessToken: result.AccessToken })).status).toBe(200);
      expect((await call('GlobalSignOut', { AccessToken: result.AccessToken })).status).toBe(200);
      expect((await refresh()).body.__type).toBe('NotAuthorizedException');
      // The tokens issued before the sign-out end with it, at the pool and at the API.
      expect((await call('GetUser', { AccessToken: result.AccessToken })).body.__type).toBe(
        'NotAuthorizedException',
      );
      for (const idToken of [result.IdToken, newIdToken])
        await request(testApp.url).get('/api/users/me').set('Authorization', `Bearer ${idToken}`).expect(401);
      // A new sign-in opens a new session.
      const again = (await signIn(ADMIN_EMAIL, ADMIN_PASSWORD)).body.AuthenticationResult as {
        IdToken: string;
        AccessToken: string;
      };
      expect((await call('GetUser', { AccessToken: again.AccessToken })).status).toBe(200);
      await request(testApp.url)
        .get('/api/users/me')
        .set('Authorization', `Bearer ${again.IdToken}`)
        .expect(200);
    });
  });
});
