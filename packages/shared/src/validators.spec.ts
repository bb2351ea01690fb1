import { isValidEmail, isValidPassword } from './validators';
import { ERROR_STATUS, ErrorCode } from './errors';
import { intlLocale, isLocale, LOCALES, runtimeKnowsLocale } from './locales';
import { postalTown } from './users';

describe('isValidPassword', () => {
  it.each([
    ['Abcdefg1', true],
    ['abcdefg1', false],
    ['ABCDEFG1', false],
    ['Abcdefgh', false],
    ['Abc1', false],
    ['A1' + 'a'.repeat(48), true],
    ['A1' + 'a'.repeat(49), false],
  ])('%s is %s', (password, expected) => {
    expect(isValidPassword(password)).toBe(expected);
  });
});

describe('isValidEmail', () => {
  it('accepts an ordinary address and refuses malformed ones', () => {
    expect(isValidEmail('anne@agence.lu')).toBe(true);
    expect(isValidEmail('anne@agence')).toBe(false);
    expect(isValidEmail('anne agence@x.lu')).toBe(false);
    expect(isValidEmail('@x.lu')).toBe(false);
  });

  it.each([
    ['a right-to-left override', 'ul.tcartnoc\u202e@agence.lu'],
    ['a zero-width space', 'anne\u200b@agence.lu'],
    ['a zero-width joiner', 'an\u200dne@agence.lu'],
    ['a soft hyphen', 'an\u00adne@agence.lu'],
    ['a byte order mark', '\ufeffanne@agence.lu'],
    ['a tag character', 'anne@agence.lu\u{e0041}'],
    ['a Hangul filler', 'anne\u3164@agence.lu'],
    ['a variation selector', 'anne@agen\ufe0fce.lu'],
    ['a C1 control', 'anne\u0085@agence.lu'],
    ['a DEL', 'anne\u007f@agence.lu'],
  ])('refuses an address holding %s', (_label, email) => {
    expect(isValidEmail(email)).toBe(false);
  });

  it('accepts an address in another script', () => {
    expect(isValidEmail('zoé.ünal@agence.lu')).toBe(true);
    expect(isValidEmail('مریم@مثال.ایران')).toBe(true);
  });
});

describe('error table', () => {
  it('gives every code an HTTP status', () => {
    for (const code of Object.values(ErrorCode)) {
      expect(ERROR_STATUS[code]).toBeGreaterThanOrEqual(400);
    }
  });
});

describe('locales', () => {
  it('maps every locale to an Intl tag, Luxembourgish to lb', () => {
    const everything = () => true;
    expect(LOCALES.map((locale) => intlLocale(locale, everything))).toEqual([
      'fr-LU',
      'en-GB',
      'de-LU',
      'lb-LU',
    ]);
    expect(isLocale('lu')).toBe(true);
    expect(isLocale('lb')).toBe(false);
  });

  it('formats Luxembourgish as German written in Luxembourg where the runtime has no Luxembourgish data', () => {
    const noLuxembourgish = (tag: string) => tag !== 'lb';
    expect(intlLocale('lu', noLuxembourgish)).toBe('de-LU');
    expect(intlLocale('de', noLuxembourgish)).toBe('de-LU');
    // Node is built with full ICU: it has Luxembourgish, and the default check finds it.
    expect(runtimeKnowsLocale('lb')).toBe(true);
    expect(intlLocale('lu')).toBe('lb-LU');
    expect(runtimeKnowsLocale('xx-unknown')).toBe(false);
  });
});

describe('postalTown', () => {
  it('writes a Luxembourg postcode with its L- and others as typed', () => {
    expect(postalTown({ postalCode: ' 1611 ', city: 'Luxembourg' })).toBe('L-1611 Luxembourg');
    expect(postalTown({ postalCode: '57000', city: 'Metz' })).toBe('57000 Metz');
    expect(postalTown({ city: 'Ahn' })).toBe('Ahn');
    expect(postalTown(undefined)).toBe('');
  });
});
