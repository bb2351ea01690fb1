import {
  PDFArray,
  PDFContext,
  PDFDict,
  PDFName,
  PDFRawStream,
  PDFRef,
  type PDFObject,
} from '@cantoo/pdf-lib';
import { ObjectScanner, latin1 } from './object-scanner';
import { invalidPdf } from './pdf-rejection';

/** An indirect object as it stands in the file, parsed on its own (nothing decompressed). */
export interface IndexedObject {
  objectNumber: number;
  generation: number;
  /** Offset of its header (`12 0 obj`). */
  start: number;
  /** Offset just past its value (past `endstream` for a stream), before `endobj`. */
  end: number;
  /** The object when it is a stream, to be measured; other values are not kept (the parser reads them). */
  stream?: PDFRawStream;
  crossReference: boolean;
}

const TRAILER_KEYS = ['Size', 'Root', 'Encrypt', 'Info', 'ID'] as const;
type TrailerEntries = Partial<Record<(typeof TRAILER_KEYS)[number], PDFObject>>;

/** Every indirect object of a file in file order, and its trailer as the parser would merge it. */
export interface ObjectIndex {
  objects: IndexedObject[];
  trailer: TrailerEntries;
  /** Object headers whose object could not be parsed: a damaged file. */
  unreadable: number;
  /** Streams whose decoding parameters sit in an object stream: measured again once the file is parsed. */
  deferred: IndexedObject[];
  version: string;
}

/**
 * Comments (passed over: a header in one is no object), object headers and trailer keywords. A header
 * cannot start inside a run of digits: without the look-behind, a long run of digits costs the search a
 * pass over the rest of the run at every digit.
 */
const MARKERS = /%[^\r\n]*|(?<![0-9])(\d+)\s+(\d+)\s+obj\b|(trailer)/g;
const VERSION = /%PDF-(\d\.\d)/;

/** Later sections override earlier ones entry by entry, as readers (and pdf-lib) merge trailers. */
function mergeTrailer(trailer: TrailerEntries, dict: PDFDict): TrailerEntries {
  const merged: TrailerEntries = { ...trailer };
  for (const key of TRAILER_KEYS) merged[key] = dict.get(PDFName.of(key)) ?? trailer[key];
  return merged;
}

/**
 * Reads the file in one pass, as readers rebuilding a damaged cross-reference table do: every object
 * header in order, each object parsed where it stands and skipped over whole (a stream's data is never
 * searched for headers), and the trailers met on the way. Linear in the file's size; the cross-reference
 * table itself is not needed.
 */
export function indexObjects(bytes: Uint8Array): ObjectIndex {
  const text = latin1(bytes);
  const scanner = new ObjectScanner(bytes);
  const markers = new RegExp(MARKERS.source, 'g');
  const index: ObjectIndex = { objects: [], trailer: {}, unreadable: 0, deferred: [], version: '1.7' };
  index.version = VERSION.exec(text.slice(0, 1024))?.[1] ?? index.version;
  for (let match = markers.exec(text); match; match = markers.exec(text)) {
    if (match[1] === undefined && match[3] === undefined) continue;
    const scanned = scanner.objectAt(match.index + match[0].length);
    if (match[3] !== undefined) {
      // Only a dictionary is passed over: whatever else follows the keyword may hold objects.
      if (!(scanned?.object instanceof PDFDict)) continue;
      index.trailer = mergeTrailer(index.trailer, scanned.object);
      markers.lastIndex = Math.max(markers.lastIndex, scanned.end);
      continue;
    }
    if (!scanned) {
      index.unreadable += 1;
      continue;
    }
    markers.lastIndex = Math.max(markers.lastIndex, scanned.end);
    const stream = scanned.object instanceof PDFRawStream ? scanned.object : undefined;
    const crossReference = stream?.dict.get(PDFName.of('Type')) === PDFName.of('XRef');
    if (stream && crossReference) index.trailer = mergeTrailer(index.trailer, stream.dict);
    const [objectNumber, generation] = [Number(match[1]), Number(match[2])];
    index.objects.push({
      objectNumber,
      generation,
      start: match.index,
      end: scanned.end,
      stream,
      crossReference,
    });
  }
  inlineFilterReferences(index, scanner);
  return index;
}

