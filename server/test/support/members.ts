import request from 'supertest';
import { type Locale, type PublicConfig, type UserView } from '@esign/shared';
import { OutboxService } from '../../src/modules/outbox/outbox.service';
import { completeNewPassword, initiateAuth, poolEndpoint } from './cognito';
import { ADMIN_EMAIL, ADMIN_PASSWORD, type TestApp } from './test-app';

export interface MemberInput {
  email: string;
  name: string;
  /** A Luxembourg mobile by default. */
  mobile?: string;
  language?: Locale;
  /** The password chosen at the first sign-in. */
  password?: string;
}

export interface Member {
  id: string;
  /** An ID token, for `Authorization: Bearer`. */
  token: string;
  email: string;
}

/** The temporary password line of the welcome e-mail, in each language. */
const TEMPORARY_PASSWORD =
  /(?:Mot de passe temporaire :|Temporary password:|Vorläufiges Passwort:|Temporärt Passwuert:) (\S+)/;

/**
 * A member ready to use the API, made the way it happens in production: the administrator creates the
 * account, the member signs in with the e-mailed temporary password, chooses a password, and consents.
 */
export async function createMember(
  testApp: TestApp,
  adminToken: string,
  input: MemberInput,
): Promise<Member> {
  const api = request(testApp.url);
  const config = (await api.get('/api/config').expect(200)).body as PublicConfig;
  const created = await api
    .post('/api/users')
    .set('Authorization', `Bearer ${adminToken}`)
    .send({
      name: input.name,
      email: input.email,
      mobile: input.mobile ?? '621 123 456',
      language: input.language ?? 'fr',
    })
    .expect(201);
  const [welcome] = await testApp.app.get(OutboxService).newestFor(input.email);
  const temporaryPassword = TEMPORARY_PASSWORD.exec(welcome?.body ?? '')?.[1];
  if (!temporaryPassword) throw new Error(`No welcome e-mail with a password for ${input.email}`);
  const endpoint = poolEndpoint(testApp.url, config);
  const first = await initiateAuth(endpoint, config.cognito.clientId, input.email, temporaryPassword);
  const token = await completeNewPassword(
    endpoint,
    config.cognito.clientId,
    input.email,
    first.Session ?? '',
    input.password ?? 'Membre-Passw0rd',
  );
  await api.post('/api/users/me/gdpr').set('Authorization', `Bearer ${token}`).send({}).expect(200);
  return { id: (created.body as UserView).id, token, email: input.email };
}

/** The seeded administrator's ID token, signed in through the pool as the back office does. */
export async function signInAdministrator(testApp: Pick<TestApp, 'url'>): Promise<string> {
  const config = (await request(testApp.url).get('/api/config')).body as PublicConfig;
  const result = await initiateAuth(
    poolEndpoint(testApp.url, config),
    config.cognito.clientId,
    ADMIN_EMAIL,
    ADMIN_PASSWORD,
  );
  if (!result.IdToken) throw new Error('the administrator could not sign in');
  return result.IdToken;
}
