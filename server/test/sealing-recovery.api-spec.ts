import { createHash } from 'node:crypto';
import { getDataSourceToken } from '@nestjs/typeorm';
import { type DataSource } from 'typeorm';
import { OBJECT_STORAGE, type ObjectStorage } from '../src/modules/storage/object-storage.port';
import { ValidationBench, memberWithLogo } from './support/sealing';
import { fixturePdf, uploadPdf } from './support/signature-fixtures';
import { SigningDriver } from './support/signing-flow';
import { startTestApp } from './support/test-app';

type Started = Awaited<ReturnType<typeof startTestApp>>;
const TITLE = 'Bail – 3 place d’Armes';
/** Where the seal job stores the final document (sealing.service.ts). */
const sealedDocumentKey = (requestId: string): string => `signed/${requestId}.pdf`;

async function waitFor<T>(probe: () => Promise<T | undefined>, timeoutMs = 120_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

const dataSourceOf = (app: Started): DataSource => app.app.get<DataSource>(getDataSourceToken());

async function requestRow(app: Started, id: string) {
  const [row] = await dataSourceOf(app).query<
    { status: string; final_sha256: string | null; signed_document_key: string | null }[]
  >(`SELECT status, final_sha256, signed_document_key FROM signature_request WHERE id = $1`, [id]);
  return row;
}

/**
 * Security T39 (b): the seal job dies after the sealed file reached storage and before the status changed.
 * The first process stores the file and then fails, every time, as if killed there; it is shut down with the
 * request still UPDATING_DOCUMENT. A new process on the same data finishes the job: one SIGNED transition,
 * one SEAL event, one set of completion e-mails, one valid file at the deterministic key.
 */
describe('sealing survives a crash between the upload and the status update', () => {
  const bench = new ValidationBench();
  let first: Started | undefined;
  let second: Started | undefined;

  afterAll(async () => {
    await second?.close();
    if (!second) await first?.close();
    bench.cleanup();
  });

  it('ends SIGNED exactly once after a restart', async () => {
    first = await startTestApp({ env: { SIGNING_RATE_LIMIT_PER_MINUTE: '1000' } });
    const member = await memberWithLogo(first, { email: 'reprise@agence-sud.lu', name: 'Agence du Sud' });
    const storage = first.app.get<ObjectStorage>(OBJECT_STORAGE);
    const store = storage.put.bind(storage);
    let crashes = 0;
    jest.spyOn(storage, 'put').mockImplementation(async (key, body, contentType) => {
      await store(key, body, contentType);
      if (!key.startsWith('signed/')) return;
      crashes += 1;
      throw new Error('simulated crash after the sealed file was stored');
    });

    const driver = new SigningDriver(first, member.token);
    const people = driver.invitees(2, 'reprise');
    const upload = await uploadPdf(first.url, member.token, fixturePdf('libreoffice-form.pdf'));
    const created = await driver.createRequest(upload.documentId, people, { signatureTitle: TITLE });
    for (const person of people) await driver.signAs(created.id, person);
    await waitFor(() => Promise.resolve(crashes > 0 ? true : undefined));
    expect(await storage.exists(sealedDocumentKey(created.id))).toBe(true);
    expect((await requestRow(first, created.id))?.status).toBe('UPDATING_DOCUMENT');
    await first.close({ discard: false });

    second = await startTestApp({
      reuse: { dataDir: first.dataDir, databaseUrl: first.databaseUrl, bullmqPrefix: first.bullmqPrefix },
    });
    const restarted = second;
    const row = await waitFor(async () => {
      const current = await requestRow(restarted, created.id);
      return current?.status === 'SIGNED' ? current : undefined;
    });
    expect(row.signed_document_key).toBe(sealedDocumentKey(created.id));

    const events = await dataSourceOf(restarted).query<{ event: string }[]>(
      `SELECT event FROM audit_event WHERE request_id = $1 AND event = 'SEAL'`,
      [created.id],
    );
    expect(events).toHaveLength(1);
    const mails = await dataSourceOf(restarted).query<{ recipient: string; n: number }[]>(
      `SELECT recipient, count(*)::int AS n FROM outbox_message WHERE subject = $1 GROUP BY recipient ORDER BY recipient`,
      [`Document signé : ${TITLE}`],
    );
    const recipients = [member.email, ...people.map((person) => person.email)].sort();
    expect(mails).toEqual(recipients.map((recipient) => ({ recipient, n: 1 })));

    const sealed = await restarted.app.get<ObjectStorage>(OBJECT_STORAGE).get(sealedDocumentKey(created.id));
    expect(createHash('sha256').update(sealed).digest('hex')).toBe(row.final_sha256);
    await bench.fetchTrustAnchors(restarted);
    bench.expectValid(bench.save('recovered.pdf', sealed), 1);
  });
});
