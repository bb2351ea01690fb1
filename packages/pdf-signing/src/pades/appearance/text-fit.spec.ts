import { fitLines, fittedSize, MIN_UNWRAPPED_SIZE } from './text-fit';

// Every character half an em wide: widths are easy to reckon.
const measure = (text: string): number => text.length * 0.5;
const SPACING = 1.2;
// The text part of a default signature block (200 × 72 pt, less the padding).
const AREA = { width: 192, height: 64 };

describe('fitting a signature block’s lines', () => {
  const usual = ['Anne Muller (Vendeur)', 'Signé électroniquement', '27/11/2026 14:03 UTC+1', 'Luxembourg'];

  it('keeps lines that fit at a readable size exactly as they are', () => {
    expect(fitLines(usual, measure, AREA, 10, SPACING)).toBe(usual);
  });

  it('breaks a very long name at its spaces instead of shrinking it below a readable size', () => {
    const name =
      'Marie-Thérèse Josephine Alexandrine de la Fontaine-Wittgenstein-Hohenberg épouse Schmitt (Acquéreur)';
    const texts = [name, ...usual.slice(1)];
    const unwrapped = fittedSize(texts.map(measure), AREA, 10, SPACING);
    expect(unwrapped).toBeLessThan(MIN_UNWRAPPED_SIZE);

    const lines = fitLines(texts, measure, AREA, 10, SPACING);
    expect(lines.length).toBeGreaterThan(texts.length);
    // Nothing lost, nothing reordered: the words read as before.
    expect(lines.join(' ')).toBe(texts.join(' '));
    const size = fittedSize(lines.map(measure), AREA, 10, SPACING);
    expect(size).toBeGreaterThanOrEqual(MIN_UNWRAPPED_SIZE);
    expect(lines.length * size * SPACING).toBeLessThanOrEqual(AREA.height);
    expect(Math.max(...lines.map(measure)) * size).toBeLessThanOrEqual(AREA.width + 1e-9);
  });

  it('never cuts a word: one word wider than the box at any wrapped size keeps the lines and shrinks', () => {
    const texts = ['A'.repeat(120) + ' B', 'Luxembourg'];
    expect(fitLines(texts, measure, AREA, 10, SPACING)).toBe(texts);
  });

  it('keeps a long line without spaces as it is', () => {
    const texts = ['X'.repeat(200)];
    expect(fitLines(texts, measure, AREA, 10, SPACING)).toBe(texts);
  });
});
