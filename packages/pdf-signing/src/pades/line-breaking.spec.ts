import { breakLines } from './line-breaking';

// One unit per code point: widths are easy to reckon.
const measure = (text: string): number => [...text].length;

describe('breaking a paragraph into lines', () => {
  it('fills each line greedily, words whole, spaces as written', () => {
    expect(breakLines('le prix de vente convenu'.split(' '), measure, 10, true)).toEqual([
      'le prix de',
      'vente',
      'convenu',
    ]);
    expect(breakLines('a  b'.split(' '), measure, 10, true)).toEqual(['a  b']);
    expect(breakLines([''], measure, 10, true)).toEqual(['']);
  });

  it('cuts a word wider than a line between code points, or answers null when words must stay whole', () => {
    expect(breakLines(['Hohenberg-Wittgenstein', 'x'], measure, 8, true)).toEqual([
      'Hohenber',
      'g-Wittge',
      'nstein x',
    ]);
    expect(breakLines(['𝔸𝔹ℂ𝔻'], measure, 3, true)).toEqual(['𝔸𝔹ℂ', '𝔻']);
    expect(breakLines(['Hohenberg-Wittgenstein', 'x'], measure, 8, false)).toBeNull();
  });
});
