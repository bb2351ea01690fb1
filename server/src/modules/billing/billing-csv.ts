import { type BillingStatement, type Locale } from '@esign/shared';
import { statementTexts } from './statement-texts';

interface CsvTexts {
  header: [string, string, string, string, string, string, string, string, string, string];
  total: string;
}

const TEXTS: Record<Locale, CsvTexts> = {
  fr: {
    header: [
      'Mois',
      'Membre',
      'E-mail',
      'Prestation',
      'Quantité',
      'Prix unitaire HT (EUR)',
      'Montant HT (EUR)',
      'Taux TVA (%)',
      'TVA (EUR)',
      'Montant TTC (EUR)',
    ],
    total: 'Total',
  },
  en: {
    header: [
      'Month',
      'Member',
      'E-mail',
      'Item',
      'Quantity',
      'Unit price excl. VAT (EUR)',
      'Net (EUR)',
      'VAT rate (%)',
      'VAT (EUR)',
      'Gross (EUR)',
    ],
    total: 'Total',
  },
  de: {
    header: [
      'Monat',
      'Mitglied',
      'E-Mail',
      'Leistung',
      'Menge',
      'Einzelpreis netto (EUR)',
      'Netto (EUR)',
      'MwSt.-Satz (%)',
      'MwSt. (EUR)',
      'Brutto (EUR)',
    ],
    total: 'Gesamt',
  },
  lu: {
    header: [
      'Mount',
      'Member',
      'E-Mail',
      'Leeschtung',
      'Quantitéit',
      'Eenzelpräis ouni TVA (EUR)',
      'Netto (EUR)',
      'TVA-Taux (%)',
      'TVA (EUR)',
      'Brutto (EUR)',
    ],
    total: 'Total',
  },
};

/** Two decimals with a decimal comma and no grouping, which French and German spreadsheets read as numbers. */
export function csvDecimal(value: number): string {
  return value.toFixed(2).replace('.', ',');
}

/**
 * A text cell made inert and well delimited: a spreadsheet runs a cell starting with = + - @ (or a tab or
 * carriage return before one) as a formula, so such cells get a leading apostrophe (OWASP CSV injection).
 */
export function csvText(value: string): string {
  const inert = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[";\r\n]/.test(inert) ? `"${inert.replace(/"/g, '""')}"` : inert;
}

/** UTF-8 with a byte-order mark, so Excel picks the right encoding; CRLF line ends as RFC 4180 says. */
export function statementCsv(statement: BillingStatement, locale: Locale): string {
  const texts = TEXTS[locale];
  // The items are named as on the PDF statement, so both documents of a month read alike.
  const kinds = statementTexts(locale).kinds;
  const rows = [
    texts.header.map(csvText),
    ...statement.lines.map((line) => [
      statement.month,
      csvText(line.memberName),
      csvText(line.memberEmail),
      csvText(kinds[line.kind]),
      String(line.quantity),
      csvDecimal(line.unitPrice),
      csvDecimal(line.net),
      csvDecimal(line.vatRatePercent),
      csvDecimal(line.vat),
      csvDecimal(line.gross),
    ]),
    [
      statement.month,
      csvText(texts.total),
      '',
      '',
      '',
      '',
      csvDecimal(statement.totals.net),
      '',
      csvDecimal(statement.totals.vat),
      csvDecimal(statement.totals.gross),
    ],
  ];
  return `\uFEFF${rows.map((row) => row.join(';')).join('\r\n')}\r\n`;
}
