import { type Locale, dateTimeFormat } from '@esign/shared';

/** Fills `{name}` placeholders; unknown placeholders stay as they are, so a gap shows rather than hides. */
export function interpolate(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{(\w+)\}/g, (placeholder, name: string) => {
    const value = values[name];
    return value === undefined ? placeholder : String(value);
  });
}

/** The chamber's time zone: deadlines are said in Luxembourg time, wherever the signatory reads them. */
const TIME_ZONE = 'Europe/Luxembourg';

/** A date and time in the page's language, Luxembourg time (« 5 mars 2026 à 10:15 »); '' if unreadable. */
export function formatDateTime(iso: string, locale: Locale): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return dateTimeFormat(locale, {
    dateStyle: 'long',
    timeStyle: 'short',
    timeZone: TIME_ZONE,
  }).format(date);
}
