import { BILLING_KIND_LABELS, type BillingLineKind, DEFAULT_LOCALE, type Locale } from '@esign/shared';

/** Every text of the monthly statement PDF, per language. */
export interface StatementTexts {
  title: string;
  /** `{month}` is the month's name and year in the language, e.g. "mai 2025". */
  period: string;
  /** `{date}` is the day the statement was drawn up. */
  issuedOn: string;
  issuer: string;
  recipient: string;
  vatNumber: string;
  registrationNumber: string;
  columns: {
    item: string;
    quantity: string;
    unitPrice: string;
    net: string;
    vatRate: string;
    vat: string;
    gross: string;
  };
  kinds: Record<BillingLineKind, string>;
  totalNet: string;
  totalVat: string;
  totalGross: string;
  empty: string;
  note: string;
  /** The footer of each page; `{page}` and `{pages}` are filled in when laid out. */
  page: string;
  /** The start of the download's name, before the month and the member. */
  fileName: string;
}

const fr: StatementTexts = {
  title: 'Relevé mensuel des coûts',
  period: 'Période : {month} (heure de Luxembourg)',
  issuedOn: 'Établi le {date}',
  issuer: 'Émetteur',
  recipient: 'Membre',
  vatNumber: 'N° TVA',
  registrationNumber: 'N° RCS',
  columns: {
    item: 'Prestation',
    quantity: 'Quantité',
    unitPrice: 'Prix unitaire HT',
    net: 'Montant HT',
    vatRate: 'Taux TVA',
    vat: 'TVA',
    gross: 'Montant TTC',
  },
  kinds: BILLING_KIND_LABELS.fr,
  totalNet: 'Total HT',
  totalVat: 'Total TVA',
  totalGross: 'Total TTC',
  empty: 'Aucune prestation pour cette période.',
  note: 'Montants en euros. La TVA est calculée par ligne, au taux en vigueur le jour de la prestation.',
  page: 'Page {page} / {pages}',
  fileName: 'Relevé',
};

const en: StatementTexts = {
  title: 'Monthly statement of costs',
  period: 'Period: {month} (Luxembourg time)',
  issuedOn: 'Issued on {date}',
  issuer: 'Issuer',
  recipient: 'Member',
  vatNumber: 'VAT no.',
  registrationNumber: 'Trade register no.',
  columns: {
    item: 'Item',
    quantity: 'Quantity',
    unitPrice: 'Unit price excl. VAT',
    net: 'Net',
    vatRate: 'VAT rate',
    vat: 'VAT',
    gross: 'Gross',
  },
  kinds: BILLING_KIND_LABELS.en,
  totalNet: 'Total excl. VAT',
  totalVat: 'Total VAT',
  totalGross: 'Total incl. VAT',
  empty: 'Nothing to bill for this period.',
  note: 'Amounts in euros. VAT is computed per line, at the rate in force on the day of the service.',
  page: 'Page {page} / {pages}',
  fileName: 'Statement',
};

const de: StatementTexts = {
  title: 'Monatliche Kostenaufstellung',
  period: 'Zeitraum: {month} (Luxemburger Zeit)',
  issuedOn: 'Erstellt am {date}',
  issuer: 'Aussteller',
  recipient: 'Mitglied',
  vatNumber: 'USt-IdNr.',
  registrationNumber: 'Handelsregisternr.',
  columns: {
    item: 'Leistung',
    quantity: 'Menge',
    unitPrice: 'Einzelpreis netto',
    net: 'Netto',
    vatRate: 'MwSt.-Satz',
    vat: 'MwSt.',
    gross: 'Brutto',
  },
  kinds: BILLING_KIND_LABELS.de,
  totalNet: 'Summe netto',
  totalVat: 'Summe MwSt.',
  totalGross: 'Summe brutto',
  empty: 'Keine Leistungen in diesem Zeitraum.',
  note: 'Beträge in Euro. Die MwSt. wird je Zeile berechnet, zum am Tag der Leistung geltenden Satz.',
  page: 'Seite {page} / {pages}',
  fileName: 'Abrechnung',
};

const lu: StatementTexts = {
  title: 'Monatlech Käschtenopstellung',
  period: 'Period: {month} (Lëtzebuerger Zäit)',
  issuedOn: 'Erstallt den {date}',
  issuer: 'Aussteller',
  recipient: 'Member',
  vatNumber: 'TVA-Nr.',
  registrationNumber: 'RCS-Nr.',
  columns: {
    item: 'Leeschtung',
    quantity: 'Zuel',
    unitPrice: 'Eenzelpräis ouni TVA',
    net: 'Netto',
    vatRate: 'TVA-Taux',
    vat: 'TVA',
    gross: 'Brutto',
  },
  kinds: BILLING_KIND_LABELS.lu,
  totalNet: 'Total ouni TVA',
  totalVat: 'Total TVA',
  totalGross: 'Total mat TVA',
  empty: 'Keng Leeschtungen an dëser Period.',
  note: 'Montanten an Euro. D’TVA gëtt pro Zeil gerechent, zum Taux deen um Dag vun der Leeschtung gëllt.',
  page: 'Säit {page} / {pages}',
  fileName: 'Ofrechnung',
};

const TEXTS: Record<Locale, StatementTexts> = { fr, en, de, lu };

export function statementTexts(locale: Locale | undefined): StatementTexts {
  return TEXTS[locale ?? DEFAULT_LOCALE];
}

/** `{name}` placeholders filled in from `values`. */
export function fillIn(text: string, values: Record<string, string | number>): string {
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole));
}
