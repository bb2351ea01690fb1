import { LOCALES } from '@esign/shared';
import polyglotI18nProvider from 'ra-i18n-polyglot';
import { type I18nProvider } from 'react-admin';
import { LOCALE_NAMES, catalogs } from '../i18n';
import { applyLocale, asLocale, storedLocale } from './locale';

const initialLocale = storedLocale();
applyLocale(initialLocale);

const polyglot = polyglotI18nProvider(
  (locale) => catalogs[asLocale(locale)],
  initialLocale,
  LOCALES.map((locale) => ({ locale, name: LOCALE_NAMES[locale] })),
);

export const i18nProvider: I18nProvider = {
  ...polyglot,
  changeLocale: async (locale, options) => {
    await polyglot.changeLocale(locale, options);
    applyLocale(asLocale(locale));
  },
};
