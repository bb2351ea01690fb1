import { type Locale } from '@esign/shared';
import { type Messages } from './fr';

export type { Messages };

/**
 * One language's messages, fetched when first needed: the first page carries only the language it is
 * shown in (each catalog, the back office's pages' texts included, is a chunk of its own).
 */
export function loadCatalog(locale: Locale): Promise<Messages> {
  switch (locale) {
    case 'fr':
      return import('./fr').then((module) => module.fr);
    case 'en':
      return import('./en').then((module) => module.en);
    case 'de':
      return import('./de').then((module) => module.de);
    case 'lu':
      return import('./lu').then((module) => module.lu);
  }
}

/** Each language named in itself, so people find theirs whatever the current language. */
export const LOCALE_NAMES: Record<Locale, string> = {
  fr: 'Français',
  en: 'English',
  de: 'Deutsch',
  lu: 'Lëtzebuergesch',
};
