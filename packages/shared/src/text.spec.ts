import { cleanMultiLine, cleanSingleLine } from './text';

describe('cleanSingleLine', () => {
  it.each([
    ['right-to-left override', 'Marc\u202e Schmit', 'Marc Schmit'],
    ['override hiding an extension', 'invoice\u202efdp.exe', 'invoicefdp.exe'],
    [
      'every embedding, isolate and mark',
      '\u202aA\u202b\u202c\u202d\u2066B\u2067\u2068\u2069\u200eC\u200f\u061c',
      'ABC',
    ],
    ['a newline forging a line', 'Anne\n[2026-01-01] FAKE EVENT', 'Anne [2026-01-01] FAKE EVENT'],
    ['carriage return, tab, NEL and separators', 'a\r\tb\u0085c\u2028d\u2029e', 'a b c d e'],
    ['decomposed accents', 'Ame\u0301lie', 'Amélie'],
    ['runs of spaces and edges', '  Luc   Hoffmann  ', 'Luc Hoffmann'],
  ])('removes or flattens a %s', (_label, input, expected) => {
    expect(cleanSingleLine(input)).toBe(expected);
  });

  it.each([
    'Łukasz Żółć',
    'Ayşe Yılmaz',
    'Dvořák 🙂',
    'محمد علي',
    'שרה לוי',
    '张伟',
    'می\u200cخواهم',
    '👨\u200d👩\u200d👧',
  ])('keeps %s as typed', (name) => {
    expect(cleanSingleLine(name)).toBe(name.normalize('NFC'));
  });
});

describe('cleanMultiLine', () => {
  it('keeps line breaks and drops direction controls and other controls', () => {
    expect(cleanMultiLine('Clause 1\r\nClause\u202e 2\n\n\n\nFin\t !')).toBe('Clause 1\nClause 2\n\nFin !');
  });
});
