/** The interface languages. `lu` is Luxembourgish; Intl APIs know it as `lb`. */
export const LOCALES = ['fr', 'en', 'de', 'lu'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'fr';

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}

/** The BCP 47 tag to give `Intl` for a locale (formatting follows Luxembourg usage). */
export function intlLocale(locale: Locale): string {
  switch (locale) {
    case 'fr':
      return 'fr-LU';
    case 'de':
      return 'de-LU';
    case 'lu':
      return 'lb-LU';
    case 'en':
      return 'en-GB';
  }
}
