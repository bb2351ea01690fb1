import { FRENCH_VALUE_MARK, LOCALES, type Locale, elideBeforeMarkedValues } from '@esign/shared';
import polyglotI18nProvider from 'ra-i18n-polyglot';
import { type I18nProvider } from 'react-admin';
import { LOCALE_NAMES, type Messages, loadCatalog } from '../i18n';
import { applyLocale, asLocale, showLocale, storedLocale } from './locale';

const initialLocale = storedLocale();
// Shown, not remembered: only a choice the person makes is kept (see `useFinishSignIn`).
showLocale(initialLocale);

const loaded = new Map<Locale, Messages>();
let polyglot: I18nProvider | null = null;

/** The first page's catalog, before anything renders: react-admin translates synchronously. */
export async function loadInitialLanguage(): Promise<void> {
  loaded.set(initialLocale, await loadCatalog(initialLocale));
  polyglot = polyglotI18nProvider(
    (locale) => {
      const wanted = asLocale(locale);
      return (
        loaded.get(wanted) ??
        loadCatalog(wanted).then((messages) => {
          loaded.set(wanted, messages);
          return messages;
        })
      );
    },
    initialLocale,
    LOCALES.map((locale) => ({ locale, name: LOCALE_NAMES[locale] })),
  );
}

function ready(): I18nProvider {
  if (!polyglot) throw new Error('loadInitialLanguage() must finish before the first translation');
  return polyglot;
}

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
  translate: (key, options) =>
    ready().getLocale() === 'fr'
      ? elideBeforeMarkedValues(ready().translate(key, markValues(options) as typeof options))
      : ready().translate(key, options),
  changeLocale: async (locale, options) => {
    await ready().changeLocale(locale, options);
    applyLocale(asLocale(locale));
  },
  getLocale: () => ready().getLocale(),
  getLocales: () => ready().getLocales?.() ?? [],
};
