import { DEFAULT_LOCALE, type Locale, intlLocale, isLocale } from '@esign/shared';

/** Shared with the back office, which lives on the same origin. */
const LOCALE_STORAGE_KEY = 'esign.locale';

export function storedLocale(): Locale {
  try {
    const value = window.localStorage.getItem(LOCALE_STORAGE_KEY);
    return isLocale(value) ? value : DEFAULT_LOCALE;
  } catch {
    return DEFAULT_LOCALE;
  }
}

/** Remembers the choice and tells assistive technologies which language the page is in. */
export function applyLocale(locale: Locale): void {
  document.documentElement.lang = intlLocale(locale);
  try {
    window.localStorage.setItem(LOCALE_STORAGE_KEY, locale);
  } catch {
    // Private browsing may refuse storage; the choice then lasts for this page only.
  }
}
