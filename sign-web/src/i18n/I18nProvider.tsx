import { type Locale } from '@esign/shared';
import { type ReactNode, createContext, useContext, useEffect, useMemo, useState } from 'react';
import { type Messages, catalogs } from './index';
import { applyLocale, storedLocale } from './locale';

interface I18nValue {
  locale: Locale;
  messages: Messages;
  setLocale: (locale: Locale) => void;
}

const I18nContext = createContext<I18nValue | null>(null);

export function I18nProvider({ children }: { children: ReactNode }) {
  const [locale, setLocale] = useState<Locale>(storedLocale);
  useEffect(() => {
    applyLocale(locale);
    document.title = catalogs[locale].app.title;
  }, [locale]);
  const value = useMemo(() => ({ locale, messages: catalogs[locale], setLocale }), [locale]);
  return <I18nContext.Provider value={value}>{children}</I18nContext.Provider>;
}

export function useI18n(): I18nValue {
  const value = useContext(I18nContext);
  if (!value) throw new Error('useI18n must be used inside <I18nProvider>');
  return value;
}
