import { type Locale, applyLocale, hasStoredLocale, pageLanguage, storedLocale } from '@esign/shared';
import { type ReactNode, createContext, useCallback, useContext, useEffect, useMemo, useState } from 'react';
import { type Messages, catalogs } from './index';

interface I18nValue {
  locale: Locale;
  messages: Messages;
  /** The person's own choice: remembered in this browser. */
  setLocale: (locale: Locale) => void;
  /** A language the data suggests (the signatory's): used only if the person never chose one. */
  suggestLocale: (locale: Locale) => void;
}

const I18nContext = createContext<I18nValue | null>(null);

interface LocaleChoice {
  locale: Locale;
  chosen: boolean;
}

export function I18nProvider({ children }: { children: ReactNode }) {
  const [choice, setChoice] = useState<LocaleChoice>(() => ({
    locale: storedLocale(),
    chosen: hasStoredLocale(),
  }));
  const { locale } = choice;
  useEffect(() => {
    document.documentElement.lang = pageLanguage(locale);
    document.title = catalogs[locale].app.title;
  }, [locale]);
  const setLocale = useCallback((next: Locale) => {
    applyLocale(next);
    setChoice({ locale: next, chosen: true });
  }, []);
  const suggestLocale = useCallback((next: Locale) => {
    setChoice((previous) => (previous.chosen ? previous : { locale: next, chosen: false }));
  }, []);
  const value = useMemo(
    () => ({ locale, messages: catalogs[locale], setLocale, suggestLocale }),
    [locale, setLocale, suggestLocale],
  );
  return <I18nContext.Provider value={value}>{children}</I18nContext.Provider>;
}

export function useI18n(): I18nValue {
  const value = useContext(I18nContext);
  if (!value) throw new Error('useI18n must be used inside <I18nProvider>');
  return value;
}
