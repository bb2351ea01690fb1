import { createHash } from 'node:crypto';
import request from 'supertest';
import { type DataSource } from 'typeorm';
import { getDataSourceToken } from '@nestjs/typeorm';
import {
  ErrorCode,
  type PdfCompleteResponse,
  type SignatureDetailsView,
  type SignatureRequestInput,
  type SignatureRequestView,
} from '@esign/shared';
import { OutboxService } from '../src/modules/outbox/outbox.service';
import { startTestApp, type TestApp } from './support/test-app';
import { createMember, signInAdministrator } from './support/members';
import {
  fixturePdf,
  NATURAL_PERSON_FORM,
  nextMobile,
  partySignatories,
  signatureInput,
  uploadPdf,
} from './support/signature-fixtures';

const KEY_IN_LINK = /\/sign\/([0-9a-f-]{36})\?key=([\w%-]+)/;

describe('signature requests (API, real database)', () => {
  let testApp: TestApp;
  let adminToken: string;
  let alice: { id: string; token: string };
  let bruno: { id: string; token: string };
  let aliceDocument: PdfCompleteResponse;
  let brunoDocument: PdfCompleteResponse;
  const api = () => request(testApp.url);
  const as = (token: string, test: request.Test) => test.set('Authorization', `Bearer ${token}`);
  const db = () => testApp.app.get<DataSource>(getDataSourceToken());
  const outbox = () => testApp.app.get(OutboxService);

  const create = (token: string, input: SignatureRequestInput) =>
    as(token, api().post('/api/signatures')).send(input);

  beforeAll(async () => {
    testApp = await startTestApp();
    adminToken = await signInAdministrator(testApp);
    alice = await createMember(testApp, adminToken, { email: 'alice@agence-alice.lu', name: 'Alice Agence' });
    bruno = await createMember(testApp, adminToken, { email: 'bruno@agence-bruno.lu', name: 'Bruno Agence' });
    aliceDocument = await uploadPdf(
      testApp.url,
      alice.token,
      fixturePdf('pdflatex-4-pages.pdf'),
      'compromis.pdf',
    );
    brunoDocument = await uploadPdf(testApp.url, bruno.token, fixturePdf('minimal-document.pdf'));
  });

  afterAll(async () => {
    await testApp.close();
  });

  it('creates the request of the contract and invites everyone at once in a CONCURRENT flow', async () => {
    const signatories = [
      {
        name: 'Anne Muller',
        email: 'anne@example.lu',
        mobile: '+352621123456',
        order: 1,
        placement: { page: 1, position: 'bottom-right' as const },
      },
      {
        name: 'Łukasz Żółć',
        email: 'lukasz@example.pl',
        mobile: '691 222 333',
        order: 2,
        placement: { page: 4, position: 'top-left' as const },
      },
    ];
    const created = await create(
      alice.token,
      signatureInput(aliceDocument.documentId, { signatories }),
    ).expect(201);
    const view = created.body as SignatureRequestView;
    expect(view).toMatchObject({
      status: 'IN_PROGRESS',
      signatureTitle: 'Compromis – 12 rue de la Gare',
      documentType: 'CUSTOM',
      signingFlow: 'CONCURRENT',
      pageCount: 4,
      language: 'fr',
    });
    expect(view.signatories.map((s) => [s.name, s.mobile, s.status])).toEqual([
      ['Anne Muller', '+352621123456', 'INVITED'],
      ['Łukasz Żółć', '+352691222333', 'INVITED'],
    ]);
    expect(JSON.stringify(view)).not.toMatch(/key|salt|hash/i);

    // Each invitation carries a key of its own; only its SHA-256 is stored.
    const [invitation] = await outbox().newestFor('anne@example.lu');
    expect(invitation?.subject).toBe('Signature demandée : Compromis – 12 rue de la Gare');
    expect(invitation?.body).toContain('Alice Agence');
    const [, linkId, rawKey] = KEY_IN_LINK.exec(invitation?.body ?? '') ?? [];
    expect(linkId).toBe(view.id);
    const key = decodeURIComponent(rawKey ?? '');
    expect(Buffer.from(key, 'base64url').length).toBeGreaterThanOrEqual(16);
    const rows = await db().query<{ key_hash: Buffer; key_salt: Buffer }[]>(
      `SELECT key_hash, key_salt FROM signatory WHERE request_id = $1 ORDER BY sign_order`,
      [view.id],
    );
    expect(rows[0]?.key_hash.equals(createHash('sha256').update(key).digest())).toBe(true);
    expect(rows[1]?.key_hash.equals(rows[0]?.key_hash ?? Buffer.alloc(0))).toBe(false);
    const stored = JSON.stringify(
      await db().query(`SELECT * FROM signatory WHERE request_id = $1`, [view.id]),
    );
    expect(stored).not.toContain(key);
  });

  it('invites only the first signatory of a SEQUENCE flow, in the request language', async () => {
    const input = signatureInput(aliceDocument.documentId, {
      signingFlow: 'SEQUENCE',
      language: 'de',
      signatories: [
        {
          name: 'Second',
          email: 'second@example.lu',
          mobile: nextMobile(),
          order: 2,
          placement: { page: 2, position: 'top-right' },
        },
        {
          name: 'First',
          email: 'first@example.lu',
          mobile: nextMobile(),
          order: 1,
          placement: { page: 1, position: 'bottom-left' },
        },
      ],
    });
    const view = (await create(alice.token, input).expect(201)).body as SignatureRequestView;
    expect(view.signatories.map((s) => [s.order, s.name, s.status])).toEqual([
      [1, 'First', 'INVITED'],
      [2, 'Second', 'WAITING'],
    ]);
    expect((await outbox().newestFor('first@example.lu'))[0]?.subject).toBe(
      'Unterschrift angefordert: Compromis – 12 rue de la Gare',
    );
    expect(await outbox().newestFor('second@example.lu')).toHaveLength(0);
  });

  it('creates a request from a template document', async () => {
    const generated = await as(alice.token, api().post('/api/pdf'))
      .send({ documentType: 'TEMPLATE', templateType: 'NaturalPerson', formData: NATURAL_PERSON_FORM })
      .expect(201);
    const { documentId, pdfPageCount } = generated.body as { documentId: string; pdfPageCount: number };
    const input = signatureInput(documentId, {
      documentType: 'TEMPLATE',
      templateType: 'NaturalPerson',
      documentName: 'fiche-identification.pdf',
      sealPage: pdfPageCount,
      signatories: partySignatories('NaturalPerson', NATURAL_PERSON_FORM),
    });
    const view = (await create(alice.token, input).expect(201)).body as SignatureRequestView;
    expect(view).toMatchObject({
      documentType: 'TEMPLATE',
      templateType: 'NaturalPerson',
      status: 'IN_PROGRESS',
    });
    expect(view.signatories.map(({ party, role, name }) => ({ party, role, name }))).toEqual([
      { party: 'client', role: 'Le client', name: 'Élodie Marie Müller-Schäfer' },
      { party: 'agence', role: "Pour l'agence immobilière", name: 'Łukasz Żółć' },
    ]);
  });

  describe('refuses invalid requests with a field error, creating nothing', () => {
    const cases: [string, (input: SignatureRequestInput) => unknown, string, string][] = [
      ['an empty title', (i) => ({ ...i, signatureTitle: '  ' }), 'signatureTitle', 'validation.required'],
      [
        'an unknown document type',
        (i) => ({ ...i, documentType: 'SCAN' }),
        'documentType',
        'validation.isIn',
      ],
      [
        'a template type for a custom document',
        (i) => ({ ...i, documentType: 'TEMPLATE', templateType: 'NaturalPerson' }),
        'documentType',
        'validation.documentTypeMismatch',
      ],
      [
        'a document id that is not one',
        (i) => ({ ...i, documentId: 'x' }),
        'documentId',
        'validation.documentId',
      ],
      [
        'an unknown signing mode',
        (i) => ({ ...i, signingMode: 'HANDWRITTEN' }),
        'signingMode',
        'validation.isIn',
      ],
      [
        'ADVANCED without a logo',
        (i) => ({ ...i, signingMode: 'ADVANCED' }),
        'signingMode',
        'validation.logoRequired',
      ],
      ['an unknown flow', (i) => ({ ...i, signingFlow: 'RANDOM' }), 'signingFlow', 'validation.isIn'],
      [
        'an unknown signature size',
        (i) => ({ ...i, signatureSize: 'huge' }),
        'signatureSize',
        'validation.isIn',
      ],
      ['an unknown seal size', (i) => ({ ...i, sealSize: 'tiny' }), 'sealSize', 'validation.isIn'],
      [
        'a seal page beyond the document',
        (i) => ({ ...i, sealPage: 5 }),
        'sealPage',
        'validation.pageOutOfRange',
      ],
      ['no signatory', (i) => ({ ...i, signatories: [] }), 'signatories', 'validation.signatoriesMin'],
      [
        '51 signatories',
        (i) => ({ ...i, signatories: manySignatories(51) }),
        'signatories',
        'validation.signatoriesMax',
      ],
      [
        'a bad e-mail',
        (i) => withSignatory(i, { email: 'anne@' }),
        'signatories.0.email',
        'validation.email',
      ],
      ['an empty name', (i) => withSignatory(i, { name: '' }), 'signatories.0.name', 'validation.required'],
      [
        'a landline',
        (i) => withSignatory(i, { mobile: '+352 44 55 66' }),
        'signatories.0.mobile',
        'validation.mobile',
      ],
      [
        'no placement',
        (i) => withSignatory(i, { placement: undefined }),
        'signatories.0.placement',
        'validation.placementRequired',
      ],
      [
        'a placement beyond the document',
        (i) => withSignatory(i, { placement: { page: 9, position: 'top-left' } }),
        'signatories.0.placement.page',
        'validation.pageOutOfRange',
      ],
      [
        'an unknown corner',
        (i) => withSignatory(i, { placement: { page: 1, position: 'middle' } }),
        'signatories.0.placement.position',
        'validation.isIn',
      ],
      [
        'two signatories with one phone',
        (i) => ({ ...i, signatories: [signatory(1, '+352621000001'), signatory(2, '+352621000001')] }),
        'signatories.1.mobile',
        'validation.duplicateMobile',
      ],
      [
        'two signatories with one order',
        (i) => ({ ...i, signatories: [signatory(1), signatory(1)] }),
        'signatories.1.order',
        'validation.duplicateOrder',
      ],
      [
        'a field the API does not take',
        (i) => ({ ...i, status: 'SIGNED' }),
        'status',
        'validation.whitelistValidation',
      ],
    ];

    it.each(cases)('%s', async (_title, change, field, key) => {
      const before = await countRequests();
      const response = await create(
        alice.token,
        change(signatureInput(aliceDocument.documentId)) as SignatureRequestInput,
      );
      expect(response.status).toBe(422);
      expect(response.body.code).toBe(ErrorCode.VALIDATION_FAILED);
      expect(response.body.errors[field]).toBe(key);
      expect(await countRequests()).toBe(before);
    });

    it("another member's document is not found", async () => {
      const response = await create(alice.token, signatureInput(brunoDocument.documentId)).expect(404);
      expect(response.body.code).toBe(ErrorCode.NOT_FOUND);
    });
  });

  it('keeps members apart: another member’s request answers exactly like a missing one', async () => {
    const mine = (
      await create(alice.token, signatureInput(aliceDocument.documentId, { signatureTitle: 'Isolé' })).expect(
        201,
      )
    ).body as SignatureRequestView;
    const missing = '00000000-0000-4000-8000-000000000000';
    const calls: [string, (id: string) => request.Test][] = [
      ['get', (id) => api().get(`/api/signatures/${id}`)],
      ['details', (id) => api().get(`/api/signatures/${id}/details`)],
      ['update', (id) => api().put(`/api/signatures/${id}`).send(signatureInput(brunoDocument.documentId))],
      [
        'update (POST)',
        (id) => api().post(`/api/signatures/${id}`).send(signatureInput(brunoDocument.documentId)),
      ],
      ['cancel', (id) => api().delete(`/api/signatures/${id}`)],
      ['remind', (id) => api().post(`/api/signatures/${id}/reminder`)],
      ['download', (id) => api().get(`/api/signatures/${id}/download`)],
    ];
    for (const [, call] of calls) {
      const foreign = await as(bruno.token, call(mine.id));
      const absent = await as(bruno.token, call(missing));
      expect([foreign.status, foreign.body]).toEqual([404, absent.body]);
    }
    const listed = await as(bruno.token, api().get('/api/signatures')).expect(200);
    expect((listed.body as SignatureRequestView[]).map((r) => r.id)).not.toContain(mine.id);
    expect((await as(alice.token, api().get(`/api/signatures/${mine.id}`)).expect(200)).body.status).toBe(
      'IN_PROGRESS',
    );

    // Administrators read everything and change nothing.
    await as(adminToken, api().get(`/api/signatures/${mine.id}/details`)).expect(200);
    const all = await as(adminToken, api().get('/api/signatures?range=[0,199]')).expect(200);
    expect((all.body as SignatureRequestView[]).map((r) => r.id)).toContain(mine.id);
    await as(adminToken, api().delete(`/api/signatures/${mine.id}`)).expect(403);
    await as(adminToken, api().post('/api/signatures'))
      .send(signatureInput(aliceDocument.documentId))
      .expect(403);
  });

  it('lists own requests newest first with search, filters and Content-Range', async () => {
    await create(
      alice.token,
      signatureInput(aliceDocument.documentId, {
        signatureTitle: 'Mandat Kirchberg',
        signatories: [signatory(1, nextMobile(), 'Zoé Weber')],
      }),
    ).expect(201);
    const all = await as(alice.token, api().get('/api/signatures').query({ range: '[0,2]' })).expect(200);
    expect(all.headers['content-range']).toMatch(/^signatures 0-2\/\d+$/);
    const createdAt = (all.body as SignatureRequestView[]).map((r) => Date.parse(r.createdAt));
    expect(createdAt).toEqual([...createdAt].sort((a, b) => b - a));
    expect((all.body as SignatureRequestView[])[0]?.signatureTitle).toBe('Mandat Kirchberg');

    const byName = await as(
      alice.token,
      api()
        .get('/api/signatures')
        .query({ filter: JSON.stringify({ q: 'zoé' }) }),
    ).expect(200);
    expect((byName.body as SignatureRequestView[]).map((r) => r.signatureTitle)).toEqual([
      'Mandat Kirchberg',
    ]);
    const byTitle = await as(
      alice.token,
      api()
        .get('/api/signatures')
        .query({ filter: JSON.stringify({ q: 'kirch' }) }),
    ).expect(200);
    expect(byTitle.body).toHaveLength(1);
    const oneLetter = await as(
      alice.token,
      api()
        .get('/api/signatures')
        .query({ filter: JSON.stringify({ q: 'k' }) }),
    ).expect(200);
    expect((oneLetter.body as unknown[]).length).toBeGreaterThan(1);
    const cancelledOnly = await as(
      alice.token,
      api()
        .get('/api/signatures')
        .query({ filter: JSON.stringify({ status: 'SIGNED' }) }),
    ).expect(200);
    expect(cancelledOnly.body).toEqual([]);
    const bad = await as(
      alice.token,
      api()
        .get('/api/signatures')
        .query({ filter: JSON.stringify({ status: 'LOST' }) }),
    ).expect(422);
    expect(bad.body.errors['filter.status']).toBe('validation.isIn');
  });

  it('throttles reminders: the second before the cooldown gets 429 with retryAfter', async () => {
    const input = signatureInput(aliceDocument.documentId, {
      signatories: [
        signatory(1, nextMobile(), 'Rappel Un', 'rappel1@example.lu'),
        signatory(2, nextMobile(), 'Rappel Deux', 'rappel2@example.lu'),
      ],
    });
    const view = (await create(alice.token, input).expect(201)).body as SignatureRequestView;
    const first = await as(alice.token, api().post(`/api/signatures/${view.id}/reminder`)).expect(200);
    expect(first.body.reminded).toBe(2);
    const next = Date.parse(first.body.nextReminderAvailability as string);
    expect(next - Date.now()).toBeGreaterThan(59 * 60_000);
    const [reminder] = await outbox().newestFor('rappel1@example.lu');
    expect(reminder?.subject).toBe('Rappel : signature demandée pour « Compromis – 12 rue de la Gare »');
    // The reminder repeats the invitation's link.
    const [, invitation] = await outbox().newestFor('rappel1@example.lu');
    expect(KEY_IN_LINK.exec(reminder?.body ?? '')?.[2]).toBe(KEY_IN_LINK.exec(invitation?.body ?? '')?.[2]);

    const second = await as(alice.token, api().post(`/api/signatures/${view.id}/reminder`)).expect(429);
    expect(second.body.code).toBe(ErrorCode.REMINDER_TOO_EARLY);
    expect(second.body.retryAfter).toBeGreaterThan(59 * 60_000);
    expect(await outbox().newestFor('rappel1@example.lu')).toHaveLength(2);
    const shown = (await as(alice.token, api().get(`/api/signatures/${view.id}`)).expect(200))
      .body as SignatureRequestView;
    expect(shown.nextReminderAvailability).toBe(first.body.nextReminderAvailability);
  });

  it('cancels: CANCELLED, invited signatories told, links void, nothing more to do', async () => {
    const input = signatureInput(aliceDocument.documentId, {
      signingFlow: 'SEQUENCE',
      signatories: [
        signatory(1, nextMobile(), 'Annule Un', 'annule1@example.lu'),
        signatory(2, nextMobile(), 'Annule Deux', 'annule2@example.lu'),
      ],
    });
    const view = (await create(alice.token, input).expect(201)).body as SignatureRequestView;
    const cancelled = await as(alice.token, api().delete(`/api/signatures/${view.id}`)).expect(200);
    expect(cancelled.body.status).toBe('CANCELLED');
    expect((await outbox().newestFor('annule1@example.lu'))[0]?.subject).toBe(
      'Demande de signature annulée : Compromis – 12 rue de la Gare',
    );
    expect(await outbox().newestFor('annule2@example.lu')).toHaveLength(0);
    const keys = await db().query<{ n: number }[]>(
      `SELECT count(*)::int AS n FROM signatory WHERE request_id = $1 AND key_hash IS NOT NULL`,
      [view.id],
    );
    expect(keys[0]?.n).toBe(0);
    for (const call of [
      api().delete(`/api/signatures/${view.id}`),
      api().put(`/api/signatures/${view.id}`).send(input),
      api().post(`/api/signatures/${view.id}/reminder`),
    ]) {
      const refused = await as(alice.token, call).expect(409);
      expect(refused.body.code).toBe(ErrorCode.DOCUMENT_NOT_EDITABLE);
    }
    const download = await as(alice.token, api().get(`/api/signatures/${view.id}/download`)).expect(409);
    expect(download.body.code).toBe(ErrorCode.DOCUMENT_NOT_READY);
  });

  it('updates while nobody has signed, with new links; refuses once someone signed', async () => {
    const view = (
      await create(
        alice.token,
        signatureInput(aliceDocument.documentId, {
          signatories: [signatory(1, nextMobile(), 'Modif', 'modif@example.lu')],
        }),
      ).expect(201)
    ).body as SignatureRequestView;
    const [before] = await db().query<{ key_hash: Buffer }[]>(
      `SELECT key_hash FROM signatory WHERE request_id = $1`,
      [view.id],
    );
    const changed = signatureInput(aliceDocument.documentId, {
      signatureTitle: 'Titre corrigé',
      signatories: [
        signatory(1, nextMobile(), 'Modif', 'modif@example.lu'),
        signatory(2, nextMobile(), 'Ajout', 'ajout@example.lu'),
      ],
    });
    const updated = await as(alice.token, api().put(`/api/signatures/${view.id}`))
      .send(changed)
      .expect(200);
    expect(updated.body).toMatchObject({ signatureTitle: 'Titre corrigé', status: 'IN_PROGRESS' });
    expect((updated.body as SignatureRequestView).signatories).toHaveLength(2);
    const after = await db().query<{ key_hash: Buffer }[]>(
      `SELECT key_hash FROM signatory WHERE request_id = $1`,
      [view.id],
    );
    expect(after.some((row) => row.key_hash.equals(before?.key_hash ?? Buffer.alloc(0)))).toBe(false);
    // The one invited before is told the request changed and the old link is void; the newcomer is invited.
    const [again] = await outbox().newestFor('modif@example.lu');
    expect(again?.subject).toBe('Demande de signature modifiée : Titre corrigé');
    expect(again?.body).toContain('Le lien que vous avez reçu auparavant ne fonctionne plus');
    const [first] = await outbox().newestFor('ajout@example.lu');
    expect(first?.subject).toBe('Signature demandée : Titre corrigé');

    await db().query(
      `UPDATE signatory SET status = 'SIGNED', signed_at = now() WHERE request_id = $1 AND sign_order = 1`,
      [view.id],
    );
    const refused = await as(alice.token, api().post(`/api/signatures/${view.id}`))
      .send(changed)
      .expect(409);
    expect(refused.body.code).toBe(ErrorCode.DOCUMENT_NOT_EDITABLE);
  });

  it('keeps a hash-chained audit trail that shows an edited and a deleted row', async () => {
    const view = (
      await create(
        alice.token,
        signatureInput(aliceDocument.documentId, { signatories: [signatory(1, nextMobile())] }),
      ).expect(201)
    ).body as SignatureRequestView;
    await as(alice.token, api().get(`/api/signatures/${view.id}`).set('User-Agent', 'Audit-Test/1.0')).expect(
      200,
    );
    await as(alice.token, api().post(`/api/signatures/${view.id}/reminder`)).expect(200);
    const details = (await as(alice.token, api().get(`/api/signatures/${view.id}/details`)).expect(200))
      .body as SignatureDetailsView;
    expect(details.auditChainValid).toBe(true);
    expect(details.auditTrail.map((e) => e.event)).toEqual([
      'CREATE',
      'VIEW',
      'SEND_REMINDER',
      'VIEW_DETAILS',
    ]);
    expect(details.auditTrail[1]).toMatchObject({
      actorName: 'Alice Agence',
      actorType: 'MEMBER',
      userAgent: 'Audit-Test/1.0',
    });
    expect(details.auditTrail[1]?.ip).toBeTruthy();

    // The application cannot change or remove a row.
    await expect(
      db().query(`UPDATE audit_event SET actor_name = 'x' WHERE request_id = $1`, [view.id]),
    ).rejects.toThrow(/append-only/);
    await expect(db().query(`DELETE FROM audit_event WHERE request_id = $1`, [view.id])).rejects.toThrow(
      /append-only/,
    );

    // Someone with the owner's rights can; the chain tells.
    const verify = () =>
      as(alice.token, api().get(`/api/signatures/${view.id}/details`))
        .expect(200)
        .then((r) => r.body as SignatureDetailsView);
    await db().query(`ALTER TABLE audit_event DISABLE TRIGGER audit_event_no_change`);
    try {
      await db().query(
        `UPDATE audit_event SET actor_name = 'Quelqu’un d’autre' WHERE request_id = $1 AND seq = 2`,
        [view.id],
      );
      expect((await verify()).auditChainValid).toBe(false);
      await db().query(
        `UPDATE audit_event SET actor_name = 'Alice Agence' WHERE request_id = $1 AND seq = 2`,
        [view.id],
      );
      expect((await verify()).auditChainValid).toBe(true);
      await db().query(`DELETE FROM audit_event WHERE request_id = $1 AND seq = 3`, [view.id]);
      expect((await verify()).auditChainValid).toBe(false);

      const other = (
        await create(
          alice.token,
          signatureInput(aliceDocument.documentId, { signatories: [signatory(1, nextMobile())] }),
        ).expect(201)
      ).body as SignatureRequestView;
      await as(alice.token, api().get(`/api/signatures/${other.id}`)).expect(200);
      await db().query(
        `DELETE FROM audit_event WHERE request_id = $1 AND seq = (SELECT max(seq) FROM audit_event WHERE request_id = $1)`,
        [other.id],
      );
      // Reading details appends an event after the gap: the head no longer matches either way.
      expect(
        (await as(alice.token, api().get(`/api/signatures/${other.id}/details`)).expect(200)).body
          .auditChainValid,
      ).toBe(false);
    } finally {
      await db().query(`ALTER TABLE audit_event ENABLE TRIGGER audit_event_no_change`);
    }
  });

  it('records list views in the member’s own stream', async () => {
    await as(bruno.token, api().get('/api/signatures')).expect(200);
    const rows = await db().query<{ event: string; actor_name: string }[]>(
      `SELECT event, actor_name FROM audit_event WHERE stream = $1 ORDER BY seq DESC LIMIT 1`,
      [`actor:MEMBER:${bruno.id}`],
    );
    expect(rows[0]).toEqual({ event: 'LIST', actor_name: 'Bruno Agence' });
  });

  async function countRequests(): Promise<number> {
    const [row] = await db().query<{ n: number }[]>(`SELECT count(*)::int AS n FROM signature_request`);
    return row?.n ?? 0;
  }
});

function signatory(
  order: number,
  mobile = nextMobile(),
  name = `Signataire ${order}`,
  email = `s${order}@example.lu`,
) {
  return { name, email, mobile, order, placement: { page: 1, position: 'bottom-right' as const } };
}

function manySignatories(count: number) {
  return Array.from({ length: count }, (_, index) =>
    signatory(index + 1, `+35269100${String(index).padStart(4, '0')}`),
  );
}

function withSignatory(input: SignatureRequestInput, change: Record<string, unknown>): unknown {
  const [first] = input.signatories;
  return { ...input, signatories: [{ ...first, ...change }] };
}
