import request from 'supertest';
import { JobName } from '@esign/shared';
import { startTestApp, type TestApp } from '../support/test-app';
import { createMember, signInAdministrator, type Member } from '../support/members';
import { PoolClient } from '../support/pool-calls';
import { waitFor } from '../support/wait-for';
import { OutboxService } from '../../src/modules/outbox/outbox.service';

/**
 * « Forgot password » on the embedded pool: asking tells nothing about the address (not by the answer, not by
 * the work done), a code serves once and survives few wrong guesses, and a reset ends the sessions opened
 * before it.
 */
describe('password reset', () => {
  let testApp: TestApp;
  let pool: PoolClient;
  let adminToken: string;
  let member: Member;

  const forgot = (username: string) =>
    pool.call('ForgotPassword', { ClientId: pool.clientId, Username: username });
  const confirm = (username: string, code: string, password = 'Nouveau-Passw0rd', from?: string) =>
    pool.call(
      'ConfirmForgotPassword',
      { ClientId: pool.clientId, Username: username, ConfirmationCode: code, Password: password },
      from ? { 'X-Forwarded-For': from } : {},
    );
  /** The reset jobs queued for `account`, once all have run. */
  const finishedJobs = (account: string) =>
    waitFor(`the reset jobs for ${account} to finish`, async () => {
      const jobs = await pool.query<{ state: string }>(
        `SELECT state FROM queued_job WHERE name = $1 AND payload->>'account' = $2`,
        [JobName.SendPasswordResetCode, account],
      );
      return jobs.every((job) => job.state === 'DONE') ? jobs : undefined;
    });
  const codesSentTo = async (email: string) =>
    (await testApp.app.get(OutboxService).newestFor(email))
      .filter((message) => message.subject === 'Ihr Bestätigungscode')
      .map((message) => /(\d{6})/.exec(message.body)?.[1] ?? '');

  beforeAll(async () => {
    testApp = await startTestApp({
      env: { IDENTITY_RATE_LIMIT_PER_MINUTE: '10000', TRUST_PROXY: 'loopback' },
    });
    pool = await PoolClient.of(testApp);
    adminToken = await signInAdministrator(testApp);
    member = await createMember(testApp, adminToken, {
      email: 'reset-known@agence.test',
      name: 'Agence Reset',
      language: 'de',
      password: 'Ancien-Passw0rd',
    });
  });

  afterAll(async () => {
    await testApp.close();
  });

  it('answers an account and an unknown address alike, queues one job for each, and e-mails the account only', async () => {
    const known = await forgot(member.email);
    const unknown = await forgot('reset-unknown@agence.test');
    expect(known.status).toBe(200);
    expect(unknown.status).toBe(200);
    expect(Object.keys(unknown.body)).toEqual(Object.keys(known.body));
    expect(JSON.stringify(known.body)).not.toContain(member.email);
    expect(await finishedJobs(member.email)).toHaveLength(1);
    expect(await finishedJobs('reset-unknown@agence.test')).toHaveLength(1);
    expect(await codesSentTo(member.email)).toHaveLength(1);
    expect(await testApp.app.get(OutboxService).newestFor('reset-unknown@agence.test')).toHaveLength(0);
  });

  it('refuses a name longer than any account’s, queueing nothing', async () => {
    const long = `${'x'.repeat(250)}@agence.test`;
    const answer = await forgot(long);
    expect(answer.status).toBe(400);
    expect(answer.body.__type).toBe('InvalidParameterException');
    const jobs = await pool.query(`SELECT 1 FROM queued_job WHERE payload->>'account' = $1`, [long]);
    expect(jobs).toHaveLength(0);
  });

  it('answers a reset code for an unknown address like a wrong code', async () => {
    const answer = await confirm('reset-nobody@agence.test', '123456');
    expect(answer.status).toBe(400);
    expect(answer.body.__type).toBe('CodeMismatchException');
  });

  it('spends a code after five wrong guesses, whatever addresses they come from', async () => {
    await forgot(member.email);
    await finishedJobs(member.email);
    const [code = ''] = await codesSentTo(member.email);
    const wrong = code === '000000' ? '111111' : '000000';
    for (let guess = 1; guess <= 5; guess += 1) {
      const answer = await confirm(member.email, wrong, 'Nouveau-Passw0rd', `192.0.2.${guess}`);
      expect(answer.body.__type).toBe('CodeMismatchException');
    }
    expect((await confirm(member.email, code)).body.__type).toBe('CodeMismatchException');
    expect((await pool.signIn(member.email, 'Ancien-Passw0rd')).status).toBe(200);
  });

  it('sets the new password with the code once, and ends every session opened before', async () => {
    const before = PoolClient.tokens(await pool.signIn(member.email, 'Ancien-Passw0rd'));
    await forgot(member.email);
    await finishedJobs(member.email);
    const [code = ''] = await codesSentTo(member.email);
    expect((await confirm(member.email, code)).status).toBe(200);
    // Used once: the same code sets no other password.
    expect((await confirm(member.email, code, 'Autre-Passw0rd1')).body.__type).toBe('CodeMismatchException');

    expect((await pool.signIn(member.email, 'Ancien-Passw0rd')).status).toBe(400);
    expect((await pool.refresh(before.RefreshToken)).body.__type).toBe('NotAuthorizedException');
    expect((await pool.call('GetUser', { AccessToken: before.AccessToken })).body.__type).toBe(
      'NotAuthorizedException',
    );
    for (const idToken of [before.IdToken, member.token])
      await request(testApp.url).get('/api/users/me').set('Authorization', `Bearer ${idToken}`).expect(401);

    const after = PoolClient.tokens(await pool.signIn(member.email, 'Nouveau-Passw0rd'));
    expect((await pool.call('GetUser', { AccessToken: after.AccessToken })).status).toBe(200);
    await request(testApp.url)
      .get('/api/users/me')
      .set('Authorization', `Bearer ${after.IdToken}`)
      .expect(200);
  });
});
