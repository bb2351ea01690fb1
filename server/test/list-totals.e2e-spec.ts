import request from 'supertest';
import { type DataSource } from 'typeorm';
import { getDataSourceToken } from '@nestjs/typeorm';
import { type SignatureRequestView } from '@esign/shared';
import { EXACT_TOTAL_UP_TO } from '../src/common/list-total';
import { startTestApp, type TestApp } from './support/test-app';
import { createMember, signInAdministrator } from './support/members';
import { fixturePdf, nextMobile, signatureInput, uploadPdf } from './support/signature-fixtures';

/** What ra-data-simple-rest reads as the total: the number after the last slash. */
const raTotal = (contentRange: string) => parseInt(contentRange.split('/').pop() ?? '', 10);

/** The list's Content-Range: exact totals up to a bound, an estimate (said so) beyond. */
describe('list totals (API, real database)', () => {
  let testApp: TestApp;
  let small: { id: string; token: string };
  let large: { id: string; token: string };
  const db = () => testApp.app.get<DataSource>(getDataSourceToken());
  const list = (token: string, query: Record<string, string>) =>
    request(testApp.url)
      .get('/api/signatures')
      .query(query)
      .set('Authorization', `Bearer ${token}`)
      .expect(200);

  /** Copies the member's one request until they own `total`. */
  async function copies(memberId: string, total: number): Promise<void> {
    const columns = (
      await db().query<{ column_name: string }[]>(
        `SELECT column_name FROM information_schema.columns
          WHERE table_name = 'signature_request' AND table_schema = 'public' ORDER BY ordinal_position`,
      )
    ).map((row) => row.column_name);
    const values = columns.map((column) =>
      column === 'id'
        ? 'gen_random_uuid()'
        : column === 'created_at'
          ? `t.created_at - g * interval '1 second'`
          : `t.${column}`,
    );
    await db().query(
      `INSERT INTO signature_request (${columns.join(', ')})
       SELECT ${values.join(', ')} FROM signature_request t, generate_series(1, $2) g WHERE t.owner_id = $1`,
      [memberId, total - 1],
    );
    await db().query('ANALYZE signature_request');
  }

  beforeAll(async () => {
    testApp = await startTestApp();
    const admin = await signInAdministrator(testApp);
    small = await createMember(testApp, admin, { email: 'petite@agence-petite.lu', name: 'Petite Agence' });
    large = await createMember(testApp, admin, { email: 'grande@agence-grande.lu', name: 'Grande Agence' });
    for (const member of [small, large]) {
      const { documentId } = await uploadPdf(testApp.url, member.token, fixturePdf('minimal-document.pdf'));
      await request(testApp.url)
        .post('/api/signatures')
        .set('Authorization', `Bearer ${member.token}`)
        .send(
          signatureInput(documentId, {
            signatories: [{ ...signatureInput('').signatories[0]!, mobile: nextMobile() }],
          }),
        )
        .expect(201);
    }
    await copies(small.id, 60);
    await copies(large.id, EXACT_TOTAL_UP_TO + 500);
  });

  afterAll(async () => {
    await testApp.close();
  });

  it('gives exact totals up to the bound, on every page', async () => {
    expect((await list(small.token, { range: '[0,24]' })).headers['content-range']).toBe(
      'signatures 0-24/60',
    );
    expect((await list(small.token, { range: '[25,49]' })).headers['content-range']).toBe(
      'signatures 25-49/60',
    );
    // The last page ends the list: its length tells the total.
    const last = await list(small.token, { range: '[50,74]' });
    expect(last.headers['content-range']).toBe('signatures 50-59/60');
    expect(last.body as SignatureRequestView[]).toHaveLength(10);
    // Past the end: no row, the total still right.
    expect((await list(small.token, { range: '[75,99]' })).headers['content-range']).toBe('signatures */60');
    // Filters count only what they keep.
    const filtered = await list(small.token, {
      range: '[0,9]',
      filter: JSON.stringify({ status: 'CANCELLED' }),
    });
    expect(filtered.headers['content-range']).toBe('signatures */0');
  });

  it('counts exactly at the bound and estimates beyond it, saying so in a form ra-data-simple-rest reads', async () => {
    const [counted] = await db().query<{ total: number }[]>(
      `SELECT count(*)::int AS total FROM signature_request WHERE owner_id = $1`,
      [large.id],
    );
    const total = counted?.total ?? 0;
    expect(total).toBe(EXACT_TOTAL_UP_TO + 500);
    const first = await list(large.token, { range: '[0,24]' });
    const range = first.headers['content-range'] as string;
    expect(range).toMatch(/^signatures 0-24\/\d+ \(estimate\)$/);
    // The planner's estimate after ANALYZE: above the bound, near the truth.
    expect(raTotal(range)).toBeGreaterThan(EXACT_TOTAL_UP_TO);
    expect(Math.abs(raTotal(range) - total)).toBeLessThan(total * 0.2);
    // A page deep in the list never gets a total below what it shows.
    const deep = await list(large.token, { range: `[${total - 10},${total + 14}]` });
    expect(raTotal(deep.headers['content-range'] as string)).toBe(total);

    // Just at the bound, the count is exact again.
    await db().query(
      `DELETE FROM signature_request WHERE id IN (
         SELECT id FROM signature_request WHERE owner_id = $1 ORDER BY created_at LIMIT 500)`,
      [large.id],
    );
    expect((await list(large.token, { range: '[0,24]' })).headers['content-range']).toBe(
      `signatures 0-24/${EXACT_TOTAL_UP_TO}`,
    );
  });
});
