import { create, type Font, type Glyph } from '@cantoo/fontkit';
import { PadesError } from '../pdf-revision';

export type Direction = 'ltr' | 'rtl';

/** A glyph and where it goes, in the units of its font (unitsPerEm to the em). */
export interface PlacedGlyph {
  glyph: Glyph;
  xAdvance: number;
  xOffset: number;
  yOffset: number;
}

/** Consecutive glyphs of one font, in visual (left-to-right) order. */
export interface GlyphSegment {
  face: number;
  glyphs: PlacedGlyph[];
}

/** A shaped line: its segments left to right, and its base direction (right-to-left lines align right). */
export interface ShapedLine {
  direction: Direction;
  segments: GlyphSegment[];
}

/** Which characters each font drew, and which no font has (drawn as the primary font's .notdef). */
export interface FontCoverage {
  byFace: Map<number, Set<string>>;
  missing: Set<string>;
}

/**
 * Parses a font file with TrueType outlines (TTF, or WOFF/WOFF2 wrapping one). Collections (TTC) and
 * CFF-outline OpenType fonts are refused: they would need another embedding (FontFile3).
 */
export function loadFont(bytes: Buffer): Font {
  const font = create(bytes);
  if (!('layout' in font)) throw new PadesError('font collections are not supported; pass a single font');
  if (!hasTrueTypeOutlines(font)) throw new PadesError('only fonts with TrueType outlines can be embedded');
  return font;
}

function hasTrueTypeOutlines(font: Font): boolean {
  const { directory } = font as unknown as { directory?: { tables?: Record<string, unknown> } };
  const tables = directory?.tables ?? {};
  return 'glyf' in tables && !('CFF ' in tables) && !('CFF2' in tables);
}

/**
 * Shapes one line with the OpenType engine (Arabic joining forms, ligatures, kerning) after a simple
 * bidirectional reordering: runs of right-to-left letters, and the neutral characters between them,
 * are laid out right to left, and a line whose first strong character is right-to-left is mirrored
 * run by run. Each character takes the first font that has a glyph for it.
 */
export function shapeLine(text: string, faces: Font[], coverage: FontCoverage): ShapedLine {
  const runs = directionalRuns(text);
  const base = runs[0]?.direction ?? 'ltr';
  const visualRuns = runs.map((run) => {
    const segments = fontSegments(run.text, faces, coverage).map((segment) =>
      layoutSegment(segment.text, faces, segment.face, run.direction),
    );
    return run.direction === 'rtl' ? segments.reverse() : segments;
  });
  if (base === 'rtl') visualRuns.reverse();
  return { direction: base, segments: visualRuns.flat() };
}

/** The line's advance in ems. */
export function lineWidth(line: ShapedLine, faces: Font[]): number {
  return line.segments.reduce((sum, segment) => sum + segmentWidth(segment, faces), 0);
}

/** The segment's advance in ems. */
export function segmentWidth(segment: GlyphSegment, faces: Font[]): number {
  const unitsPerEm = faces[segment.face]?.unitsPerEm ?? 1000;
  return segment.glyphs.reduce((sum, placed) => sum + placed.xAdvance, 0) / unitsPerEm;
}

function layoutSegment(text: string, faces: Font[], face: number, direction: Direction): GlyphSegment {
  const font = faces[face];
  if (!font) throw new PadesError(`no font at index ${face}`);
  const run = font.layout(text, undefined, undefined, undefined, direction);
  const glyphs = run.glyphs.map((glyph, index) => {
    const position = run.positions?.[index];
    return {
      glyph,
      xAdvance: position?.xAdvance ?? glyph.advanceWidth,
      xOffset: position?.xOffset ?? 0,
      yOffset: position?.yOffset ?? 0,
    };
  });
  return { face, glyphs };
}

const RTL_RANGES: [number, number][] = [
  [0x0590, 0x08ff],
  [0xfb1d, 0xfdff],
  [0xfe70, 0xfeff],
  [0x10800, 0x10fff],
  [0x1e800, 0x1efff],
];

function strongDirection(char: string): Direction | undefined {
  const codePoint = char.codePointAt(0) ?? 0;
  if (RTL_RANGES.some(([low, high]) => codePoint >= low && codePoint <= high)) {
    return /\p{L}/u.test(char) ? 'rtl' : undefined;
  }
  return /[\p{L}\p{Nd}]/u.test(char) ? 'ltr' : undefined;
}

/** Splits the line into runs of one direction; neutrals take the direction around them, else the base one. */
function directionalRuns(text: string): { text: string; direction: Direction }[] {
  const chars = [...text];
  const strong = chars.map(strongDirection);
  const base = strong.find((direction) => direction !== undefined) ?? 'ltr';
  const resolved = strong.map((direction, index) => {
    if (direction) return direction;
    const before =
      strong
        .slice(0, index)
        .reverse()
        .find((value) => value !== undefined) ?? base;
    const after = strong.slice(index + 1).find((value) => value !== undefined) ?? base;
    return before === after ? before : base;
  });
  const runs: { text: string; direction: Direction }[] = [];
  chars.forEach((char, index) => {
    const direction = resolved[index] ?? base;
    const last = runs[runs.length - 1];
    if (last && last.direction === direction) last.text += char;
    else runs.push({ text: char, direction });
  });
  return runs;
}

/** Consecutive characters drawn with the same font; spaces and marks stay with the font before them. */
function fontSegments(text: string, faces: Font[], coverage: FontCoverage): { text: string; face: number }[] {
  const segments: { text: string; face: number }[] = [];
  for (const char of text) {
    const codePoint = char.codePointAt(0) ?? 0;
    const previous = segments[segments.length - 1];
    const joinsPrevious =
      /[\s\p{M}]/u.test(char) && previous && faces[previous.face]?.hasGlyphForCodePoint(codePoint);
    let face = joinsPrevious
      ? previous.face
      : faces.findIndex((font) => font.hasGlyphForCodePoint(codePoint));
    if (face < 0) {
      coverage.missing.add(char);
      face = 0;
    } else if (!/\s/u.test(char)) {
      const covered = coverage.byFace.get(face) ?? new Set<string>();
      coverage.byFace.set(face, covered.add(char));
    }
    if (previous && previous.face === face) previous.text += char;
    else segments.push({ text: char, face });
  }
  return segments;
}
