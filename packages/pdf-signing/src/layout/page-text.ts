import { readFileSync } from 'node:fs';
import type { Font } from '@cantoo/fontkit';
import {
  breakLines,
  showGlyphs,
  EmbeddedFont,
  cjkFace,
  needsCjkFace,
  lineWidth,
  loadFont,
  segmentWidth,
  shapeLine,
  type FontCoverage,
  type ShapedLine,
  type IncrementalUpdate,
  PdfDict,
  formatNumber as n,
  serialize,
  textString,
} from '../pades';

/** Faces by preference (indexes into the font set) and a size in points. */
export interface TextStyle {
  faces: number[];
  size: number;
}

export const REGULAR = 0;
export const BOLD = 1;
/** Added when a line needs it (Chinese names), whatever the style. */
const CJK_FACE = 2;

let dejaVu: Font[] | undefined;

/** DejaVu Sans and its bold: Latin, Greek, Cyrillic, Arabic and Hebrew, parsed once per thread. */
function dejaVuFaces(): Font[] {
  dejaVu ??= ['DejaVuSans.ttf', 'DejaVuSans-Bold.ttf'].map((file) =>
    loadFont(readFileSync(require.resolve(`dejavu-fonts-ttf/ttf/${file}`))),
  );
  return dejaVu;
}

/** Shaped text kept for the next time the same faces draw or measure the same string. */
interface Shaped {
  line: ShapedLine;
  /** The line's advance, in ems. */
  width: number;
  /** Whether a character had no glyph in any face. */
  missing: boolean;
}

const SHAPED_KEPT = 20_000;
/** Per thread, across documents: labels, headings, words and characters come back in every audit report. */
const shapedCache = new Map<string, Shaped>();
const fontIds = new WeakMap<Font, number>();
let lastFontId = 0;

function fontId(font: Font): number {
  let id = fontIds.get(font);
  if (id === undefined) {
    lastFontId += 1;
    id = lastFontId;
    fontIds.set(font, id);
  }
  return id;
}

/** shapeLine, remembered per faces and string (least recently used dropped first). */
function shaped(text: string, faces: Font[]): Shaped {
  const key = `${faces.map(fontId).join(',')}|${text}`;
  const known = shapedCache.get(key);
  if (known) {
    shapedCache.delete(key);
    shapedCache.set(key, known);
    return known;
  }
  const coverage = emptyCoverage();
  const line = shapeLine(text, faces, coverage);
  const entry = { line, width: lineWidth(line, faces), missing: coverage.missing.size > 0 };
  if (shapedCache.size >= SHAPED_KEPT) shapedCache.delete(shapedCache.keys().next().value as string);
  shapedCache.set(key, entry);
  return entry;
}

/**
 * Text for whole pages, with the PAdES engine's shaping (Arabic joining, right-to-left runs) and its
 * subsetted Type0 fonts: every page of one update shares one subset per face, written once at the end.
 * Shaping is remembered per faces and string, and lines are broken by adding up the widths of their words,
 * so a paragraph costs one shaping per word (often none), not one per candidate line.
 */
export class PageFonts {
  private readonly faces: Font[];
  private readonly embedded: EmbeddedFont[];
  private readonly used = new Set<number>();

  constructor(faces: Font[] = dejaVuFaces()) {
    this.faces = [...faces];
    this.embedded = faces.map((face) => new EmbeddedFont(face));
  }

  /** Width of `text` in points. */
  measure(text: string, style: TextStyle): number {
    return shaped(text, this.facesOf(style, text)).width * style.size;
  }

  /** Lines of `width` points at most, broken at spaces; a word wider than a line is cut between characters. */
  wrap(text: string, style: TextStyle, width: number): string[] {
    const measure = (part: string) => this.measure(part, style);
    return text
      .split('\n')
      .flatMap((paragraph) => breakLines(paragraph.split(/\s+/).filter(Boolean), measure, width, true) ?? []);
  }

  /**
   * Operators drawing one line with its left edge at `x` (right-to-left lines end at `x + width`, centred
   * ones are centred) and its baseline at `y`. A line with characters no face has is wrapped in an
   * /ActualText span (ISO 32000-1 §14.9.4), so text extraction still gives them back.
   */
  drawLine(text: string, style: TextStyle, x: number, y: number, width: number, centred = false): string {
    const faces = this.facesOf(style, text);
    const indexes = this.faceIndexes(style, text);
    const { line, width: lineEms, missing } = shaped(text, faces);
    const lineSize = lineEms * style.size;
    let left = centred ? x + (width - lineSize) / 2 : line.direction === 'rtl' ? x + width - lineSize : x;
    const operators = ['BT', '0 g'];
    for (const segment of line.segments) {
      const fontIndex = indexes[segment.face] ?? REGULAR;
      const font = this.embedded[fontIndex];
      if (!font) continue;
      this.used.add(fontIndex);
      operators.push(`/F${fontIndex + 1} ${n(style.size)} Tf 1 0 0 1 ${n(left)} ${n(y)} Tm`);
      operators.push(showGlyphs(segment, font, style.size));
      left += segmentWidth(segment, faces) * style.size;
    }
    operators.push('ET');
    if (!missing) return operators.join('\n');
    return [`/Span <</ActualText ${serialize(textString(text))}>> BDC`, ...operators, 'EMC'].join('\n');
  }

  /** Writes the subsets used so far; call once, after the last line is drawn. */
  write(update: IncrementalUpdate): PdfDict {
    const resources = new PdfDict();
    for (const index of [...this.used].sort()) {
      const font = this.embedded[index];
      if (font) resources.set(`F${index + 1}`, font.write(update));
    }
    return resources;
  }

  private facesOf(style: TextStyle, text = ''): Font[] {
    return this.faceIndexes(style, text)
      .map((index) => this.faces[index])
      .filter((face): face is Font => face !== undefined);
  }

  /** The style's faces, then the CJK fallback when the text needs it (loaded on first use). */
  private faceIndexes(style: TextStyle, text: string): number[] {
    if (!needsCjkFace([text])) return style.faces;
    if (!this.faces[CJK_FACE]) {
      this.faces[CJK_FACE] = cjkFace();
      this.embedded[CJK_FACE] = new EmbeddedFont(cjkFace());
    }
    return [...style.faces, CJK_FACE];
  }

  /** The word in pieces that fit, each character's width added up (once per character and faces). */
}

function emptyCoverage(): FontCoverage {
  return { byFace: new Map(), missing: new Set() };
}
