import {
  formatIban,
  isValidCadastralParcel,
  isValidIban,
  isValidMatriculeLu,
  isValidPostalCodeLu,
  isValidRcsLu,
  isValidVatLu,
  isValidVatNumber,
  luhnCheckDigit,
  matriculeBirthDate,
  normalizePostalCodeLu,
  normalizeRcsLu,
  normalizeVatNumber,
  verhoeffCheckDigit,
} from './lu-validators';

describe('check digits', () => {
  it('computes the Luhn digit of the usual test number', () => {
    // 7992739871 + 3 is the textbook Luhn example.
    expect(luhnCheckDigit('7992739871')).toBe(3);
  });

  it('computes the Verhoeff digit of the usual test number', () => {
    // 236 + 3 is the textbook Verhoeff example.
    expect(verhoeffCheckDigit('236')).toBe(3);
  });
});

describe('isValidMatriculeLu', () => {
  it.each([
    ['1893120105732', true],
    ['1893 1201 057 32', true],
    // Wrong Verhoeff digit.
    ['1893120105733', false],
    // Wrong Luhn digit.
    ['1893120105742', false],
    // Quoted as valid in one library's docstring; it fails the published algorithm.
    ['2000060500127', false],
    // No 31 February.
    ['1990023100000', false],
    ['189312010573', false],
    ['18931201057321', false],
    ['18931201O5732', false],
  ])('%s is %s', (value, expected) => {
    expect(isValidMatriculeLu(value)).toBe(expected);
  });

  it('reads the birth date', () => {
    expect(matriculeBirthDate('1893120105732')).toBe('1893-12-01');
  });
});

describe('isValidVatLu', () => {
  it.each([
    ['LU15027442', true],
    ['lu 150 274 42', true],
    ['LU15027443', false],
    ['LU1502744', false],
    ['FR15027442', false],
  ])('%s is %s', (value, expected) => {
    expect(isValidVatLu(value)).toBe(expected);
  });
});

describe('isValidVatNumber', () => {
  it.each([
    ['LU15027442', true],
    ['lu.150.274.42', true],
    // Luxembourg's check digits are checked whatever the spelling.
    ['LU12345678', false],
    ['FR40303265045', true],
    ['EL094259216', true],
    ['NL004495445B01', true],
    // Not a member state's prefix, or no number after it.
    ['US123456789', false],
    ['GR094259216', false],
    ['FR1', false],
    ['FR1234567890123', false],
  ])('%s is %s', (value, expected) => {
    expect(isValidVatNumber(value)).toBe(expected);
  });

  it('stores the number without separators, in capitals', () => {
    expect(normalizeVatNumber('lu 150.274-42')).toBe('LU15027442');
  });
});

describe('postal codes', () => {
  it('accepts the four digits with or without the L- prefix and stores the digits', () => {
    expect(normalizePostalCodeLu('L-1234')).toBe('1234');
    expect(normalizePostalCodeLu('l1234')).toBe('1234');
    expect(normalizePostalCodeLu(' 4001 ')).toBe('4001');
    expect(isValidPostalCodeLu('L-12345')).toBe(false);
    expect(isValidPostalCodeLu('D-1234')).toBe(false);
    expect(isValidPostalCodeLu('123')).toBe(false);
  });
});

describe('RCS numbers', () => {
  it('normalises spaces and dots and requires a letter and up to six digits', () => {
    expect(normalizeRcsLu('B 278.900')).toBe('B278900');
    expect(normalizeRcsLu('b186284')).toBe('B186284');
    expect(isValidRcsLu('B 118 349')).toBe(true);
    expect(isValidRcsLu('B1234567')).toBe(false);
    expect(isValidRcsLu('278900')).toBe(false);
  });
});

describe('isValidIban', () => {
  it.each([
    ['LU28 0019 4006 4475 0000', true],
    ['lu280019400644750000', true],
    ['DE89 3704 0044 0532 0130 00', true],
    ['BE68 5390 0754 7034', true],
    ['FR14 2004 1010 0505 0001 3M02 606', true],
    ['LU29 0019 4006 4475 0000', false],
    ['LU28 0019 4006 4475 000', false],
    ['DE89 3704 0044 0532 0130 0', false],
    ['XX', false],
  ])('%s is %s', (value, expected) => {
    expect(isValidIban(value)).toBe(expected);
  });

  it('prints groups of four', () => {
    expect(formatIban('lu280019400644750000')).toBe('LU28 0019 4006 4475 0000');
  });
});

describe('isValidCadastralParcel', () => {
  it.each([
    ['143', true],
    ['143/1012', true],
    ['12345/67890', true],
    [' 143 / 1012 ', true],
    ['123456', false],
    ['143/', false],
    ['143/1012/2', false],
    ['A143', false],
    ['', false],
  ])('%s is %s', (value, expected) => {
    expect(isValidCadastralParcel(value)).toBe(expected);
  });
});
