import {
  type AdditionalInfo,
  BILLING_TIME_ZONE,
  type BillingStatement,
  type Locale,
  intlLocale,
  postalTown,
} from '@esign/shared';
import { ISSUER } from '../documents/templates/template-content';
import { fillIn, statementTexts } from './statement-texts';

/** The member a statement is addressed to, as the account holds them. */
export interface StatementMember {
  name: string;
  email: string;
  language: Locale;
  additionalInfo: AdditionalInfo;
}

/** A statement laid out as text, every figure already formatted in the member's language. */
export interface StatementDocument {
  /** BCP 47 tag of the text, recorded in the file for screen readers. */
  language: string;
  issuer: string;
  title: string;
  period: string;
  issuedOn: string;
  issuerLabel: string;
  recipientLabel: string;
  recipient: { name: string; details: string[] };
  /** Item, quantity, unit price, net, VAT rate, VAT, gross. */
  columns: string[];
  rows: string[][];
  totals: { label: string; value: string; strong: boolean }[];
  /** Printed instead of the table when nothing was billed. */
  empty: string;
  note: string;
  /** `{page}` / `{pages}` placeholders, filled in per page. */
  pageLabel: string;
}

const text = (value: string | null | undefined): string => value?.trim() ?? '';

/** The company (or, without one, the account's name), its address and its registration numbers. */
function recipientOf(member: StatementMember, locale: Locale): StatementDocument['recipient'] {
  const texts = statementTexts(locale);
  const info = member.additionalInfo;
  const company = text(info.company?.name);
  const name = company || text(member.name) || member.email;
  const numbered = (label: string, value: string | null | undefined) =>
    text(value) ? `${label} ${text(value)}` : '';
  const details = [
    company && text(member.name) !== company ? text(member.name) : '',
    text(info.address?.addressLine1),
    text(info.address?.addressLine2),
    postalTown(info.address),
    text(info.address?.stateOrRegion),
    text(info.address?.country),
    numbered(texts.vatNumber, info.company?.vatNumber),
    numbered(texts.registrationNumber, info.company?.registrationNumber),
    text(info.email) || member.email,
  ];
  return { name, details: details.filter(Boolean) };
}

/** Euros with cents in the language's conventions: `1.234,50 €` (fr-LU, de-LU, lb-LU), `€1,234.50` (en). */
export function formatStatementEuros(amount: number, locale: Locale): string {
  return new Intl.NumberFormat(intlLocale(locale), {
    style: 'currency',
    currency: 'EUR',
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  }).format(amount);
}

/** `yyyy-mm` as a month name and year; mid-month in UTC, so no zone can move it to a neighbour. */
function formatMonth(month: string, locale: Locale): string {
  const [year, mon] = month.split('-').map(Number) as [number, number];
  const options: Intl.DateTimeFormatOptions = { month: 'long', year: 'numeric', timeZone: 'UTC' };
  return new Intl.DateTimeFormat(intlLocale(locale), options).format(new Date(Date.UTC(year, mon - 1, 15)));
}

/** The member's month as it prints: one row per line of the statement, then the totals. */
export function statementDocument(
  statement: BillingStatement,
  member: StatementMember,
  issuedAt: Date,
): StatementDocument {
  const locale = member.language;
  const texts = statementTexts(locale);
  const tag = intlLocale(locale);
  const euros = (amount: number) => formatStatementEuros(amount, locale);
  const count = new Intl.NumberFormat(tag);
  const rate = new Intl.NumberFormat(tag, { style: 'percent', maximumFractionDigits: 2 });
  const issuedOn = new Intl.DateTimeFormat(tag, { dateStyle: 'long', timeZone: BILLING_TIME_ZONE });
  const { columns } = texts;
  return {
    language: tag,
    issuer: ISSUER,
    title: texts.title,
    period: fillIn(texts.period, { month: formatMonth(statement.month, locale) }),
    issuedOn: fillIn(texts.issuedOn, { date: issuedOn.format(issuedAt) }),
    issuerLabel: texts.issuer,
    recipientLabel: texts.recipient,
    recipient: recipientOf(member, locale),
    columns: [
      columns.item,
      columns.quantity,
      columns.unitPrice,
      columns.net,
      columns.vatRate,
      columns.vat,
      columns.gross,
    ],
    rows: statement.lines.map((line) => [
      texts.kinds[line.kind],
      count.format(line.quantity),
      euros(line.unitPrice),
      euros(line.net),
      rate.format(line.vatRatePercent / 100),
      euros(line.vat),
      euros(line.gross),
    ]),
    totals: [
      { label: texts.totalNet, value: euros(statement.totals.net), strong: false },
      { label: texts.totalVat, value: euros(statement.totals.vat), strong: false },
      { label: texts.totalGross, value: euros(statement.totals.gross), strong: true },
    ],
    empty: texts.empty,
    note: texts.note,
    pageLabel: texts.page,
  };
}

/** The download's name in the member's language: `Relevé 2025-05 Agence du Sud.pdf`. */
export function statementFileName(statement: BillingStatement, member: StatementMember): string {
  const texts = statementTexts(member.language);
  return `${texts.fileName} ${statement.month} ${recipientOf(member, member.language).name}.pdf`;
}
