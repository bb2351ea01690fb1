import { type MatchSegment, type TextItemLike } from './textSearch';

/** A PDF transform [a, b, c, d, e, f]. */
export type Matrix = [number, number, number, number, number, number];

/** An axis-aligned box on the drawn page, in CSS pixels from its top left corner. */
export interface HighlightBox {
  left: number;
  top: number;
  width: number;
  height: number;
}

/** A highlight in page space: the four corners of the matched characters, before any zoom or rotation. */
export type PageQuad = [[number, number], [number, number], [number, number], [number, number]];

/** How wide a run of text is in a font, in any unit, or null when the font cannot be measured. */
export type MeasureText = (fontName: string, text: string) => number | null;

/** Where a text item's characters sit: its transform and width (page units), and its font's vertical extent. */
export interface ItemGeometry {
  transform: number[];
  width: number;
  fontName: string;
  /** Above and below the baseline, as fractions of the font size (descent negative). */
  ascent: number;
  descent: number;
}

/**
 * The page-space quadrilateral of characters [start, end) of a text item. Their offsets along the baseline
 * come from the widths of the item's own characters in the document's own font (the one the canvas draws
 * with), scaled to the item's width: the text layer's stand-in font has other widths, so a highlight placed
 * in it drifts from the printed characters by up to a character on a long line.
 */
export function segmentQuad(
  item: TextItemLike & ItemGeometry,
  start: number,
  end: number,
  measure: MeasureText,
): PageQuad | null {
  const [a = 0, b = 0, c = 0, d = 0, e = 0, f = 0] = item.transform;
  const baseline = Math.hypot(a, b);
  const up = Math.hypot(c, d);
  if (baseline === 0 || up === 0 || item.str.length === 0) return null;
  const whole = measure(item.fontName, item.str);
  const offset = (index: number): number => {
    if (index <= 0) return 0;
    if (index >= item.str.length) return item.width;
    const part = whole ? measure(item.fontName, item.str.slice(0, index)) : null;
    // Without the font's widths, characters are taken as equally wide.
    return whole && part !== null ? (part / whole) * item.width : (index / item.str.length) * item.width;
  };
  const [from, to] = [offset(start), offset(end)];
  const along = [a / baseline, b / baseline];
  const across = [c / up, d / up];
  const [low, high] = [item.descent * up, item.ascent * up];
  const point = (u: number, v: number): [number, number] => [
    e + u * (along[0] ?? 0) + v * (across[0] ?? 0),
    f + u * (along[1] ?? 0) + v * (across[1] ?? 0),
  ];
  return [point(from, low), point(to, low), point(to, high), point(from, high)];
}

/** The quads of one match's segments on a page (one per text item it spans). */
export function matchQuads(
  items: readonly (TextItemLike & Partial<ItemGeometry>)[],
  segments: readonly MatchSegment[],
  measure: MeasureText,
): PageQuad[] {
  return segments.flatMap((segment) => {
    const item = items[segment.itemIndex];
    if (!item?.transform || item.width === undefined || !item.fontName) return [];
    const quad = segmentQuad(
      {
        ...item,
        transform: item.transform,
        width: item.width,
        fontName: item.fontName,
        ascent: item.ascent ?? 0.8,
        descent: item.descent ?? -0.2,
      },
      segment.start,
      segment.end,
      measure,
    );
    return quad ? [quad] : [];
  });
}

/**
 * The page's transform to the drawn page in CSS pixels for a scale and a rotation, as pdf.js computes it
 * (PageViewport): the view box's y axis flipped, then turned by the rotation.
 */
export function viewportTransform(view: readonly number[], scale: number, rotation: number): Matrix {
  const [x0 = 0, y0 = 0, x1 = 0, y1 = 0] = view;
  const centerX = (x1 + x0) / 2;
  const centerY = (y1 + y0) / 2;
  const turn = ((rotation % 360) + 360) % 360;
  const [ra, rb, rc, rd] =
    turn === 90 ? [0, 1, 1, 0] : turn === 180 ? [-1, 0, 0, 1] : turn === 270 ? [0, -1, -1, 0] : [1, 0, 0, -1];
  const [offsetX, offsetY] =
    ra === 0
      ? [Math.abs(centerY - y0) * scale, Math.abs(centerX - x0) * scale]
      : [Math.abs(centerX - x0) * scale, Math.abs(centerY - y0) * scale];
  return [
    ra * scale,
    rb * scale,
    rc * scale,
    rd * scale,
    offsetX - ra * scale * centerX - rc * scale * centerY,
    offsetY - rb * scale * centerX - rd * scale * centerY,
  ];
}

/** The smallest box holding a quad once drawn. */
export function quadBox(quad: PageQuad, transform: Matrix): HighlightBox {
  const [a, b, c, d, e, f] = transform;
  const points = quad.map(([x, y]) => [a * x + c * y + e, b * x + d * y + f] as const);
  const xs = points.map(([x]) => x);
  const ys = points.map(([, y]) => y);
  const left = Math.min(...xs);
  const top = Math.min(...ys);
  return { left, top, width: Math.max(...xs) - left, height: Math.max(...ys) - top };
}

let context: CanvasRenderingContext2D | null | undefined;

/**
 * Measures with the document's own font, which pdf.js registered for drawing the canvas under the item's
 * font name; null when that font is not (yet) loaded in this page.
 */
export const measureInDocumentFont: MeasureText = (fontName, text) => {
  if (typeof document === 'undefined' || !/^[\w-]+$/.test(fontName)) return null;
  const font = `100px "${fontName}"`;
  if (!document.fonts.check(font, text)) return null;
  context ??= document.createElement('canvas').getContext('2d');
  if (!context) return null;
  context.font = font;
  return context.measureText(text).width;
};
