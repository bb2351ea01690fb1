import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { type MeteredKind } from '@esign/shared';
import { database, insertPastPriceList, moveEvent, recordEvent } from './support/billing';
import { createMember, type Member, signInAdministrator } from './support/members';
import { startTestApp, type TestApp } from './support/test-app';

const MONTH = '2025-05';
// Prices of the list in force for the whole test (cents, VAT in basis points).
const PRICES = { simple: 150, advanced: 450, sms: 12, fee: 95_000, vatBasisPoints: 1700 };
const UNIT: Record<MeteredKind | 'MONTHLY_FEE', number> = {
  REQUEST_SIMPLE: PRICES.simple,
  REQUEST_ADVANCED: PRICES.advanced,
  REQUEST_QUALIFIED: PRICES.advanced * 2,
  SMS: PRICES.sms,
  MONTHLY_FEE: PRICES.fee,
};

/** Cents written as the Luxembourg locales write euros: `1.128,42 €` (spaces normalised). */
function euros(cents: number): string {
  const whole = String(Math.floor(cents / 100)).replace(/\B(?=(\d{3})+(?!\d))/g, '.');
  return `${whole},${String(cents % 100).padStart(2, '0')} €`;
}

/** Net, VAT and gross of a month, VAT rounded half up per line, from the counts seeded here. */
function expectedTotals(quantities: Partial<Record<keyof typeof UNIT, number>>) {
  let net = 0;
  let vat = 0;
  for (const [kind, quantity] of Object.entries(quantities)) {
    const lineNet = (quantity ?? 0) * UNIT[kind as keyof typeof UNIT];
    net += lineNet;
    vat += Math.round((lineNet * PRICES.vatBasisPoints) / 10_000);
  }
  return { net, vat, gross: net + vat };
}

