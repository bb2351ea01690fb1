/**
 * Amounts "en toutes lettres" and dates as French deeds write them. Traditional spelling, as notaries
 * still use it: hyphens below one hundred only, "vingt et un", "quatre-vingts", "deux cents" but
 * "deux cent mille". France and Luxembourg say "soixante-dix" and "quatre-vingt-dix" (not "septante").
 */

const UNITS = [
  'zéro',
  'un',
  'deux',
  'trois',
  'quatre',
  'cinq',
  'six',
  'sept',
  'huit',
  'neuf',
  'dix',
  'onze',
  'douze',
  'treize',
  'quatorze',
  'quinze',
  'seize',
] as const;
const TENS: Readonly<Record<number, string>> = {
  2: 'vingt',
  3: 'trente',
  4: 'quarante',
  5: 'cinquante',
  6: 'soixante',
};

const unit = (n: number): string => UNITS[n] ?? '';

/** 1 to 99. `final`: nothing invariable follows, so "quatre-vingts" keeps its s. */
function belowHundred(n: number, final: boolean): string {
  if (n < 17) return unit(n);
  if (n < 20) return `dix-${unit(n - 10)}`;
  const ten = Math.floor(n / 10);
  const rest = n % 10;
  if (ten === 7) return n === 71 ? 'soixante et onze' : `soixante-${belowHundred(n - 60, final)}`;
  if (ten === 8 || ten === 9) {
    if (n === 80) return final ? 'quatre-vingts' : 'quatre-vingt';
    return `quatre-vingt-${belowHundred(n - 80, final)}`;
  }
  const base = TENS[ten] ?? '';
  if (rest === 0) return base;
  return rest === 1 ? `${base} et un` : `${base}-${unit(rest)}`;
}

/** 1 to 999. */
function belowThousand(n: number, final: boolean): string {
  const hundreds = Math.floor(n / 100);
  const rest = n % 100;
  const parts: string[] = [];
  if (hundreds === 1) parts.push('cent');
  if (hundreds > 1) parts.push(`${unit(hundreds)} ${rest === 0 && final ? 'cents' : 'cent'}`);
  if (rest > 0) parts.push(belowHundred(rest, final));
  return parts.join(' ');
}

/** "million" and "milliard" are nouns: they take an s, and the number before them stays "final". */
function scaled(count: number, noun: string): string {
  return `${belowThousand(count, true)} ${noun}${count > 1 ? 's' : ''}`;
}

/** A whole number from 0 to 999 999 999 999 in words. */
export function numberInFrenchWords(n: number): string {
  if (!Number.isSafeInteger(n) || n < 0 || n >= 1e12) throw new RangeError(`out of range: ${n}`);
  if (n === 0) return 'zéro';
  const billions = Math.floor(n / 1e9);
  const millions = Math.floor(n / 1e6) % 1000;
  const thousands = Math.floor(n / 1000) % 1000;
  const rest = n % 1000;
  const parts: string[] = [];
  if (billions > 0) parts.push(scaled(billions, 'milliard'));
  if (millions > 0) parts.push(scaled(millions, 'million'));
  // "mille" is invariable and never preceded by "un".
  if (thousands === 1) parts.push('mille');
  if (thousands > 1) parts.push(`${belowThousand(thousands, false)} mille`);
  if (rest > 0) parts.push(belowThousand(rest, true));
  return parts.join(' ');
}

function euros(whole: number): string {
  const words = numberInFrenchWords(whole);
  // "un million d'euros", as for any noun of quantity.
  if (/(million|milliard)s?$/.test(words)) return `${words} d'euros`;
  return `${words} ${whole > 1 ? 'euros' : 'euro'}`;
}

/** An amount in cents, in words: 25_000_050 → "deux cent cinquante mille euros et cinquante centimes". */
export function amountInFrenchWords(cents: number): string {
  if (!Number.isSafeInteger(cents) || cents < 0) throw new RangeError(`not an amount in cents: ${cents}`);
  const whole = Math.floor(cents / 100);
  const fraction = cents % 100;
  const centimes = `${numberInFrenchWords(fraction)} ${fraction > 1 ? 'centimes' : 'centime'}`;
  if (fraction === 0) return euros(whole);
  return whole === 0 ? centimes : `${euros(whole)} et ${centimes}`;
}

/** Euros (as typed, up to two decimals) to whole cents, without binary rounding surprises. */
export function toCents(amount: number): number {
  return Math.round(amount * 100);
}

const MONTHS = [
  'janvier',
  'février',
  'mars',
  'avril',
  'mai',
  'juin',
  'juillet',
  'août',
  'septembre',
  'octobre',
  'novembre',
  'décembre',
] as const;

/** `2026-03-12` → "12 mars 2026"; the first of the month is "1er". Anything else is returned as is. */
export function formatFrenchDate(isoDate: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(isoDate);
  const month = match ? MONTHS[Number(match[2]) - 1] : undefined;
  if (!match || !month) return isoDate;
  const day = Number(match[3]);
  return `${day === 1 ? '1er' : day} ${month} ${match[1]}`;
}
