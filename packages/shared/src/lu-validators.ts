/**
 * Luxembourg identifiers. Shared so the back office refuses a value as it is typed and
 * the server refuses the same value again; each check is the published algorithm, not just a pattern.
 */

// Verhoeff tables: the dihedral group D5 multiplication, the position permutation and the inverses.
const VERHOEFF_MULTIPLY = [
  [0, 1, 2, 3, 4, 5, 6, 7, 8, 9],
  [1, 2, 3, 4, 0, 6, 7, 8, 9, 5],
  [2, 3, 4, 0, 1, 7, 8, 9, 5, 6],
  [3, 4, 0, 1, 2, 8, 9, 5, 6, 7],
  [4, 0, 1, 2, 3, 9, 5, 6, 7, 8],
  [5, 9, 8, 7, 6, 0, 4, 3, 2, 1],
  [6, 5, 9, 8, 7, 1, 0, 4, 3, 2],
  [7, 6, 5, 9, 8, 2, 1, 0, 4, 3],
  [8, 7, 6, 5, 9, 3, 2, 1, 0, 4],
  [9, 8, 7, 6, 5, 4, 3, 2, 1, 0],
];
const VERHOEFF_PERMUTE = [
  [0, 1, 2, 3, 4, 5, 6, 7, 8, 9],
  [1, 5, 7, 6, 2, 8, 3, 0, 9, 4],
  [5, 8, 0, 3, 7, 9, 6, 1, 4, 2],
  [8, 9, 1, 6, 0, 4, 3, 5, 2, 7],
  [9, 4, 5, 3, 1, 2, 6, 8, 7, 0],
  [4, 2, 8, 6, 5, 7, 3, 9, 0, 1],
  [2, 7, 9, 3, 8, 0, 6, 4, 1, 5],
  [7, 0, 4, 6, 9, 1, 3, 2, 5, 8],
];
const VERHOEFF_INVERSE = [0, 4, 3, 2, 1, 5, 6, 7, 8, 9];

function digitsOf(value: string): number[] {
  return [...value].map(Number);
}

/** The digit that makes `payload` + digit pass the Luhn (mod 10) check. */
export function luhnCheckDigit(payload: string): number {
  let sum = 0;
  digitsOf(payload)
    .reverse()
    .forEach((digit, index) => {
      const weighted = index % 2 === 0 ? digit * 2 : digit;
      sum += weighted > 9 ? weighted - 9 : weighted;
    });
  return (10 - (sum % 10)) % 10;
}

/** The digit that makes `payload` + digit pass the Verhoeff check. */
export function verhoeffCheckDigit(payload: string): number {
  let check = 0;
  digitsOf(payload)
    .reverse()
    .forEach((digit, index) => {
      check = VERHOEFF_MULTIPLY[check]?.[VERHOEFF_PERMUTE[(index + 1) % 8]?.[digit] ?? 0] ?? 0;
    });
  return VERHOEFF_INVERSE[check] ?? 0;
}