describe('billing: the monthly statement as a PDF in the member’s language (API, real database)', () => {
  let testApp: TestApp;
  let workDir: string;
  let adminToken: string;
  let anne: Member;
  let dieter: Member;
  const get = (token: string, path: string) =>
    request(testApp.url)
      .get(path)
      .set('Authorization', `Bearer ${token}`)
      .buffer(true)
      .parse((response, done) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => done(null, Buffer.concat(chunks)));
      });

  /** What a reader sees: pdftotext's layout, one table row per line, spacing collapsed. */
  function pdfText(pdf: Buffer): string {
    const file = join(workDir, `${randomUUID()}.pdf`);
    writeFileSync(file, pdf);
    const text = execFileSync('pdftotext', ['-layout', '-enc', 'UTF-8', file, '-'], { encoding: 'utf8' });
    return text
      .split('\n')
      .map((line) => line.replace(/[\s\u00a0\u202f]+/g, ' ').trim())
      .join('\n');
  }

  async function seed(member: Member, kind: MeteredKind, count: number, at: string): Promise<void> {
    for (let i = 0; i < count; i += 1) {
      const sourceId = randomUUID();
      await recordEvent(testApp, member.id, kind, sourceId);
      await moveEvent(testApp, sourceId, at);
    }
  }

  async function describeCompany(member: Member, language: string, additionalInfo: object): Promise<void> {
    await request(testApp.url)
      .put(`/api/users/${member.id}`)
      .set('Authorization', `Bearer ${adminToken}`)
      .send({ name: 'Contact', email: member.email, mobile: '621 123 456', language, additionalInfo })
      .expect(200);
  }

  beforeAll(async () => {
    workDir = mkdtempSync(join(tmpdir(), 'billing-pdf-'));
    testApp = await startTestApp();
    adminToken = await signInAdministrator(testApp);
    anne = await createMember(testApp, adminToken, { email: 'anne@agence-sud.lu', name: 'Anne Schmit' });
    dieter = await createMember(testApp, adminToken, {
      email: 'dieter@immo-mosel.lu',
      name: 'Dieter Weber',
      language: 'de',
    });
    await describeCompany(anne, 'fr', {
      company: { name: 'Agence du Sud SàRL', vatNumber: 'LU26375245' },
      address: { addressLine1: '12, rue de l’Alzette', postalCode: '4011', city: 'Esch-sur-Alzette' },
    });
    await describeCompany(dieter, 'de', { company: { name: 'Immobilien Mosel GmbH' } });
    // Members billed a fee for May 2025 must have been active then; the list is the one in force both then
    // and now.
    await database(testApp).query(
      `UPDATE member_activity SET active_from = '2025-01-01' WHERE member_id = ANY($1)`,
      [[anne.id, dieter.id]],
    );
    await insertPastPriceList(testApp, { effectiveFrom: '2024-01-01', ...PRICES });

    // 00:30 on 1 May in Luxembourg (UTC+2) is May's; 23:30 on 30 April is not, nor is June.
    await seed(anne, 'SMS', 1, '2025-04-30T22:30:00Z');
    await seed(anne, 'SMS', 1, '2025-04-30T21:30:00Z');
    await seed(anne, 'SMS', 7, '2025-05-14T09:00:00Z');
    await seed(anne, 'REQUEST_SIMPLE', 3, '2025-05-20T09:00:00Z');
    await seed(anne, 'REQUEST_ADVANCED', 2, '2025-05-31T21:59:00Z');
    await seed(anne, 'SMS', 1, '2025-05-31T22:00:00Z');
    await seed(dieter, 'REQUEST_SIMPLE', 1, '2025-05-02T09:00:00Z');
    await seed(dieter, 'SMS', 4, '2025-05-03T09:00:00Z');
  });

  afterAll(async () => {
    await testApp.close();
    rmSync(workDir, { recursive: true, force: true });
  });

  it('gives a member their month in French: company, address, one row per charge, totals', async () => {
    const response = await get(anne.token, `/api/billing/${MONTH}.pdf`).expect(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toMatch(/^attachment;/);
    expect(response.headers['content-disposition']).toContain(encodeURIComponent(`Relevé ${MONTH}`));
    const text = pdfText(response.body as Buffer);
    expect(text).toContain('Chambre Immobilière du Grand-Duché de Luxembourg');
    expect(text).toContain('Agence du Sud SàRL');
    expect(text).toContain('L-4011 Esch-sur-Alzette');
    expect(text).toContain('N° TVA LU26375245');
    expect(text).toContain('Période : mai 2025');
    const row = (label: string, quantity: number, unitCents: number) => {
      const net = quantity * unitCents;
      const vat = Math.round((net * PRICES.vatBasisPoints) / 10_000);
      return `${label} ${quantity} ${euros(unitCents)} ${euros(net)} 17 % ${euros(vat)} ${euros(net + vat)}`;
    };
    expect(text).toContain(row('Forfait mensuel membre', 1, PRICES.fee));
    expect(text).toContain(row('Demande de signature simple', 3, PRICES.simple));
    expect(text).toContain(row('Demande de signature avancée', 2, PRICES.advanced));
    expect(text).toContain(row('SMS envoyé', 8, PRICES.sms));
    const totals = expectedTotals({ MONTHLY_FEE: 1, REQUEST_SIMPLE: 3, REQUEST_ADVANCED: 2, SMS: 8 });
    expect(text).toContain(`Total HT ${euros(totals.net)}`);
    expect(text).toContain(`Total TVA ${euros(totals.vat)}`);
    expect(text).toContain(`Total TTC ${euros(totals.gross)}`);
    expect(text).toContain('Page 1 / 1');
  });

  it('gives the administrator a German-speaking member’s statement in German', async () => {
    const response = await get(adminToken, `/api/billing/${MONTH}.pdf?memberId=${dieter.id}`).expect(200);
    expect(response.headers['content-disposition']).toContain(encodeURIComponent(`Abrechnung ${MONTH}`));
    const text = pdfText(response.body as Buffer);
    expect(text).toContain('Immobilien Mosel GmbH');
    expect(text).toContain('Zeitraum: Mai 2025');
    expect(text).toMatch(/Einfache Signaturanfrage 1 1,50 €/);
    expect(text).toMatch(/Gesendete SMS 4 0,12 €/);
    const totals = expectedTotals({ MONTHLY_FEE: 1, REQUEST_SIMPLE: 1, SMS: 4 });
    expect(text).toContain(`Summe netto ${euros(totals.net)}`);
    expect(text).toContain(`Summe brutto ${euros(totals.gross)}`);
    expect(text).toContain('Seite 1 / 1');
    expect(text).not.toContain('Agence du Sud');
  });

  it('keeps each member to their own statement and asks the administrator whose', async () => {
    const refused = await request(testApp.url)
      .get(`/api/billing/${MONTH}.pdf?memberId=${anne.id}`)
      .set('Authorization', `Bearer ${dieter.token}`)
      .expect(404);
    expect(refused.body).toMatchObject({ code: 'NOT_FOUND' });
    await request(testApp.url)
      .get(`/api/billing/${MONTH}.pdf?memberId=${randomUUID()}`)
      .set('Authorization', `Bearer ${dieter.token}`)
      .expect(404);
    const unnamed = await request(testApp.url)
      .get(`/api/billing/${MONTH}.pdf`)
      .set('Authorization', `Bearer ${adminToken}`)
      .expect(422);
    expect(unnamed.body).toMatchObject({ errors: { memberId: 'validation.required' } });
    await request(testApp.url)
      .get(`/api/billing/${MONTH}.pdf?memberId=${randomUUID()}`)
      .set('Authorization', `Bearer ${adminToken}`)
      .expect(404);
    await request(testApp.url)
      .get(`/api/billing/${MONTH}.pdf?memberId=not-an-id`)
      .set('Authorization', `Bearer ${adminToken}`)
      .expect(404);
  });

  it('answers a month that does not exist like an unknown address, as the JSON and CSV statements do', async () => {
    for (const month of ['2025-13', '2025-5', 'may']) {
      const response = await request(testApp.url)
        .get(`/api/billing/${month}.pdf`)
        .set('Authorization', `Bearer ${anne.token}`)
        .expect(404);
      expect(response.body.code).toBe('NOT_FOUND');
    }
  });
});
