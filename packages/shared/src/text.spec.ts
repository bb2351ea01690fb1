import { cleanMultiLine, cleanSingleLine, withoutInvisibleCharacters } from './text';

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
    ['zero-width space', 'Ma\u200brc', 'Marc'],
    ['word joiner and invisible operators', 'Ma\u2060r\u2062c\u2064', 'Marc'],
    ['soft hyphen', 'Schmit\u00adHoffmann', 'SchmitHoffmann'],
    ['Mongolian vowel separator', 'Luc\u180e Muller', 'Luc Muller'],
    ['deprecated format characters', '\u206aAnne\u206f', 'Anne'],
    ['interlinear annotation marks', 'Anne\ufff9caché\ufffafaux\ufffb', 'Annecachéfaux'],
    ['tag characters', 'Anne\u{e0001}\u{e0041}\u{e0042}\u{e007f}', 'Anne'],
    ['Hangul fillers', '\u3164Anne\uffa0 \u115f\u1160Muller', 'Anne Muller'],
    ['byte order mark', '\ufeffAnne', 'Anne'],
    ['combining grapheme joiner', 'Lu\u034fc', 'Luc'],
    ['variation selector on a letter', 'A\ufe00nne\u{e0100}', 'Anne'],
    ['Khmer inherent vowel', 'Anne\u17b4', 'Anne'],
    ['reserved default-ignorable', 'An\u2065ne\ufff0', 'Anne'],
    ['joiner outside a word', '\u200dAnne \u200c Muller\u200d', 'Anne Muller'],
    ['joiner between a letter and a digit', 'Anne\u200d2', 'Anne2'],
    ['joiner before an emoji', 'Anne\u200d🙂', 'Anne🙂'],
    ['presentation selector after a letter', 'Anne\ufe0f', 'Anne'],
    ['invisible between two marks', 'e\u034f\u0301', 'é'],
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
    '🏳\ufe0f\u200d🌈',
    '👩🏽\u200d💻',
    '❤\ufe0f',
    'क्\u200dष',
    'क्\u200cष',
  ])('keeps %s as typed', (name) => {
    expect(cleanSingleLine(name)).toBe(name.normalize('NFC'));
  });
});

describe('cleanMultiLine', () => {
  it('keeps line breaks and drops direction controls and other controls', () => {
    expect(cleanMultiLine('Clause 1\r\nClause\u202e 2\n\n\n\nFin\t !')).toBe('Clause 1\nClause 2\n\nFin !');
  });

  it('drops invisible characters', () => {
    expect(cleanMultiLine('Pri\u200bx\u00ad\n\u3164trop\u{e0041} élevé')).toBe('Prix\ntrop élevé');
  });
});

describe('withoutInvisibleCharacters', () => {
  it('removes every default-ignorable and format character no word needs', () => {
    const ignorable = /^\p{Default_Ignorable_Code_Point}$/u;
    const format = /^\p{Cf}$/u;
    for (let point = 0; point <= 0xe0fff; point += 1) {
      if (point >= 0xd800 && point <= 0xdfff) continue;
      const character = String.fromCodePoint(point);
      if (!ignorable.test(character) && !format.test(character)) continue;
      expect([point.toString(16), withoutInvisibleCharacters(`a${character}1`)]).toEqual([
        point.toString(16),
        'a1',
      ]);
    }
  });
});
