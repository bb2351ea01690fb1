import { type Locale, intlLocale, runtimeKnowsLocale } from './locales';

/**
 * The `lang` of a page or an element in a locale: what screen readers and hyphenation go by. Luxembourgish is
 * `lb` whatever the runtime's `Intl` data, since the words on the page are Luxembourgish.
 */
export function pageLanguage(locale: Locale): string {
  switch (locale) {
    case 'fr':
      return 'fr-LU';
    case 'de':
      return 'de-LU';
    case 'lu':
      return 'lb';
    case 'en':
      return 'en-GB';
  }
}

/** Month and weekday names of Luxembourgish, for runtimes whose `Intl` has no data for it (Chromium's). */
const LB_MONTHS = {
  long: [
    'Januar',
    'Februar',
    'Mäerz',
    'Abrëll',
    'Mee',
    'Juni',
    'Juli',
    'August',
    'September',
    'Oktober',
    'November',
    'Dezember',
  ],
  short: ['Jan.', 'Feb.', 'Mäe.', 'Abr.', 'Mee', 'Juni', 'Juli', 'Aug.', 'Sep.', 'Okt.', 'Nov.', 'Dez.'],
} as const;
const LB_WEEKDAYS = {
  // Sunday first, as Date.getUTCDay counts.
  long: ['Sonndeg', 'Méindeg', 'Dënschdeg', 'Mëttwoch', 'Donneschdeg', 'Freideg', 'Samschdeg'],
  short: ['Son.', 'Méi.', 'Dën.', 'Mët.', 'Don.', 'Fre.', 'Sam.'],
} as const;

export interface DateTimeFormatter {
  format(date: Date | number): string;
}

type NameStyle = 'long' | 'short';

/**
 * German's names of months and weekdays, as the fallback formatter writes them, mapped to Luxembourgish:
 * found by formatting one date of each month and each weekday, in both styles and both the stand-alone and
 * in-date forms (`Mär`, `März`). Where a short German name equals a long one, the long Luxembourgish wins.
 */
function luxembourgishNames(): Map<string, string> {
  const names = new Map<string, string>();
  const named = (date: Date, options: Intl.DateTimeFormatOptions, type: 'month' | 'weekday') =>
    new Intl.DateTimeFormat('de-LU', { ...options, timeZone: 'UTC' })
      .formatToParts(date)
      .find((part) => part.type === type)?.value;
  for (const style of ['short', 'long'] as NameStyle[]) {
    for (let index = 0; index < 12; index++) {
      const date = new Date(Date.UTC(2024, index, 15));
      for (const options of [{ month: style }, { month: style, day: 'numeric' }] as const) {
        const german = named(date, options, 'month');
        if (german) names.set(german, LB_MONTHS[style][index] ?? german);
      }
    }
    for (let day = 0; day < 7; day++) {
      // 2024-09-01 was a Sunday.
      const date = new Date(Date.UTC(2024, 8, 1 + day));
      for (const options of [
        { weekday: style },
        { weekday: style, day: 'numeric', month: 'long' },
      ] as const) {
        const german = named(date, options, 'weekday');
        if (german) names.set(german, LB_WEEKDAYS[style][day] ?? german);
      }
    }
  }
  return names;
}

let luxembourgish: Map<string, string> | undefined;

/**
 * Making an `Intl.DateTimeFormat` loads the locale's data each time (milliseconds apiece, on the signing
 * page's critical path when every render made its own); one per locale and options is kept instead.
 */
const formats = new Map<string, Intl.DateTimeFormat>();

function cachedFormat(tag: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${tag}\u0000${JSON.stringify(options)}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(tag, options);
    // A bound: option sets are written in code, so this only guards against an unforeseen caller.
    if (formats.size >= 64) formats.clear();
    formats.set(key, format);
  }
  return format;
}

/**
 * `Intl.DateTimeFormat` in a locale's conventions. In Luxembourgish on a runtime without its data, the date
 * is laid out as German written in Luxembourg and its month and weekday names are Luxembourgish (« Mëttwoch,
 * 25. November 2026 »).
 */
export function dateTimeFormat(
  locale: Locale,
  options: Intl.DateTimeFormatOptions = {},
  knows: (tag: string) => boolean = runtimeKnowsLocale,
): DateTimeFormatter {
  const formatter = cachedFormat(intlLocale(locale, knows), options);
  if (locale !== 'lu' || knows('lb')) return formatter;
  const names = (luxembourgish ??= luxembourgishNames());
  return {
    format: (date) =>
      formatter
        .formatToParts(date)
        .map((part) =>
          part.type === 'month' || part.type === 'weekday'
            ? (names.get(part.value) ?? part.value)
            : part.value,
        )
        .join(''),
  };
}
