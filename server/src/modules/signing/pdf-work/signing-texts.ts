import type { Locale } from '@esign/shared';

/** The texts drawn in signature blocks and on the seal stamp, in the request's language. */
export interface SignatureBlockTexts {
  signedElectronically: string;
  /** The /Reason of an ADVANCED signature's dictionary. */
  advancedReason: string;
  /** The /Reason of a QUALIFIED signature's dictionary. */
  qualifiedReason: string;
  /** The seal stamp's line and the /Reason of the seal's signature dictionary. */
  electronicSeal: string;
}

const TEXTS: Record<Locale, SignatureBlockTexts> = {
  fr: {
    signedElectronically: 'Signé électroniquement',
    advancedReason: 'Signature électronique avancée',
    qualifiedReason: 'Signature électronique qualifiée',
    electronicSeal: 'Cachet électronique',
  },
  en: {
    signedElectronically: 'Signed electronically',
    advancedReason: 'Advanced electronic signature',
    qualifiedReason: 'Qualified electronic signature',
    electronicSeal: 'Electronic seal',
  },
  de: {
    signedElectronically: 'Elektronisch unterschrieben',
    advancedReason: 'Fortgeschrittene elektronische Signatur',
    qualifiedReason: 'Qualifizierte elektronische Signatur',
    electronicSeal: 'Elektronisches Siegel',
  },
  lu: {
    signedElectronically: 'Elektronesch ënnerschriwwen',
    advancedReason: 'Fortgeschratt elektronesch Ënnerschrëft',
    qualifiedReason: 'Qualifizéiert elektronesch Ënnerschrëft',
    electronicSeal: 'Elektronescht Siegel',
  },
};

export function signatureBlockTexts(language: Locale): SignatureBlockTexts {
  return TEXTS[language];
}

/** Times are shown where the chamber is, whatever the server's zone: Luxembourg law, Luxembourg time. */
export const DISPLAY_TIME_ZONE = 'Europe/Luxembourg';

/**
 * Intl tags by language, as @esign/shared's intlLocale says; repeated here because this file also runs in
 * PDF processes, which load compiled modules only (the shared package is imported for types alone).
 */
const INTL_TAGS: Record<Locale, string> = { fr: 'fr-LU', en: 'en-GB', de: 'de-LU', lu: 'lb-LU' };

/**
 * A date and time in Luxembourg, in the language's own order and separators, followed by the UTC offset
 * in effect then (a reader abroad, or a judge years later, must not have to guess summer time).
 */
export function formatDisplayTime(
  value: Date | string,
  language: Locale,
  options: { seconds?: boolean } = {},
): string {
  const date = typeof value === 'string' ? new Date(value) : value;
  if (Number.isNaN(date.getTime())) return '';
  const local = new Intl.DateTimeFormat(INTL_TAGS[language], {
    timeZone: DISPLAY_TIME_ZONE,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    ...(options.seconds ? { second: '2-digit' } : {}),
    hourCycle: 'h23',
  }).format(date);
  return `${local} (${utcOffset(date)})`;
}

/** "UTC+1", "UTC+2": the offset of Luxembourg time at `date`. */
export function utcOffset(date: Date): string {
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone: DISPLAY_TIME_ZONE,
    timeZoneName: 'shortOffset',
  }).formatToParts(date);
  const zone = parts.find((part) => part.type === 'timeZoneName')?.value ?? 'GMT';
  return zone.replace(/^GMT/, 'UTC').replace(/^UTC$/, 'UTC+0');
}

/** The lines of a visible signature block: who, that it was signed electronically, when, where. */
export function signatureBlockLines(
  signatory: { name: string; signedAt: Date | string; location: string },
  language: Locale,
  role?: string | null,
): string[] {
  return [
    role ? `${signatory.name} (${role})` : signatory.name,
    signatureBlockTexts(language).signedElectronically,
    formatDisplayTime(signatory.signedAt, language),
    signatory.location,
  ].filter((line) => line.trim() !== '');
}
