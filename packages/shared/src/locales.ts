/** The interface languages. `lu` is Luxembourgish; Intl APIs know it as `lb`. */
export const LOCALES = ['fr', 'en', 'de', 'lu'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'fr';

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}

/**
 * Whether this runtime's `Intl` has data for a language. Browsers built with reduced locale data (Chromium
 * among them) have none for Luxembourgish and would format in their default language instead.
 */
export function runtimeKnowsLocale(tag: string): boolean {
  return (
    Intl.DateTimeFormat.supportedLocalesOf([tag]).length > 0 &&
    Intl.NumberFormat.supportedLocalesOf([tag]).length > 0
  );
}

/**
 * The BCP 47 tag to give `Intl` for a locale (formatting follows Luxembourg usage). Luxembourgish falls
 * back to German as written in Luxembourg where the runtime lacks it: the same number, date and currency
 * conventions, and month names a Luxembourgish reader reads as their own.
 */
export function intlLocale(locale: Locale, knows: (tag: string) => boolean = runtimeKnowsLocale): string {
  switch (locale) {
    case 'fr':
      return 'fr-LU';
    case 'de':
      return 'de-LU';
    case 'lu':
      return knows('lb') ? 'lb-LU' : 'de-LU';
    case 'en':
      return 'en-GB';
  }
}
