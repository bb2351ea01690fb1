import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { type BillingStatement, type PriceListView } from '@esign/shared';
import { PriceListsService } from '../src/modules/billing/price-lists.service';
import {
  database,
  decimalCommaToCents,
  insertPastPriceList,
  luxembourgMonth,
  moveEvent,
  parseSemicolonCsv,
  recordEvent,
} from './support/billing';
import { createMember, type Member, signInAdministrator } from './support/members';
import { fixturePdf, uploadPdf } from './support/signature-fixtures';
import { SigningDriver } from './support/signing-flow';
import { startTestApp, type TestApp } from './support/test-app';

/** `yyyy-mm-dd` of a Luxembourg day, `days` after today. */
function luxembourgDay(days: number): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Luxembourg' }).format(
    new Date(Date.now() + days * 86_400_000),
  );
}

const PRICES = {
  simpleRequestCents: 150,
  advancedRequestCents: 450,
  qualifiedRequestCents: 900,
  smsCents: 12,
  vatRatePercent: 17,
};

describe('billing: price lists, metering and monthly statements (API, real database)', () => {
  let testApp: TestApp;
  let adminToken: string;
  let anne: Member;
  let marc: Member;
  const thisMonth = luxembourgMonth(new Date());
  const as = (token: string) => ({
    get: (path: string) => request(testApp.url).get(path).set('Authorization', `Bearer ${token}`),
    post: (path: string, body: object) =>
      request(testApp.url).post(path).set('Authorization', `Bearer ${token}`).send(body),
    delete: (path: string) => request(testApp.url).delete(path).set('Authorization', `Bearer ${token}`),
  });
  const statement = async (token: string, month: string, memberId?: string) =>
    (
      await as(token)
        .get(`/api/billing/${month}${memberId ? `?memberId=${memberId}` : ''}`)
        .expect(200)
    ).body as BillingStatement;
  const quantityOf = (s: BillingStatement, kind: string, memberId: string) =>
    s.lines.filter((l) => l.kind === kind && l.memberId === memberId).reduce((n, l) => n + l.quantity, 0);

  beforeAll(async () => {
    testApp = await startTestApp({ env: { SIGNING_RATE_LIMIT_PER_MINUTE: '1000' } });
    adminToken = await signInAdministrator(testApp);
    anne = await createMember(testApp, adminToken, { email: 'anne@agence-sud.lu', name: 'Agence du Sud' });
    marc = await createMember(testApp, adminToken, { email: 'marc@agence-est.lu', name: 'Agence de l’Est' });
  });

  afterAll(async () => {
    await testApp.close();
  });

  it('adds price lists from today on only, one per day, and only for administrators', async () => {
    const input = { ...PRICES, memberMonthlyFeeCents: null };
    const refused = await as(adminToken)
      .post('/api/billing/prices', { ...input, effectiveFrom: luxembourgDay(-1) })
      .expect(422);
    expect(refused.body).toMatchObject({ errors: { effectiveFrom: 'validation.notBeforeToday' } });
    const future = luxembourgDay(400);
    await as(anne.token)
      .post('/api/billing/prices', { ...input, effectiveFrom: future })
      .expect(403);
    const created = (
      await as(adminToken)
        .post('/api/billing/prices', { ...input, effectiveFrom: future })
        .expect(201)
    ).body as PriceListView;
    expect(created).toMatchObject({ ...input, effectiveFrom: future });
    await as(adminToken)
      .post('/api/billing/prices', { ...input, effectiveFrom: future })
      .expect(409);
    await as(adminToken)
      .post('/api/billing/prices', { ...input, smsCents: 1.5, effectiveFrom: luxembourgDay(401) })
      .expect(422);
    const lists = (await as(anne.token).get('/api/billing/prices').expect(200)).body as PriceListView[];
    expect(lists.map((l) => l.effectiveFrom)).toEqual([future, '2020-01-01']);
  });

  it('bills a source once, however often it is recorded', async () => {
    const sourceId = randomUUID();
    expect(await recordEvent(testApp, anne.id, 'SMS', sourceId)).toBe(true);
    expect(await recordEvent(testApp, anne.id, 'SMS', sourceId)).toBe(false);
    const rows = await database(testApp).query<{ count: number }[]>(
      `SELECT count(*)::int AS count FROM billing_event WHERE source_id = $1`,
      [sourceId],
    );
    expect(rows[0]?.count).toBe(1);
  });

  it('prices each event at the list in force when it happened: a change on the 15th', async () => {
    const old = { simple: 100, advanced: 300, sms: 10, fee: null, vatBasisPoints: 1700 };
    await insertPastPriceList(testApp, { effectiveFrom: '2025-03-01', ...old });
    await insertPastPriceList(testApp, {
      effectiveFrom: '2025-03-15',
      ...{ simple: 120, advanced: 360, sms: 11, fee: 2500, vatBasisPoints: 1700 },
    });
    const prices = testApp.app.get(PriceListsService);
    // 23:59:59 on the 14th in Luxembourg (UTC+1 in March) is still the old list; midnight is the new one.
    expect((await prices.inForceAt(new Date('2025-03-14T22:59:59Z'))).effectiveFrom).toBe('2025-03-01');
    expect((await prices.inForceAt(new Date('2025-03-14T23:00:00Z'))).effectiveFrom).toBe('2025-03-15');

    const before = randomUUID();
    await recordEvent(testApp, anne.id, 'REQUEST_SIMPLE', before);
    await as(adminToken)
      .post('/api/billing/prices', {
        ...PRICES,
        simpleRequestCents: 200,
        memberMonthlyFeeCents: null,
        effectiveFrom: luxembourgDay(0),
      })
      .expect(201);
    const after = randomUUID();
    await recordEvent(testApp, anne.id, 'REQUEST_SIMPLE', after);

    const prices2 = await database(testApp).query<{ source_id: string; unit_price_cents: number }[]>(
      `SELECT source_id, unit_price_cents FROM billing_event WHERE source_id IN ($1, $2)`,
      [before, after],
    );
    expect(Object.fromEntries(prices2.map((r) => [r.source_id, r.unit_price_cents]))).toEqual({
      [before]: 120,
      [after]: 200,
    });
    const simpleLines = (await statement(anne.token, thisMonth)).lines.filter(
      (l) => l.kind === 'REQUEST_SIMPLE',
    );
    expect(simpleLines.map((l) => [l.quantity, l.unitPrice, l.net, l.vat, l.gross])).toEqual([
      [1, 1.2, 1.2, 0.2, 1.4],
      [1, 2, 2, 0.34, 2.34],
    ]);
  });

  it('puts an event in the Luxembourg month it happened in, in winter and in summer', async () => {
    const moments = {
      // 00:30 on 1 February in Luxembourg (UTC+1).
      '2025-01-31T23:30:00Z': '2025-02',
      // 23:30 on 31 January in Luxembourg.
      '2025-01-31T22:30:00Z': '2025-01',
      // 00:30 on 1 July in Luxembourg (UTC+2).
      '2025-06-30T22:30:00Z': '2025-07',
    };
    for (const at of Object.keys(moments)) {
      const sourceId = randomUUID();
      await recordEvent(testApp, marc.id, 'SMS', sourceId);
      await moveEvent(testApp, sourceId, at);
    }
    const counts = await Promise.all(
      ['2025-01', '2025-02', '2025-06', '2025-07'].map(async (month) =>
        quantityOf(await statement(marc.token, month), 'SMS', marc.id),
      ),
    );
    expect(counts).toEqual([1, 1, 0, 1]);
  });

  it('lets a member read only their own statements; the administrator reads anyone’s', async () => {
    await recordEvent(testApp, marc.id, 'REQUEST_ADVANCED');
    const own = await statement(marc.token, thisMonth);
    expect(own.memberId).toBe(marc.id);
    expect(new Set(own.lines.map((l) => l.memberId))).toEqual(new Set([marc.id]));
    await as(marc.token).get(`/api/billing/${thisMonth}?memberId=${anne.id}`).expect(404);
    await as(marc.token).get(`/api/billing/${thisMonth}.csv?memberId=${anne.id}`).expect(404);
    expect((await statement(marc.token, thisMonth, marc.id)).totals).toEqual(own.totals);

    const annes = await statement(adminToken, thisMonth, anne.id);
    expect(new Set(annes.lines.map((l) => l.memberId))).toEqual(new Set([anne.id]));
    const everyone = await statement(adminToken, thisMonth);
    expect(new Set(everyone.members.map((m) => m.memberId))).toEqual(new Set([anne.id, marc.id]));
    await as(adminToken).get(`/api/billing/${thisMonth}?memberId=${randomUUID()}`).expect(404);
    await as(adminToken).get('/api/billing/2025-13').expect(404);
  });

  it('serves the month as a semicolon CSV with a BOM and decimal commas, totals matching the JSON', async () => {
    const hostile = await createMember(testApp, adminToken, {
      email: 'formula@agence-ouest.lu',
      name: '=HYPERLINK("https://evil.example";"x")',
    });
    for (let i = 0; i < 7; i += 1) await recordEvent(testApp, hostile.id, 'SMS');
    const json = await statement(adminToken, thisMonth);
    const response = await as(adminToken).get(`/api/billing/${thisMonth}.csv`).buffer(true).expect(200);
    expect(response.headers['content-type']).toMatch(/^text\/csv; charset=utf-8/);
    expect(response.headers['content-disposition']).toContain(`statement-${thisMonth}.csv`);
    const bytes = Buffer.from(response.text, 'utf8');
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);

    const [header, ...rows] = parseSemicolonCsv(response.text.replace(/^\uFEFF/, ''));
    expect(header).toEqual(expect.arrayContaining(['Mois', 'Membre', 'Montant HT (EUR)', 'TVA (EUR)']));
    const total = rows.pop() ?? [];
    expect(rows).toHaveLength(json.lines.length);
    const sum = (column: number) =>
      rows.reduce((cents, row) => cents + decimalCommaToCents(row[column] ?? ''), 0);
    expect([sum(6), sum(8), sum(9)]).toEqual([6, 8, 9].map((c) => decimalCommaToCents(total[c] ?? '')));
    expect([sum(6), sum(8), sum(9)]).toEqual(
      [json.totals.net, json.totals.vat, json.totals.gross].map((e) => Math.round(e * 100)),
    );
    const hostileRow = rows.find((row) => row[2] === 'formula@agence-ouest.lu' && row[4] === '7');
    expect(hostileRow?.[1]).toBe(`'=HYPERLINK("https://evil.example";"x")`);
    expect(hostileRow?.[7]).toBe('17,00');
    // A fee line per active member: the list in force on the month's first day (from 2025-03-15) has one.
    expect(rows.filter((row) => row[3] === 'Forfait mensuel membre').map((row) => row[6])).toEqual([
      '25,00',
      '25,00',
      '25,00',
    ]);
  });

  it('writes the CSV in the language of the screen it is downloaded from, and refuses an unknown one', async () => {
    const header = async (query: string) => {
      const response = await as(adminToken)
        .get(`/api/billing/${thisMonth}.csv${query}`)
        .buffer(true)
        .expect(200);
      return response.text
        .replace(/^\uFEFF/, '')
        .split('\r\n')[0]
        ?.split(';')
        .slice(0, 2);
    };
    // The administrator's account speaks French: that is the CSV without a language.
    expect(await header('')).toEqual(['Mois', 'Membre']);
    expect(await header('?language=de')).toEqual(['Monat', 'Mitglied']);
    const refused = await as(adminToken).get(`/api/billing/${thisMonth}.csv?language=xx`).expect(422);
    expect(refused.body.errors).toEqual({ language: 'validation.isIn' });
  });

  it('deletes a price list whose day is still to come, and only that kind, only for administrators', async () => {
    const lists = async () =>
      (await as(adminToken).get('/api/billing/prices').expect(200)).body as PriceListView[];
    const scheduled = (
      await as(adminToken)
        .post('/api/billing/prices', {
          ...PRICES,
          memberMonthlyFeeCents: 900,
          effectiveFrom: luxembourgDay(30),
        })
        .expect(201)
    ).body as PriceListView;
    await as(anne.token).delete(`/api/billing/prices/${scheduled.id}`).expect(403);
    await as(adminToken).delete(`/api/billing/prices/${scheduled.id}`).expect(200);
    expect((await lists()).map((list) => list.id)).not.toContain(scheduled.id);
    await as(adminToken).delete(`/api/billing/prices/${scheduled.id}`).expect(404);
    await as(adminToken).delete(`/api/billing/prices/${randomUUID()}`).expect(404);
    await as(adminToken).delete('/api/billing/prices/not-an-id').expect(404);

    // Today's list is in force and the 2020 one is past: both stay as they are.
    const before = await lists();
    for (const effectiveFrom of [luxembourgDay(0), '2020-01-01']) {
      const list = before.find((candidate) => candidate.effectiveFrom === effectiveFrom);
      const refused = await as(adminToken)
        .delete(`/api/billing/prices/${list?.id ?? ''}`)
        .expect(409);
      expect(refused.body).toMatchObject({ code: 'PRICE_LIST_ALREADY_EFFECTIVE' });
    }
    expect(await lists()).toEqual(before);
  });

  // These go through the signing module, which records the events in its own transactions.
  describe('through the signing flows', () => {
    let paul: Member;
    let driver: SigningDriver;
    let documentId: string;
    const billedFor = (column: 'source_id' | 'member_id', id: string) =>
      database(testApp).query<{ kind: string; member_id: string }[]>(
        `SELECT kind, member_id FROM billing_event WHERE ${column} = $1 ORDER BY kind`,
        [id],
      );
    const requestStatus = async (id: string) =>
      (
        await database(testApp).query<{ status: string }[]>(
          `SELECT status FROM signature_request WHERE id = $1`,
          [id],
        )
      )[0]?.status;

    beforeAll(async () => {
      paul = await createMember(testApp, adminToken, {
        email: 'paul@agence-centre.lu',
        name: 'Agence du Centre',
      });
      driver = new SigningDriver(testApp, paul.token);
      documentId = (await uploadPdf(testApp.url, paul.token, fixturePdf('pdflatex-4-pages.pdf'))).documentId;
    });

    it('bills a signed request once even when its sealing job runs again', async () => {
      const [signatory] = driver.invitees(1, 'scelle');
      const created = await driver.createRequest(documentId, [signatory!]);
      await driver.signAs(created.id, signatory!);
      const deadline = Date.now() + 120_000;
      while ((await requestStatus(created.id)) !== 'SIGNED') {
        if (Date.now() > deadline) throw new Error('the request was never sealed');
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
      expect(await billedFor('source_id', created.id)).toEqual([
        { kind: 'REQUEST_SIMPLE', member_id: paul.id },
      ]);

      // A retry after a crash: the job finds the request back in UPDATING_DOCUMENT and completes it again.
      await database(testApp).query(
        `UPDATE signature_request SET status = 'UPDATING_DOCUMENT' WHERE id = $1`,
        [created.id],
      );
      // Loaded once the app is up: importing the sealing service first trips the entities' import cycle.
      const { SealingService } = await import('../src/modules/signing/sealing.service');
      await testApp.app.get(SealingService).seal({ requestId: created.id });
      expect(await requestStatus(created.id)).toBe('SIGNED');
      expect(await billedFor('source_id', created.id)).toEqual([
        { kind: 'REQUEST_SIMPLE', member_id: paul.id },
      ]);
    }, 180_000);

    it('bills every code texted: three sends, three SMS', async () => {
      const [signatory] = driver.invitees(1, 'sms');
      const created = await driver.createRequest(documentId, [signatory!]);
      const key = await driver.openLink(created.id, signatory!.email);
      for (let send = 0; send < 3; send += 1) {
        // Ages the previous code past the 2-minute wait between sends.
        await database(testApp).query(
          `UPDATE one_time_code SET created_at = created_at - interval '3 minutes' WHERE phone = $1`,
          [signatory!.mobile],
        );
        await driver.requestCode(created.id, key).expect(200);
      }
      const billed = await database(testApp).query<{ count: number }[]>(
        `SELECT count(*)::int AS count FROM billing_event e JOIN one_time_code c ON c.id = e.source_id
          WHERE e.kind = 'SMS' AND c.request_id = $1 AND e.member_id = $2`,
        [created.id, paul.id],
      );
      expect(billed[0]?.count).toBe(3);
    });
  });

  it('bills the monthly fee to each account active at some moment of the month, whatever becomes of it', async () => {
    const db = database(testApp);
    const leaving = await createMember(testApp, adminToken, {
      email: 'depart@agence-nord.lu',
      name: 'Agence du Nord',
    });
    const fees = async (month: string, memberId = leaving.id) =>
      quantityOf(await statement(adminToken, month), 'MONTHLY_FEE', memberId);
    expect(await fees(thisMonth)).toBe(1);
    expect(await fees('2025-04')).toBe(0);

    // Active since 10 January 2025 (the clock cannot be set: the record is moved instead).
    await db.query(`UPDATE member_activity SET active_from = '2025-01-10T09:00:00Z' WHERE member_id = $1`, [
      leaving.id,
    ]);
    // No fee before the list of 2025-03-15, which has one, is in force on a month's first day.
    expect(await Promise.all(['2025-03', '2025-04', '2025-05'].map((month) => fees(month)))).toEqual([
      0, 1, 1,
    ]);

    // Deactivated, then deleted: the months it was active keep their fee, the current one included.
    await as(adminToken).delete(`/api/users/${leaving.id}/access`).expect(200);
    await as(adminToken).delete(`/api/users/${leaving.id}`).expect(200);
    expect(await Promise.all(['2025-04', thisMonth].map((month) => fees(month)))).toEqual([1, 1]);

    // Its activity ended on 31 May 2025 at 23:30 in Luxembourg (21:30 UTC): May owes the fee, June does not.
    await db.query(`UPDATE member_activity SET active_until = '2025-05-31T21:30:00Z' WHERE member_id = $1`, [
      leaving.id,
    ]);
    expect(await Promise.all(['2025-05', '2025-06', thisMonth].map((month) => fees(month)))).toEqual([
      1, 0, 0,
    ]);

    // Deactivated and reactivated in the same month: two periods, one fee. Administrators owe none.
    await as(adminToken).delete(`/api/users/${anne.id}/access`).expect(200);
    await as(adminToken).post(`/api/users/${anne.id}/access`, {}).expect(200);
    const periods: unknown[] = await db.query(`SELECT 1 FROM member_activity WHERE member_id = $1`, [
      anne.id,
    ]);
    expect(periods).toHaveLength(2);
    expect(await fees(thisMonth, anne.id)).toBe(1);
    const admins: { id: string }[] = await db.query(`SELECT id FROM app_user WHERE role = 'ADMIN'`);
    const billed = new Set((await statement(adminToken, thisMonth)).lines.map((line) => line.memberId));
    for (const admin of admins) expect(billed.has(admin.id)).toBe(false);
  });
});