/** What says how a stream decodes; readers follow references there, so the measure must too. */
const STRUCTURE_KEYS = ['Type', 'Filter', 'F'] as const;
const PARAMETER_KEYS = ['DecodeParms', 'DP'] as const;
/** Filter list → parameters list → parameters → value, with a reference at each step. */
const MAX_INLINE_DEPTH = 8;

class Unreadable extends Error {}

/**
 * Replaces the references in each stream's decoding entries (`/Filter 7 0 R`, `/DecodeParms [8 0 R]`,
 * `/Columns 9 0 R`) by the objects they name, so that the measure decodes the stream as the parser and
 * viewers will: left as they were, the scan would see no filter where the parser finds one. Each object
 * named is parsed once; a reference to a stream (JBIG2 globals) stays. An object the file holds only
 * inside an object stream cannot be read before the parse: named as a filter or a type, the file is
 * refused rather than measured wrongly; named as parameters, the stream is measured again after the parse
 * (`deferred`), with every reference the parser resolved.
 */
function inlineFilterReferences(index: ObjectIndex, scanner: ObjectScanner): void {
  const latest = new Map<number, IndexedObject>();
  for (const entry of index.objects) latest.set(entry.objectNumber, entry);
  const context = PDFContext.create();
  const resolved = new Map<PDFRef, PDFObject>();
  const inline = (value: PDFObject, depth: number): PDFObject => {
    if (depth > MAX_INLINE_DEPTH) throw invalidPdf('stream filters nested too deeply');
    if (value instanceof PDFRef) {
      const known = resolved.get(value);
      if (known) return known;
      const entry = latest.get(value.objectNumber);
      if (entry?.stream) return value;
      const target = entry && scanner.indirectObjectAt(entry.start)?.object;
      if (!target) throw new Unreadable();
      const object = inline(target, depth + 1);
      resolved.set(value, object);
      return object;
    }
    if (value instanceof PDFArray) return context.obj(value.asArray().map((item) => inline(item, depth + 1)));
    if (value instanceof PDFDict) {
      const copy = PDFDict.withContext(context);
      for (const [key, item] of value.entries()) copy.set(key, inline(item, depth + 1));
      return copy;
    }
    return value;
  };
  const deferred = new Set<IndexedObject>();
  for (const entry of index.objects) {
    const dict = entry.stream?.dict;
    for (const key of [...STRUCTURE_KEYS, ...PARAMETER_KEYS]) {
      const value = dict?.get(PDFName.of(key));
      if (!dict || value === undefined) continue;
      try {
        dict.set(PDFName.of(key), inline(value, 0));
      } catch (error) {
        if (!(error instanceof Unreadable)) throw error;
        if (!(PARAMETER_KEYS as readonly string[]).includes(key)) {
          throw invalidPdf('stream filter in an object that cannot be read');
        }
        deferred.add(entry);
      }
    }
  }
  index.deferred = [...deferred];
}

const ENDOBJ = Buffer.from('\nendobj\n', 'latin1');

/**
 * The file as the parser is given it: the objects found, each copied as it stands and closed with
 * `endobj`, then one trailer; nothing else. Whatever lay between objects (a damaged or garbage table,
 * stray bytes) is gone, and with it the parser's own way of crossing it, which throws and catches an
 * error at every byte: 4 MB of broken table cost it 40 s. The parser reads objects in order and never
 * uses the table, so none is written; cross-reference streams, already merged into the trailer, are left
 * out too. The parser therefore sees exactly the objects the checks have seen and measured.
 */
export function rebuiltForParser(bytes: Uint8Array, index: ObjectIndex): Buffer {
  const parts: Buffer[] = [Buffer.from(`%PDF-${index.version}\n%\xe2\xe3\xcf\xd3\n`, 'latin1')];
  const source = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  for (const entry of index.objects) {
    if (entry.crossReference) continue;
    parts.push(source.subarray(entry.start, entry.end), ENDOBJ);
  }
  const entries = TRAILER_KEYS.flatMap((key) => {
    const value = index.trailer[key];
    return value === undefined ? [] : [`/${key} ${value.toString()}`];
  });
  parts.push(Buffer.from(`trailer\n<< ${entries.join(' ')} >>\nstartxref\n0\n%%EOF\n`, 'latin1'));
  return Buffer.concat(parts);
}
