import { amountInFrenchWords, formatFrenchDate, numberInFrenchWords, toCents } from './french-words';

describe('numberInFrenchWords', () => {
  it.each([
    [0, 'zéro'],
    [1, 'un'],
    [16, 'seize'],
    [17, 'dix-sept'],
    [21, 'vingt et un'],
    [22, 'vingt-deux'],
    [71, 'soixante et onze'],
    [77, 'soixante-dix-sept'],
    [80, 'quatre-vingts'],
    [81, 'quatre-vingt-un'],
    [90, 'quatre-vingt-dix'],
    [99, 'quatre-vingt-dix-neuf'],
    [100, 'cent'],
    [101, 'cent un'],
    [200, 'deux cents'],
    [280, 'deux cent quatre-vingts'],
    [1000, 'mille'],
    [1001, 'mille un'],
    [2000, 'deux mille'],
    [80_000, 'quatre-vingt mille'],
    [200_000, 'deux cent mille'],
    [1_000_000, 'un million'],
    [2_000_000, 'deux millions'],
    [200_000_000, 'deux cents millions'],
    [80_000_000, 'quatre-vingts millions'],
    [1_234_567, 'un million deux cent trente-quatre mille cinq cent soixante-sept'],
    [3_000_000_000, 'trois milliards'],
  ])('%d is "%s"', (value, words) => {
    expect(numberInFrenchWords(value)).toBe(words);
  });

  it('refuses what it cannot write', () => {
    expect(() => numberInFrenchWords(-1)).toThrow(RangeError);
    expect(() => numberInFrenchWords(1.5)).toThrow(RangeError);
    expect(() => numberInFrenchWords(1e12)).toThrow(RangeError);
  });
});

describe('amountInFrenchWords', () => {
  it.each([
    [25_000_050, 'deux cent cinquante mille euros et cinquante centimes'],
    [78_500_050, 'sept cent quatre-vingt-cinq mille euros et cinquante centimes'],
    [100, 'un euro'],
    [0, 'zéro euro'],
    [1, 'un centime'],
    [99, 'quatre-vingt-dix-neuf centimes'],
    [100_000_000, "un million d'euros"],
    [250_000_000, 'deux millions cinq cent mille euros'],
    [200_000_000, "deux millions d'euros"],
    [9_090_000, 'quatre-vingt-dix mille neuf cents euros'],
    [7_100, 'soixante et onze euros'],
  ])('%d cents is "%s"', (cents, words) => {
    expect(amountInFrenchWords(cents)).toBe(words);
  });

  it('takes whole cents only, converted without float drift', () => {
    expect(() => amountInFrenchWords(10.5)).toThrow(RangeError);
    expect(toCents(785000.5)).toBe(78_500_050);
    expect(toCents(0.07)).toBe(7);
  });
});

describe('formatFrenchDate', () => {
  it.each([
    ['2026-03-12', '12 mars 2026'],
    ['2026-08-01', '1er août 2026'],
    ['2025-12-31', '31 décembre 2025'],
    ['not a date', 'not a date'],
  ])('%s is "%s"', (iso, text) => {
    expect(formatFrenchDate(iso)).toBe(text);
  });
});
