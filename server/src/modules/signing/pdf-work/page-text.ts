import { readFileSync } from 'node:fs';
import type { Font } from '@cantoo/fontkit';
import { showGlyphs } from '../../pades/appearance/appearance-stream';
import { EmbeddedFont } from '../../pades/appearance/embedded-font';
import { cjkFace, needsCjkFace } from '../../pades/appearance/fallback-fonts';
import {
  lineWidth,
  loadFont,
  segmentWidth,
  shapeLine,
  type FontCoverage,
} from '../../pades/appearance/text-layout';
import type { IncrementalUpdate } from '../../pades/incremental-update';
import { PdfDict, formatNumber as n, serialize, textString } from '../../pades/pdf-syntax';

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

/**
 * Text for whole pages, with the PAdES engine's shaping (Arabic joining, right-to-left runs) and its
 * subsetted Type0 fonts: every page of one update shares one subset per face, written once at the end.
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
    const faces = this.facesOf(style, text);
    return lineWidth(shapeLine(text, faces, emptyCoverage()), faces) * style.size;
  }

  /** Greedy line breaking at spaces; a word wider than the line is cut between characters. */
  wrap(text: string, style: TextStyle, width: number): string[] {
    const lines: string[] = [];
    for (const paragraph of text.split('\n')) {
      let current = '';
      for (const word of paragraph.split(/\s+/).filter(Boolean)) {
        const candidate = current ? `${current} ${word}` : word;
        if (this.measure(candidate, style) <= width) {
          current = candidate;
          continue;
        }
        if (current) lines.push(current);
        const pieces = this.cut(word, style, width);
        current = pieces.pop() ?? '';
        lines.push(...pieces);
      }
      lines.push(current);
    }
    return lines;
  }

  /**
   * Operators drawing one line with its left edge at `x` (right-to-left lines end at `x + width`, centred
   * ones are centred) and its baseline at `y`. A line with characters no face has is wrapped in an
   * /ActualText span (ISO 32000-1 §14.9.4), so text extraction still gives them back.
   */
  drawLine(text: string, style: TextStyle, x: number, y: number, width: number, centred = false): string {
    const faces = this.facesOf(style, text);
    const indexes = this.faceIndexes(style, text);
    const coverage = emptyCoverage();
    const line = shapeLine(text, faces, coverage);
    const lineSize = lineWidth(line, faces) * style.size;
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
    if (coverage.missing.size === 0) return operators.join('\n');
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

  private cut(word: string, style: TextStyle, width: number): string[] {
    const pieces: string[] = [];
    let current = '';
    for (const char of word) {
      if (current && this.measure(current + char, style) > width) {
        pieces.push(current);
        current = char;
      } else {
        current += char;
      }
    }
    pieces.push(current);
    return pieces;
  }
}

function emptyCoverage(): FontCoverage {
  return { byFace: new Map(), missing: new Set() };
}
