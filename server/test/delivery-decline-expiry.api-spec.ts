import { createHash } from 'node:crypto';
import request from 'supertest';
import { getDataSourceToken } from '@nestjs/typeorm';
import { type DataSource } from 'typeorm';
import {
  ErrorCode,
  isAuditEvent,
  type DashboardView,
  type SignatureDetailsView,
  type SignatureRequestView,
  type SigningPageData,
} from '@esign/shared';
import { OutboxService } from '../src/modules/outbox/outbox.service';
import { ExpiryService } from '../src/modules/signatures/expiry.service';
import { Metrics } from '../src/modules/metrics/metrics.service';
import { auditReportTexts } from '../src/modules/signing/pdf-work/audit-report-texts';
import { formatDisplayTime } from '../src/modules/signing/pdf-work/signing-texts';
import { type Member } from './support/members';
import { ValidationBench, downloadSigned, memberWithLogo, pdfText, waitUntilSigned } from './support/sealing';
import { fixturePdf, signatureInput, uploadPdf } from './support/signature-fixtures';
import { SigningDriver, type Invitee } from './support/signing-flow';
import { startTestApp, type TestApp } from './support/test-app';

const sha256 = (bytes: Buffer): string => createHash('sha256').update(bytes).digest('hex');
const DAY = 86_400_000;

interface AuditRow {
  event: string;
  actor_type: string;
  actor_id: string | null;
  ip: string | null;
  user_agent: string | null;
  details: Record<string, unknown>;
}

