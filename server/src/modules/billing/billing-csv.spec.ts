import { buildStatement } from './billing-statement';
import { csvDecimal, csvText, statementCsv } from './billing-csv';

describe('billing CSV', () => {
  it.each([
    ['=1+2', "'=1+2"],
    ['+33 1 23', "'+33 1 23"],
    ['-2', "'-2"],
    ['@SUM(A1)', "'@SUM(A1)"],
    ['\t=cmd', "'\t=cmd"],
    ['Agence du Nord', 'Agence du Nord'],
  ])('makes %j inert as %j', (value, cell) => {
    expect(csvText(value)).toBe(cell);
  });

  it('quotes cells holding the separator, quotes or line breaks', () => {
    expect(csvText('Muller; Weber')).toBe('"Muller; Weber"');
    expect(csvText('Le "Nord"')).toBe('"Le ""Nord"""');
    expect(csvText('=A1;B1')).toBe(`"'=A1;B1"`);
  });

  it('writes two decimals with a decimal comma and no grouping', () => {
    expect([csvDecimal(0), csvDecimal(1234.5), csvDecimal(0.1 + 0.2)]).toEqual(['0,00', '1234,50', '0,30']);
  });

  it('rounds VAT per line half up to the cent and sums in cents', () => {
    const statement = buildStatement('2025-03', null, [
      {
        memberId: 'a',
        memberName: 'A',
        memberEmail: 'a@x.lu',
        kind: 'SMS',
        quantity: 3,
        unitPriceCents: 10,
        vatBasisPoints: 1700,
      },
      {
        memberId: 'a',
        memberName: 'A',
        memberEmail: 'a@x.lu',
        kind: 'REQUEST_SIMPLE',
        quantity: 1,
        unitPriceCents: 50,
        vatBasisPoints: 1700,
      },
    ]);
    // 30 × 17 % = 5.1 → 5 cents; 50 × 17 % = 8.5 → 9 cents.
    expect(statement.lines.map((l) => l.vat)).toEqual([0.05, 0.09]);
    expect(statement.totals).toEqual({ net: 0.8, vat: 0.14, gross: 0.94 });
    const csv = statementCsv(statement, 'de');
    expect(csv.startsWith('\uFEFFMonat;Mitglied;')).toBe(true);
    expect(csv.trimEnd().split('\r\n').at(-1)).toBe('2025-03;Gesamt;;;;;0,80;;0,14;0,94');
  });
});
