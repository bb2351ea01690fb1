import request from 'supertest';
import { type DataSource } from 'typeorm';
import { getDataSourceToken } from '@nestjs/typeorm';
import {
  type PdfCompleteResponse,
  type SignatureDetailsView,
  type SignatureRequestView,
} from '@esign/shared';
import { AuditService } from '../src/modules/audit/audit.service';
import { auditRecordHash } from '../src/modules/audit/audit-chain';
import { startTestApp, type TestApp } from './support/test-app';
import { createMember, signInAdministrator } from './support/members';
import { fixturePdf, nextMobile, signatureInput, uploadPdf } from './support/signature-fixtures';

interface StoredEvent {
  id: string;
  event: string;
  seq: number | null;
  hash: string | null;
}

/** Reads append their audit row without a lock; rows are chained after, in order, and tampering still shows. */
describe('audit trail of reads (API, real database)', () => {
  let testApp: TestApp;
  let member: { id: string; token: string };
  let document: PdfCompleteResponse;
  const api = () => request(testApp.url);
  const as = (test: request.Test) => test.set('Authorization', `Bearer ${member.token}`);
  const db = () => testApp.app.get<DataSource>(getDataSourceToken());
  const audit = () => testApp.app.get(AuditService);
  const events = (stream: string) =>
    db().query<StoredEvent[]>(`SELECT id, event, seq, hash FROM audit_event WHERE stream = $1 ORDER BY id`, [
      stream,
    ]);
  const details = async (id: string) =>
    (await as(api().get(`/api/signatures/${id}/details`)).expect(200)).body as SignatureDetailsView;
  /** Shifts the numbers of the stream's rows from `from` on (through negatives: (stream, seq) is unique). */
  const renumber = async (stream: string, from: number, by: number) => {
    await db().query(`UPDATE audit_event SET seq = -(seq + $3) WHERE stream = $1 AND seq >= $2`, [
      stream,
      from,
      by,
    ]);
    await db().query(`UPDATE audit_event SET seq = -seq WHERE stream = $1 AND seq < 0`, [stream]);
  };
  const newRequest = async () =>
    (
      await as(api().post('/api/signatures'))
        .send(
          signatureInput(document.documentId, {
            signatories: [{ ...signatureInput('').signatories[0]!, mobile: nextMobile() }],
          }),
        )
        .expect(201)
    ).body as SignatureRequestView;

  beforeAll(async () => {
    testApp = await startTestApp();
    member = await createMember(testApp, await signInAdministrator(testApp), {
      email: 'claire@agence-claire.lu',
      name: 'Claire Agence',
    });
    document = await uploadPdf(testApp.url, member.token, fixturePdf('minimal-document.pdf'));
  });

  afterAll(async () => {
    await testApp.close();
  });

  it('appends concurrent list calls of one member and chains every one of them, in order', async () => {
    const stream = `actor:MEMBER:${member.id}`;
    const calls = 20;
    await Promise.all(Array.from({ length: calls }, () => as(api().get('/api/signatures')).expect(200)));
    // The stream's trail chains what waits before it is read.
    const chain = await audit().chain(stream);
    expect(chain.valid).toBe(true);
    expect(chain.trail.filter((event) => event.event === 'LIST')).toHaveLength(calls);
    const stored = await events(stream);
    expect(stored.every((row) => row.hash !== null)).toBe(true);
    // Numbered in the order the database received them.
    const bySeq = [...stored].sort((left, right) => (left.seq ?? 0) - (right.seq ?? 0));
    expect(bySeq.map((row) => row.id)).toEqual(stored.map((row) => row.id));
    expect(bySeq.map((row) => row.seq)).toEqual(stored.map((_, index) => index + 1));
  });

  it('chains appended reads in the background without anyone reading the trail', async () => {
    const stream = `actor:MEMBER:${member.id}`;
    await as(api().get('/api/signatures')).expect(200);
    const deadline = Date.now() + 10_000;
    while ((await events(stream)).some((row) => row.hash === null)) {
      if (Date.now() > deadline) throw new Error('appended rows were not chained');
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect((await audit().verify(stream)).valid).toBe(true);
  });

  it('chains a view appended before a change ahead of the change', async () => {
    const view = await newRequest();
    // The view is appended; the reminder (a change) locks the stream and chains it before its own event.
    await as(api().get(`/api/signatures/${view.id}`)).expect(200);
    await as(api().post(`/api/signatures/${view.id}/reminder`)).expect(200);
    const trail = (await details(view.id)).auditTrail;
    expect(trail.map((event) => event.event)).toEqual(['CREATE', 'VIEW', 'SEND_REMINDER', 'VIEW_DETAILS']);
    expect(trail.map((event) => event.seq)).toEqual([1, 2, 3, 4]);
  });

  it('lets a row be chained once and changed in no other way', async () => {
    const view = await newRequest();
    await as(api().get(`/api/signatures/${view.id}`)).expect(200);
    const [appended] = (await events(view.id)).filter((row) => row.event === 'VIEW');
    if (!appended) throw new Error('no VIEW row');
    // Chained or not yet, its content cannot change.
    await expect(
      db().query(`UPDATE audit_event SET actor_name = 'Mallory' WHERE id = $1`, [appended.id]),
    ).rejects.toThrow(/append-only/);
    await expect(db().query(`DELETE FROM audit_event WHERE id = $1`, [appended.id])).rejects.toThrow(
      /append-only/,
    );
    await audit().chain(view.id);
    // Once chained, not even its chain columns.
    await expect(
      db().query(`UPDATE audit_event SET hash = repeat('0', 64) WHERE id = $1`, [appended.id]),
    ).rejects.toThrow(/append-only/);
    // Chain columns come together or not at all.
    await expect(
      db().query(
        `INSERT INTO audit_event (stream, event, actor_type, actor_name, created_at, seq)
         VALUES ($1, 'VIEW', 'MEMBER', 'Mallory', now(), 99)`,
        [view.id],
      ),
    ).rejects.toThrow(/audit_event_chained_whole/);
  });

  it('still reports edited, inserted and deleted rows', async () => {
    const view = await newRequest();
    for (let index = 0; index < 3; index += 1) await as(api().get(`/api/signatures/${view.id}`)).expect(200);
    expect((await details(view.id)).auditChainValid).toBe(true);
    await db().query(`ALTER TABLE audit_event DISABLE TRIGGER audit_event_no_change`);
    try {
      // An edited row.
      const [original] = await db().query<{ ip: string | null }[]>(
        `SELECT ip FROM audit_event WHERE stream = $1 AND seq = 2`,
        [view.id],
      );
      await db().query(`UPDATE audit_event SET ip = '203.0.113.9' WHERE stream = $1 AND seq = 2`, [view.id]);
      expect(await audit().verify(view.id)).toMatchObject({
        valid: false,
        brokenAt: 2,
        reason: 'hash-mismatch',
      });
      await db().query(`UPDATE audit_event SET ip = $2 WHERE stream = $1 AND seq = 2`, [
        view.id,
        original!.ip,
      ]);
      expect((await audit().verify(view.id)).valid).toBe(true);

      // A row slipped in between two others, with a hash of its own that fits its claimed predecessor.
      const [second] = await db().query<{ hash: string; created_at: Date }[]>(
        `SELECT hash, created_at FROM audit_event WHERE stream = $1 AND seq = 2`,
        [view.id],
      );
      await renumber(view.id, 3, 1);
      const forged = {
        stream: view.id,
        seq: 3,
        requestId: view.id,
        event: 'VIEW' as const,
        actorType: 'MEMBER' as const,
        actorId: member.id,
        actorName: 'Claire Agence',
        ip: null,
        userAgent: null,
        details: {},
        createdAt: new Date(second!.created_at),
        prevHash: second!.hash,
      };
      await db().query(
        `INSERT INTO audit_event (stream, seq, request_id, event, actor_type, actor_id, actor_name, details,
                                  created_at, prev_hash, hash)
         VALUES ($1, 3, $6, 'VIEW', 'MEMBER', $2, 'Claire Agence', '{}', $3, $4, $5)`,
        [view.id, member.id, forged.createdAt, forged.prevHash, auditRecordHash(forged), view.id],
      );
      expect(await audit().verify(view.id)).toMatchObject({
        valid: false,
        brokenAt: 4,
        reason: 'broken-link',
      });
      await db().query(`DELETE FROM audit_event WHERE stream = $1 AND seq = 3`, [view.id]);
      await renumber(view.id, 4, -1);
      expect((await audit().verify(view.id)).valid).toBe(true);

      // A deleted row, in the middle.
      await db().query(`DELETE FROM audit_event WHERE stream = $1 AND seq = 3`, [view.id]);
      expect(await audit().verify(view.id)).toMatchObject({
        valid: false,
        brokenAt: 3,
        reason: 'missing-event',
      });
    } finally {
      await db().query(`ALTER TABLE audit_event ENABLE TRIGGER audit_event_no_change`);
    }
  });
});
