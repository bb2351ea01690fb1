import { pageLanguage } from './locale-format';
import { DEFAULT_LOCALE, isLocale, type Locale } from './locales';

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

/** Whether this browser holds a language the person chose (in either front end). */
export function hasStoredLocale(): boolean {
  try {
    return isLocale(globalThis.localStorage?.getItem(LOCALE_STORAGE_KEY));
  } catch {
    return false;
  }
}

/** Tells assistive technologies which language the page is in, without remembering it as a choice. */
export function showLocale(locale: Locale): void {
  if (typeof document !== 'undefined') document.documentElement.lang = pageLanguage(locale);
}

/** Remembers the person's choice and shows the page in it. */
export function applyLocale(locale: Locale): void {
  showLocale(locale);
  try {
    globalThis.localStorage?.setItem(LOCALE_STORAGE_KEY, locale);
  } catch {
    // Private browsing may refuse storage; the choice then lasts for this page only.
  }
}