describe('what the signatory saw is what they signed: delivery, decline, expiry (API, real database)', () => {
  let testApp: TestApp;
  let member: Member;
  let documentId: string;
  let pageCount: number;
  let driver: SigningDriver;
  const bench = new ValidationBench();
  const db = () => testApp.app.get<DataSource>(getDataSourceToken());
  const outbox = (to: string) => testApp.app.get(OutboxService).newestFor(to, 50);
  const asMember = (test: request.Test) => test.set('Authorization', `Bearer ${member.token}`);
  const api = () => request(testApp.url);
  const events = (requestId: string) =>
    db().query<AuditRow[]>(
      `SELECT event, actor_type, actor_id, ip, user_agent, details FROM audit_event WHERE request_id = $1 ORDER BY seq`,
      [requestId],
    );
  const requestRow = async (requestId: string) =>
    (
      await db().query<{ status: string; document_sha256: string; current_document_sha256: string }[]>(
        `SELECT status, document_sha256, current_document_sha256 FROM signature_request WHERE id = $1`,
        [requestId],
      )
    )[0]!;
  const details = async (requestId: string) =>
    (await asMember(api().get(`/api/signatures/${requestId}/details`)).expect(200))
      .body as SignatureDetailsView;
  const dashboard = async () =>
    (await asMember(api().get('/api/dashboard')).expect(200)).body as DashboardView;
  const document = (requestId: string, key: string) =>
    api().get(`/api/signatures/${requestId}/document`).query({ key });
  const viewed = (requestId: string, key: string, body: Record<string, unknown>) =>
    api().post(`/api/signatures/${requestId}/viewed`).query({ key }).send(body);
  const decline = (requestId: string, key: string, body: Record<string, unknown>) =>
    api().post(`/api/signatures/${requestId}/decline`).query({ key }).send(body);

  beforeAll(async () => {
    testApp = await startTestApp({ env: { SIGNING_RATE_LIMIT_PER_MINUTE: '1000' } });
    member = await memberWithLogo(testApp, {
      email: 'preuves@agence-ouest.lu',
      name: 'Agence de l’Ouest',
      language: 'en',
    });
    const upload = await uploadPdf(testApp.url, member.token, fixturePdf('pdflatex-4-pages.pdf'));
    documentId = upload.documentId;
    pageCount = upload.pdfPageCount;
    driver = new SigningDriver(testApp, member.token);
    await bench.fetchTrustAnchors(testApp);
  });

  afterAll(async () => {
    bench.cleanup();
    await testApp.close();
  });

  describe('the document, delivered through the link and recorded', () => {
    it('sends no code to a link that fetched the page but not the document; one in the page’s language after', async () => {
      const [anne] = driver.invitees(1, 'livraison');
      const created = await driver.createRequest(documentId, [anne!]);
      const key = await driver.keyOf(anne!.email);
      const page = (await driver.page(created.id, key).expect(200)).body as SigningPageData;
      expect(page.documentUrl).toBe(`/api/signatures/${created.id}/document?key=${encodeURIComponent(key)}`);

      const refused = await driver.requestCode(created.id, key).expect(409);
      expect(refused.body.code).toBe(ErrorCode.DOCUMENT_NOT_DELIVERED);
      expect((await outbox(anne!.mobile)).filter((m) => m.channel === 'sms')).toEqual([]);
      const codes = await db().query(`SELECT id FROM one_time_code WHERE request_id = $1`, [created.id]);
      expect(codes).toEqual([]);
      // A HEAD gives the headers only: it is not a delivery.
      await api().head(`/api/signatures/${created.id}/document`).query({ key }).expect(200);
      await driver.requestCode(created.id, key).expect(409);

      const response = await fetch(new URL(page.documentUrl, testApp.url), {
        headers: { 'User-Agent': 'EvidenceTest/1.0' },
      });
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('application/pdf');
      expect(response.headers.get('cache-control')).toBe('no-store');
      const bytes = Buffer.from(await response.arrayBuffer());
      const hash = sha256(bytes);
      expect(response.headers.get('x-document-sha256')).toBe(hash);
      expect(hash).toBe((await requestRow(created.id)).current_document_sha256);

      // Received is not displayed: no code until the page reports showing those bytes.
      const undisplayed = await driver.requestCode(created.id, key).expect(409);
      expect(undisplayed.body.code).toBe(ErrorCode.DOCUMENT_NOT_DELIVERED);
      expect((await outbox(anne!.mobile)).filter((m) => m.channel === 'sms')).toEqual([]);
      // Opening the link, and receiving the document, are no "document viewed".
      expect((await events(created.id)).map((event) => event.event)).not.toContain('VIEW_DOCUMENT');
      await viewed(created.id, key, {
        documentSha256: hash,
        pageCount,
        renderedAt: new Date().toISOString(),
      }).expect(200);

      await driver.requestCode(created.id, key, 'xx').expect(422);
      await driver.requestCode(created.id, key, 'de').expect(200);
      const [sms] = (await outbox(anne!.mobile)).filter((m) => m.channel === 'sms');
      expect(sms?.body).toMatch(/^[0-9A-Z]{8} ist Ihr Code zum Unterschreiben von „Compromis/);

      const trail = await events(created.id);
      const deliveries = trail.filter((event) => event.event === 'DELIVER_DOCUMENT');
      expect(deliveries).toHaveLength(1);
      expect(deliveries[0]).toMatchObject({
        actor_type: 'SIGNATORY',
        ip: '127.0.0.1',
        user_agent: 'EvidenceTest/1.0',
        details: {
          documentSha256: hash,
          bytes: bytes.length,
          complete: true,
          final: false,
          revision: 0,
        },
      });
      expect(trail.find((event) => event.event === 'REQUEST_OTP')?.details.language).toBe('de');
      // One display, the one the page reported, before the code.
      const names = trail.map((event) => event.event);
      expect(names.filter((name) => name === 'VIEW_DOCUMENT')).toHaveLength(1);
      expect(names.indexOf('VIEW_DOCUMENT')).toBeLessThan(names.indexOf('REQUEST_OTP'));
      const rows = await db().query<{ completed_at: Date | null; size_bytes: number }[]>(
        `SELECT completed_at, size_bytes FROM document_delivery WHERE request_id = $1`,
        [created.id],
      );
      expect(rows).toHaveLength(1);
      expect(rows[0]?.completed_at).not.toBeNull();
      expect(rows[0]?.size_bytes).toBe(bytes.length);
    });

    it('records the display only for bytes the link received, with the document’s page count', async () => {
      const [paul] = driver.invitees(1, 'affichage');
      const created = await driver.createRequest(documentId, [paul!]);
      const key = await driver.keyOf(paul!.email);
      const renderedAt = new Date().toISOString();
      const other = 'a'.repeat(64);
      const notReceived = await viewed(created.id, key, { documentSha256: other, pageCount, renderedAt });
      expect(notReceived.status).toBe(422);
      expect(notReceived.body.errors).toEqual({ documentSha256: 'validation.documentNotDelivered' });
      const hash = sha256(await driver.fetchDocument(created.id, key));
      for (const bad of [
        { documentSha256: 'XYZ', pageCount, renderedAt },
        { documentSha256: hash, pageCount: 0, renderedAt },
        { documentSha256: hash, pageCount, renderedAt: 'yesterday' },
        { documentSha256: hash, pageCount, renderedAt, language: 'xx' },
        { documentSha256: hash, pageCount, renderedAt, extra: true },
      ]) {
        expect((await viewed(created.id, key, bad)).status).toBe(422);
      }
      const wrongCount = await viewed(created.id, key, { documentSha256: hash, pageCount: 3, renderedAt });
      expect(wrongCount.body.errors).toEqual({ pageCount: 'validation.pageCountMismatch' });
      expect((await events(created.id)).map((event) => event.event)).not.toContain('VIEW_DOCUMENT');

      await viewed(created.id, key, { documentSha256: hash, pageCount, renderedAt, language: 'lu' }).expect(
        200,
      );
      const view = (await events(created.id)).find((event) => event.event === 'VIEW_DOCUMENT');
      expect(view?.details).toMatchObject({ documentSha256: hash, pageCount, renderedAt, current: true });
      const [signatory] = await db().query<{ language: string }[]>(
        `SELECT language FROM signatory WHERE request_id = $1`,
        [created.id],
      );
      expect(signatory?.language).toBe('lu');
      // No language on the code request: the page's last one is not assumed, the request's is used.
      await driver.requestCode(created.id, key).expect(200);
      const [sms] = (await outbox(paul!.mobile)).filter((m) => m.channel === 'sms');
      expect(sms?.body).toMatch(/^[0-9A-Z]{8} est votre code pour signer/);
    });

    it('in a sequence, each signatory receives the revision with the earlier signatures; the evidence pages say so', async () => {
      const people = driver.invitees(2, 'revision');
      const created = await driver.createRequest(documentId, people, {
        signingMode: 'ADVANCED',
        signingFlow: 'SEQUENCE',
        sealPage: pageCount,
      });
      const received: string[] = [];
      for (const person of people) {
        const key = await driver.keyOf(person.email);
        await driver.page(created.id, key).expect(200);
        const bytes = await driver.fetchDocument(created.id, key);
        received.push(sha256(bytes));
        await viewed(created.id, key, {
          documentSha256: sha256(bytes),
          pageCount,
          renderedAt: new Date().toISOString(),
        }).expect(200);
        await driver.requestCode(created.id, key).expect(200);
        await driver.submit(created.id, key, await driver.codeOf(person.mobile), person.mobile).expect(200);
      }
      expect(received[0]).toBe((await requestRow(created.id)).document_sha256);
      expect(received[1]).not.toBe(received[0]);

      await waitUntilSigned(testApp, member.token, created.id);
      const pdf = await downloadSigned(testApp, member.token, created.id);
      const file = bench.save(`${created.id}.pdf`, pdf);
      bench.expectValid(file, 3);
      const evidence = pdfText(file, { first: pageCount + 1 });
      const texts = auditReportTexts('fr');
      expect(evidence).toContain(texts.deliveredAt);
      expect(evidence).toContain(texts.viewedAt);
      const flat = evidence.replace(/\s+/g, '');
      for (const hash of received) expect(flat).toContain(hash);
      expect(evidence).toContain(texts.eventNames.DELIVER_DOCUMENT);
      expect(evidence).toContain(texts.eventNames.VIEW_DOCUMENT);
      // What each received before signing is the revision their signature was applied to.
      const signatures = (await events(created.id)).filter((event) => event.event === 'SIGN_DOCUMENT');
      expect(signatures.map((event) => event.details.previousRevisionSha256)).toEqual(received);
      expect(signatures.map((event) => event.details.deliveredSha256)).toEqual(received);
    });

    it('asks for the document again once another signatory’s signature made a new revision', async () => {
      const people = driver.invitees(2, 'concurrent');
      const created = await driver.createRequest(documentId, people, {
        signingMode: 'ADVANCED',
        signingFlow: 'CONCURRENT',
      });
      const [first, second] = people as [Invitee, Invitee];
      const secondKey = await driver.openLink(created.id, second.email);
      await driver.signAs(created.id, first);
      const stale = await driver.requestCode(created.id, secondKey).expect(409);
      expect(stale.body.code).toBe(ErrorCode.DOCUMENT_NOT_DELIVERED);
      // The new revision received but not yet displayed: still no code.
      await driver.fetchDocument(created.id, secondKey);
      await driver.requestCode(created.id, secondKey).expect(409);
      await driver.displayDocument(created.id, secondKey);
      await driver.requestCode(created.id, secondKey).expect(200);
      await driver
        .submit(created.id, secondKey, await driver.codeOf(second.mobile), second.mobile)
        .expect(200);
    });
  });

  describe('declining', () => {
    it('declines with a reason: closed for everyone, each told in their language, nothing billed', async () => {
      const before = (await dashboard()).counterSignatureRequest;
      const [signed, decliner, unseen] = driver.invitees(3, 'refus') as [Invitee, Invitee, Invitee];
      const created = await driver.createRequest(documentId, [signed, decliner, unseen], { language: 'fr' });
      // The first signs with the page in German; the second declines with it in Luxembourgish.
      const signedKey = await driver.openLink(created.id, signed.email);
      await driver.requestCode(created.id, signedKey, 'de').expect(200);
      await driver
        .submit(created.id, signedKey, await driver.codeOf(signed.mobile), signed.mobile)
        .expect(200);
      const key = await driver.keyOf(decliner.email);
      const unseenKey = await driver.keyOf(unseen.email);

      for (const reason of ['ok', ' \n ', 'x'.repeat(501), 42]) {
        const refused = await decline(created.id, key, { reason }).expect(422);
        expect(refused.body.errors.reason).toMatch(/^validation\./);
      }
      await decline(created.id, key, {}).expect(422);
      await decline(created.id, key, { reason: 'Le prix a changé', language: 'xx' }).expect(422);
      await decline(created.id, 'not-a-key-at-all-1234567890', { reason: 'Le prix a changé' }).expect(404);
      const already = await decline(created.id, signedKey, { reason: 'Je me suis trompé' }).expect(409);
      expect(already.body.code).toBe(ErrorCode.ALREADY_SIGNED);
      expect((await requestRow(created.id)).status).toBe('IN_PROGRESS');

      const reason = 'Le prix indiqué à l’article 3 ne correspond pas à notre accord.\nMerci de corriger.';
      const declined = await decline(created.id, key, { reason, language: 'lu' }).expect(200);
      expect(declined.body.status).toBe('DECLINED');

      // Every link is closed and says so; nothing can be signed or declined again.
      for (const link of [key, signedKey, unseenKey]) {
        const page = await driver.page(created.id, link).expect(410);
        expect(page.body.code).toBe(ErrorCode.REQUEST_DECLINED);
        expect(page.body.closedAt).toBe(declined.body.declinedAt);
        expect(page.body.language).toBe(link === key ? 'lu' : link === signedKey ? 'de' : 'fr');
        expect(page.body.declinedByYou).toBe(link === key);
        expect((await document(created.id, link)).status).toBe(410);
        expect((await driver.requestCode(created.id, link)).status).toBe(410);
        expect((await decline(created.id, link, { reason: 'encore' })).status).toBe(410);
      }
      expect((await driver.submit(created.id, unseenKey, 'ABCDEFGH', unseen.mobile)).status).toBe(410);

      const view = await details(created.id);
      expect(view.status).toBe('DECLINED');
      expect(view.decline).toEqual({
        signatoryId: view.signatories[1]?.signatoryId,
        signatoryName: decliner.name,
        reason,
        declinedAt: declined.body.declinedAt,
      });
      expect(view.signatories.map((s) => s.status)).toEqual(['SIGNED', 'DECLINED', 'INVITED']);
      const event = view.auditTrail.find((entry) => isAuditEvent(entry, 'DECLINE'));
      expect(event).toMatchObject({ actorType: 'SIGNATORY', actorName: decliner.name, ip: '127.0.0.1' });
      expect(event?.details.reason).toBe(reason);
      expect(view.auditChainValid).toBe(true);

      // The member (English account), the signatory who declined (Luxembourgish page), the one who signed
      // (German page) and the one who never opened the link (the request's French).
      // Other requests' completion e-mails may arrive meanwhile: look for the notice among the newest.
      const toMember = (await outbox(member.email)).find((m) => m.subject?.startsWith('Signature declined'));
      expect(toMember?.subject).toBe('Signature declined: Compromis – 12 rue de la Gare');
      expect(toMember?.body).toContain(`${decliner.name} declined to sign`);
      expect(toMember?.body).toContain(reason);
      expect(toMember?.body).toContain(`/signatures/${created.id}`);
      expect((await outbox(decliner.email))[0]?.subject).toBe(
        "Dir hutt refuséiert z'ënnerschreiwen: Compromis – 12 rue de la Gare",
      );
      const toSigned = (await outbox(signed.email))[0];
      expect(toSigned?.subject).toBe('Signaturanfrage geschlossen: Compromis – 12 rue de la Gare');
      expect(toSigned?.body).not.toContain(reason);
      expect((await outbox(unseen.email))[0]?.subject).toBe(
        'Demande de signature close : Compromis – 12 rue de la Gare',
      );

      // The member can no longer act on it.
      for (const call of [
        asMember(api().delete(`/api/signatures/${created.id}`)),
        asMember(api().post(`/api/signatures/${created.id}/reminder`)),
        asMember(api().post(`/api/signatures/${created.id}/expiry`).send({ days: 3 })),
      ]) {
        expect((await call).status).toBe(409);
      }
      // Nothing billed as completed; the codes sent are.
      const billed = await db().query<{ kind: string }[]>(
        `SELECT e.kind FROM billing_event e LEFT JOIN one_time_code c ON c.id = e.source_id
          WHERE e.source_id = $1 OR c.request_id = $1`,
        [created.id],
      );
      expect(billed.map((row) => row.kind)).toEqual(['SMS']);
      const after = (await dashboard()).counterSignatureRequest;
      expect(after.DECLINED).toBe(before.DECLINED + 1);
    });
  });

  describe('expiry', () => {
    it('sets the date from the wizard’s days or the default, says it in invitations and reminders, and extends it', async () => {
      const [person] = driver.invitees(1, 'echeance');
      for (const expiryDays of [0, 366, 'soon', 1.5]) {
        const input = signatureInput(documentId, {
          signatories: [{ ...person!, order: 1, placement: { page: 1, position: 'bottom-left' } }],
        });
        const refused = await asMember(
          api()
            .post('/api/signatures')
            .send({ ...input, expiryDays }),
        ).expect(422);
        expect(refused.body.errors.expiryDays).toBeDefined();
      }
      const defaulted = await driver.createRequest(documentId, driver.invitees(1, 'defaut'));
      expect(Date.parse(defaulted.expiresAt) - Date.now()).toBeGreaterThan(30 * DAY - 60_000);
      expect(Date.parse(defaulted.expiresAt) - Date.now()).toBeLessThanOrEqual(30 * DAY);

      const created = await driver.createRequest(documentId, [person!], { expiryDays: 2 });
      expect(Date.parse(created.expiresAt) - Date.now()).toBeGreaterThan(2 * DAY - 60_000);
      const deadline = formatDisplayTime(created.expiresAt, 'fr');
      expect((await outbox(person!.email))[0]?.body).toContain(`jusqu'au ${deadline}`);
      await asMember(api().post(`/api/signatures/${created.id}/reminder`)).expect(200);
      const [reminder] = await outbox(person!.email);
      expect(reminder?.subject).toBe('Rappel : signature demandée pour « Compromis – 12 rue de la Gare »');
      expect(reminder?.body).toContain(`Date limite : vous pouvez signer jusqu'au ${deadline}.`);
      const page = (await driver.page(created.id, await driver.keyOf(person!.email)).expect(200))
        .body as SigningPageData;
      expect(page.expiresAt).toBe(created.expiresAt);

      for (const days of [0, 366, 'x']) {
        await asMember(api().post(`/api/signatures/${created.id}/expiry`).send({ days })).expect(422);
      }
      const tooFar = await asMember(
        api().post(`/api/signatures/${created.id}/expiry`).send({ days: 364 }),
      ).expect(422);
      expect(tooFar.body.errors).toEqual({ days: 'validation.expiryTooFar' });
      const extended = (
        await asMember(api().post(`/api/signatures/${created.id}/expiry`).send({ days: 5 })).expect(200)
      ).body as SignatureRequestView;
      expect(Date.parse(extended.expiresAt) - Date.parse(created.expiresAt)).toBe(5 * DAY);
      const event = (await details(created.id)).auditTrail.find((entry) => entry.event === 'EXTEND');
      expect(event?.details).toEqual({
        previousExpiresAt: created.expiresAt,
        expiresAt: extended.expiresAt,
        days: 5,
      });
    });

    it('closes a request past its date at once for signing, and once for good however many sweeps run', async () => {
      const before = (await dashboard()).counterSignatureRequest;
      const people = driver.invitees(2, 'expire');
      const created = await driver.createRequest(documentId, people, { language: 'fr' });
      const [signedPerson, waiting] = people as [Invitee, Invitee];
      await driver.signAs(created.id, signedPerson);
      const key = await driver.openLink(created.id, waiting.email);
      await driver.requestCode(created.id, key, 'en').expect(200);
      const code = await driver.codeOf(waiting.mobile);
      await db().query(
        `UPDATE signature_request SET expires_at = now() - interval '1 second' WHERE id = $1`,
        [created.id],
      );

      // Before any sweep: nothing can be signed, declined, reminded, extended or changed.
      const page = await driver.page(created.id, key).expect(410);
      expect(page.body.code).toBe(ErrorCode.REQUEST_EXPIRED);
      // The deadline, and the language the signatory last used (to say so in it).
      const [row] = await db().query<{ expires_at: Date }[]>(
        `SELECT expires_at FROM signature_request WHERE id = $1`,
        [created.id],
      );
      const deadline = row?.expires_at ?? new Date(0);
      expect(page.body).toMatchObject({ closedAt: new Date(deadline).toISOString(), language: 'en' });
      expect((await driver.submit(created.id, key, code, waiting.mobile)).status).toBe(410);
      expect((await decline(created.id, key, { reason: 'Trop tard' })).status).toBe(410);
      expect((await document(created.id, key)).status).toBe(410);
      const remind = await asMember(api().post(`/api/signatures/${created.id}/reminder`)).expect(410);
      expect(remind.body.code).toBe(ErrorCode.REQUEST_EXPIRED);
      await asMember(api().post(`/api/signatures/${created.id}/expiry`).send({ days: 3 })).expect(410);
      expect((await requestRow(created.id)).status).toBe('IN_PROGRESS');

      const expiry = testApp.app.get(ExpiryService);
      const expiredCount = async () =>
        (await testApp.app.get(Metrics).requests.get()).values
          .filter((value) => value.labels.event === 'expired')
          .reduce((sum, value) => sum + value.value, 0);
      const counted = await expiredCount();
      const swept = await Promise.all([expiry.sweep(), expiry.sweep(), expiry.sweep()]);
      expect(swept.reduce((sum, count) => sum + count, 0)).toBeGreaterThanOrEqual(1);
      const last = await expiry.sweep();
      expect((await requestRow(created.id)).status).toBe('EXPIRED');
      // Each request counted once, by the sweep that closed it.
      expect((await expiredCount()) - counted).toBe(swept.reduce((sum, count) => sum + count, last));
      const trail = await events(created.id);
      expect(trail.filter((event) => event.event === 'EXPIRE')).toHaveLength(1);
      expect(trail.find((event) => event.event === 'EXPIRE')).toMatchObject({
        actor_type: 'SYSTEM',
        details: { signed: 1, signatories: 2 },
      });
      const toMember = (await outbox(member.email)).filter((m) => m.subject?.includes('expired'));
      expect(toMember.map((m) => m.subject)).toEqual([
        'Signature request expired: Compromis – 12 rue de la Gare',
      ]);
      expect(toMember[0]?.body).toContain('1 of 2 signatories had signed');
      expect((await outbox(waiting.email))[0]?.subject).toBe(
        'Signature request expired: Compromis – 12 rue de la Gare',
      );
      expect((await outbox(signedPerson.email))[0]?.subject).toBe(
        'Demande de signature expirée : Compromis – 12 rue de la Gare',
      );
      // The code sent before is void, and every link says the request expired.
      const codes = await db().query<{ voided: boolean }[]>(
        `SELECT voided_at IS NOT NULL OR used_at IS NOT NULL AS voided FROM one_time_code WHERE request_id = $1`,
        [created.id],
      );
      expect(codes.every((row) => row.voided)).toBe(true);
      for (const person of people) {
        const closed = await driver.page(created.id, await driver.keyOf(person.email)).expect(410);
        expect(closed.body.code).toBe(ErrorCode.REQUEST_EXPIRED);
      }
      const view = await details(created.id);
      expect(view.status).toBe('EXPIRED');
      expect(view.expiredAt).not.toBeNull();
      const billed = await db().query(`SELECT 1 FROM billing_event WHERE source_id = $1`, [created.id]);
      expect(billed).toEqual([]);
      const after = (await dashboard()).counterSignatureRequest;
      expect(after.EXPIRED).toBe(before.EXPIRED + 1);
    });
  });
});
