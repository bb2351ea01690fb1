import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import { getDataSourceToken } from '@nestjs/typeorm';
import { type DataSource } from 'typeorm';
import {
  isAuditEvent,
  type SignatureDetailsView,
  type SignatureRequestView,
  type VerificationReport,
} from '@esign/shared';
import { startCscStandIn, submitConsent, type CscStandIn } from '@esign/pdf-signing/testing';
import { ValidationBench, downloadSigned, memberWithLogo, pdfText, waitUntilSigned } from './support/sealing';
import { fixturePdf, signatureInput, uploadPdf } from './support/signature-fixtures';
import { SigningDriver, type Invitee } from './support/signing-flow';
import { startTestApp, type TestApp } from './support/test-app';
import { Metrics } from '../src/modules/metrics/metrics.service';
import { type Member } from './support/members';

/** Registered with the stand-in; the tests bring the provider's answers to the app themselves. */
const REDIRECT_URI = 'http://127.0.0.1/api/signing/qualified/callback';

describe('QUALIFIED signatures without a provider', () => {
  let testApp: TestApp;
  let member: Member;

  beforeAll(async () => {
    testApp = await startTestApp();
    member = await memberWithLogo(testApp, { email: 'sans@agence.lu', name: 'Agence Sans Prestataire' });
  });
  afterAll(() => testApp.close());

  it('are not offered, and a request for one is refused with a field error', async () => {
    const config = await request(testApp.url).get('/api/config').expect(200);
    expect(config.body.qualifiedSignatures).toBe(false);
    const { documentId: fileId } = await uploadPdf(
      testApp.url,
      member.token,
      fixturePdf('pdflatex-4-pages.pdf'),
    );
    const refused = await request(testApp.url)
      .post('/api/signatures')
      .set('Authorization', `Bearer ${member.token}`)
      .send(signatureInput(fileId, { signingMode: 'QUALIFIED' }))
      .expect(422);
    expect(refused.body.errors).toEqual({ signingMode: 'validation.qualifiedUnavailable' });
  });
});

