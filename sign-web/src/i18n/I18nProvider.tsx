import { type Locale, applyLocale, hasStoredLocale, pageLanguage, storedLocale } from '@esign/shared';
import {
  type ReactNode,
  createContext,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { type Messages, loadCatalog, loadedCatalog } from './index';

interface I18nValue {
  /** The language the page is written in. */
  locale: Locale;
  /** The language asked for last: the page switches to it once its messages have loaded. */
  selectedLocale: Locale;
  messages: Messages;
  /** The person's own choice: remembered in this browser. */
  setLocale: (locale: Locale) => void;
  /** A language the data suggests (the signatory's): used only if the person never chose one. */
  suggestLocale: (locale: Locale) => void;
}

const I18nContext = createContext<I18nValue | null>(null);

interface LanguageState {
  /** The language the page is written in, and its messages. */
  locale: Locale;
  messages: Messages;
  /** The language asked for last. */
  selected: Locale;
}

function initialState(): LanguageState {
  const stored = storedLocale();
  // bootstrap.tsx loads a remembered language's messages before the app renders.
  const messages = loadedCatalog(stored);
  if (messages) return { locale: stored, messages, selected: stored };
  const french = loadedCatalog('fr') as Messages;
  return { locale: 'fr', messages: french, selected: 'fr' };
}

/**
 * The page's language. A language whose messages are not here yet (only French comes with the app) keeps
 * the page in the language it is in until they arrive, then switches: never a page of raw keys. If they
 * cannot be loaded (offline), the page stays readable in its current language and can be asked again.
 */
export function I18nProvider({ children }: { children: ReactNode }) {
  const [state, setState] = useState<LanguageState>(initialState);
  const chosen = useRef(hasStoredLocale());
  /** The language asked for last, for answers that arrive after a later choice. */
  const latest = useRef<Locale | null>(null);

  const show = useCallback((next: Locale) => {
    latest.current = next;
    const messages = loadedCatalog(next);
    if (messages) {
      setState((current) =>
        current.locale === next && current.selected === next
          ? current
          : { locale: next, messages, selected: next },
      );
      return;
    }
    setState((current) => ({ ...current, selected: next }));
    loadCatalog(next).then(
      (loaded) => {
        if (latest.current === next) setState({ locale: next, messages: loaded, selected: next });
      },
      () => {
        if (latest.current !== next) return;
        latest.current = null;
        setState((current) => ({ ...current, selected: current.locale }));
      },
    );
  }, []);

  useEffect(() => {
    document.documentElement.lang = pageLanguage(state.locale);
    document.title = state.messages.app.title;
  }, [state.locale, state.messages]);

  const setLocale = useCallback(
    (next: Locale) => {
      applyLocale(next);
      chosen.current = true;
      show(next);
    },
    [show],
  );
  const suggestLocale = useCallback(
    (next: Locale) => {
      if (chosen.current || next === latest.current) return;
      show(next);
    },
    [show],
  );
  const value = useMemo(
    () => ({
      locale: state.locale,
      selectedLocale: state.selected,
      messages: state.messages,
      setLocale,
      suggestLocale,
    }),
    [state, setLocale, suggestLocale],
  );
  return <I18nContext.Provider value={value}>{children}</I18nContext.Provider>;
}

export function useI18n(): I18nValue {
  const value = useContext(I18nContext);
  if (!value) throw new Error('useI18n must be used inside <I18nProvider>');
  return value;
}
