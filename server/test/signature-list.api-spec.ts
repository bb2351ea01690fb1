import request from 'supertest';
import { type DataSource } from 'typeorm';
import { getDataSourceToken } from '@nestjs/typeorm';
import { type SignatureRequestView } from '@esign/shared';
import { EXACT_TOTAL_UP_TO } from '../src/common/list-total';
import { SignatureListPages } from '../src/modules/signatures/signature-list-page';
import { type RequestScope } from '../src/modules/signatures/signature-access';
import { parseSignatureListQuery } from '../src/modules/signatures/signature-list-query';
import { startTestApp, type TestApp } from './support/test-app';
import { createMember, signInAdministrator } from './support/members';
import { fixturePdf, nextMobile, signatureInput, uploadPdf } from './support/signature-fixtures';

/** What ra-data-simple-rest reads as the total: the number after the last slash. */
const raTotal = (contentRange: string) => parseInt(contentRange.split('/').pop() ?? '', 10);

/** Counts the list statements sent to the database from now until `stop()`, by the pool and by the driver. */
function countListStatements(dataSource: DataSource): { stop(): number } {
  type Query = { query: (...args: unknown[]) => unknown };
  const pool = (dataSource.driver as unknown as { master?: Query }).master;
  let count = 0;
  const restores = [pool, dataSource as unknown as Query].flatMap((target) => {
    if (!target) return [];
    const original = target.query;
    target.query = function (this: unknown, ...args: unknown[]) {
      const [first] = args;
      const text = typeof first === 'string' ? first : (first as { text?: string }).text;
      if (text?.includes('list_view_fields')) count += 1;
      return original.apply(this, args);
    };
    return [() => (target.query = original)];
  });
  return {
    stop() {
      restores.forEach((restore) => restore());
      return count;
    },
  };
}

/**
 * The signature list: views built by the database, equal to the single-request view, and a Content-Range with
 * exact totals up to a bound and an estimate (said so) beyond.
 */
