import request from 'supertest';
import jwt from 'jsonwebtoken';
import { generateKeyPairSync } from 'node:crypto';
import { Targets } from 'cognito-local/lib/targets/targets';
import { type PublicConfig } from '@esign/shared';
import { getDataSourceToken } from '@nestjs/typeorm';
import { type DataSource } from 'typeorm';
import { ADMIN_EMAIL, ADMIN_PASSWORD, startTestApp, type TestApp } from '../support/test-app';
import { createMember, signInAdministrator } from '../support/members';
import { poolEndpoint } from '../support/cognito';
import { OutboxService } from '../../src/modules/outbox/outbox.service';
import { BROWSER_TARGETS } from '../../src/modules/identity/pool-gateway';
import { SignInThrottle } from '../../src/modules/identity/sign-in-throttle';

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
  /** The account's count from one address, or over every address (`''`). */
  const throttleRow = async (account: string, address = '127.0.0.1') => {
    const rows: Array<{ failures: number; locked: boolean }> = await testApp.app
      .get<DataSource>(getDataSourceToken())
      .query(
        'SELECT failures, coalesce(locked_until > now(), false) AS locked FROM sign_in_throttle WHERE account = $1 AND address = $2',
        [account, address],
      );
    return rows[0];
  };
  const lockNotices = async (email: string) =>
    (await testApp.app.get(OutboxService).newestFor(email)).filter(
      (message) => message.subject === 'Umeldung op Äre Kont temporär gespaart',
    ).length;

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

    it('answers a reset request for an unknown address like one for an account, and e-mails no one', async () => {
      const member = 'reset-known@agence.test';
      await request(testApp.url)
        .post('/api/users')
        .set('Authorization', `Bearer ${adminToken}`)
        .send({ name: 'Agence Reset', email: member, mobile: '621 555 101', language: 'de' })
        .expect(201);
      const known = await call('ForgotPassword', { ClientId: config.cognito.clientId, Username: member });
      const unknown = await call('ForgotPassword', {
        ClientId: config.cognito.clientId,
        Username: 'reset-unknown@agence.test',
      });
      expect(known.status).toBe(200);
      expect(unknown.status).toBe(200);
      expect(Object.keys(unknown.body)).toEqual(Object.keys(known.body));
      expect(JSON.stringify(known.body)).not.toContain(member);
      const outbox = testApp.app.get(OutboxService);
      expect(await outbox.newestFor('reset-unknown@agence.test')).toHaveLength(0);
      const [code] = await outbox.newestFor(member);
      expect(code?.subject).toBe('Ihr Bestätigungscode');
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

  describe('password guessing', () => {
    it('locks an account from the fifth failure, even for the right password, and tells its owner', async () => {
      const member = await createMember(testApp, adminToken, {
        email: 'devinette@agence.test',
        name: 'Agence Devinette',
        mobile: '621 555 104',
        language: 'lu',
        password: 'Bonne-Passw0rd',
      });
      for (let attempt = 1; attempt <= 5; attempt += 1) {
        const answer = await signIn(member.email, `Mauvais-Passw0rd${attempt}`);
        expect(answer.body.__type).toBe('NotAuthorizedException');
      }
      const locked = await signIn(member.email, 'Bonne-Passw0rd');
      expect(locked.status).toBe(400);
      expect(locked.body.__type).toBe('TooManyFailedAttemptsException');
      expect(Number(locked.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(Number(locked.headers.get('retry-after'))).toBeLessThanOrEqual(60);
      expect(await lockNotices(member.email)).toBe(1);
    });

    it('locks an address out of the account, not its owner signing in from elsewhere', async () => {
      const member = await createMember(testApp, adminToken, {
        email: 'ailleurs@agence.test',
        name: 'Agence Ailleurs',
        mobile: '621 555 107',
        language: 'lu',
        password: 'Bonne-Passw0rd',
      });
      for (let attempt = 1; attempt <= 5; attempt += 1) {
        const answer = await signIn(member.email, `Mauvais-Passw0rd${attempt}`, '203.0.113.7');
        expect(answer.body.__type).toBe('NotAuthorizedException');
      }
      const there = await signIn(member.email, 'Bonne-Passw0rd', '203.0.113.7');
      expect(there.body.__type).toBe('TooManyFailedAttemptsException');
      const elsewhere = await signIn(member.email, 'Bonne-Passw0rd', '198.51.100.20');
      expect(elsewhere.status).toBe(200);
      expect(elsewhere.body.AuthenticationResult).toBeDefined();
      // The owner's success ends the failures in a row, not the guessing address's lock.
      expect(await throttleRow(member.email, '')).toBeUndefined();
      expect(await throttleRow(member.email, '203.0.113.7')).toEqual({ failures: 5, locked: true });
      expect(await lockNotices(member.email)).toBe(1);
    });

    it('tells the owner of locks at most once an hour, however many addresses get locked', async () => {
      const member = await createMember(testApp, adminToken, {
        email: 'avalanche@agence.test',
        name: 'Agence Avalanche',
        mobile: '621 555 109',
        language: 'lu',
        password: 'Bonne-Passw0rd',
      });
      for (const address of ['203.0.113.21', '203.0.113.22', '203.0.113.23'])
        for (let attempt = 1; attempt <= 5; attempt += 1)
          await signIn(member.email, 'Mauvais-Passw0rd', address);
      expect(await throttleRow(member.email, '203.0.113.23')).toEqual({ failures: 5, locked: true });
      expect(await lockNotices(member.email)).toBe(1);
    });

    it('forgets the rows that no longer count, and keeps running locks and recent failures', async () => {
      const dataSource = testApp.app.get<DataSource>(getDataSourceToken());
      await dataSource.query(
        `INSERT INTO sign_in_throttle (account, address, failures, last_failure_at, locked_until) VALUES
           ('oubli@agence.test', '', 3, now() - interval '25 hours', NULL),
           ('oubli@agence.test', '192.0.2.60', 3, now() - interval '25 hours', now() - interval '24 hours'),
           ('oubli@agence.test', '192.0.2.61', 9, now() - interval '25 hours', now() + interval '1 hour'),
           ('oubli@agence.test', '192.0.2.62', 2, now() - interval '23 hours', NULL)`,
      );
      await new SignInThrottle(dataSource, 1).begin('autre@agence.test', '192.0.2.63');
      const kept: Array<{ address: string }> = await dataSource.query(
        `SELECT address FROM sign_in_throttle WHERE account = 'oubli@agence.test' ORDER BY address`,
      );
      expect(kept.map((row) => row.address)).toEqual(['192.0.2.61', '192.0.2.62']);
    });

    it('counts the addresses of one IPv6 /64 as one, and an IPv4 address written as IPv6 as itself', async () => {
      const account = 'reseau@agence.test';
      for (let host = 1; host <= 5; host += 1)
        await signIn(account, 'Mauvais-Passw0rd', `2001:db8:5:6::${host}`);
      expect((await signIn(account, 'Mauvais-Passw0rd', '2001:db8:5:6:ffff::9')).body.__type).toBe(
        'TooManyFailedAttemptsException',
      );
      expect((await signIn(account, 'Mauvais-Passw0rd', '2001:db8:5:7::1')).body.__type).toBe(
        'NotAuthorizedException',
      );
      expect(await throttleRow(account, '2001:db8:5:6::/64')).toEqual({ failures: 5, locked: true });
      // The route's own limit per address counts the /64 as one address too.
      const windows: Array<{ key: string; hits: number }> = await testApp.app
        .get<DataSource>(getDataSourceToken())
        .query(`SELECT key, hits FROM rate_limit_window WHERE key LIKE 'cognito:2001:db8:5:%' ORDER BY key`);
      expect(windows).toEqual([
        { key: 'cognito:2001:db8:5:6::/64', hits: 6 },
        { key: 'cognito:2001:db8:5:7::/64', hits: 1 },
      ]);
      await signIn(account, 'Mauvais-Passw0rd', '::ffff:192.0.2.44');
      expect(await throttleRow(account, '192.0.2.44')).toEqual({ failures: 1, locked: false });
    });

    it('locks the account itself after fifty failures in a row from many addresses, telling its owner once', async () => {
      const member = await createMember(testApp, adminToken, {
        email: 'partout@agence.test',
        name: 'Agence Partout',
        mobile: '621 555 108',
        language: 'lu',
        password: 'Bonne-Passw0rd',
      });
      // Four failures from each of five addresses (none locked yet), then one from each of 30 others.
      const answers: string[] = [];
      for (let address = 1; address <= 5; address += 1)
        for (let attempt = 1; attempt <= 4; attempt += 1)
          answers.push(
            String((await signIn(member.email, 'Mauvais-Passw0rd', `192.0.2.${address}`)).body.__type),
          );
      for (let address = 1; address <= 30; address += 1)
        answers.push(
          String((await signIn(member.email, 'Mauvais-Passw0rd', `198.51.100.${address}`)).body.__type),
        );
      expect(answers.every((type) => type === 'NotAuthorizedException')).toBe(true);
      expect(await throttleRow(member.email, '')).toEqual({ failures: 50, locked: true });
      // Now refused from an address that never failed, even with the right password.
      const fresh = await signIn(member.email, 'Bonne-Passw0rd', '198.51.100.200');
      expect(fresh.body.__type).toBe('TooManyFailedAttemptsException');
      expect(Number(fresh.headers.get('retry-after'))).toBeLessThanOrEqual(60);
      expect(await lockNotices(member.email)).toBe(1);
    });

    it('locks an unknown address exactly like an account', async () => {
      for (let attempt = 1; attempt <= 5; attempt += 1)
        await signIn('fantome@agence.test', 'Mauvais-Passw0rd');
      const answer = await signIn('fantome@agence.test', 'Mauvais-Passw0rd');
      expect(answer.body.__type).toBe('TooManyFailedAttemptsException');
      expect(await testApp.app.get(OutboxService).newestFor('fantome@agence.test')).toHaveLength(0);
    });

    it('lets at most the allowed attempts of a parallel burst reach the password check', async () => {
      const account = 'rafale@agence.test';
      const answers = await Promise.all(
        Array.from({ length: 25 }, (_, i) => signIn(account, `Rafale-Passw0rd${i}`)),
      );
      const checked = answers.filter((a) => a.body.__type === 'NotAuthorizedException').length;
      const refused = answers.filter((a) => a.body.__type === 'TooManyFailedAttemptsException').length;
      expect(checked).toBe(5);
      expect(refused).toBe(20);
      expect(await throttleRow(account)).toEqual({ failures: 5, locked: true });
    });

    it('forgets the failures after a successful sign-in, and matches e-mails in any case', async () => {
      const member = await createMember(testApp, adminToken, {
        email: 'casse@agence.test',
        name: 'Agence Casse',
        mobile: '621 555 105',
        password: 'Bonne-Passw0rd',
      });
      await signIn(member.email, 'Mauvais-Passw0rd');
      await signIn(member.email, 'Mauvais-Passw0rd');
      expect((await throttleRow(member.email))?.failures).toBe(2);
      const mixed = await signIn('  Casse@Agence.TEST ', 'Bonne-Passw0rd');
      expect(mixed.status).toBe(200);
      expect(await throttleRow(member.email)).toBeUndefined();
    });

    it('counts wrong current passwords at a password change against the account', async () => {
      const member = await createMember(testApp, adminToken, {
        email: 'changement@agence.test',
        name: 'Agence Changement',
        mobile: '621 555 106',
        password: 'Bonne-Passw0rd',
      });
      const session = await signIn(member.email, 'Bonne-Passw0rd');
      const accessToken = String((session.body.AuthenticationResult as { AccessToken: string }).AccessToken);
      for (let attempt = 1; attempt <= 5; attempt += 1) {
        const answer = await call('ChangePassword', {
          AccessToken: accessToken,
          PreviousPassword: `Mauvais-Passw0rd${attempt}`,
          ProposedPassword: 'Nouvelle-Passw0rd',
        });
        expect(answer.body.__type).toBe('NotAuthorizedException');
      }
      const locked = await call('ChangePassword', {
        AccessToken: accessToken,
        PreviousPassword: 'Bonne-Passw0rd',
        ProposedPassword: 'Nouvelle-Passw0rd',
      });
      expect(locked.body.__type).toBe('TooManyFailedAttemptsException');
      const weak = await call('ChangePassword', {
        AccessToken: accessToken,
        PreviousPassword: 'Bonne-Passw0rd',
        ProposedPassword: 'faible',
      });
      expect(weak.body.__type).toBe('InvalidPasswordException');
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
      expect((await call('GlobalSignOut', { AccessToken: result.AccessToken })).status).toBe(200);
      expect((await refresh()).body.__type).toBe('NotAuthorizedException');
    });
  });
});

describe('a sign-in lock', () => {
  it('holds across a restart of the product', async () => {
    const first = await startTestApp();
    let restarted: Awaited<ReturnType<typeof startTestApp>> | undefined;
    try {
      const attempt = async (url: string) => {
        const config = (await request(url).get('/api/config')).body as PublicConfig;
        const response = await fetch(poolEndpoint(url, config), {
          method: 'POST',
          headers: {
            'Content-Type': 'application/x-amz-json-1.1',
            'X-Amz-Target': 'AWSCognitoIdentityProviderService.InitiateAuth',
          },
          body: JSON.stringify({
            AuthFlow: 'USER_PASSWORD_AUTH',
            ClientId: config.cognito.clientId,
            AuthParameters: { USERNAME: ADMIN_EMAIL, PASSWORD: 'Mauvais-Passw0rd' },
          }),
        });
        return ((await response.json()) as { __type: string }).__type;
      };
      for (let i = 1; i <= 5; i += 1) expect(await attempt(first.url)).toBe('NotAuthorizedException');
      await first.close({ discard: false });
      restarted = await startTestApp({
        reuse: { dataDir: first.dataDir, databaseUrl: first.databaseUrl, bullmqPrefix: first.bullmqPrefix },
      });
      expect(await attempt(restarted.url)).toBe('TooManyFailedAttemptsException');
    } finally {
      await (restarted ?? first).close();
    }
  });
});
