import { PDFArray, PDFDict, PDFName, PDFNumber, PDFRawStream, type PDFObject } from '@cantoo/pdf-lib';
import { decodeStreamCapped } from './capped-decoding';
import { ObjectScanner, latin1 } from './object-scanner';
import { PDF_LIMITS, PdfRejection, invalidPdf } from './pdf-rejection';
import { unpredictPng } from './png-predictor';

/** Incremental updates each add a section; more than this is not a document people sign. */
const MAX_SECTIONS = 256;
const TRAILER_WINDOW = 1024;

interface CrossReferenceSection {
  /** In-use entries: object number → byte offset. */
  entries: Map<number, number>;
  /** Offsets of further sections (`/Prev`, `/XRefStm`). */
  next: number[];
}

interface FileView {
  bytes: Uint8Array;
  text: string;
  scanner: ObjectScanner;
  /** Bytes before `%PDF-`: some producers count offsets from the header, not from the file's start. */
  shift: number;
}

const numberIn = (dict: PDFDict, key: string): number | undefined => {
  const value = dict.get(PDFName.of(key));
  return value instanceof PDFNumber ? value.asNumber() : undefined;
};

function followingSections(dict: PDFDict): number[] {
  return [numberIn(dict, 'Prev'), numberIn(dict, 'XRefStm')].filter(
    (offset): offset is number => offset !== undefined,
  );
}

function lastStartXref(text: string): number {
  const tail = text.slice(-TRAILER_WINDOW);
  if (!tail.includes('%%EOF')) throw invalidPdf('no end-of-file marker');
  const matches = [...text.slice(-TRAILER_WINDOW - 64).matchAll(/startxref\s+(\d+)\s+%%EOF/g)];
  const last = matches.at(-1);
  if (!last) throw invalidPdf('no startxref');
  return Number(last[1]);
}

function readTableEntries(view: FileView, start: number): { entries: Map<number, number>; end: number } {
  const entries = new Map<number, number>();
  const subsection = /\s*(\d+)\s+(\d+)[ \t]*[\r\n]/y;
  const entry = /\s*(\d{10})\s+(\d{5})\s+([nf])/y;
  let position = start;
  for (
    let header = matchAt(subsection, view.text, position);
    header;
    header = matchAt(subsection, view.text, position)
  ) {
    position = subsection.lastIndex;
    const first = Number(header[1]);
    for (let index = 0; index < Number(header[2]); index += 1) {
      const row = matchAt(entry, view.text, position);
      if (!row) throw invalidPdf('malformed cross-reference table');
      position = entry.lastIndex;
      if (row[3] === 'n' && Number(row[1]) > 0) entries.set(first + index, Number(row[1]));
    }
  }
  return { entries, end: position };
}

function matchAt(pattern: RegExp, text: string, position: number): RegExpExecArray | null {
  pattern.lastIndex = position;
  return pattern.exec(text);
}

function readTable(view: FileView, offset: number): CrossReferenceSection {
  const { entries, end } = readTableEntries(view, offset);
  const trailer = matchAt(/\s*trailer/y, view.text, end);
  if (!trailer) throw invalidPdf('no trailer after the cross-reference table');
  const dict = view.scanner.objectAt(end + trailer[0].length)?.object;
  if (!(dict instanceof PDFDict)) throw invalidPdf('unreadable trailer');
  return { entries, next: followingSections(dict) };
}

function readStream(stream: PDFRawStream): CrossReferenceSection {
  const dict = stream.dict;
  const widths = dict.lookup(PDFName.of('W'));
  const size = numberIn(dict, 'Size');
  if (!widths || size === undefined) throw invalidPdf('malformed cross-reference stream');
  const [typeWidth = 0, offsetWidth = 0, generationWidth = 0] = numbersOf(widths);
  const index = dict.lookup(PDFName.of('Index'));
  const ranges = index ? numbersOf(index) : [0, size];
  const rowWidth = typeWidth + offsetWidth + generationWidth;
  const data = decodeXrefData(stream, rowWidth);
  const entries = new Map<number, number>();
  let row = 0;
  for (let range = 0; range + 1 < ranges.length; range += 2) {
    for (let item = 0; item < (ranges[range + 1] ?? 0); item += 1, row += 1) {
      const at = row * rowWidth;
      if (at + rowWidth > data.length) throw invalidPdf('short cross-reference stream');
      const type = typeWidth === 0 ? 1 : readUint(data, at, typeWidth);
      const offset = readUint(data, at + typeWidth, offsetWidth);
      if (type === 1 && offset > 0) entries.set((ranges[range] ?? 0) + item, offset);
    }
  }
  return { entries, next: followingSections(dict) };
}