describe('QUALIFIED signatures at a trust-service provider (CSC API v2 stand-in)', () => {
  let provider: CscStandIn;
  let testApp: TestApp;
  let member: Member;
  let driver: SigningDriver;
  const bench = new ValidationBench();
  const db = () => testApp.app.get<DataSource>(getDataSourceToken());
  const scratch = mkdtempSync(join(tmpdir(), 'qualified-'));

  beforeAll(async () => {
    provider = await startCscStandIn({
      clientId: 'esign',
      clientSecret: 'secret',
      redirectUris: [REDIRECT_URI],
    });
    const providerChain = join(scratch, 'provider-ca.pem');
    writeFileSync(providerChain, provider.caPem);
    testApp = await startTestApp({
      env: {
        CSC_BASE_URL: provider.url,
        CSC_CLIENT_ID: 'esign',
        CSC_CLIENT_SECRET: 'secret',
        CSC_REDIRECT_URI: REDIRECT_URI,
        CSC_TRUST_BUNDLE_PATH: providerChain,
        SIGNING_RATE_LIMIT_PER_MINUTE: '1000',
      },
    });
    member = await memberWithLogo(testApp, { email: 'notaire@agence.lu', name: 'Agence Qualifiée' });
    driver = new SigningDriver(testApp, member.token);
    await bench.fetchTrustAnchors(testApp);
  });
  beforeEach(() => {
    Object.assign(provider.switches, {
      down: false,
      delayMs: 0,
      notQualified: false,
      wrongSignature: false,
      noTimestamp: false,
    });
  });
  afterAll(async () => {
    await testApp.close();
    await provider.close();
    bench.cleanup();
    rmSync(scratch, { recursive: true, force: true });
  });

  async function qualifiedRequest(invitees: Invitee[], flow: 'SEQUENCE' | 'CONCURRENT' = 'SEQUENCE') {
    const { documentId: fileId } = await uploadPdf(
      testApp.url,
      member.token,
      fixturePdf('pdflatex-4-pages.pdf'),
    );
    return driver.createRequest(fileId, invitees, { signingMode: 'QUALIFIED', signingFlow: flow });
  }

  /** Up to the code: opens the link, receives the document, validates the code; the provider's page to go to. */
  async function validateCode(requestId: string, invitee: Invitee): Promise<string> {
    // A second attempt needs a new code: the two-minute wait between texts is spent at once here.
    await db().query(
      `UPDATE one_time_code SET created_at = created_at - interval '3 minutes' WHERE phone = $1`,
      [invitee.mobile],
    );
    const key = await driver.openLink(requestId, invitee.email);
    await driver.requestCode(requestId, key).expect(200);
    const answered = await driver
      .submit(requestId, key, await driver.codeOf(invitee.mobile), invitee.mobile)
      .expect(200);
    expect(answered.body.status).toBe('IN_PROGRESS');
    return answered.body.qualifiedAuthorisationUrl as string;
  }

  /** Brings the provider's redirect to the app, as the browser would; where the app sends the browser next. */
  async function returnFrom(providerAnswer: URL): Promise<URL> {
    const response = await request(testApp.url)
      .get('/api/signing/qualified/callback')
      .query(Object.fromEntries(providerAnswer.searchParams))
      .expect(303);
    expect(response.headers['cache-control']).toBe('no-store');
    // Back to the signing page on the origin the browser came from (never PUBLIC_URL's, which may differ).
    const location = String(response.headers.location);
    if (!location.startsWith(provider.url)) expect(location).toMatch(/^\/sign\/[\w-]*\?qualified=[a-z_]+$/);
    return new URL(response.headers.location ?? '', testApp.url);
  }

  /** The whole round trip, approving both steps; the signing page's address at the end. */
  async function signAtProvider(requestId: string, invitee: Invitee): Promise<URL> {
    const signIn = await validateCode(requestId, invitee);
    const authorise = await returnFrom(await submitConsent(signIn, 'approve', invitee.name));
    expect(authorise.origin).toBe(provider.url);
    return returnFrom(await submitConsent(authorise.toString(), 'approve'));
  }

  const details = async (requestId: string) =>
    (
      await request(testApp.url)
        .get(`/api/signatures/${requestId}/details`)
        .set('Authorization', `Bearer ${member.token}`)
        .expect(200)
    ).body as SignatureDetailsView;

  const view = async (requestId: string) =>
    (
      await request(testApp.url)
        .get(`/api/signatures/${requestId}`)
        .set('Authorization', `Bearer ${member.token}`)
        .expect(200)
    ).body as SignatureRequestView;

  /** Nothing embedded and still signable: same revision, the signatory still invited; the failure recorded. */
  async function expectUnchangedAfter(requestId: string, reason: string, before: SignatureRequestView) {
    const after = await view(requestId);
    expect(after.status).toBe('IN_PROGRESS');
    expect(after.signatories.map((s) => s.status)).toEqual(before.signatories.map((s) => s.status));
    const trail = await details(requestId);
    const failure = trail.auditTrail.filter((event) => event.event === 'QUALIFIED_FAILED').at(-1);
    expect(failure?.details).toMatchObject({ reason, transactionId: expect.any(String) });
  }

  it('offers the mode, and two signatories in sequence sign with qualified certificates, sealed at B-LTA', async () => {
    expect((await request(testApp.url).get('/api/config').expect(200)).body.qualifiedSignatures).toBe(true);
    const [first, second] = driver.invitees(2, 'qualifié') as [Invitee, Invitee];
    const created = await qualifiedRequest([first, second]);
    expect(created.signingMode).toBe('QUALIFIED');

    const back = await signAtProvider(created.id, first);
    expect(back.toString()).toBe(`${testApp.url}/sign/${created.id}?qualified=signed`);
    expect((await view(created.id)).signatories.map((s) => s.status)).toEqual(['SIGNED', 'INVITED']);
    await signAtProvider(created.id, second);
    await waitUntilSigned(testApp, member.token, created.id);

    const pdf = await downloadSigned(testApp, member.token, created.id);
    const file = bench.save(`${created.id}-qualified.pdf`, pdf);
    bench.expectValid(file, 3);
    // The evidence pages say what a qualified signature is worth, in the request's language.
    expect(pdfText(file).replace(/\s+/g, ' ')).toContain(
      'La signature électronique qualifiée a un effet juridique équivalent à celui d’une signature manuscrite',
    );
    const report = (
      await request(testApp.url)
        .post('/api/verify')
        .attach('file', pdf, { filename: 'final.pdf', contentType: 'application/pdf' })
        .expect(200)
    ).body as VerificationReport;
    const signatures = report.signatures.filter((signature) => signature.kind === 'signature');
    expect(signatures.map((signature) => [signature.signer, signature.valid, signature.qualified])).toEqual([
      [first.name, true, { certificate: true, qscd: true }],
      [second.name, true, { certificate: true, qscd: true }],
    ]);
    expect(report.sealedByPlatform).toBe(true);

    // The audit trail says each step, with the provider's transaction, and each signature's certificate.
    const trail = await details(created.id);
    const steps = trail.auditTrail
      .filter(
        (event) => isAuditEvent(event, 'QUALIFIED_AUTHORISATION') || isAuditEvent(event, 'SIGN_DOCUMENT'),
      )
      .map((event) => [
        event.event,
        event.event === 'QUALIFIED_AUTHORISATION' ? event.details.step : event.details.signingMode,
      ]);
    expect(steps).toEqual([
      ['QUALIFIED_AUTHORISATION', 'sign-in'],
      ['QUALIFIED_AUTHORISATION', 'signature'],
      ['SIGN_DOCUMENT', 'QUALIFIED'],
      ['QUALIFIED_AUTHORISATION', 'sign-in'],
      ['QUALIFIED_AUTHORISATION', 'signature'],
      ['SIGN_DOCUMENT', 'QUALIFIED'],
    ]);
    const signed = trail.auditTrail.filter((event) => isAuditEvent(event, 'SIGN_DOCUMENT'));
    for (const event of signed) {
      expect(event.details).toMatchObject({
        provider: 'CSC Stand-in Trust Services',
        transactionId: expect.any(String),
        // The stand-in offers signatures/timestamp: its clock time-stamps its signatures.
        signatureTimestampBy: 'provider',
        certificateSerial: expect.stringMatching(/^[0-9a-f]+$/),
      });
    }
    // The transaction ids the provider saw are those recorded.
    expect(provider.signed.slice(-2).map((entry) => entry.clientData)).toEqual(
      signed.map((event) => event.details.transactionId),
    );
    expect(trail.auditChainValid).toBe(true);
  });

  it('a signatory who cancels at the provider is told so, and can sign afterwards', async () => {
    const [invitee] = driver.invitees(1, 'annule') as [Invitee];
    const created = await qualifiedRequest([invitee]);
    const before = await view(created.id);
    const metrics = testApp.app.get(Metrics);
    const count = async (outcome: string) =>
      (await metrics.qualifiedSessions.get()).values.find((value) => value.labels.outcome === outcome)
        ?.value ?? 0;
    const counted = { cancelled: await count('cancelled'), signed: await count('signed') };
    const back = await returnFrom(await submitConsent(await validateCode(created.id, invitee), 'cancel'));
    expect(back.searchParams.get('qualified')).toBe('cancelled');
    await expectUnchangedAfter(created.id, 'cancelled', before);
    // This time at a provider that offers no time-stamps: the platform's authority time-stamps the signature.
    provider.switches.noTimestamp = true;
    expect((await signAtProvider(created.id, invitee)).searchParams.get('qualified')).toBe('signed');
    const signed = (await details(created.id)).auditTrail.find((event) =>
      isAuditEvent(event, 'SIGN_DOCUMENT'),
    );
    expect(signed?.details.signatureTimestampBy).toBe('platform');
    // Both round trips counted by how they ended.
    expect(await count('cancelled')).toBe(counted.cancelled + 1);
    expect(await count('signed')).toBe(counted.signed + 1);
  });

  it('a provider that does not answer: the code is kept before, the attempt ends cleanly after', async () => {
    const [invitee] = driver.invitees(1, 'panne') as [Invitee];
    const created = await qualifiedRequest([invitee]);
    const before = await view(created.id);
    const key = await driver.openLink(created.id, invitee.email);
    await driver.requestCode(created.id, key).expect(200);
    const code = await driver.codeOf(invitee.mobile);
    provider.switches.down = true;
    const refused = await driver.submit(created.id, key, code, invitee.mobile).expect(503);
    expect(refused.body.code).toBe('SERVICE_UNAVAILABLE');
    provider.switches.down = false;
    // The same code still works: nothing was used up while the provider was away.
    const answered = await driver.submit(created.id, key, code, invitee.mobile).expect(200);
    const signIn = await submitConsent(
      answered.body.qualifiedAuthorisationUrl as string,
      'approve',
      invitee.name,
    );
    provider.switches.down = true;
    const back = await returnFrom(signIn);
    expect(back.searchParams.get('qualified')).toBe('unavailable');
    provider.switches.down = false;
    await expectUnchangedAfter(created.id, 'unavailable', before);
  });

  it('refuses a certificate that is not qualified', async () => {
    provider.switches.notQualified = true;
    const [invitee] = driver.invitees(1, 'nonqualifie') as [Invitee];
    const created = await qualifiedRequest([invitee]);
    const before = await view(created.id);
    const back = await returnFrom(
      await submitConsent(await validateCode(created.id, invitee), 'approve', invitee.name),
    );
    expect(back.searchParams.get('qualified')).toBe('not_qualified');
    await expectUnchangedAfter(created.id, 'not_qualified', before);
  });

  it('never embeds a signature that does not verify against the authorised hash', async () => {
    const [invitee] = driver.invitees(1, 'fausse') as [Invitee];
    const created = await qualifiedRequest([invitee]);
    const before = await view(created.id);
    const authorise = await returnFrom(
      await submitConsent(await validateCode(created.id, invitee), 'approve', invitee.name),
    );
    provider.switches.wrongSignature = true;
    const back = await returnFrom(await submitConsent(authorise.toString(), 'approve'));
    expect(back.searchParams.get('qualified')).toBe('invalid_signature');
    await expectUnchangedAfter(created.id, 'invalid_signature', before);
    const signed = await request(testApp.url)
      .get(`/api/signatures/${created.id}`)
      .set('Authorization', `Bearer ${member.token}`)
      .expect(200);
    expect((signed.body as SignatureRequestView).status).toBe('IN_PROGRESS');
  });

  it('embeds nothing in a request the member cancelled while the signatory was at the provider', async () => {
    const [invitee] = driver.invitees(1, 'retire') as [Invitee];
    const created = await qualifiedRequest([invitee]);
    const authorise = await returnFrom(
      await submitConsent(await validateCode(created.id, invitee), 'approve', invitee.name),
    );
    await request(testApp.url)
      .delete(`/api/signatures/${created.id}`)
      .set('Authorization', `Bearer ${member.token}`)
      .expect(200);
    const back = await returnFrom(await submitConsent(authorise.toString(), 'approve'));
    expect(back.searchParams.get('qualified')).toBe('invalid_state');
    const after = await view(created.id);
    expect(after.status).toBe('CANCELLED');
    expect(after.signatories.map((s) => s.status)).not.toContain('SIGNED');
    const failure = (await details(created.id)).auditTrail.filter((e) => isAuditEvent(e, 'QUALIFIED_FAILED'));
    expect(failure.map((event) => event.details.reason)).toEqual(['invalid_state']);
  });

  it('answers a replayed code, a forged state and an older tab with nothing done', async () => {
    const [invitee] = driver.invitees(1, 'rejoue') as [Invitee];
    const created = await qualifiedRequest([invitee]);
    const before = await view(created.id);
    const answer = await submitConsent(await validateCode(created.id, invitee), 'approve', invitee.name);
    const forged = new URL(answer);
    forged.searchParams.set('state', 'not-the-state');
    expect((await returnFrom(forged)).toString()).toBe(`${testApp.url}/sign/?qualified=invalid_state`);
    const authorise = await returnFrom(answer);
    expect(authorise.origin).toBe(provider.url);
    // The same answer again (a replayed code): the state was used, nothing happens.
    expect((await returnFrom(answer)).searchParams.get('qualified')).toBe('invalid_state');
    // A second tab starts again: the first one's authorisation no longer leads anywhere.
    const secondTab = await validateCode(created.id, invitee);
    const firstTabBack = await returnFrom(await submitConsent(authorise.toString(), 'approve'));
    expect(firstTabBack.searchParams.get('qualified')).toBe('invalid_state');
    expect((await view(created.id)).signatories.map((s) => s.status)).toEqual(
      before.signatories.map((s) => s.status),
    );
    // The second tab completes.
    const secondAuthorise = await returnFrom(await submitConsent(secondTab, 'approve', invitee.name));
    const done = await returnFrom(await submitConsent(secondAuthorise.toString(), 'approve'));
    expect(done.searchParams.get('qualified')).toBe('signed');
  });
});