/** `YYYYMMDD` naming a real calendar day. */
export function isCalendarDate(year: number, month: number, day: number): boolean {
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

const stripSeparators = (value: string): string => value.replace(/[\s.\-/]/g, '');

/**
 * The 13-digit national identification number (matricule): birth date YYYYMMDD, a 3-digit serial, then
 * a Luhn and a Verhoeff check digit, both computed over the first 11 digits.
 */
export function isValidMatriculeLu(value: string): boolean {
  const matricule = stripSeparators(value);
  if (!/^\d{13}$/.test(matricule)) return false;
  const payload = matricule.slice(0, 11);
  const year = Number(matricule.slice(0, 4));
  const month = Number(matricule.slice(4, 6));
  const day = Number(matricule.slice(6, 8));
  return (
    isCalendarDate(year, month, day) &&
    Number(matricule[11]) === luhnCheckDigit(payload) &&
    Number(matricule[12]) === verhoeffCheckDigit(payload)
  );
}

/** The birth date a valid matricule starts with, as `YYYY-MM-DD`. */
export function matriculeBirthDate(value: string): string {
  const matricule = stripSeparators(value);
  return `${matricule.slice(0, 4)}-${matricule.slice(4, 6)}-${matricule.slice(6, 8)}`;
}

/** Intra-community VAT number: `LU` + 8 digits, the last two being the first six modulo 89. */
export function isValidVatLu(value: string): boolean {
  const vat = stripSeparators(value).toUpperCase();
  const match = /^LU(\d{6})(\d{2})$/.exec(vat);
  if (!match) return false;
  return Number(match[1]) % 89 === Number(match[2]);
}

/** The member states' VAT prefixes (Greece is EL; XI is Northern Ireland's, under the Windsor Framework). */
const EU_VAT_PREFIXES = new Set([
  'AT',
  'BE',
  'BG',
  'CY',
  'CZ',
  'DE',
  'DK',
  'EE',
  'EL',
  'ES',
  'FI',
  'FR',
  'HR',
  'HU',
  'IE',
  'IT',
  'LT',
  'LV',
  'MT',
  'NL',
  'PL',
  'PT',
  'RO',
  'SE',
  'SI',
  'SK',
  'XI',
]);

/** A VAT number as stored: separators dropped, upper case ("lu 150.274.42" → "LU15027442"). */
export function normalizeVatNumber(value: string): string {
  return stripSeparators(value).toUpperCase();
}

/**
 * The one VAT rule of the product, for the member's profile and every template: a Luxembourg number with
 * its check digits, or another member state's number in its general shape (prefix, 2 to 12 characters).
 */
export function isValidVatNumber(value: string): boolean {
  const vat = normalizeVatNumber(value);
  if (vat.startsWith('LU')) return isValidVatLu(vat);
  return EU_VAT_PREFIXES.has(vat.slice(0, 2)) && /^[0-9A-Z+*]{2,12}$/.test(vat.slice(2));
}

/** `L-1234`, `L1234` or `1234`, stored as the four digits. */
export function normalizePostalCodeLu(value: string): string | null {
  const match = /^(?:L-?)?(\d{4})$/i.exec(value.trim());
  return match?.[1] ?? null;
}

export function isValidPostalCodeLu(value: string): boolean {
  return normalizePostalCodeLu(value) !== null;
}

/** Trade and companies register number, e.g. "B 278.900" → "B278900". */
export function normalizeRcsLu(value: string): string | null {
  const rcs = value.replace(/[\s.]/g, '').toUpperCase();
  return /^[A-Z]\d{1,6}$/.test(rcs) ? rcs : null;
}

export function isValidRcsLu(value: string): boolean {
  return normalizeRcsLu(value) !== null;
}

/** IBAN lengths of the countries a Luxembourg property deal usually involves; others get the ISO bounds. */
const IBAN_LENGTHS: Readonly<Record<string, number>> = {
  LU: 20,
  BE: 16,
  DE: 22,
  FR: 27,
  NL: 18,
  PT: 25,
  IT: 27,
  ES: 24,
  CH: 21,
  AT: 20,
  GB: 22,
  IE: 22,
  MC: 27,
  PL: 28,
};

function ibanRemainder(iban: string): number {
  const rearranged = iban.slice(4) + iban.slice(0, 4);
  let remainder = 0;
  for (const character of rearranged) {
    const code = character.charCodeAt(0);
    // Letters count as 10..35, which is two decimal digits.
    const chunk = code >= 65 ? String(code - 55) : character;
    for (const digit of chunk) remainder = (remainder * 10 + Number(digit)) % 97;
  }
  return remainder;
}

/** ISO 13616: country, two check digits, the account; mod 97 of the rearranged number is 1. */
export function isValidIban(value: string): boolean {
  const iban = value.replace(/\s/g, '').toUpperCase();
  if (!/^[A-Z]{2}\d{2}[A-Z0-9]{11,30}$/.test(iban)) return false;
  const expectedLength = IBAN_LENGTHS[iban.slice(0, 2)];
  if (expectedLength !== undefined && iban.length !== expectedLength) return false;
  if (iban.startsWith('LU') && !/^LU\d{5}[A-Z0-9]{13}$/.test(iban)) return false;
  return ibanRemainder(iban) === 1;
}

/** Groups of four, as printed on statements. */
export function formatIban(value: string): string {
  return value
    .replace(/\s/g, '')
    .toUpperCase()
    .replace(/(.{4})(?=.)/g, '$1 ');
}

/** A parcel number on the cadastral plan: up to five digits, optionally "/" and up to five more ("143/1012"). */
export function isValidCadastralParcel(value: string): boolean {
  return /^\d{1,5}(\/\d{1,5})?$/.test(value.replace(/\s/g, ''));
}
