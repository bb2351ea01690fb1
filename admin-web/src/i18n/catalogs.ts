import { type Locale } from '@esign/shared';
import { de } from './de';
import { en } from './en';
import { fr, type Messages } from './fr';
import { lu } from './lu';

/** Every catalog at once (tests compare them); the app loads one at a time (see loadCatalog). */
export const catalogs: Record<Locale, Messages> = { fr, en, de, lu };
