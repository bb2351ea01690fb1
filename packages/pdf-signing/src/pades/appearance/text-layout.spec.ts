import { readFileSync } from 'node:fs';
import type { Font } from '@cantoo/fontkit';
import { loadFont, shapeLine, type FontCoverage, type ShapedLine } from './text-layout';

const font = (file: string): Font => loadFont(readFileSync(require.resolve(`dejavu-fonts-ttf/ttf/${file}`)));

/** The characters of the line's glyphs, left to right as drawn. */
function visual(line: ShapedLine): string {
  return line.segments
    .flatMap((segment) => segment.glyphs.map((placed) => String.fromCodePoint(...placed.glyph.codePoints)))
    .join('');
}

describe('shapeLine', () => {
  const sans = font('DejaVuSans.ttf');
  const serif = font('DejaVuSerif.ttf');
  let coverage: FontCoverage;

  beforeEach(() => {
    coverage = { byFace: new Map(), missing: new Set() };
  });

  it('keeps left-to-right text in order', () => {
    const line = shapeLine('Ayşe Yılmaz', [sans], coverage);
    expect(line.direction).toBe('ltr');
    expect(visual(line)).toBe('Ayşe Yılmaz');
  });

  it('draws a Hebrew line right to left', () => {
    const line = shapeLine('שרה לוי', [sans], coverage);
    expect(line.direction).toBe('rtl');
    expect(visual(line)).toBe([...'שרה לוי'].reverse().join(''));
  });

  it('shapes Arabic into its joining forms', () => {
    const line = shapeLine('محمد علي', [sans], coverage);
    const isolated = line.segments.flatMap((segment) => segment.glyphs).map((placed) => placed.glyph.id);
    const unshaped = sans.glyphsForString('محمد علي').map((glyph) => glyph.id);
    expect(line.direction).toBe('rtl');
    expect(isolated).not.toEqual(unshaped.reverse());
    expect(visual(line)).toBe([...'محمد علي'].reverse().join(''));
  });

  it('keeps the positions the shaper gives to Arabic marks', () => {
    const line = shapeLine('مُحَمَّد', [sans], coverage);
    const marks = line.segments.flatMap((segment) => segment.glyphs).filter((placed) => placed.glyph.isMark);
    expect(marks).toHaveLength(3);
    expect(marks.every((placed) => placed.yOffset !== 0 && placed.xAdvance === 0)).toBe(true);
  });

  it('reverses only the right-to-left run inside a left-to-right line', () => {
    const line = shapeLine('Signé par שרה לוי, Luxembourg', [sans], coverage);
    expect(line.direction).toBe('ltr');
    expect(visual(line)).toBe(`Signé par ${[...'שרה לוי'].reverse().join('')}, Luxembourg`);
  });

  it('takes characters the first font lacks from the next one, and reports those none has', () => {
    const line = shapeLine('Dvořák שרה 张伟', [serif, sans], coverage);
    expect(line.segments.map((segment) => segment.face)).toEqual([0, 1, 0]);
    expect([...(coverage.byFace.get(1) ?? [])].join('')).toBe('שרה');
    expect([...coverage.missing].join('')).toBe('张伟');
  });
});
