import {
  PDFDict,
  PDFHexString,
  PDFName,
  PDFObjectParser,
  PDFRawStream,
  type PDFContext,
  type PDFObject,
} from '@cantoo/pdf-lib';
import type { IncrementalUpdate, WrittenTail } from './incremental-update';
import { PadesError, toPdfLibRef, type PdfRevision } from './pdf-revision';

/**
 * The revision `update` makes of `revision`, without reading the file again: the previous chunks followed
 * by `tail` (the update's bytes as finally written: with a signature, after its /ByteRange and /Contents
 * were filled), the trailer values the update wrote, and the parsed view with the update's objects put in
 * (each read back from the tail where it was written, so a later update reads exactly what the file says).
 * The previous revision stays usable as a record of its bytes, but shares the parsed view: only the
 * newest revision of a chain should be updated.
 */
export function nextRevision(
  revision: PdfRevision,
  update: IncrementalUpdate,
  written: WrittenTail,
  tail: Buffer = written.tail,
): PdfRevision {
  if (update.revision !== revision) throw new PadesError('the update was made for another revision');
  const { context } = revision.document;
  // Written objects follow each other in the tail; the cross-reference section follows the last.
  const starts = update.written.map((object) => {
    const offset = written.offsets.get(object.ref.objectNumber);
    if (offset === undefined) throw new PadesError(`object ${object.ref.objectNumber} was not written`);
    return offset - revision.length;
  });
  update.written.forEach((object, index) => {
    const header = `${object.ref.objectNumber} ${object.ref.generation} obj\n`.length;
    const start = (starts[index] ?? 0) + header;
    const end = starts[index + 1] ?? written.xrefOffset - revision.length;
    context.assign(
      toPdfLibRef(object.ref),
      readObject(tail.subarray(start, end), context, object.stream !== undefined),
    );
  });
  const digestState = revision.digestState?.copy().update(tail);
  return {
    chunks: [...revision.chunks, tail],
    length: revision.length + tail.length,
    document: revision.document,
    catalogRef: revision.catalogRef,
    infoRef: revision.infoRef,
    id: written.id,
    xrefOffset: written.xrefOffset,
    xrefKind: revision.xrefKind,
    size: written.size,
    ...(digestState ? { digestState } : {}),
  };
}

/** Hexadecimal strings longer than this (a signature's /Contents) are read without pdf-lib's per-byte loop. */
const LONG_HEX = 1024;

/**
 * The object written at the start of `bytes`. A stream is read with its data (its /Length is exact), as a
 * view of the tail. A long hexadecimal string directly under a dictionary key (a signature's /Contents) is
 * taken out before parsing and put back as it was written; anywhere else, the whole object is parsed.
 */
function readObject(bytes: Buffer, context: PDFContext, stream: boolean): PDFObject {
  const parse = (source: Buffer): PDFObject => PDFObjectParser.forBytes(source, context).parseObject();
  const text = stream ? '' : bytes.toString('latin1');
  const long = new RegExp(`/([^\\s/<>\\[\\]()]+)\\s*<([0-9A-Fa-f]{${LONG_HEX},})>`).exec(text);
  if (!long?.[1] || !long[2]) {
    const parsed = parse(bytes);
    if (stream && !(parsed instanceof PDFRawStream)) throw new PadesError('a stream was not read back');
    return parsed;
  }
  const hexStart = long.index + long[0].length - long[2].length - 2;
  const blanked = Buffer.concat([
    bytes.subarray(0, hexStart),
    Buffer.from('<>', 'latin1'),
    bytes.subarray(hexStart + long[2].length + 2),
  ]);
  let parsed: PDFObject;
  try {
    parsed = parse(blanked);
  } catch {
    return parse(bytes);
  }
  const key = PDFName.of(long[1]);
  const placeholder = parsed instanceof PDFDict ? parsed.get(key) : undefined;
  if (
    !(parsed instanceof PDFDict) ||
    !(placeholder instanceof PDFHexString) ||
    placeholder.asString() !== ''
  ) {
    return parse(bytes);
  }
  parsed.set(key, PDFHexString.of(long[2]));
  return parsed;
}
