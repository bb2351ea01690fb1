import request from 'supertest';
import jwt from 'jsonwebtoken';
import { createPublicKey, generateKeyPairSync } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ErrorCode, type PublicConfig } from '@esign/shared';
import { ADMIN_EMAIL, ADMIN_PASSWORD, startTestApp, type TestApp } from '../support/test-app';
import { initiateAuth, poolEndpoint } from '../support/cognito';
import { createMember, type Member } from '../support/members';

/**
 * Forged, altered, expired and misdirected tokens on the API: each is refused with 401 (403 for a deactivated
 * account), and no handler runs.
 */
describe('attacks with tokens', () => {
  let testApp: TestApp;
  let adminIdToken: string;
  let adminAccessToken: string;
  let member: Member;

  beforeAll(async () => {
    testApp = await startTestApp();
    const config = (await request(testApp.url).get('/api/config')).body as PublicConfig;
    const tokens = await initiateAuth(
      poolEndpoint(testApp.url, config),
      config.cognito.clientId,
      ADMIN_EMAIL,
      ADMIN_PASSWORD,
    );
    adminIdToken = tokens.IdToken ?? '';
    adminAccessToken = tokens.AccessToken ?? '';
    member = await createMember(testApp, adminIdToken, { email: 'jeton@agence.test', name: 'Agence Jeton' });
  });

  afterAll(async () => {
    await testApp.close();
  });

  const claimsOf = (token: string) => jwt.decode(token) as jwt.JwtPayload;
  const installationKey = () =>
    JSON.parse(readFileSync(join(testApp.dataDir, 'secrets', 'installation-signing-key.json'), 'utf8')) as {
      kid: string;
      privateKeyPem: string;
    };
  /** The claims signed with the installation's key, as the pool signs them; `undefined` drops a claim. */
  const reSign = (claims: jwt.JwtPayload, overrides: Record<string, unknown> = {}) => {
    const key = installationKey();
    const payload = Object.fromEntries(
      Object.entries({ ...claims, ...overrides }).filter(([, value]) => value !== undefined),
    );
    // Without `iat` in the payload, jsonwebtoken would add one: pass `noTimestamp` only to leave it out.
    return jwt.sign(payload, key.privateKeyPem, {
      algorithm: 'RS256',
      keyid: key.kid,
      noTimestamp: !('iat' in payload),
    });
  };
  const expect401 = async (token: string) => {
    const response = await request(testApp.url).get('/api/users/me').set('Authorization', `Bearer ${token}`);
    expect(response.status).toBe(401);
    expect(response.body.code).toBe(ErrorCode.UNAUTHENTICATED);
  };

  it('accepts the untampered re-signed token (control)', async () => {
    await request(testApp.url)
      .get('/api/users/me')
      .set('Authorization', `Bearer ${reSign(claimsOf(adminIdToken))}`)
      .expect(200);
  });

  it('refuses alg none', async () => {
    const header = Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url');
    const payload = Buffer.from(JSON.stringify(claimsOf(adminIdToken))).toString('base64url');
    await expect401(`${header}.${payload}.`);
  });

  it('refuses HS256 signed with the public key', async () => {
    const publicPem = createPublicKey(installationKey().privateKeyPem).export({
      type: 'spki',
      format: 'pem',
    });
    const forged = jwt.sign(claimsOf(adminIdToken), publicPem, {
      algorithm: 'HS256',
      keyid: installationKey().kid,
      noTimestamp: true,
    });
    await expect401(forged);
  });

  it('refuses a wrong issuer', async () => {
    await expect401(
      reSign(claimsOf(adminIdToken), {
        iss: 'https://cognito-idp.eu-west-1.amazonaws.com/eu-west-1_Other',
      }),
    );
  });

  it('refuses a wrong audience', async () => {
    await expect401(reSign(claimsOf(adminIdToken), { aud: 'another-client-id' }));
  });

  it('refuses an expired token', async () => {
    const now = Math.floor(Date.now() / 1000);
    await expect401(reSign(claimsOf(adminIdToken), { iat: now - 7200, exp: now - 120 }));
  });

  it('refuses an access token where an ID token is required', async () => {
    await expect401(adminAccessToken);
  });

  it('refuses a token signed by another pool key with the same kid', async () => {
    const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const forged = jwt.sign(claimsOf(adminIdToken), privateKey, {
      algorithm: 'RS256',
      keyid: installationKey().kid,
      noTimestamp: true,
    });
    await expect401(forged);
  });

  it('refuses a token pointing at attacker keys through jku and jwk headers', async () => {
    const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const forged = jwt.sign(claimsOf(adminIdToken), privateKey, {
      algorithm: 'RS256',
      keyid: 'attacker',
      noTimestamp: true,
      header: {
        alg: 'RS256',
        jku: 'http://127.0.0.1:1/jwks.json',
        jwk: publicKey.export({ format: 'jwk' }),
      } as never,
    });
    await expect401(forged);
  });

  it('refuses a token signed with the key the pool library ships (public to anyone)', async () => {
    const shipped = JSON.parse(
      readFileSync(require.resolve('cognito-local/lib/keys/cognitoLocal.private.json'), 'utf8'),
    ) as { pem: string };
    const forged = jwt.sign(claimsOf(adminIdToken), shipped.pem, {
      algorithm: 'RS256',
      keyid: 'CognitoLocal',
    });
    await expect401(forged);
  });

  it('accepts a token expired within the 30 s tolerance, and refuses one expired beyond it', async () => {
    const now = Math.floor(Date.now() / 1000);
    await request(testApp.url)
      .get('/api/users/me')
      .set('Authorization', `Bearer ${reSign(claimsOf(adminIdToken), { exp: now - 10 })}`)
      .expect(200);
    await expect401(reSign(claimsOf(adminIdToken), { exp: now - 61 }));
  });

  it('refuses a token without an expiry or an issue time, valid for more than an hour, or issued later', async () => {
    const now = Math.floor(Date.now() / 1000);
    const claims = claimsOf(adminIdToken);
    await expect401(reSign(claims, { exp: undefined }));
    await expect401(reSign(claims, { iat: undefined }));
    await expect401(reSign(claims, { iat: now - 60, exp: now + 3600 * 24 * 365 }));
    await expect401(reSign(claims, { iat: now + 600, exp: now + 1200 }));
    await request(testApp.url)
      .get('/api/users/me')
      .set('Authorization', `Bearer ${reSign(claims, { iat: now - 60, exp: now + 3540 })}`)
      .expect(200);
  });

  it('refuses a token not valid before a later time', async () => {
    const now = Math.floor(Date.now() / 1000);
    await expect401(reSign(claimsOf(adminIdToken), { nbf: now + 600 }));
  });

  it('answers a flood of unknown key ids with 401, never 500', async () => {
    const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const statuses = await Promise.all(
      Array.from({ length: 200 }, (_, i) =>
        request(testApp.url)
          .get('/api/users/me')
          .set(
            'Authorization',
            `Bearer ${jwt.sign(claimsOf(adminIdToken), privateKey, { algorithm: 'RS256', keyid: `unknown-${i}` })}`,
          )
          .then((response) => response.status),
      ),
    );
    expect(new Set(statuses)).toEqual(new Set([401]));
    await request(testApp.url)
      .get('/api/users/me')
      .set('Authorization', `Bearer ${adminIdToken}`)
      .expect(200);
  });

  it('ignores a token in the query string', async () => {
    const response = await request(testApp.url).get('/api/users/me').query({ access_token: adminIdToken });
    expect(response.status).toBe(401);
  });

  it("refuses a deactivated member's still valid token with 403", async () => {
    await request(testApp.url)
      .get('/api/users/me')
      .set('Authorization', `Bearer ${member.token}`)
      .expect(200);
    await request(testApp.url)
      .delete(`/api/users/${member.id}/access`)
      .set('Authorization', `Bearer ${adminIdToken}`)
      .expect(200);
    const refused = await request(testApp.url)
      .get('/api/users/me')
      .set('Authorization', `Bearer ${member.token}`);
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe(ErrorCode.ACCOUNT_DISABLED);
  });
});
