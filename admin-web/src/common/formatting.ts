import { BILLING_TIME_ZONE, type Locale, intlLocale } from '@esign/shared';

/** Euro amounts in the interface language's conventions (`1 234,50 €`, `€1,234.50`). */
export function formatEuros(amount: number, locale: Locale): string {
  return new Intl.NumberFormat(intlLocale(locale), { style: 'currency', currency: 'EUR' }).format(amount);
}

export function formatCount(value: number, locale: Locale): string {
  return new Intl.NumberFormat(intlLocale(locale)).format(value);
}

/** A whole percentage (`67 %`, `67%`): the rate arrives rounded from the API. */
export function formatPercent(rate: number, locale: Locale): string {
  return new Intl.NumberFormat(intlLocale(locale), { style: 'percent', maximumFractionDigits: 0 }).format(
    rate / 100,
  );
}

/** `yyyy-mm` as a month name and year (`novembre 2026`), named in the language, not the browser's zone. */
export function formatMonth(month: string, locale: Locale, style: 'long' | 'short' = 'long'): string {
  const [year, mon] = month.split('-').map(Number) as [number, number];
  return new Intl.DateTimeFormat(intlLocale(locale), {
    month: style,
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(Date.UTC(year, mon - 1, 15)));
}

/** The current month in Luxembourg, `yyyy-mm`, which is what the server bills by. */
export function currentBillingMonth(now: Date = new Date()): string {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone: BILLING_TIME_ZONE,
    year: 'numeric',
    month: '2-digit',
  }).formatToParts(now);
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('year')}-${part('month')}`;
}

/** Today's Luxembourg day, `yyyy-mm-dd`: the earliest day a new price list may start. */
export function todayInLuxembourg(now: Date = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: BILLING_TIME_ZONE }).format(now);
}

/** Euros typed by an administrator (`1,50` or `1.50`) to cents; `null` when it is not an amount. */
export function eurosToCents(text: string): number | null {
  const normalised = text.trim().replace(/\s/g, '').replace(',', '.');
  if (!/^\d{1,4}(\.\d{1,2})?$/.test(normalised)) return null;
  return Math.round(Number(normalised) * 100);
}
