import { type Locale } from './locales';
/** Billing months are calendar months in Luxembourg time, whatever the server's or the browser's zone. */
export const BILLING_TIME_ZONE = 'Europe/Luxembourg';

/** What is metered: a request completed, by signature type, and a one-time code texted. */
export const METERED_KINDS = ['REQUEST_SIMPLE', 'REQUEST_ADVANCED', 'REQUEST_QUALIFIED', 'SMS'] as const;
export type MeteredKind = (typeof METERED_KINDS)[number];

/** A statement line is a metered kind, or the monthly fee of an active member account. */
export const BILLING_LINE_KINDS = [...METERED_KINDS, 'MONTHLY_FEE'] as const;
export type BillingLineKind = (typeof BILLING_LINE_KINDS)[number];

/** What each line bills, as statements (PDF, CSV) and the back office name it, per interface language. */
export const BILLING_KIND_LABELS: Record<Locale, Record<BillingLineKind, string>> = {
  fr: {
    REQUEST_SIMPLE: 'Demande de signature simple',
    REQUEST_ADVANCED: 'Demande de signature avancée',
    REQUEST_QUALIFIED: 'Demande de signature qualifiée',
    SMS: 'SMS envoyé',
    MONTHLY_FEE: 'Forfait mensuel membre',
  },
  en: {
    REQUEST_SIMPLE: 'Simple signature request',
    REQUEST_ADVANCED: 'Advanced signature request',
    REQUEST_QUALIFIED: 'Qualified signature request',
    SMS: 'SMS sent',
    MONTHLY_FEE: 'Monthly member fee',
  },
  de: {
    REQUEST_SIMPLE: 'Einfache Signaturanfrage',
    REQUEST_ADVANCED: 'Fortgeschrittene Signaturanfrage',
    REQUEST_QUALIFIED: 'Qualifizierte Signaturanfrage',
    SMS: 'Gesendete SMS',
    MONTHLY_FEE: 'Monatliche Mitgliedsgebühr',
  },
  lu: {
    REQUEST_SIMPLE: 'Einfach Ënnerschrëftsufro',
    REQUEST_ADVANCED: 'Fortgeschratt Ënnerschrëftsufro',
    REQUEST_QUALIFIED: 'Qualifizéiert Ënnerschrëftsufro',
    SMS: 'Geschéckten SMS',
    MONTHLY_FEE: 'Monatleche Memberbäitrag',
  },
};

/** `yyyy-mm`, the month of a statement (year 1000 or later: the database has no year 0). */
export const BILLING_MONTH_PATTERN = /^([1-9]\d{3})-(0[1-9]|1[0-2])$/;

export function isBillingMonth(value: string): boolean {
  return BILLING_MONTH_PATTERN.test(value);
}

/** A price list as stored: amounts in euro cents, the VAT rate in percent (e.g. 17). */
export interface PriceListView {
  id: string;
  /** `yyyy-mm-dd`, a Luxembourg calendar day. */
  effectiveFrom: string;
  simpleRequestCents: number;
  advancedRequestCents: number;
  qualifiedRequestCents: number;
  smsCents: number;
  /** `null` when members pay no monthly fee. */
  memberMonthlyFeeCents: number | null;
  vatRatePercent: number;
  createdAt: string;
}

/** Body of `POST /api/billing/prices`: a new price list, from today or a later day. */
export type PriceListInput = Omit<PriceListView, 'id' | 'createdAt'>;

/** Amounts in euros with cents (two decimals); the server computes them from integer cents. */
export interface BillingAmounts {
  net: number;
  vat: number;
  gross: number;
}

export interface BillingLine extends BillingAmounts {
  memberId: string;
  memberName: string;
  memberEmail: string;
  kind: BillingLineKind;
  quantity: number;
  unitPrice: number;
  vatRatePercent: number;
}

export interface MemberBillingTotals extends BillingAmounts {
  memberId: string;
  memberName: string;
}

/** `GET /api/billing/{yyyy-mm}`: one member's month, or every member's for an administrator. */
export interface BillingStatement {
  month: string;
  currency: 'EUR';
  /** The member the statement is limited to, or `null` for every member. */
  memberId: string | null;
  lines: BillingLine[];
  members: MemberBillingTotals[];
  totals: BillingAmounts;
}

/** Cents to euros, exact to the cent (avoids 0.1 + 0.2 drift by going through integers). */
export function centsToEuros(cents: number): number {
  return Math.round(cents) / 100;
}