function numbersOf(object: PDFObject): number[] {
  if (!(object instanceof PDFArray)) return [];
  return object.asArray().map((item) => (item instanceof PDFNumber ? item.asNumber() : 0));
}

function readUint(data: Uint8Array, at: number, width: number): number {
  let value = 0;
  for (let index = 0; index < width; index += 1) value = value * 256 + (data[at + index] ?? 0);
  return value;
}

/** True for Flate, false for no filter; anything else is not used for cross-reference streams. */
function isFlateCompressed(stream: PDFRawStream): boolean {
  const filter = stream.dict.lookup(PDFName.of('Filter'));
  const names = filter instanceof PDFArray ? filter.asArray() : filter === undefined ? [] : [filter];
  if (names.length === 0) return false;
  if (names.length === 1 && names[0] === PDFName.of('FlateDecode')) return true;
  throw invalidPdf('unsupported cross-reference stream filter');
}

function decodeXrefData(stream: PDFRawStream, rowWidth: number): Uint8Array {
  // Measured already; decoded under the same cap all the same, as every decoding after the check is.
  const inflated = isFlateCompressed(stream)
    ? decodeStreamCapped(stream, PDF_LIMITS.containerStreamMaxBytes)
    : stream.contents;
  const declared = stream.dict.lookup(PDFName.of('DecodeParms'));
  const parms = declared instanceof PDFArray ? declared.lookup(0) : declared;
  const predictor = parms instanceof PDFDict ? numberIn(parms, 'Predictor') : undefined;
  if (!(parms instanceof PDFDict) || !predictor || predictor < 10) return inflated;
  return unpredictPng(inflated, numberIn(parms, 'Columns') ?? rowWidth);
}

function readSection(view: FileView, offset: number): CrossReferenceSection {
  for (const at of view.shift > 0 ? [offset, offset + view.shift] : [offset]) {
    if (at >= view.bytes.length) continue;
    const keyword = matchAt(/\s*xref/y, view.text, at);
    if (keyword) return readTable(view, at + keyword[0].length);
    const found = view.scanner.indirectObjectAt(at);
    if (
      found?.object instanceof PDFRawStream &&
      found.object.dict.get(PDFName.of('Type')) === PDFName.of('XRef')
    ) {
      return readStream(found.object);
    }
  }
  throw invalidPdf('cross-reference offset points nowhere');
}

function assertEntriesPointAtObjects(view: FileView, entries: Map<number, number>): void {
  const header = /\s*(\d+)\s+\d+\s+obj\b/y;
  for (const [objectNumber, offset] of entries) {
    const found = matchAt(header, view.text, offset) ?? matchAt(header, view.text, offset + view.shift);
    if (!found || Number(found[1]) !== objectNumber) throw invalidPdf('cross-reference entry points nowhere');
  }
}

/**
 * The file ends with `startxref` and `%%EOF`, and every cross-reference section it chains to is where it
 * says and lists objects that are where it says. When not, readers rebuild the table by scanning the
 * objects (as the parser here does), so the upload is rewritten as they recover it and the member told.
 */
export function isCrossReferenceIntact(bytes: Uint8Array): boolean {
  try {
    assertCrossReferenceIntact(bytes);
    return true;
  } catch (error) {
    if (error instanceof PdfRejection) return false;
    throw error;
  }
}

function assertCrossReferenceIntact(bytes: Uint8Array): void {
  const text = latin1(bytes);
  const view: FileView = {
    bytes,
    text,
    scanner: new ObjectScanner(bytes),
    shift: Math.max(0, text.indexOf('%PDF-')),
  };
  const pending = [lastStartXref(text)];
  const visited = new Set<number>();
  for (let offset = pending.pop(); offset !== undefined; offset = pending.pop()) {
    if (visited.has(offset)) continue;
    if (visited.size >= MAX_SECTIONS) throw invalidPdf('too many cross-reference sections');
    visited.add(offset);
    const section = readSection(view, offset);
    assertEntriesPointAtObjects(view, section.entries);
    pending.push(...section.next);
  }
}
