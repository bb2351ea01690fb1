import request from 'supertest';
import sharp from 'sharp';
import { ErrorCode, type PublicConfig, type UserView } from '@esign/shared';
import { OutboxService } from '../src/modules/outbox/outbox.service';
import { ADMIN_EMAIL, ADMIN_PASSWORD, startTestApp, type TestApp } from './support/test-app';
import { cognitoCall, completeNewPassword, initiateAuth, poolEndpoint } from './support/cognito';
import { waitFor } from './support/wait-for';

const MEMBER = {
  name: 'Agence du Centre',
  email: 'contact@agence-centre.lu',
  mobile: '621 123 456',
  language: 'de' as const,
  additionalInfo: {
    company: { name: 'Agence du Centre SARL', vatNumber: 'LU15027442', registrationNumber: 'B123456' },
  },
};

describe('accounts (API, through the embedded user pool)', () => {
  let testApp: TestApp;
  let config: PublicConfig;
  let adminToken: string;
  const api = () => request(testApp.url);
  const asAdmin = (test: request.Test) => test.set('Authorization', `Bearer ${adminToken}`);

  const signIn = (email: string, password: string) =>
    initiateAuth(poolEndpoint(testApp.url, config), config.cognito.clientId, email, password);

  beforeAll(async () => {
    testApp = await startTestApp();
    config = (await api().get('/api/config')).body as PublicConfig;
    adminToken = (await signIn(ADMIN_EMAIL, ADMIN_PASSWORD)).IdToken ?? '';
  });

  afterAll(async () => {
    await testApp.close();
  });

  it('runs the whole member life cycle', async () => {
    // An administrator creates the member: the welcome e-mail, in German, carries the temporary password.
    const created = await asAdmin(api().post('/api/users')).send(MEMBER).expect(201);
    const member = created.body as UserView;
    expect(member).toMatchObject({
      email: MEMBER.email,
      mobile: '+352621123456',
      language: 'de',
      isDisabled: false,
      role: 'MEMBER',
    });
    const [welcome] = await testApp.app.get(OutboxService).newestFor(MEMBER.email);
    expect(welcome?.subject).toBe('Ihr Zugang zur Plattform für elektronische Signaturen');
    const temporaryPassword = /Vorläufiges Passwort: (\S+)/.exec(welcome?.body ?? '')?.[1] ?? '';
    expect(temporaryPassword.length).toBeGreaterThanOrEqual(12);

    // First sign-in: the pool asks for a new password.
    const first = await signIn(MEMBER.email, temporaryPassword);
    expect(first.ChallengeName).toBe('NEW_PASSWORD_REQUIRED');
    const token = await completeNewPassword(
      poolEndpoint(testApp.url, config),
      config.cognito.clientId,
      MEMBER.email,
      first.Session ?? '',
      'Nouveau-Passw0rd',
    );
    const asMember = (test: request.Test) => test.set('Authorization', `Bearer ${token}`);

    // Before consent, only the consent step's calls answer.
    const me = await asMember(api().get('/api/users/me')).expect(200);
    expect((me.body as UserView).gdprApprovedAt).toBeNull();
    const blocked = await asMember(api().post(`/api/users/${member.id}`))
      .send({ name: 'x' })
      .expect(403);
    expect(blocked.body.code).toBe(ErrorCode.GDPR_CONSENT_REQUIRED);
    const consented = await asMember(api().post(`/api/users/${member.id}/gdpr`))
      .send({ gdprApprovedAt: '2001-01-01T00:00:00Z' })
      .expect(200);
    expect(Date.parse((consented.body as UserView).gdprApprovedAt ?? '')).toBeGreaterThan(
      Date.now() - 60_000,
    );

    // Profile and language.
    const updated = await asMember(api().put(`/api/users/${member.id}`))
      .send({
        ...(me.body as UserView),
        name: 'Agence du Centre (Luxembourg)',
        additionalInfo: { address: { city: 'Luxembourg', postalCode: 'L-1234' } },
      })
      .expect(200);
    expect(updated.body).toMatchObject({
      name: 'Agence du Centre (Luxembourg)',
      role: 'MEMBER',
      additionalInfo: { company: { name: 'Agence du Centre SARL' }, address: { city: 'Luxembourg' } },
    });
    await asMember(api().post(`/api/users/me/language`)).send({ language: 'lu' }).expect(200);
    expect((await asMember(api().get('/api/users/me')).expect(200)).body.language).toBe('lu');

    // Deactivated: the unexpired token is refused.
    await asAdmin(api().delete(`/api/users/${member.id}/access`)).expect(200);
    expect((await asMember(api().get('/api/users/me')).expect(403)).body.code).toBe(
      ErrorCode.ACCOUNT_DISABLED,
    );
    await asAdmin(api().post(`/api/users/${member.id}/access`)).expect(200);
    await asMember(api().get('/api/users/me')).expect(200);

    // Deleting needs a deactivated account.
    expect((await asAdmin(api().delete(`/api/users/${member.id}`)).expect(409)).body.code).toBe(
      ErrorCode.USER_NOT_DISABLED,
    );
    await asAdmin(api().delete(`/api/users/${member.id}/access`)).expect(200);
    await asAdmin(api().delete(`/api/users/${member.id}`)).expect(200);
    await asAdmin(api().get(`/api/users/${member.id}`)).expect(404);
    await expect(signIn(MEMBER.email, 'Nouveau-Passw0rd')).rejects.toThrow();
  });

  describe('rules', () => {
    let memberId: string;
    let memberToken: string;
    let otherId: string;

    beforeAll(async () => {
      const create = async (email: string) => {
        const response = await asAdmin(api().post('/api/users'))
          .send({ ...MEMBER, email, language: 'fr' })
          .expect(201);
        const [welcome] = await testApp.app.get(OutboxService).newestFor(email);
        const password = /Mot de passe temporaire : (\S+)/.exec(welcome?.body ?? '')?.[1] ?? '';
        const first = await signIn(email, password);
        const token = await completeNewPassword(
          poolEndpoint(testApp.url, config),
          config.cognito.clientId,
          email,
          first.Session ?? '',
          'Nouveau-Passw0rd',
        );
        await api().post('/api/users/me/gdpr').set('Authorization', `Bearer ${token}`).send({}).expect(200);
        return { id: (response.body as UserView).id, token };
      };
      ({ id: memberId, token: memberToken } = await create('membre@agence-nord.lu'));
      ({ id: otherId } = await create('membre@agence-sud.lu'));
    });

    const asMember = (test: request.Test) => test.set('Authorization', `Bearer ${memberToken}`);

    it('sends the forgotten-password code in the account language, and the code sets a new password', async () => {
      const endpoint = poolEndpoint(testApp.url, config);
      await asMember(api().post('/api/users/me/language')).send({ language: 'en' }).expect(200);
      await cognitoCall(endpoint, 'ForgotPassword', {
        ClientId: config.cognito.clientId,
        Username: 'membre@agence-nord.lu',
      });
      // A job sends the code (the request answers at once, account or not).
      const message = await waitFor('the reset code e-mail', async () =>
        (await testApp.app.get(OutboxService).newestFor('membre@agence-nord.lu')).find(
          (sent) => sent.subject === 'Your verification code',
        ),
      );
      const code = /: (\d{6})\b/.exec(message?.body ?? '')?.[1] ?? '';
      expect(code).toMatch(/^\d{6}$/);
      await cognitoCall(endpoint, 'ConfirmForgotPassword', {
        ClientId: config.cognito.clientId,
        Username: 'membre@agence-nord.lu',
        ConfirmationCode: code,
        Password: 'Reset-Passw0rd',
      });
      // The reset ends the sessions opened before it.
      await asMember(api().get('/api/users/me')).expect(401);
      memberToken = (await signIn('membre@agence-nord.lu', 'Reset-Passw0rd')).IdToken ?? '';
      await asMember(api().get('/api/users/me')).expect(200);
    });

    it('keeps a member’s mobile set, and lets an administrator leave theirs empty', async () => {
      for (const mobile of [null, '', '   ']) {
        const refused = await asMember(api().put('/api/users/me')).send({ mobile }).expect(422);
        expect(refused.body.errors).toEqual({ mobile: 'validation.mobile' });
      }
      const member = (await asMember(api().get('/api/users/me')).expect(200)).body as UserView;
      expect(member.mobile).toBe('+352621123456');

      const cleared = await asAdmin(api().put('/api/users/me')).send({
        name: 'Administrateur',
        mobile: null,
      });
      expect(cleared.status).toBe(200);
      expect((cleared.body as UserView).mobile).toBeNull();
      await asAdmin(api().put('/api/users/me')).send({ mobile: '' }).expect(200);
      const set = await asAdmin(api().put('/api/users/me')).send({ mobile: '+352 621 000 111' }).expect(200);
      expect((set.body as UserView).mobile).toBe('+352621000111');
      const landline = await asAdmin(api().put('/api/users/me'))
        .send({ mobile: '+352 22 33 44' })
        .expect(422);
      expect(landline.body.errors).toEqual({ mobile: 'validation.mobile' });
    });

    it('refuses a second account with the same e-mail, on create and on update', async () => {
      const duplicate = await asAdmin(api().post('/api/users'))
        .send({ ...MEMBER, email: 'MEMBRE@agence-nord.lu' })
        .expect(409);
      expect(duplicate.body).toMatchObject({
        code: ErrorCode.EMAIL_ALREADY_USED,
        errors: { email: 'validation.emailAlreadyUsed' },
      });
      const update = await asAdmin(api().post(`/api/users/${otherId}`))
        .send({ email: 'membre@agence-nord.lu' })
        .expect(409);
      expect(update.body.errors).toEqual({ email: 'validation.emailAlreadyUsed' });
    });

    it('refuses bad input with per-field errors and creates nothing', async () => {
      const response = await asAdmin(api().post('/api/users'))
        .send({ name: '', email: 'not-an-email', mobile: '12', language: 'xx', role: 'ADMIN' })
        .expect(422);
      expect(Object.keys(response.body.errors)).toEqual(
        expect.arrayContaining(['name', 'email', 'language', 'role']),
      );
      const landline = await asAdmin(api().post('/api/users'))
        .send({ ...MEMBER, email: 'fixe@agence.lu', mobile: '+352 22 33 44' })
        .expect(422);
      expect(landline.body.errors).toEqual({ mobile: 'validation.mobile' });
      const consumer = await asAdmin(api().post('/api/users'))
        .send({ ...MEMBER, email: 'someone@hotmail.de' })
        .expect(422);
      expect(consumer.body.errors).toEqual({ email: 'validation.emailDomainRejected' });
      const vat = await asAdmin(api().post('/api/users'))
        .send({ ...MEMBER, email: 'tva@agence.lu', additionalInfo: { company: { vatNumber: 'LU1234' } } })
        .expect(422);
      expect(vat.body.errors).toEqual({ 'additionalInfo.company.vatNumber': 'validation.vatNumber' });
      const list = await asAdmin(api().get('/api/users'))
        .query({ filter: JSON.stringify({ q: 'fixe@' }) })
        .expect(200);
      expect(list.body).toEqual([]);
    });

    it('lists users for react-admin with search, status filter, sort, range and Content-Range', async () => {
      const all = await asAdmin(api().get('/api/users'))
        .query({ sort: '["email","ASC"]', range: '[0,1]' })
        .expect(200);
      expect(all.headers['content-range']).toMatch(/^users 0-1\/\d+$/);
      expect(all.body).toHaveLength(2);
      const searched = await asAdmin(api().get('/api/users'))
        .query({ filter: JSON.stringify({ q: 'agence-sud' }) })
        .expect(200);
      expect((searched.body as UserView[]).map((u) => u.id)).toEqual([otherId]);
      const disabled = await asAdmin(api().get('/api/users'))
        .query({ filter: JSON.stringify({ status: 'disabled' }) })
        .expect(200);
      expect(disabled.body).toEqual([]);
      expect(disabled.headers['content-range']).toBe('users */0');
    });

    it('keeps members away from other accounts and from admin actions', async () => {
      expect((await asMember(api().get('/api/users')).expect(403)).body.code).toBe(ErrorCode.FORBIDDEN);
      const other = await asMember(api().get(`/api/users/${otherId}`)).expect(404);
      const missing = await asMember(api().get('/api/users/00000000-0000-0000-0000-000000000000')).expect(
        404,
      );
      expect(other.body).toEqual(missing.body);
      await asMember(api().post(`/api/users/${otherId}`))
        .send({ name: 'x' })
        .expect(404);
      await asMember(api().get(`/api/users/${otherId}/avatar`)).expect(404);
      await asMember(api().post(`/api/users/${otherId}/avatar`)).expect(404);
      await asMember(api().delete(`/api/users/${otherId}/access`)).expect(403);
      await asMember(api().post(`/api/users/${otherId}/access`)).expect(403);
      await asMember(api().delete(`/api/users/${otherId}`)).expect(403);
      await asMember(api().post('/api/users')).send(MEMBER).expect(403);
    });

    it('does not let members change their own e-mail or role', async () => {
      const email = await asMember(api().post(`/api/users/${memberId}`))
        .send({ email: 'new@agence.lu' })
        .expect(403);
      expect(email.body.errors).toEqual({ email: 'validation.emailChangeForbidden' });
      const role = await asMember(api().put(`/api/users/${memberId}`))
        .send({ role: 'ADMIN', groups: ['Admin'] })
        .expect(200);
      expect(role.body.role).toBe('MEMBER');
    });

    it('does not let an administrator deactivate, reactivate or delete their own account', async () => {
      const me = (await asAdmin(api().get('/api/users/me')).expect(200)).body as UserView;
      for (const call of [
        api().delete(`/api/users/${me.id}/access`),
        api().post(`/api/users/${me.id}/access`),
        api().delete(`/api/users/${me.id}`),
      ]) {
        expect((await asAdmin(call).expect(403)).body.code).toBe(ErrorCode.SELF_ACTION_FORBIDDEN);
      }
    });

    it('lets an administrator change a member e-mail, in the pool too', async () => {
      await asAdmin(api().post(`/api/users/${otherId}`))
        .send({ email: 'nouveau@agence-sud.lu' })
        .expect(200);
      const tokens = await signIn('nouveau@agence-sud.lu', 'Nouveau-Passw0rd');
      expect(tokens.IdToken).toBeTruthy();
    });

    it('turns an uploaded logo into a resized PNG and a thumbnail', async () => {
      const { body } = await asMember(api().get(`/api/users/me/avatar`)).expect(200);
      const jpeg = await sharp({ create: { width: 800, height: 400, channels: 3, background: '#1e5aa0' } })
        .jpeg()
        .toBuffer();
      await fetch(new URL(body.avatar.url, testApp.url), {
        method: 'PUT',
        headers: { 'Content-Type': 'image/png' },
        body: jpeg,
      }).then((r) => expect(r.status).toBeLessThan(300));
      const processed = await asMember(api().post(`/api/users/me/avatar`)).expect(200);
      const logo = Buffer.from(
        await (await fetch(new URL(processed.body.urlLogo, testApp.url))).arrayBuffer(),
      );
      expect(await sharp(logo).metadata()).toMatchObject({ format: 'png', width: 210, height: 105 });
      const thumbnail = await fetch(new URL(processed.body.urlThumbnail, testApp.url));
      expect(thumbnail.status).toBe(200);
      expect((await asMember(api().get('/api/users/me')).expect(200)).body.logoUrl).toBeTruthy();
    });

    it('refuses an upload that is not an image', async () => {
      const { body } = await asMember(api().get(`/api/users/me/avatar`)).expect(200);
      await fetch(new URL(body.avatar.url, testApp.url), {
        method: 'PUT',
        headers: { 'Content-Type': 'image/png' },
        body: '<svg onload="alert(1)"/>',
      });
      const refused = await asMember(api().post(`/api/users/me/avatar`)).expect(422);
      expect(refused.body.errors).toEqual({ file: 'validation.imageType' });
    });
  });
});
