import { constants, createInflate } from 'node:zlib';
import { PDFArray, PDFName, PDFRawStream, decodePDFRawStream, type PDFDict } from '@cantoo/pdf-lib';
import { ObjectScanner, latin1 } from './object-scanner';
import { invalidPdf, type PdfLimits } from './pdf-rejection';

const OBJECT_HEADER = /(\d+)\s+(\d+)\s+obj\b/g;
const FLATE = new Set(['FlateDecode', 'Fl']);
/** Filters whose output is never longer than their input. */
const SHRINKING = new Set(['ASCIIHexDecode', 'AHx', 'ASCII85Decode', 'A85']);
/** Filters that can expand like Flate; rare today, so decoded by the library under a tighter cap. */
const EXPANDING = new Set(['LZWDecode', 'LZW', 'RunLengthDecode', 'RL']);
const CONTAINER_TYPES = new Set(['ObjStm', 'XRef']);

interface Budget {
  remaining: number;
  limits: PdfLimits;
}

function filterNames(dict: PDFDict): string[] {
  const filter = dict.lookup(PDFName.of('Filter'));
  if (filter instanceof PDFName) return [filter.decodeText()];
  if (filter instanceof PDFArray) {
    return filter.asArray().map((item) => (item instanceof PDFName ? item.decodeText() : '?'));
  }
  return [];
}

/** Counts what a Flate stream inflates to, keeping none of it, and stops once past `limit`. */
export function inflatedSize(data: Uint8Array, limit: number): Promise<number> {
  return new Promise((resolve) => {
    // Sync flush: a stream cut short still yields what it has, as viewers would show it.
    const inflater = createInflate({ finishFlush: constants.Z_SYNC_FLUSH, chunkSize: 64 * 1024 });
    let total = 0;
    inflater.on('data', (chunk: Buffer) => {
      total += chunk.length;
      if (total > limit) {
        inflater.destroy();
        resolve(total);
      }
    });
    inflater.on('end', () => resolve(total));
    // Corrupt data: what came out before the error is all a reader could get.
    inflater.on('error', () => resolve(total));
    inflater.end(data);
  });
}

/** The stream's bytes after the filters that precede Flate (ASCII armour only, which never grows). */
function beforeFlate(stream: PDFRawStream, prefix: string[]): Uint8Array {
  if (prefix.length === 0) return stream.contents;
  const dict = stream.dict.context.obj({ Filter: prefix });
  return decodePDFRawStream(PDFRawStream.of(dict, stream.contents)).decode();
}

function decodedLengthCapped(stream: PDFRawStream, cap: number): number {
  const decoder = decodePDFRawStream(stream);
  let total = 0;
  while (total <= cap) {
    const chunk = decoder.getBytes(64 * 1024);
    if (chunk.length === 0) break;
    total += chunk.length;
  }
  return total;
}

function streamLimit(stream: PDFRawStream, budget: Budget): number {
  const type = stream.dict.lookup(PDFName.of('Type'));
  const container = type instanceof PDFName && CONTAINER_TYPES.has(type.decodeText());
  return container ? Math.min(budget.remaining, budget.limits.containerStreamMaxBytes) : budget.remaining;
}

async function measureStream(stream: PDFRawStream, budget: Budget): Promise<void> {
  const filters = filterNames(stream.dict);
  const limit = streamLimit(stream, budget);
  const flateAt = filters.findIndex((filter) => FLATE.has(filter));
  let size = 0;
  if (flateAt >= 0 && filters.slice(0, flateAt).every((filter) => SHRINKING.has(filter))) {
    size = await inflatedSize(beforeFlate(stream, filters.slice(0, flateAt)), limit);
  } else if (filters.some((filter) => FLATE.has(filter) || EXPANDING.has(filter))) {
    const cap = Math.min(limit, budget.limits.containerStreamMaxBytes);
    size = safeDecodedLength(stream, cap);
    if (size > cap) throw invalidPdf('decompression bomb');
  }
  if (size > limit) throw invalidPdf('decompression bomb');
  budget.remaining -= size;
}

function safeDecodedLength(stream: PDFRawStream, cap: number): number {
  try {
    return decodedLengthCapped(stream, cap);
  } catch {
    // Undecodable: it yields nothing to a reader either.
    return 0;
  }
}

/**
 * Walks every stream in the file before anything else parses it, and refuses the file when decompressing
 * them would produce more than the budget: a few kilobytes of Flate can stand for gigabytes. Object
 * streams get a tighter cap, since the full parse decompresses them in memory.
 */
export async function assertStreamsWithinBudget(bytes: Uint8Array, limits: PdfLimits): Promise<void> {
  const text = latin1(bytes);
  const scanner = new ObjectScanner(bytes);
  const budget: Budget = { remaining: limits.inflateBudgetBytes, limits };
  const header = new RegExp(OBJECT_HEADER.source, 'g');
  for (let match = header.exec(text); match; match = header.exec(text)) {
    const scanned = scanner.objectAt(match.index + match[0].length);
    if (!scanned) continue;
    // Skipping past a stream's data keeps its binary content from being read as objects.
    header.lastIndex = Math.max(header.lastIndex, scanned.end);
    if (scanned.object instanceof PDFRawStream) await measureStream(scanned.object, budget);
  }
}
