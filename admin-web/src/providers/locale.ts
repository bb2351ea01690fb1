import { DEFAULT_LOCALE, type Locale, isLocale } from '@esign/shared';

export { applyLocale, hasStoredLocale, showLocale, storedLocale } from '@esign/shared';

/** The locale react-admin reports, narrowed to ours. */
export function asLocale(value: string): Locale {
  return isLocale(value) ? value : DEFAULT_LOCALE;
}
