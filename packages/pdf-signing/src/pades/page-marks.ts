import {
  PDFArray,
  PDFDict,
  PDFName,
  PDFNumber,
  PDFRawStream,
  type PDFDocument,
  type PDFObject,
} from '@cantoo/pdf-lib';
import { decodeStreamCapped } from '../inspection/capped-decoding';

/** A rectangle in the page's default user space (points, origin bottom left). */
export interface MarkedArea {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** [a b c d e f]: x' = a·x + c·y + e, y' = b·x + d·y + f. */
type Matrix = [number, number, number, number, number, number];

const IDENTITY: Matrix = [1, 0, 0, 1, 0, 0];
/**
 * Decoded content read for one page, its forms included: enough for any page a person wrote. A stream
 * that would decode past what is left is not decoded beyond it (a bomb costs no more than this) and is
 * read as blank.
 */
const MAX_CONTENT_BYTES = 8 * 1024 * 1024;
const MAX_AREAS = 20_000;
const MAX_FORM_DEPTH = 4;
/** Arrays nested deeper are passed over whole: a hostile stream must not exhaust the stack. */
const MAX_ARRAY_DEPTH = 16;
/** Without reading each font's widths: an average glyph is about half an em wide. */
const AVERAGE_ADVANCE = 0.5;
const ASCENT = 0.8;
const DESCENT = 0.25;

/** First applies `first`, then `then`. */
function multiply(first: Matrix, then: Matrix): Matrix {
  const [a1, b1, c1, d1, e1, f1] = first;
  const [a2, b2, c2, d2, e2, f2] = then;
  return [
    a1 * a2 + b1 * c2,
    a1 * b2 + b1 * d2,
    c1 * a2 + d1 * c2,
    c1 * b2 + d1 * d2,
    e1 * a2 + f1 * c2 + e2,
    e1 * b2 + f1 * d2 + f2,
  ];
}

/** The axis-aligned box around a rectangle of the space `matrix` maps from. */
function boxOf(matrix: Matrix, x0: number, y0: number, x1: number, y1: number): MarkedArea | null {
  const [a, b, c, d, e, f] = matrix;
  const xs: number[] = [];
  const ys: number[] = [];
  for (const [x, y] of [
    [x0, y0],
    [x1, y0],
    [x0, y1],
    [x1, y1],
  ] as const) {
    xs.push(a * x + c * y + e);
    ys.push(b * x + d * y + f);
  }
  const left = Math.min(...xs);
  const bottom = Math.min(...ys);
  const width = Math.max(...xs) - left;
  const height = Math.max(...ys) - bottom;
  if (![left, bottom, width, height].every(Number.isFinite)) return null;
  return { x: left, y: bottom, width, height };
}

type Token =
  | { kind: 'number'; value: number }
  | { kind: 'name'; value: string }
  | { kind: 'operator'; value: string }
  | { kind: 'string'; length: number }
  | { kind: 'array'; items: Token[] }
  | { kind: 'other' };

const WHITESPACE = new Set([0x00, 0x09, 0x0a, 0x0c, 0x0d, 0x20]);
const DELIMITERS = new Set([0x28, 0x29, 0x3c, 0x3e, 0x5b, 0x5d, 0x7b, 0x7d, 0x2f, 0x25]);

/** Reads a content stream's tokens: enough of the syntax to follow positions, strings counted not decoded. */
class ContentReader {
  private position = 0;

  constructor(private readonly bytes: Uint8Array) {}

  next(depth = 0): Token | null {
    this.skipSpace();
    if (this.position >= this.bytes.length) return null;
    const byte = this.bytes[this.position] as number;
    if (byte === 0x28) return { kind: 'string', length: this.literalString() };
    if (byte === 0x3c && this.bytes[this.position + 1] === 0x3c) {
      this.position += 2;
      this.skipDictionary();
      return { kind: 'other' };
    }
    if (byte === 0x3c) return { kind: 'string', length: this.hexString() };
    if (byte === 0x5b) {
      this.position += 1;
      if (depth >= MAX_ARRAY_DEPTH) {
        this.skipArray();
        return { kind: 'other' };
      }
      const items: Token[] = [];
      for (;;) {
        this.skipSpace();
        if (this.position >= this.bytes.length) break;
        if (this.bytes[this.position] === 0x5d) {
          this.position += 1;
          break;
        }
        const item = this.next(depth + 1);
        if (!item) break;
        items.push(item);
      }
      return { kind: 'array', items };
    }
    if (byte === 0x2f) {
      this.position += 1;
      return { kind: 'name', value: this.regular() };
    }
    if (DELIMITERS.has(byte)) {
      this.position += 1;
      return { kind: 'other' };
    }
    const word = this.regular();
    const number = Number(word);
    if (word !== '' && /^[+-]?(\d+\.?\d*|\.\d+)$/.test(word) && Number.isFinite(number)) {
      return { kind: 'number', value: number };
    }
    return { kind: 'operator', value: word };
  }

