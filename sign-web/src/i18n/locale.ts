import { isLocale } from '@esign/shared';

export { applyLocale, storedLocale } from '@esign/shared';

// The key `storedLocale` and `applyLocale` use; the shared module does not say whether a choice was made.
const LOCALE_STORAGE_KEY = 'esign.locale';

/** Whether this browser holds a language the person chose (here or in the back office). */
export function hasStoredLocale(): boolean {
  try {
    return isLocale(globalThis.localStorage?.getItem(LOCALE_STORAGE_KEY));
  } catch {
    return false;
  }
}
