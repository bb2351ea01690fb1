import { normalizeMobile } from './phone';

describe('normalizeMobile', () => {
  it('reads a national Luxembourg mobile as +352', () => {
    expect(normalizeMobile('621 123 456')).toBe('+352621123456');
    expect(normalizeMobile('+352 621 123 456')).toBe('+352621123456');
  });

  it('keeps foreign mobiles in E.164', () => {
    expect(normalizeMobile('+33 6 12 34 56 78')).toBe('+33612345678');
    expect(normalizeMobile('+49 151 23456789')).toBe('+4915123456789');
  });

  it('refuses malformed numbers and landlines', () => {
    expect(normalizeMobile('12')).toBeNull();
    expect(normalizeMobile('not a number')).toBeNull();
    expect(normalizeMobile('+352 22 33 44')).toBeNull();
    expect(normalizeMobile('+33 1 23 45 67 89')).toBeNull();
  });
});