  /** After `BI`: the image's dictionary, `ID`, its bytes and `EI`, all passed over. */
  skipInlineImage(): void {
    while (this.position < this.bytes.length) {
      const token = this.next();
      if (!token || (token.kind === 'operator' && token.value === 'ID')) break;
    }
    this.position += 1;
    while (this.position < this.bytes.length - 2) {
      if (
        this.bytes[this.position] === 0x45 &&
        this.bytes[this.position + 1] === 0x49 &&
        WHITESPACE.has(this.bytes[this.position - 1] as number) &&
        (this.position + 2 >= this.bytes.length || WHITESPACE.has(this.bytes[this.position + 2] as number))
      ) {
        this.position += 2;
        return;
      }
      this.position += 1;
    }
    this.position = this.bytes.length;
  }

  private skipSpace(): void {
    while (this.position < this.bytes.length) {
      const byte = this.bytes[this.position] as number;
      if (WHITESPACE.has(byte)) {
        this.position += 1;
      } else if (byte === 0x25) {
        while (
          this.position < this.bytes.length &&
          this.bytes[this.position] !== 0x0a &&
          this.bytes[this.position] !== 0x0d
        ) {
          this.position += 1;
        }
      } else {
        return;
      }
    }
  }

  private regular(): string {
    const start = this.position;
    while (this.position < this.bytes.length) {
      const byte = this.bytes[this.position] as number;
      if (WHITESPACE.has(byte) || DELIMITERS.has(byte)) break;
      this.position += 1;
    }
    return Buffer.from(this.bytes.subarray(start, this.position)).toString('latin1');
  }

  /** Bytes in a (literal) string, escapes counted as the byte they stand for. */
  private literalString(): number {
    this.position += 1;
    let depth = 1;
    let length = 0;
    while (this.position < this.bytes.length && depth > 0) {
      const byte = this.bytes[this.position] as number;
      this.position += 1;
      if (byte === 0x5c) {
        const escaped = this.bytes[this.position] as number;
        this.position += 1;
        if (escaped >= 0x30 && escaped <= 0x37) {
          for (let digits = 1; digits < 3; digits += 1) {
            const more = this.bytes[this.position] as number;
            if (more < 0x30 || more > 0x37) break;
            this.position += 1;
          }
        } else if (escaped === 0x0a || escaped === 0x0d) {
          continue;
        }
        length += 1;
      } else if (byte === 0x28) {
        depth += 1;
        length += 1;
      } else if (byte === 0x29) {
        depth -= 1;
        if (depth > 0) length += 1;
      } else {
        length += 1;
      }
    }
    return length;
  }

  private hexString(): number {
    this.position += 1;
    let digits = 0;
    while (this.position < this.bytes.length && this.bytes[this.position] !== 0x3e) {
      if (!WHITESPACE.has(this.bytes[this.position] as number)) digits += 1;
      this.position += 1;
    }
    this.position += 1;
    return Math.ceil(digits / 2);
  }

  /** After `[`: to its matching `]`, strings and all. */
  private skipArray(): void {
    let depth = 1;
    while (this.position < this.bytes.length && depth > 0) {
      const byte = this.bytes[this.position] as number;
      if (byte === 0x28) {
        this.literalString();
        continue;
      }
      if (byte === 0x5b) depth += 1;
      if (byte === 0x5d) depth -= 1;
      this.position += 1;
    }
  }

