import request from 'supertest';
import { ErrorCode, type PdfCompleteResponse, type PdfUploadResponse } from '@esign/shared';
import { simplePdf } from '@esign/pdf-signing/testing';
import { MAX_PDF_CHECKS_PER_CALLER } from '../../src/modules/documents/pdf/pdf-work-queue';
import { createMember, signInAdministrator, type Member } from '../support/members';
import { holdCheckSlots, PdfWorkEvents } from '../support/pdf-work';
import { memberWithLogo, waitUntilSigned } from '../support/sealing';
import { fixturePdf, uploadPdf } from '../support/signature-fixtures';
import { SigningDriver } from '../support/signing-flow';
import { startTestApp, type TestApp } from '../support/test-app';

/**
 * One member's uploads must not hold up another member's, nor anyone's signature: the reproduction was six
 * slow uploads of one member pushing another member's upload from 1.9 s to 62.5 s and an ADVANCED
 * signature from 3.5 s to 40.9 s, on a host with one PDF slot. The test holds every check slot itself (as
 * slow checks would), so what waits is decided by the queue, and the assertions read its order of events.
 */
describe('attacks on the PDF work: one member against the others', () => {
  let testApp: TestApp;
  let events: PdfWorkEvents;
  let adminToken: string;
  let members = 0;

  beforeAll(async () => {
    testApp = await startTestApp({ env: { SIGNING_RATE_LIMIT_PER_MINUTE: '1000' } });
    adminToken = await signInAdministrator(testApp);
  });
  beforeEach(() => {
    events = new PdfWorkEvents();
  });
  afterEach(() => events.stop());
  afterAll(async () => {
    await testApp.close();
  });

  async function newMember(): Promise<Member> {
    members += 1;
    return createMember(testApp, adminToken, { email: `flood${members}@agence-nord.lu`, name: 'Agence' });
  }

  /** An upload address with a file PUT to it, not yet completed. */
  async function uploaded(member: Member, bytes = simplePdf({ pages: 3 })): Promise<string> {
    const issued = await request(testApp.url)
      .post('/api/pdf')
      .set('Authorization', `Bearer ${member.token}`)
      .send({ documentType: 'CUSTOM', size: bytes.length, fileName: 'bail.pdf' })
      .expect(201);
    const { fileId, url } = issued.body as PdfUploadResponse;
    const put = await fetch(new URL(url, testApp.url), {
      method: 'PUT',
      headers: { 'Content-Type': 'application/pdf' },
      body: new Uint8Array(bytes),
    });
    expect(put.ok).toBe(true);
    return fileId;
  }

  const complete = (member: Member, fileId: string) =>
    request(testApp.url).post(`/api/pdf/${fileId}/complete`).set('Authorization', `Bearer ${member.token}`);

  it(`serves another member's check before one member's backlog, and refuses check ${MAX_PDF_CHECKS_PER_CALLER + 1} in flight with Retry-After`, async () => {
    const [flooder, other] = [await newMember(), await newMember()];
    const backlog = await Promise.all(
      Array.from({ length: MAX_PDF_CHECKS_PER_CALLER + 1 }, () => uploaded(flooder)),
    );
    const single = await uploaded(other);
    const held = await holdCheckSlots(events);
    const checks = backlog
      .slice(0, MAX_PDF_CHECKS_PER_CALLER)
      .map((fileId) => complete(flooder, fileId).then((r) => r));
    let otherCheck: Promise<request.Response> | undefined;
    try {
      await events.until((seen) => seen.queued.filter((event) => event.owner === flooder.id).length === 3);
      const refused = await complete(flooder, backlog[MAX_PDF_CHECKS_PER_CALLER] ?? '');
      expect(refused.status).toBe(429);
      expect(refused.body).toMatchObject({ code: ErrorCode.TOO_MANY_REQUESTS });
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      otherCheck = complete(other, single).then((r) => r);
      await events.until((seen) => seen.queued.some((event) => event.owner === other.id));
    } finally {
      await held.release();
    }
    const answers = await Promise.all([...checks, otherCheck]);
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200]);
    // The other member's one check went second, not after the flooder's whole backlog.
    expect(events.checkStarts()).toEqual([flooder.id, other.id, flooder.id, flooder.id]);
    // The refused completion took nothing: the same upload is checked once the member's turn comes.
    const retried = await complete(flooder, backlog[MAX_PDF_CHECKS_PER_CALLER] ?? '').expect(200);
    expect((retried.body as PdfCompleteResponse).pdfPageCount).toBe(3);
  });

  it('signs an ADVANCED signature while every check slot is busy and checks wait', async () => {
    const agency = await memberWithLogo(testApp, { email: 'avance@agence-sud.lu', name: 'Agence du Sud' });
    const driver = new SigningDriver(testApp, agency.token);
    const document = await uploadPdf(testApp.url, agency.token, fixturePdf('minimal-document.pdf'));
    const [signatory] = driver.invitees(1, 'avance');
    if (!signatory) throw new Error('no signatory');
    const created = await driver.createRequest(document.documentId, [signatory], { signingMode: 'ADVANCED' });
    const key = await driver.openLink(created.id, signatory.email);
    await driver.requestCode(created.id, key).expect(200);
    const flooder = await newMember();
    const backlog = await Promise.all(
      Array.from({ length: MAX_PDF_CHECKS_PER_CALLER }, () => uploaded(flooder)),
    );
    const checksBefore = events.checkStarts().length;
    const held = await holdCheckSlots(events);
    const checks = backlog.map((fileId) => complete(flooder, fileId).then((r) => r));
    try {
      await events.until((seen) => seen.queued.filter((event) => event.owner === flooder.id).length === 3);
      const code = await driver.codeOf(signatory.mobile);
      // Answered while the checks lane is still held: the signature never waited behind the uploads.
      await driver.submit(created.id, key, code, signatory.mobile).expect(200);
      expect(events.starts.some((event) => event.lane === 'signing')).toBe(true);
      expect(events.checkStarts().slice(checksBefore)).toEqual([]);
    } finally {
      await held.release();
    }
    expect((await Promise.all(checks)).map((answer) => answer.status)).toEqual([200, 200, 200]);
    await waitUntilSigned(testApp, agency.token, created.id);
  });
});
