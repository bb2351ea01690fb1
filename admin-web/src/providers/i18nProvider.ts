import { FRENCH_VALUE_MARK, LOCALES, elideBeforeMarkedValues } from '@esign/shared';
import polyglotI18nProvider from 'ra-i18n-polyglot';
import { type I18nProvider } from 'react-admin';
import { LOCALE_NAMES, catalogs } from '../i18n';
import { applyLocale, asLocale, showLocale, storedLocale } from './locale';

const initialLocale = storedLocale();
// Shown, not remembered: only a choice the person makes is kept (see `useFinishSignIn`).
showLocale(initialLocale);

const polyglot = polyglotI18nProvider(
  (locale) => catalogs[asLocale(locale)],
  initialLocale,
  LOCALES.map((locale) => ({ locale, name: LOCALE_NAMES[locale] })),
);

/** Each text value marked, so the French message elides the « de » or « que » before it (« d’octobre »). */
function markValues(options: unknown): unknown {
  if (typeof options !== 'object' || options === null) return options;
  return Object.fromEntries(
    Object.entries(options).map(([name, value]) => [
      name,
      typeof value === 'string' && name !== '_' ? `${FRENCH_VALUE_MARK}${value}` : value,
    ]),
  );
}

/**
 * The interface language only: the account's language, which e-mails and SMS use, is set on the profile
 * page. A session opened in a browser where nobody chose a language takes the account's.
 */
export const i18nProvider: I18nProvider = {
  ...polyglot,
  translate: (key, options) =>
    polyglot.getLocale() === 'fr'
      ? elideBeforeMarkedValues(polyglot.translate(key, markValues(options) as typeof options))
      : polyglot.translate(key, options),
  changeLocale: async (locale, options) => {
    await polyglot.changeLocale(locale, options);
    applyLocale(asLocale(locale));
  },
};