  private skipDictionary(): void {
    let depth = 1;
    while (this.position < this.bytes.length && depth > 0) {
      const byte = this.bytes[this.position] as number;
      if (byte === 0x3c && this.bytes[this.position + 1] === 0x3c) {
        depth += 1;
        this.position += 2;
      } else if (byte === 0x3e && this.bytes[this.position + 1] === 0x3e) {
        depth -= 1;
        this.position += 2;
      } else if (byte === 0x28) {
        this.literalString();
      } else {
        this.position += 1;
      }
    }
  }
}

function streamData(object: PDFObject | undefined, budget: { bytes: number }): Uint8Array | null {
  if (!(object instanceof PDFRawStream) || budget.bytes <= 0) return null;
  try {
    const data = decodeStreamCapped(object, budget.bytes);
    budget.bytes -= data.length;
    return data;
  } catch {
    return null;
  }
}

function numbersOf(array: PDFObject | undefined, count: number): number[] | null {
  if (!(array instanceof PDFArray) || array.size() !== count) return null;
  const values = array.asArray().map((item) => (item instanceof PDFNumber ? item.asNumber() : Number.NaN));
  return values.every(Number.isFinite) ? values : null;
}

/** Fonts whose strings are two bytes a glyph (composite fonts), by resource name. */
function compositeFonts(resources: PDFDict | undefined): Set<string> {
  const names = new Set<string>();
  const fonts = resources?.lookupMaybe(PDFName.of('Font'), PDFDict);
  for (const [key, value] of fonts?.entries() ?? []) {
    const font = fonts?.context.lookup(value);
    if (font instanceof PDFDict && font.get(PDFName.of('Subtype'))?.toString() === '/Type0') {
      names.add(key.decodeText());
    }
  }
  return names;
}

interface Painter {
  document: PDFDocument;
  areas: MarkedArea[];
  budget: { bytes: number };
}

/**
 * Where a page's text and images are, roughly: each string shown, as a box from the font size and its glyph
 * count, and each image or form drawn, as the box of its square. Vector paths (rules, frames) are not
 * counted. Meant for keeping a stamp off what is printed (page numbers, footers, paragraphs), not for
 * reading the page: a box may be a little larger or smaller than the ink.
 */
export function markedAreas(document: PDFDocument, pageIndex: number): MarkedArea[] {
  const page = document.getPages()[pageIndex];
  if (!page) return [];
  const painter: Painter = { document, areas: [], budget: { bytes: MAX_CONTENT_BYTES } };
  const contents = page.node.Contents();
  const streams =
    contents instanceof PDFArray ? contents.asArray().map((ref) => document.context.lookup(ref)) : [contents];
  const parts = streams
    .map((stream) => streamData(stream ?? undefined, painter.budget))
    .filter((data): data is Uint8Array => data !== null);
  // A page's contents may split anywhere, even inside an operator: read them as one.
  const total = parts.reduce((sum, part) => sum + part.length + 1, 0);
  const joined = new Uint8Array(total);
  let offset = 0;
  for (const part of parts) {
    joined.set(part, offset);
    joined[offset + part.length] = 0x0a;
    offset += part.length + 1;
  }
  paint(painter, joined, page.node.Resources(), IDENTITY, 0);
  return painter.areas;
}

function paint(
  painter: Painter,
  data: Uint8Array,
  resources: PDFDict | undefined,
  base: Matrix,
  depth: number,
): void {
  const composite = compositeFonts(resources);
  const reader = new ContentReader(data);
  const stack: Matrix[] = [];
  let ctm = base;
  let textMatrix: Matrix = IDENTITY;
  let lineMatrix: Matrix = IDENTITY;
  let fontSize = 0;
  let leading = 0;
  let twoByte = false;
  let operands: Token[] = [];

  const mark = (area: MarkedArea | null) => {
    if (area && painter.areas.length < MAX_AREAS) painter.areas.push(area);
  };
  const show = (glyphs: number, adjustment = 0) => {
    const advance = glyphs * AVERAGE_ADVANCE * fontSize - (adjustment / 1000) * fontSize;
    if (glyphs > 0 && fontSize !== 0) {
      mark(boxOf(multiply(textMatrix, ctm), 0, -DESCENT * fontSize, advance, ASCENT * fontSize));
    }
    textMatrix = multiply([1, 0, 0, 1, advance, 0], textMatrix);
  };
  const glyphsIn = (token: Token) =>
    token.kind === 'string' ? (twoByte ? Math.ceil(token.length / 2) : token.length) : 0;
  const nextLine = () => {
    lineMatrix = multiply([1, 0, 0, 1, 0, -leading], lineMatrix);
    textMatrix = lineMatrix;
  };
  const numbers = (count: number): number[] | null => {
    const values = operands
      .slice(-count)
      .map((token) => (token.kind === 'number' ? token.value : Number.NaN));
    return values.length === count && values.every(Number.isFinite) ? values : null;
  };

  for (let token = reader.next(); token; token = reader.next()) {
    if (token.kind !== 'operator') {
      operands.push(token);
      continue;
    }
    switch (token.value) {
      case 'q':
        if (stack.length < 64) stack.push(ctm);
        break;
      case 'Q':
        ctm = stack.pop() ?? ctm;
        break;
      case 'cm': {
        const m = numbers(6);
        if (m) ctm = multiply(m as Matrix, ctm);
        break;
      }
      case 'BT':
        textMatrix = IDENTITY;
        lineMatrix = IDENTITY;
        break;
      case 'Tf': {
        const size = numbers(1);
        const font = operands.at(-2);
        if (size) fontSize = size[0] ?? 0;
        twoByte = font?.kind === 'name' && composite.has(font.value);
        break;
      }
      case 'TL': {
        const value = numbers(1);
        if (value) leading = value[0] ?? 0;
        break;
      }
      case 'Td':
      case 'TD': {
        const move = numbers(2);
        if (move) {
          if (token.value === 'TD') leading = -(move[1] ?? 0);
          lineMatrix = multiply([1, 0, 0, 1, move[0] ?? 0, move[1] ?? 0], lineMatrix);
          textMatrix = lineMatrix;
        }
        break;
      }
      case 'Tm': {
        const m = numbers(6);
        if (m) {
          lineMatrix = m as Matrix;
          textMatrix = lineMatrix;
        }
        break;
      }
      case 'T*':
        nextLine();
        break;
      case 'Tj': {
        const text = operands.at(-1);
        if (text) show(glyphsIn(text));
        break;
      }
      case "'":
      case '"': {
        nextLine();
        const text = operands.at(-1);
        if (text) show(glyphsIn(text));
        break;
      }
      case 'TJ': {
        const array = operands.at(-1);
        if (array?.kind === 'array') {
          const glyphs = array.items.reduce((sum, item) => sum + glyphsIn(item), 0);
          const kerning = array.items.reduce(
            (sum, item) => sum + (item.kind === 'number' ? item.value : 0),
            0,
          );
          show(glyphs, kerning);
        }
        break;
      }
      case 'BI':
        reader.skipInlineImage();
        mark(boxOf(ctm, 0, 0, 1, 1));
        break;
      case 'Do': {
        const name = operands.at(-1);
        if (name?.kind === 'name') drawObject(painter, resources, name.value, ctm, depth);
        break;
      }
      default:
        break;
    }
    operands = [];
  }
}

function drawObject(
  painter: Painter,
  resources: PDFDict | undefined,
  name: string,
  ctm: Matrix,
  depth: number,
): void {
  const objects = resources?.lookupMaybe(PDFName.of('XObject'), PDFDict);
  const object = objects?.lookup(PDFName.of(name));
  if (!(object instanceof PDFRawStream)) return;
  const subtype = object.dict.get(PDFName.of('Subtype'))?.toString();
  if (subtype === '/Image') {
    const area = boxOf(ctm, 0, 0, 1, 1);
    if (area && painter.areas.length < MAX_AREAS) painter.areas.push(area);
    return;
  }
  if (subtype !== '/Form' || depth >= MAX_FORM_DEPTH) return;
  const matrix = (numbersOf(object.dict.lookup(PDFName.of('Matrix')), 6) as Matrix | null) ?? IDENTITY;
  const data = streamData(object, painter.budget);
  if (!data) return;
  const own = object.dict.lookupMaybe(PDFName.of('Resources'), PDFDict) ?? resources;
  paint(painter, data, own, multiply(matrix, ctm), depth + 1);
}
