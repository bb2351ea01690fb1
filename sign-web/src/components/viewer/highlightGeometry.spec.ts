import { describe, expect, it } from 'vitest';
import { matchQuads, quadBox, segmentQuad, viewportTransform } from './highlightGeometry';

// A font where "i" is narrow and "m" wide: equal-width guesses are off by whole characters on such text.
const WIDTHS: Record<string, number> = { i: 2, m: 8, ' ': 3 };
const measure = (_font: string, text: string) =>
  [...text].reduce((sum, char) => sum + (WIDTHS[char] ?? 5), 0);

const item = {
  str: 'iiii mmmm',
  // 10-point text whose baseline starts at (100, 700); the run is 200 page units wide.
  transform: [10, 0, 0, 10, 100, 700],
  width: 200,
  fontName: 'g_d0_f1',
  ascent: 0.8,
  descent: -0.2,
};

describe('segmentQuad', () => {
  it('places the characters by the font’s own widths, scaled to the run’s width', () => {
    // "iiii " is 11 of 43 units wide; "mmmm" is the other 32.
    const quad = segmentQuad(item, 5, 9, measure);
    expect(quad?.[0][0]).toBeCloseTo(100 + (11 / 43) * 200, 6);
    expect(quad?.[1][0]).toBeCloseTo(300, 6);
    expect(quad?.[0][1]).toBeCloseTo(698);
    expect(quad?.[2][1]).toBeCloseTo(708);
  });

  it('falls back to equal widths when the font cannot be measured', () => {
    const quad = segmentQuad(item, 5, 9, () => null);
    expect(quad?.[0][0]).toBeCloseTo(100 + (5 / 9) * 200, 6);
  });

  it('follows rotated text along its baseline', () => {
    const turned = { ...item, transform: [0, 10, -10, 0, 300, 100] };
    const quad = segmentQuad(turned, 0, 4, measure);
    expect(quad?.[0]).toEqual([302, 100]);
    expect(quad?.[1][1]).toBeCloseTo(100 + (8 / 43) * 200, 6);
  });

  it('skips segments of items without geometry', () => {
    expect(matchQuads([{ str: 'abc' }], [{ itemIndex: 0, start: 0, end: 2 }], measure)).toEqual([]);
    expect(matchQuads([item], [{ itemIndex: 0, start: 0, end: 4 }], measure)).toHaveLength(1);
  });
});

describe('viewportTransform', () => {
  const a4 = [0, 0, 595, 842];

  it('flips the y axis and scales, as pdf.js draws the page', () => {
    const transform = viewportTransform(a4, 2, 0);
    expect(
      quadBox(
        [
          [100, 700],
          [300, 700],
          [300, 710],
          [100, 710],
        ],
        transform,
      ),
    ).toEqual({
      left: 200,
      top: 264,
      width: 400,
      height: 20,
    });
  });

  it('turns with the page', () => {
    const transform = viewportTransform(a4, 1, 90);
    // A point at the page's top left ends at the drawn page's top right.
    expect(
      quadBox(
        [
          [0, 842],
          [0, 842],
          [0, 842],
          [0, 842],
        ],
        transform,
      ),
    ).toMatchObject({ left: 842, top: 0 });
    const upsideDown = viewportTransform(a4, 1, 180);
    expect(
      quadBox(
        [
          [0, 0],
          [0, 0],
          [0, 0],
          [0, 0],
        ],
        upsideDown,
      ),
    ).toMatchObject({ left: 595, top: 0 });
  });
});
