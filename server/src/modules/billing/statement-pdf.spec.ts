import { type BillingLine, type BillingStatement, type Locale } from '@esign/shared';
import { extractPageTexts } from '@esign/pdf-signing/testing';
import { loadFontFiles } from '@esign/pdf-signing';
import { type StatementMember, statementDocument, statementFileName } from './statement-document';
import { renderStatementPdf } from './statement-pdf';

const MEMBER_ID = '7b0d8a52-3a39-4c55-9a3e-2f3b8f1f6c11';

function line(overrides: Partial<BillingLine>): BillingLine {
  return {
    memberId: MEMBER_ID,
    memberName: 'Agence Łódź & Söhne',
    memberEmail: 'contact@agence.lu',
    kind: 'SMS',
    quantity: 1,
    unitPrice: 0.12,
    vatRatePercent: 17,
    net: 0.12,
    vat: 0.02,
    gross: 0.14,
    ...overrides,
  };
}

function statement(lines: BillingLine[]): BillingStatement {
  const sum = (key: 'net' | 'vat' | 'gross') =>
    Math.round(lines.reduce((cents, l) => cents + Math.round(l[key] * 100), 0)) / 100;
  return {
    month: '2025-05',
    currency: 'EUR',
    memberId: MEMBER_ID,
    lines,
    members: [],
    totals: { net: sum('net'), vat: sum('vat'), gross: sum('gross') },
  };
}

function member(language: Locale): StatementMember {
  return {
    name: 'Élodie Müller',
    email: 'elodie@agence.lu',
    language,
    additionalInfo: {
      company: { name: 'Agence Łódź & Söhne', vatNumber: 'LU12345678' },
      address: { addressLine1: '12, rue de la Gare', postalCode: '1611', city: 'Luxembourg' },
    },
  };
}

const LINES = [
  line({ kind: 'MONTHLY_FEE', unitPrice: 1234.5, net: 1234.5, vat: 209.87, gross: 1444.37 }),
  line({ kind: 'REQUEST_ADVANCED', quantity: 3, unitPrice: 4.5, net: 13.5, vat: 2.3, gross: 15.8 }),
  line({ kind: 'SMS', quantity: 7, net: 0.84, vat: 0.14, gross: 0.98 }),
];

async function pagesOf(language: Locale, lines = LINES) {
  const content = statementDocument(statement(lines), member(language), new Date('2025-06-02T10:00:00Z'));
  return extractPageTexts(await renderStatementPdf(content, await loadFontFiles()));
}

// pdf-lib writes one text operator per drawn string, so each cell is one extracted "line".
describe('the monthly statement PDF', () => {
  it('prints the member, each charge and the totals in French conventions, every glyph present', async () => {
    const [page, ...others] = await pagesOf('fr');
    expect(others).toHaveLength(0);
    expect(page?.missingGlyphs).toBe(0);
    expect(page?.lines).toEqual(
      expect.arrayContaining([
        'Chambre Immobilière du Grand-Duché de Luxembourg',
        'Agence Łódź & Söhne',
        'Élodie Müller',
        '12, rue de la Gare',
        'L-1611 Luxembourg',
        'N° TVA LU12345678',
        'Période : mai 2025 (heure de Luxembourg)',
        'Demande de signature avancée',
        '1.234,50\u00a0€',
        '17\u00a0%',
        'Total TTC',
        '1.461,15\u00a0€',
        'Page 1 / 1',
      ]),
    );
  });

  it('speaks the member’s language: German labels and pages, English amounts written the English way', async () => {
    const [german] = await pagesOf('de');
    expect(german?.lines).toEqual(
      expect.arrayContaining(['Zeitraum: Mai 2025 (Luxemburger Zeit)', 'Summe brutto', 'Seite 1 / 1']),
    );
    const [english] = await pagesOf('en');
    expect(english?.lines).toEqual(expect.arrayContaining(['€1,461.15', 'Total incl. VAT', 'Page 1 / 1']));
    const [luxembourgish] = await pagesOf('lu');
    expect(luxembourgish?.lines).toEqual(expect.arrayContaining(['Total mat TVA', 'Säit 1 / 1']));
  });

  it('turns the page when the rows do not fit, numbering every page and repeating the column heads', async () => {
    const many = Array.from({ length: 80 }, (_, index) => line({ quantity: index + 1 }));
    const pages = await pagesOf('fr', many);
    expect(pages.length).toBeGreaterThan(1);
    pages.forEach((page, index) => {
      expect(page.lines).toContain(`Page ${index + 1} / ${pages.length}`);
      expect(page.lines).toContain('Prestation');
    });
    expect(pages.flatMap((page) => page.lines).filter((text) => text === 'SMS envoyé')).toHaveLength(80);
  });

  it('says so when nothing was billed', async () => {
    const [page] = await pagesOf('fr', []);
    expect(page?.lines).toContain('Aucune prestation pour cette période.');
  });

  it('names the download in the member’s language', () => {
    expect(statementFileName(statement(LINES), member('de'))).toBe(
      'Abrechnung 2025-05 Agence Łódź & Söhne.pdf',
    );
  });
});
