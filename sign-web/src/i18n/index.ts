import { type Locale } from '@esign/shared';
import { fr, type Messages } from './fr';

export type { Messages };

/**
 * French, the page's default and most signatories' language, comes with the app; the others are loaded
 * when asked for (about 5 KB compressed each, three of them), so a signatory downloads only their own.
 */
const loaders: Record<Exclude<Locale, 'fr'>, () => Promise<Messages>> = {
  en: () => import('./en').then((module) => module.en),
  de: () => import('./de').then((module) => module.de),
  lu: () => import('./lu').then((module) => module.lu),
};

const loaded = new Map<Locale, Messages>([['fr', fr]]);
const loading = new Map<Locale, Promise<Messages>>();

/** The language's messages if they are here, to draw with now. */
export function loadedCatalog(locale: Locale): Messages | undefined {
  return loaded.get(locale);
}

/** The language's messages, loaded once; a failed load (offline) is tried again on the next call. */
export function loadCatalog(locale: Locale): Promise<Messages> {
  const known = loaded.get(locale);
  if (known) return Promise.resolve(known);
  let pending = loading.get(locale);
  if (!pending) {
    pending = loaders[locale as Exclude<Locale, 'fr'>]().then(
      (messages) => {
        loaded.set(locale, messages);
        loading.delete(locale);
        return messages;
      },
      (error: unknown) => {
        loading.delete(locale);
        throw error;
      },
    );
    loading.set(locale, pending);
  }
  return pending;
}

/** Each language named in itself, so people find theirs whatever the current language. */
export const LOCALE_NAMES: Record<Locale, string> = {
  fr: 'Français',
  en: 'English',
  de: 'Deutsch',
  lu: 'Lëtzebuergesch',
};
