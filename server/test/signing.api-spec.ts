import request from 'supertest';
import { type DataSource } from 'typeorm';
import { getDataSourceToken } from '@nestjs/typeorm';
import { ErrorCode, type SigningPageData } from '@esign/shared';
import { OutboxService } from '../src/modules/outbox/outbox.service';
import { startTestApp, type TestApp } from './support/test-app';
import { createMember, signInAdministrator } from './support/members';
import { fixturePdf, uploadPdf } from './support/signature-fixtures';
import { SigningDriver } from './support/signing-flow';

describe('signing with one-time codes (API, real database)', () => {
  let testApp: TestApp;
  let member: { id: string; token: string; email: string };
  let documentId: string;
  let driver: SigningDriver;
  const db = () => testApp.app.get<DataSource>(getDataSourceToken());
  const auditEvents = async (requestId: string) =>
    (
      await db().query<{ event: string }[]>(
        `SELECT event FROM audit_event WHERE request_id = $1 ORDER BY seq`,
        [requestId],
      )
    ).map((row) => row.event);
  // Lets a test ask for a new code without waiting the 2 minutes.
  const ageCodes = (signatoryMobile: string) =>
    db().query(`UPDATE one_time_code SET created_at = created_at - interval '3 minutes' WHERE phone = $1`, [
      signatoryMobile,
    ]);
  const signatoryStatus = async (requestId: string) =>
    (
      await db().query<{ status: string }[]>(
        `SELECT status FROM signatory WHERE request_id = $1 ORDER BY sign_order`,
        [requestId],
      )
    ).map((row) => row.status);

  beforeAll(async () => {
    testApp = await startTestApp({ env: { SIGNING_RATE_LIMIT_PER_MINUTE: '1000' } });
    const adminToken = await signInAdministrator(testApp);
    member = await createMember(testApp, adminToken, {
      email: 'signature@agence-nord.lu',
      name: 'Agence du Nord',
    });
    documentId = (await uploadPdf(testApp.url, member.token, fixturePdf('pdflatex-4-pages.pdf'))).documentId;
    driver = new SigningDriver(testApp, member.token);
  });

  afterAll(async () => {
    await testApp.close();
  });

  it('shows the signing page to the link’s holder only, and the member view to the member', async () => {
    const [anne] = driver.invitees(1, 'page');
    const created = await driver.createRequest(documentId, [anne!]);
    const key = await driver.keyOf(anne!.email);
    const page = (await driver.page(created.id, key).expect(200)).body as SigningPageData;
    expect(page).toMatchObject({
      signatureId: created.id,
      signatureTitle: 'Compromis – 12 rue de la Gare',
      status: 'IN_PROGRESS',
      language: 'fr',
      senderName: 'Agence du Nord',
      signatory: {
        signatoryFullName: anne!.name,
        signatoryMobile: anne!.mobile,
        signatorySigningStatus: 'NOT_SIGNED',
        isTurn: true,
      },
      nextOtpAllowedAt: null,
    });
    const pdf = await fetch(new URL(page.documentUrl, testApp.url));
    expect(
      Buffer.from(await pdf.arrayBuffer())
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-');

    const missing = await driver.page('00000000-0000-4000-8000-000000000000', key).expect(404);
    const wrongKey = await driver.page(created.id, `${key.slice(0, -2)}AA`).expect(404);
    expect(wrongKey.body).toEqual(missing.body);
    await driver.page(created.id, 'short').expect(404);
    await request(testApp.url).get(`/api/signatures/${created.id}`).expect(401);
    const asMember = await request(testApp.url)
      .get(`/api/signatures/${created.id}`)
      .set('Authorization', `Bearer ${member.token}`)
      .expect(200);
    expect(asMember.body.signatories).toHaveLength(1);
  });

  it('signs in sequence: the next signatory is invited only once the previous one signed', async () => {
    const [first, second] = driver.invitees(2, 'suite');
    const created = await driver.createRequest(documentId, [first!, second!], { signingFlow: 'SEQUENCE' });
    await expect(driver.keyOf(second!.email)).rejects.toThrow('no signing link');
    await driver.signAs(created.id, first!);
    expect(await signatoryStatus(created.id)).toEqual(['SIGNED', 'INVITED']);
    await driver.signAs(created.id, second!);
    const status = await db().query<{ status: string }[]>(
      `SELECT status FROM signature_request WHERE id = $1`,
      [created.id],
    );
    expect(['UPDATING_DOCUMENT', 'SIGNED']).toContain(status[0]?.status);
    expect(await auditEvents(created.id)).toEqual(
      expect.arrayContaining(['CREATE', 'VIEW', 'REQUEST_OTP', 'POST_OTP', 'SIGN_DOCUMENT']),
    );
    const seals = await db().query<{ n: number }[]>(
      `SELECT count(*)::int AS n FROM queued_job WHERE name = 'signing.seal-document' AND payload->>'requestId' = $1`,
      [created.id],
    );
    expect(seals[0]?.n).toBe(1);
  });

  it('refuses a wrong code, records it, and signs nothing', async () => {
    const [person] = driver.invitees(1, 'faux');
    const created = await driver.createRequest(documentId, [person!]);
    const key = await driver.openLink(created.id, person!.email);
    await driver.requestCode(created.id, key).expect(200);
    const code = await driver.codeOf(person!.mobile);
    const wrong = code === 'AAAAAAAA' ? 'BBBBBBBB' : 'AAAAAAAA';
    const refused = await driver.submit(created.id, key, wrong, person!.mobile).expect(400);
    expect(refused.body.code).toBe(ErrorCode.OTP_INVALID);
    expect(await signatoryStatus(created.id)).toEqual(['INVITED']);
    expect(await auditEvents(created.id)).toContain('INVALID_OTP');
    // The right code still works after one wrong try.
    await driver.submit(created.id, key, code.toLowerCase(), person!.mobile).expect(200);
    expect(await signatoryStatus(created.id)).toEqual(['SIGNED']);
    // Used once: a replay is refused and changes nothing.
    const replay = await driver.submit(created.id, key, code, person!.mobile).expect(409);
    expect(replay.body.code).toBe(ErrorCode.ALREADY_SIGNED);
    expect((await auditEvents(created.id)).filter((e) => e === 'SIGN_DOCUMENT')).toHaveLength(1);
  });

  it('refuses a resend within 2 minutes with retryAfter, and an expired code', async () => {
    const [person] = driver.invitees(1, 'delai');
    const created = await driver.createRequest(documentId, [person!]);
    const key = await driver.openLink(created.id, person!.email);
    const sent = await driver.requestCode(created.id, key).expect(200);
    expect(Date.parse(sent.body.nextOtpAllowedAt as string) - Date.now()).toBeGreaterThan(100_000);
    const early = await driver.requestCode(created.id, key).expect(429);
    expect(early.body.code).toBe(ErrorCode.OTP_TOO_SOON);
    expect(early.body.retryAfter).toBeGreaterThan(100_000);
    expect(early.body.retryAfter).toBeLessThanOrEqual(120_000);
    const page = (await driver.page(created.id, key).expect(200)).body as SigningPageData;
    expect(page.nextOtpAllowedAt).toBe(sent.body.nextOtpAllowedAt);

    const code = await driver.codeOf(person!.mobile);
    await db().query(`UPDATE one_time_code SET expires_at = now() - interval '1 second' WHERE phone = $1`, [
      person!.mobile,
    ]);
    const expired = await driver.submit(created.id, key, code, person!.mobile).expect(400);
    expect(expired.body.code).toBe(ErrorCode.OTP_EXPIRED);
    expect(await signatoryStatus(created.id)).toEqual(['INVITED']);
  });

  it('burns a code after 5 wrong tries and voids the previous code when a new one is sent', async () => {
    const [person] = driver.invitees(1, 'brule');
    const created = await driver.createRequest(documentId, [person!]);
    const key = await driver.openLink(created.id, person!.email);
    await driver.requestCode(created.id, key).expect(200);
    const code = await driver.codeOf(person!.mobile);
    // Each wrong try says how many the code has left; the fifth uses it up.
    const left: unknown[] = [];
    for (let attempt = 0; attempt < 5; attempt += 1) {
      const wrong = await driver.submit(created.id, key, '00000000', person!.mobile).expect(400);
      expect(wrong.body.code).toBe(ErrorCode.OTP_INVALID);
      left.push(wrong.body.attemptsLeft);
    }
    expect(left).toEqual([4, 3, 2, 1, 0]);
    // The right code after that: used up by the wrong tries, and said so (not "expired").
    const sixth = await driver.submit(created.id, key, code, person!.mobile).expect(400);
    expect(sixth.body.code).toBe(ErrorCode.OTP_EXPIRED);
    expect(sixth.body.usedUpByWrongCodes).toBe(true);

    await ageCodes(person!.mobile);
    await driver.requestCode(created.id, key).expect(200);
    const older = code;
    const newer = await driver.codeOf(person!.mobile);
    await ageCodes(person!.mobile);
    await driver.requestCode(created.id, key).expect(200);
    for (const stale of [older, newer]) {
      const refused = await driver.submit(created.id, key, stale, person!.mobile);
      expect(refused.status).toBe(400);
      // A replaced code is wrong for the newest one, which has had no wrong try before.
      expect(refused.body.attemptsLeft).toBe(stale === older ? 4 : 3);
    }
    await driver.submit(created.id, key, await driver.codeOf(person!.mobile), person!.mobile).expect(200);
  });

  it('binds a code to its signatory and its request', async () => {
    const [a, b] = driver.invitees(2, 'lien');
    const created = await driver.createRequest(documentId, [a!, b!]);
    const [keyA, keyB] = [
      await driver.openLink(created.id, a!.email),
      await driver.openLink(created.id, b!.email),
    ];
    await driver.requestCode(created.id, keyA).expect(200);
    await driver.requestCode(created.id, keyB).expect(200);
    const codeA = await driver.codeOf(a!.mobile);
    const crossed = await driver.submit(created.id, keyB, codeA, b!.mobile).expect(400);
    expect(crossed.body.code).toBe(ErrorCode.OTP_INVALID);
    // A's key with B's phone number is refused before any code is checked.
    const otherPhone = await driver.submit(created.id, keyA, codeA, b!.mobile).expect(422);
    expect(otherPhone.body.errors.phoneNumber).toBe('validation.phoneMismatch');

    const other = await driver.createRequest(documentId, [{ ...a!, email: `autre-${a!.email}` }]);
    const otherKey = await driver.openLink(other.id, `autre-${a!.email}`);
    await ageCodes(a!.mobile);
    await driver.requestCode(other.id, otherKey).expect(200);
    const otherCode = await driver.codeOf(a!.mobile);
    expect((await driver.submit(created.id, keyA, otherCode, a!.mobile)).status).toBe(400);
    await driver.submit(other.id, otherKey, otherCode, a!.mobile).expect(200);
    expect(await signatoryStatus(created.id)).toEqual(['INVITED', 'INVITED']);
  });

  it('requires the consents and a location', async () => {
    const [person] = driver.invitees(1, 'consent');
    const created = await driver.createRequest(documentId, [person!]);
    const key = await driver.openLink(created.id, person!.email);
    await driver.requestCode(created.id, key).expect(200);
    const code = await driver.codeOf(person!.mobile);
    const noConsent = await driver
      .submit(created.id, key, code, person!.mobile, { consents: { termsAndPrivacy: true } })
      .expect(422);
    expect(noConsent.body.errors['consents.legalParagraph']).toBe('validation.consentRequired');
    const noPlace = await driver
      .submit(created.id, key, code, person!.mobile, { location: 'Lu' })
      .expect(422);
    expect(noPlace.body.errors.location).toBe('validation.locationMin');
    expect(await signatoryStatus(created.id)).toEqual(['INVITED']);
  });

  it('locks the signatory after 10 failures until the member sends a reminder', async () => {
    const [person] = driver.invitees(1, 'verrou');
    const created = await driver.createRequest(documentId, [person!]);
    const key = await driver.openLink(created.id, person!.email);
    for (let round = 0; round < 2; round += 1) {
      await ageCodes(person!.mobile);
      await driver.requestCode(created.id, key).expect(200);
      for (let attempt = 0; attempt < 5; attempt += 1) {
        await driver.submit(created.id, key, '11111111', person!.mobile).expect(400);
      }
    }
    await ageCodes(person!.mobile);
    const locked = await driver.requestCode(created.id, key).expect(423);
    expect(locked.body.code).toBe(ErrorCode.SIGNATORY_LOCKED);
    // Other requests' completion e-mails may arrive meanwhile: look for the notice among the newest.
    const subjects = (await testApp.app.get(OutboxService).newestFor(member.email)).map((m) => m.subject);
    expect(subjects).toContain('Signature bloquée : Compromis – 12 rue de la Gare');

    await request(testApp.url)
      .post(`/api/signatures/${created.id}/reminder`)
      .set('Authorization', `Bearer ${member.token}`)
      .expect(200);
    await driver.requestCode(created.id, key).expect(200);
    await driver.submit(created.id, key, await driver.codeOf(person!.mobile), person!.mobile).expect(200);
  });

  it('caps the codes sent to one signatory in a day', async () => {
    const [person] = driver.invitees(1, 'plafond');
    const created = await driver.createRequest(documentId, [person!]);
    const key = await driver.openLink(created.id, person!.email);
    for (let sent = 0; sent < 10; sent += 1) {
      await ageCodes(person!.mobile);
      await driver.requestCode(created.id, key).expect(200);
    }
    await ageCodes(person!.mobile);
    const capped = await driver.requestCode(created.id, key).expect(429);
    expect(capped.body.code).toBe(ErrorCode.OTP_DAILY_LIMIT);
    expect(capped.body.retryAfter).toBeGreaterThan(23 * 3600_000);
  });

  it('has nothing to sign on a cancelled request, even with a code in hand', async () => {
    const [person] = driver.invitees(1, 'annule');
    const created = await driver.createRequest(documentId, [person!]);
    const key = await driver.openLink(created.id, person!.email);
    await driver.requestCode(created.id, key).expect(200);
    const code = await driver.codeOf(person!.mobile);
    await request(testApp.url)
      .delete(`/api/signatures/${created.id}`)
      .set('Authorization', `Bearer ${member.token}`)
      .expect(200);
    await driver.page(created.id, key).expect(404);
    await driver.requestCode(created.id, key).expect(404);
    await driver.submit(created.id, key, code, person!.mobile).expect(404);
    expect(await signatoryStatus(created.id)).toEqual(['INVITED']);
  });

  it('five signatories validating at the same instant: five signatures, one seal job', async () => {
    const people = driver.invitees(5, 'ensemble');
    const created = await driver.createRequest(documentId, people);
    const keys = await Promise.all(people.map((person) => driver.openLink(created.id, person.email)));
    for (const key of keys) await driver.requestCode(created.id, key).expect(200);
    const codes = await Promise.all(people.map((person) => driver.codeOf(person.mobile)));
    const answers = await Promise.all(
      people.map((person, index) => driver.submit(created.id, keys[index]!, codes[index]!, person.mobile)),
    );
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200, 200]);
    expect(await signatoryStatus(created.id)).toEqual(['SIGNED', 'SIGNED', 'SIGNED', 'SIGNED', 'SIGNED']);
    const seals = await db().query<{ n: number }[]>(
      `SELECT count(*)::int AS n FROM queued_job WHERE name = 'signing.seal-document' AND payload->>'requestId' = $1`,
      [created.id],
    );
    expect(seals[0]?.n).toBe(1);
    expect((await auditEvents(created.id)).filter((e) => e === 'SIGN_DOCUMENT')).toHaveLength(5);
  });
});