describe('signature list (API, real database)', () => {
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

  /** Copies the member's newest request until they own `total`. */
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
       SELECT ${values.join(', ')} FROM signature_request t, generate_series(1, $2 - (
                SELECT count(*) FROM signature_request WHERE owner_id = $1)) g
        WHERE t.id = (SELECT id FROM signature_request WHERE owner_id = $1 ORDER BY created_at DESC LIMIT 1)`,
      [memberId, total],
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

  it('lists every request exactly as its own view shows it, whatever its state', async () => {
    const admin = await signInAdministrator(testApp);
    const { documentId } = await uploadPdf(testApp.url, small.token, fixturePdf('pdflatex-4-pages.pdf'));
    const create = async (overrides: Parameters<typeof signatureInput>[1]) =>
      (
        await request(testApp.url)
          .post('/api/signatures')
          .set('Authorization', `Bearer ${small.token}`)
          .send(signatureInput(documentId, overrides))
          .expect(201)
      ).body as SignatureRequestView;
    const two = () => [
      { ...signatureInput('').signatories[0]!, mobile: nextMobile(), order: 2, name: 'Zoé Ünal' },
      {
        ...signatureInput('').signatories[0]!,
        mobile: nextMobile(),
        order: 1,
        email: 'marc@example.lu',
        placement: { page: 2, position: 'bottom-left' as const },
      },
    ];
    const reminded = await create({ signatories: two(), signatureTitle: 'Rappelée' });
    await request(testApp.url)
      .post(`/api/signatures/${reminded.id}/reminder`)
      .set('Authorization', `Bearer ${small.token}`)
      .expect(200);
    const cancelled = await create({
      signatories: two(),
      signatureTitle: 'Annulée',
      signingFlow: 'SEQUENCE',
    });
    await request(testApp.url)
      .delete(`/api/signatures/${cancelled.id}`)
      .set('Authorization', `Bearer ${small.token}`)
      .expect(200);
    const declined = await create({ signatories: two(), signatureTitle: 'Refusée' });
    await db().query(
      `UPDATE signature_request SET status = 'DECLINED', declined_at = now(), decline_reason = 'Prix',
              declined_by = (SELECT id FROM signatory WHERE request_id = $1 AND sign_order = 2),
              aml_risk = '{"level": "high", "factors": ["pep"], "score": 7}', aml_risk_level = 'high'
        WHERE id = $1`,
      [declined.id],
    );
    const signed = await create({ signatories: two(), signatureTitle: 'Signée' });
    await db().query(
      `UPDATE signature_request SET status = 'SIGNED', completed_at = now() - interval '1 hour',
              sealed_at = now(), expired_at = NULL WHERE id = $1`,
      [signed.id],
    );
    await db().query(
      `UPDATE signatory SET status = 'SIGNED', signed_at = now() - interval '90 minutes', location = 'Esch'
        WHERE request_id = $1`,
      [signed.id],
    );
    // The stored list views follow their rows whoever writes them: a view written by hand is rewritten from
    // the row; what comes from other rows (the owner's name) is read with the list.
    await db().query(`UPDATE signature_request SET list_view_fields = '"id": "forged"' WHERE id = $1`, [
      reminded.id,
    ]);
    await db().query(`UPDATE signatory SET list_view = '{}' WHERE request_id = $1`, [reminded.id]);
    await db().query(`UPDATE app_user SET name = 'Petite Agence & Fils "Nord"' WHERE id = $1`, [small.id]);
    const ids = [reminded.id, cancelled.id, declined.id, signed.id];
    for (const token of [small.token, admin]) {
      const listed = (await list(token, { range: '[0,199]' })).body as SignatureRequestView[];
      for (const id of ids) {
        const view = (
          await request(testApp.url)
            .get(`/api/signatures/${id}`)
            .set('Authorization', `Bearer ${token}`)
            .expect(200)
        ).body as SignatureRequestView;
        expect(listed.find((item) => item.id === id)).toEqual(view);
      }
      expect(listed.find((item) => item.id === reminded.id)?.ownerName).toBe('Petite Agence & Fils "Nord"');
    }
    // Sorted as asked, ties broken by id.
    const byTitle = (
      await list(small.token, { range: '[0,199]', sort: JSON.stringify(['signatureTitle', 'ASC']) })
    ).body as SignatureRequestView[];
    const titles = byTitle.map((item) => item.signatureTitle);
    expect(titles).toEqual([...titles].sort((left, right) => left.localeCompare(right, 'fr')));
    const searched = (await list(small.token, { filter: JSON.stringify({ q: 'zoé' }) }))
      .body as SignatureRequestView[];
    expect(searched.map((item) => item.id).sort()).toEqual([...ids].sort());
    await db().query(`DELETE FROM signatory WHERE request_id = ANY($1)`, [ids]);
    await db().query(`DELETE FROM signature_request WHERE id = ANY($1)`, [ids]);
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

  it('keeps the exact total of an unfiltered list at any size, as requests come and go', async () => {
    const admin = await signInAdministrator(testApp);
    const owned = async (memberId: string) =>
      (
        await db().query<{ total: number }[]>(
          `SELECT count(*)::int AS total FROM signature_request WHERE owner_id = $1`,
          [memberId],
        )
      )[0]?.total ?? 0;
    const everyone = async () =>
      (await db().query<{ total: number }[]>(`SELECT count(*)::int AS total FROM signature_request`))[0]
        ?.total ?? 0;
    expect(await owned(large.id)).toBe(EXACT_TOTAL_UP_TO + 500);
    expect((await list(large.token, { range: '[0,24]' })).headers['content-range']).toBe(
      `signatures 0-24/${EXACT_TOTAL_UP_TO + 500}`,
    );
    expect((await list(admin, { range: '[0,24]' })).headers['content-range']).toBe(
      `signatures 0-24/${await everyone()}`,
    );
    await db().query(
      `DELETE FROM signature_request WHERE id IN (
         SELECT id FROM signature_request WHERE owner_id = $1 ORDER BY created_at LIMIT 7)`,
      [large.id],
    );
    await copies(large.id, (await owned(large.id)) + 3);
    const total = await owned(large.id);
    expect(total).toBe(EXACT_TOTAL_UP_TO + 496);
    expect((await list(large.token, { range: '[100,124]' })).headers['content-range']).toBe(
      `signatures 100-124/${total}`,
    );
    expect((await list(admin, { range: '[0,24]' })).headers['content-range']).toBe(
      `signatures 0-24/${await everyone()}`,
    );
  });

  it('answers lists asked together each with its own page, in one statement per page position', async () => {
    const admin = await signInAdministrator(testApp);
    const empty = await createMember(testApp, admin, { email: 'vide@agence-vide.lu', name: 'Agence Vide' });
    const asks: [string, Record<string, string>][] = [
      [small.token, { range: '[0,9]' }],
      [large.token, { range: '[0,9]' }],
      [small.token, { range: '[10,19]' }],
      [admin, { range: '[0,9]' }],
      [large.token, { range: '[0,4]', sort: '["signatureTitle","ASC"]' }],
      [empty.token, { range: '[0,9]' }],
      [small.token, { range: '[0,9]' }],
      [small.token, { range: '[0,9]', filter: '{"status":"CANCELLED"}' }],
    ];
    const answer = async ([token, query]: (typeof asks)[number]) => {
      const response = await list(token, query);
      return { range: response.headers['content-range'] as string, ids: ids(response.body) };
    };
    const ids = (views: SignatureRequestView[]) => views.map((view) => view.id);
    const alone: Awaited<ReturnType<typeof answer>>[] = [];
    for (const ask of asks) alone.push(await answer(ask));
    expect(alone[0]?.ids).toHaveLength(10);
    expect(alone[5]).toEqual({ range: 'signatures */0', ids: [] });
    for (let round = 0; round < 3; round += 1) {
      expect(await Promise.all(asks.map(answer))).toEqual(alone);
    }

    // Asked in one turn, the unfiltered pages are answered by one statement per page position.
    // Each member is the manager of an agency whose id is theirs: the agency's list is theirs.
    const member = (token: string): RequestScope =>
      token === admin
        ? { kind: 'everyone' }
        : { kind: 'agency', agencyId: [small, large, empty].find((m) => m.token === token)!.id };
    const pages = new SignatureListPages(db());
    const statements = countListStatements(db());
    const together = await Promise.all(
      asks.map(([token, query]) => pages.page(parseSignatureListQuery(query), member(token))),
    );
    // [0,9] by date (small, large, empty and everyone: two statements), [10,19], [0,4] by title, the filter.
    expect(statements.stop()).toBe(5);
    together.forEach((page, index) =>
      expect(ids(JSON.parse(page.body.toString()))).toEqual(alone[index]?.ids),
    );
    // The member without requests got an empty page, not another member's.
    expect(together[5]).toMatchObject({ body: Buffer.from('[]'), count: 0, total: 0 });
  });

  it('serves pages deep in the list the way it serves the first ones', async () => {
    const expected = async (offset: number) =>
      (
        await db().query<{ id: string }[]>(
          `SELECT id FROM signature_request WHERE owner_id = $1 ORDER BY created_at DESC, id ASC
            LIMIT 25 OFFSET $2`,
          [large.id, offset],
        )
      ).map((row) => row.id);
    const ids = async (offset: number) =>
      ((await list(large.token, { range: `[${offset},${offset + 24}]` })).body as SignatureRequestView[]).map(
        (view) => view.id,
      );
    // Every page, near or deep, is read by the same statement, its bounds given as parameters.
    for (const offset of [0, 1000, 1001, 1400]) expect(await ids(offset)).toEqual(await expected(offset));
    const beyond = await list(large.token, { range: '[5000,5024]' });
    expect(beyond.body).toEqual([]);
    const total =
      (
        await db().query<{ total: number }[]>(
          `SELECT count(*)::int AS total FROM signature_request WHERE owner_id = $1`,
          [large.id],
        )
      )[0]?.total ?? 0;
    expect(total).toBeGreaterThan(1425);
    expect(beyond.headers['content-range']).toBe(`signatures */${total}`);
  });

  it('counts a filtered list exactly up to the bound and estimates beyond it, saying so', async () => {
    const active = JSON.stringify({ status: 'IN_PROGRESS' });
    const [counted] = await db().query<{ total: number }[]>(
      `SELECT count(*)::int AS total FROM signature_request WHERE owner_id = $1 AND status = 'IN_PROGRESS'`,
      [large.id],
    );
    const total = counted?.total ?? 0;
    expect(total).toBeGreaterThan(EXACT_TOTAL_UP_TO);
    const first = await list(large.token, { range: '[0,24]', filter: active });
    const range = first.headers['content-range'] as string;
    // In a form ra-data-simple-rest reads: the number after the last slash.
    expect(range).toMatch(/^signatures 0-24\/\d+ \(estimate\)$/);
    // The planner's estimate after ANALYZE: above the bound, near the truth.
    expect(raTotal(range)).toBeGreaterThan(EXACT_TOTAL_UP_TO);
    expect(Math.abs(raTotal(range) - total)).toBeLessThan(total * 0.2);
    // A page that ends the list tells the exact total.
    const deep = await list(large.token, { range: `[${total - 10},${total + 14}]`, filter: active });
    expect(deep.headers['content-range']).toBe(`signatures ${total - 10}-${total - 1}/${total}`);

    // At the bound, the count is exact again.
    await db().query(
      `UPDATE signature_request SET status = 'CANCELLED' WHERE id IN (
         SELECT id FROM signature_request WHERE owner_id = $1 AND status = 'IN_PROGRESS'
          ORDER BY created_at LIMIT $2)`,
      [large.id, total - EXACT_TOTAL_UP_TO],
    );
    expect((await list(large.token, { range: '[0,24]', filter: active })).headers['content-range']).toBe(
      `signatures 0-24/${EXACT_TOTAL_UP_TO}`,
    );
  });
});
