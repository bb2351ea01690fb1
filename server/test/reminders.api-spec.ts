import request from 'supertest';
import { type DataSource } from 'typeorm';
import { getDataSourceToken } from '@nestjs/typeorm';
import { type SignatureRequestView } from '@esign/shared';
import { OutboxService } from '../src/modules/outbox/outbox.service';
import { RemindersService } from '../src/modules/signatures/reminders.service';
import { startTestApp, type TestApp } from './support/test-app';
import { createMember, signInAdministrator } from './support/members';
import { fixturePdf, nextMobile, signatureInput, uploadPdf } from './support/signature-fixtures';

describe('automatic reminders', () => {
  let testApp: TestApp;
  let member: { id: string; token: string };
  let documentId: string;
  const db = () => testApp.app.get<DataSource>(getDataSourceToken());

  beforeAll(async () => {
    testApp = await startTestApp({ env: { AUTO_REMINDER_DAYS: '2' } });
    const adminToken = await signInAdministrator(testApp);
    member = await createMember(testApp, adminToken, { email: 'rappels@agence.lu', name: 'Agence Rappels' });
    documentId = (await uploadPdf(testApp.url, member.token, fixturePdf('minimal-document.pdf'))).documentId;
  });

  afterAll(async () => {
    await testApp.close();
  });

  async function createRequest(emails: string[], flow: 'CONCURRENT' | 'SEQUENCE' = 'CONCURRENT') {
    const signatories = emails.map((email, index) => ({
      name: `Personne ${index + 1}`,
      email,
      mobile: nextMobile(),
      order: index + 1,
      placement: { page: 1, position: 'bottom-left' as const },
    }));
    const response = await request(testApp.url)
      .post('/api/signatures')
      .set('Authorization', `Bearer ${member.token}`)
      .send(signatureInput(documentId, { signatories, signingFlow: flow, language: 'fr' }))
      .expect(201);
    return response.body as SignatureRequestView;
  }

  const reminders = async (email: string) =>
    (await testApp.app.get(OutboxService).newestFor(email)).filter((m) => m.subject?.startsWith('Rappel'));

  it('reminds each due signatory once when two sweeps run at the same time', async () => {
    const due = await createRequest(['due1@example.lu', 'due2@example.lu']);
    const fresh = await createRequest(['fresh@example.lu']);
    const waiting = await createRequest(['turn@example.lu', 'later@example.lu'], 'SEQUENCE');
    await db().query(
      `UPDATE signatory SET invited_at = now() - interval '3 days' WHERE request_id = ANY($1)`,
      [[due.id, waiting.id]],
    );
    await db().query(`UPDATE signatory SET invited_at = now() - interval '1 day' WHERE request_id = $1`, [
      fresh.id,
    ]);

    const service = testApp.app.get(RemindersService);
    await Promise.all([service.sweep(), service.sweep(), service.sweep()]);

    expect(await reminders('due1@example.lu')).toHaveLength(1);
    expect(await reminders('due2@example.lu')).toHaveLength(1);
    expect(await reminders('turn@example.lu')).toHaveLength(1);
    expect(await reminders('later@example.lu')).toHaveLength(0);
    expect(await reminders('fresh@example.lu')).toHaveLength(0);
    const counts = await db().query<{ reminder_count: number }[]>(
      `SELECT reminder_count FROM signatory WHERE request_id = $1 ORDER BY sign_order`,
      [due.id],
    );
    expect(counts.map((row) => row.reminder_count)).toEqual([1, 1]);
    const events = await db().query<{ actor_type: string; details: { automatic: boolean } }[]>(
      `SELECT actor_type, details FROM audit_event WHERE request_id = $1 AND event = 'SEND_REMINDER'`,
      [due.id],
    );
    expect(events).toEqual([{ actor_type: 'SYSTEM', details: expect.objectContaining({ automatic: true }) }]);

    // The next sweep leaves them alone until another AUTO_REMINDER_DAYS have passed.
    await service.sweep();
    expect(await reminders('due1@example.lu')).toHaveLength(1);
  });

  it('does not remind signatories of a cancelled request or who signed', async () => {
    const cancelled = await createRequest(['cancelled@example.lu']);
    const signed = await createRequest(['signed@example.lu']);
    await request(testApp.url)
      .delete(`/api/signatures/${cancelled.id}`)
      .set('Authorization', `Bearer ${member.token}`)
      .expect(200);
    await db().query(`UPDATE signatory SET status = 'SIGNED', signed_at = now() WHERE request_id = $1`, [
      signed.id,
    ]);
    await db().query(
      `UPDATE signatory SET invited_at = now() - interval '10 days' WHERE request_id = ANY($1)`,
      [[cancelled.id, signed.id]],
    );
    await testApp.app.get(RemindersService).sweep();
    expect(await reminders('cancelled@example.lu')).toHaveLength(0);
    expect(await reminders('signed@example.lu')).toHaveLength(0);
  });
});
