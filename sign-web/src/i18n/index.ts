import { type Locale } from '@esign/shared';
import { de } from './de';
import { en } from './en';
import { fr, type Messages } from './fr';
import { lu } from './lu';

export type { Messages };

export const catalogs: Record<Locale, Messages> = { fr, en, de, lu };

/** Each language named in itself, so people find theirs whatever the current language. */
export const LOCALE_NAMES: Record<Locale, string> = {
  fr: 'Français',
  en: 'English',
  de: 'Deutsch',
  lu: 'Lëtzebuergesch',
};
