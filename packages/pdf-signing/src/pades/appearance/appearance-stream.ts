import { readFileSync } from 'node:fs';
import type { Font } from '@cantoo/fontkit';
import type { IncrementalUpdate } from '../incremental-update';
import { PadesError } from '../pdf-revision';
import { PdfDict, dict, formatNumber as n, name, type PdfRectangle, type PdfRef } from '../pdf-syntax';
import { EmbeddedFont, hex4 } from './embedded-font';
import { cjkFace, needsCjkFace } from './fallback-fonts';
import { writeImage, type PlacedImage } from './image-xobject';
import {
  lineWidth,
  loadFont,
  segmentWidth,
  shapeLine,
  type FontCoverage,
  type GlyphSegment,
  type ShapedLine,
} from './text-layout';
import { fitLines, fittedSize } from './text-fit';

/** What a visible signature shows, drawn in its widget's own appearance stream. */
export interface SignatureAppearance {
  /** Zero-based page index. */
  pageIndex: number;
  rect: PdfRectangle;
  /** Lines of text, top to bottom (name, date, place, "Signé électroniquement"...). */
  lines: string[];
  /** A PNG (any colour type, transparency kept), drawn on the left, or alone when there are no lines. */
  image?: Buffer;
  /** Largest font size in points; the text shrinks to fit the rectangle. Default 10. */
  fontSize?: number;
  /**
   * TrueType/OpenType font files, the first preferred, the others used for characters it lacks. Default
   * DejaVu Sans, with Noto Sans SC for Chinese characters.
   */
  fonts?: Buffer[];
  /** A thin frame around the rectangle. Default true. */
  border?: boolean;
}

/** Which font drew which characters, and the characters no font has (drawn as an empty box). */
export interface AppearanceReport {
  fonts: { fontName: string; characters: string }[];
  missingCharacters: string;
}

const LINE_SPACING = 1.2;
const DEFAULT_FONT_SIZE = 10;
const IMAGE_SHARE = 0.4;

let defaultFont: Font | undefined;
const parsedFonts = new WeakMap<Buffer, Font>();

/** Writes the appearance's form XObject and everything it uses into `update`. */
export function writeAppearance(
  update: IncrementalUpdate,
  appearance: SignatureAppearance,
): { xobject: PdfRef; report: AppearanceReport } {
  const { width, height } = appearance.rect;
  const sizes = [appearance.rect.x, appearance.rect.y, width, height];
  if (!sizes.every(Number.isFinite) || width <= 0 || height <= 0) {
    throw new PadesError('the signature rectangle needs a finite position and a positive size');
  }
  const padding = Math.min(4, height * 0.08, width * 0.08);
  const faces = appearance.fonts?.length
    ? appearance.fonts.map(parsedFont)
    : [dejaVuSans(), ...(needsCjkFace(appearance.lines) ? [cjkFace()] : [])];
  const coverage: FontCoverage = { byFace: new Map(), missing: new Set() };
  const operators: string[] = ['q'];
  if (appearance.border ?? true) {
    operators.push(`0.4 G 0.75 w 0.375 0.375 ${n(width - 0.75)} ${n(height - 0.75)} re S`);
  }
  const resources = new PdfDict();
  let textLeft = padding;
  if (appearance.image) {
    const box = imageBox(appearance, padding);
    const image = writeImage(update, appearance.image, box);
    resources.set('XObject', dict({ Im1: image.ref }));
    operators.push(drawImage(image));
    textLeft = appearance.lines.length ? image.x + image.width + padding : textLeft;
  }
  const maxSize = appearance.fontSize ?? DEFAULT_FONT_SIZE;
  const area = { x: textLeft, y: padding, width: width - textLeft - padding, height: height - 2 * padding };
  const measured = new Map<string, number>();
  const measure = (text: string): number => {
    let ems = measured.get(text);
    if (ems === undefined) {
      ems = lineWidth(shapeLine(text, faces, { byFace: new Map(), missing: new Set() }), faces);
      measured.set(text, ems);
    }
    return ems;
  };
  const lines = fitLines(appearance.lines, measure, area, maxSize, LINE_SPACING).map((line) =>
    shapeLine(line, faces, coverage),
  );
  if (lines.length) {
    const embedded = faces.map((font) => new EmbeddedFont(font));
    operators.push(drawText(lines, faces, embedded, area, maxSize));
    resources.set('Font', fontResources(update, lines, embedded));
  }
  operators.push('Q');
  const xobject = update.addStream(
    dict({ Type: name('XObject'), Subtype: name('Form'), BBox: [0, 0, width, height], Resources: resources }),
    Buffer.from(operators.join('\n'), 'latin1'),
  );
  return { xobject, report: report(faces, coverage) };
}

