import { LOCALES } from '@esign/shared';
import polyglotI18nProvider from 'ra-i18n-polyglot';
import { type I18nProvider } from 'react-admin';
import { LOCALE_NAMES, catalogs } from '../i18n';
import { currentIdToken } from './cognito';
import { httpClient } from './httpClient';
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
    void rememberOnAccount(asLocale(locale));
  },
};

/** The account keeps the choice too, so e-mails and SMS arrive in it; signed out, only the browser does. */
async function rememberOnAccount(locale: string): Promise<void> {
  try {
    if (!(await currentIdToken())) return;
    await httpClient('/api/users/me/language', {
      method: 'POST',
      body: JSON.stringify({ language: locale }),
    });
  } catch (error) {
    // The interface already switched; a lost preference on the account is not worth an error message.
    console.warn('The language could not be saved on the account', error);
  }
}
