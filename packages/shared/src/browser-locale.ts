import { DEFAULT_LOCALE, intlLocale, isLocale, type Locale } from './locales';

/** One key for both front ends: they live on the same origin, so a choice made in one holds in the other. */
const LOCALE_STORAGE_KEY = 'esign.locale';

/** The language chosen earlier in this browser, or French. */
export function storedLocale(): Locale {
  try {
    const value = globalThis.localStorage?.getItem(LOCALE_STORAGE_KEY);
    return isLocale(value) ? value : DEFAULT_LOCALE;
  } catch {
    return DEFAULT_LOCALE;
  }
}

/** Remembers the choice and tells assistive technologies which language the page is in. */
export function applyLocale(locale: Locale): void {
  if (typeof document !== 'undefined') document.documentElement.lang = intlLocale(locale);
  try {
    globalThis.localStorage?.setItem(LOCALE_STORAGE_KEY, locale);
  } catch {
    // Private browsing may refuse storage; the choice then lasts for this page only.
  }
}