/** An empty appearance, for invisible signatures and document time-stamps (PDF/A wants one). */
export function writeEmptyAppearance(update: IncrementalUpdate): PdfRef {
  return update.addStream(
    dict({ Type: name('XObject'), Subtype: name('Form'), BBox: [0, 0, 0, 0], Resources: dict({}) }),
    Buffer.alloc(0),
    false,
  );
}

function dejaVuSans(): Font {
  defaultFont ??= loadFont(readFileSync(require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans.ttf')));
  return defaultFont;
}

function parsedFont(bytes: Buffer): Font {
  const known = parsedFonts.get(bytes);
  if (known) return known;
  const font = loadFont(bytes);
  parsedFonts.set(bytes, font);
  return font;
}

function imageBox(appearance: SignatureAppearance, padding: number): PdfRectangle {
  const { width, height } = appearance.rect;
  const share = appearance.lines.length ? IMAGE_SHARE : 1;
  return { x: padding, y: padding, width: width * share - 2 * padding, height: height - 2 * padding };
}

function drawImage(image: PlacedImage): string {
  return `q ${n(image.width)} 0 0 ${n(image.height)} ${n(image.x)} ${n(image.y)} cm /Im1 Do Q`;
}

/** Lines centred vertically, aligned on their base direction, at the largest size up to `maxSize` that fits. */
function drawText(
  lines: ShapedLine[],
  faces: Font[],
  embedded: EmbeddedFont[],
  area: PdfRectangle,
  maxSize: number,
): string {
  const widths = lines.map((line) => lineWidth(line, faces));
  const size = fittedSize(widths, area, maxSize, LINE_SPACING);
  const lineHeight = size * LINE_SPACING;
  const blockTop = area.y + (area.height + lines.length * lineHeight) / 2;
  const operators = ['BT', '0 g'];
  lines.forEach((line, index) => {
    const width = (widths[index] ?? 0) * size;
    let x = line.direction === 'rtl' ? area.x + area.width - width : area.x;
    const baseline = blockTop - (index + 1) * lineHeight + baselineInLine(faces[0], size);
    for (const segment of line.segments) {
      const font = embedded[segment.face];
      if (!font) continue;
      operators.push(`/F${segment.face + 1} ${n(size)} Tf 1 0 0 1 ${n(x)} ${n(baseline)} Tm`);
      operators.push(showGlyphs(segment, font, size));
      x += segmentWidth(segment, faces) * size;
    }
  });
  operators.push('ET');
  return operators.join('\n');
}

/** Height of the baseline above the bottom of a line box, the font's ascent and descent centred in it. */
function baselineInLine(font: Font | undefined, size: number): number {
  const ascent = font ? font.ascent / font.unitsPerEm : 0.9;
  const descent = font ? Math.abs(font.descent) / font.unitsPerEm : 0.25;
  return size * ((LINE_SPACING - ascent - descent) / 2 + descent);
}

/**
 * TJ arrays of glyph CIDs, with the shaper's advances and horizontal offsets as adjustments and its
 * vertical offsets (marks placed above or below) as text rise. Also used to draw pages of text.
 */
export function showGlyphs(segment: GlyphSegment, font: EmbeddedFont, size: number): string {
  const parts: string[] = [];
  let items: string[] = [];
  let pending = 0;
  let rise = 0;
  const flushAdjustment = (): void => {
    if (Math.abs(pending) > 0.01) items.push(n(Math.round(pending * 100) / 100));
    pending = 0;
  };
  const endArray = (): void => {
    flushAdjustment();
    if (items.length) parts.push(`[${items.join(' ')}] TJ`);
    items = [];
  };
  for (const placed of segment.glyphs) {
    const cid = font.cid(placed.glyph);
    const offset = font.toThousandths(placed.xOffset);
    const glyphRise = Math.round(font.toThousandths(placed.yOffset) * size) / 1000;
    pending -= offset;
    if (glyphRise !== rise) {
      endArray();
      parts.push(`${n(glyphRise)} Ts`);
      rise = glyphRise;
    }
    flushAdjustment();
    items.push(`<${hex4(cid)}>`);
    pending += font.width(cid) - font.toThousandths(placed.xAdvance) + offset;
  }
  endArray();
  if (rise !== 0) parts.push('0 Ts');
  return parts.join(' ');
}

function fontResources(update: IncrementalUpdate, lines: ShapedLine[], embedded: EmbeddedFont[]): PdfDict {
  const used = new Set(lines.flatMap((line) => line.segments.map((segment) => segment.face)));
  const fonts = new PdfDict();
  embedded.forEach((font, index) => {
    if (used.has(index)) fonts.set(`F${index + 1}`, font.write(update));
  });
  return fonts;
}

function report(faces: Font[], coverage: FontCoverage): AppearanceReport {
  return {
    fonts: [...coverage.byFace].map(([face, characters]) => ({
      fontName: faces[face]?.postscriptName ?? `font ${face + 1}`,
      characters: [...characters].join(''),
    })),
    missingCharacters: [...coverage.missing].join(''),
  };
}
