import { createHash, type Hash } from 'node:crypto';
import {
  PDFArray,
  PDFDict,
  PDFDocument,
  PDFName,
  PDFRawStream,
  PDFRef,
  PDFStream,
  type PDFObject,
} from '@cantoo/pdf-lib';
import { decodeStreamCapped } from '../inspection/capped-decoding';
import { PDF_LIMITS } from '../inspection/pdf-rejection';
import { PdfDict, PdfRaw, PdfRef, type PdfValue } from './pdf-syntax';

/** The document cannot be updated incrementally as it is (encrypted, damaged, not a PDF). */
export class PadesError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'PadesError';
  }
}

export type XrefKind = 'table' | 'stream';

/**
 * The latest revision of a PDF: its bytes, a parsed view of its objects (pdf-lib, read only) and
 * what the next incremental update needs to chain its cross-reference section to the previous one.
 * A revision made by an update in memory (see nextRevision) keeps the file as the chunks it was written
 * in, and its parsed view is the previous one with the update's objects put in, so a chain of updates
 * parses the file once and copies its bytes once, at the end.
 */
export interface PdfRevision {
  /** The file: these chunks one after the other (one for a file read from a Buffer). */
  chunks: readonly Buffer[];
  length: number;
  document: PDFDocument;
  catalogRef: PdfRef;
  infoRef?: PdfRef;
  /** The trailer's /ID, serialised, when the file has one. */
  id?: PdfValue;
  /** Offset of the last cross-reference section, its kind and the trailer's /Size. */
  xrefOffset: number;
  xrefKind: XrefKind;
  size: number;
  /** SHA-256 state over all the file's bytes, when computed (see prefixDigest); never finalised. */
  digestState?: Hash;
}

const TAIL_SEARCH_BYTES = 4096;

export async function readRevision(pdf: Buffer): Promise<PdfRevision> {
  const xrefOffset = lastStartXref(pdf);
  const { kind, trailer } = previousTrailer(pdf, xrefOffset);
  if (/\/Encrypt\b/.test(trailer)) throw new PadesError('encrypted PDFs cannot be signed');
  let document: PDFDocument;
  try {
    document = await PDFDocument.load(pdf, { updateMetadata: false });
  } catch (error) {
    throw new PadesError(`the PDF cannot be parsed: ${describe(error)}`, { cause: error });
  }
  const info = document.context.trailerInfo;
  if (!(info.Root instanceof PDFRef)) throw new PadesError('the trailer has no /Root reference');
  const sizeMatch = /\/Size\s+(\d+)/.exec(trailer);
  const declaredSize = sizeMatch ? Number(sizeMatch[1]) : 0;
  return {
    chunks: [pdf],
    length: pdf.length,
    document,
    catalogRef: toRef(info.Root),
    infoRef: info.Info instanceof PDFRef ? toRef(info.Info) : undefined,
    id: info.ID ? fromPdfLib(info.ID) : undefined,
    xrefOffset,
    xrefKind: kind,
    size: Math.max(declaredSize, document.context.largestObjectNumber + 1),
  };
}

/** The revision's bytes in one Buffer (its only chunk, or the chunks copied once). */
export function revisionBytes(revision: PdfRevision): Buffer {
  const [only] = revision.chunks;
  return revision.chunks.length === 1 && only ? only : Buffer.concat(revision.chunks, revision.length);
}

/** The last byte of the revision (to know whether an update must start on a new line). */
export function lastByte(revision: PdfRevision): number | undefined {
  const last = revision.chunks[revision.chunks.length - 1];
  return last?.[last.length - 1];
}

/**
 * A SHA-256 state over the revision's bytes, to continue with what follows them: one pass over the file
 * for every signature of a chain of updates, each forking the state of the revision it extends.
 */
export function prefixDigest(revision: PdfRevision): Hash {
  if (!revision.digestState) {
    const state = createHash('sha256');
    for (const chunk of revision.chunks) state.update(chunk);
    revision.digestState = state;
  }
  return revision.digestState.copy();
}

function lastStartXref(pdf: Buffer): number {
  const tail = pdf.subarray(Math.max(0, pdf.length - TAIL_SEARCH_BYTES)).toString('latin1');
  const matches = [...tail.matchAll(/startxref\s+(\d+)\s+%%EOF/g)];
  const last = matches[matches.length - 1];
  if (!last?.[1]) throw new PadesError('no startxref at the end of the file');
  const offset = Number(last[1]);
  if (offset <= 0 || offset >= pdf.length) throw new PadesError('startxref points outside the file');
  return offset;
}

/** The kind of the last cross-reference section and the text of its trailer dictionary. */
function previousTrailer(pdf: Buffer, offset: number): { kind: XrefKind; trailer: string } {
  const text = pdf.subarray(offset).toString('latin1');
  if (/^\s*xref\b/.test(text)) {
    const start = text.indexOf('trailer');
    const end = text.indexOf('startxref', start);
    if (start < 0 || end < 0) throw new PadesError('the cross-reference table has no trailer');
    return { kind: 'table', trailer: text.slice(start, end) };
  }
  if (/^\s*\d+\s+\d+\s+obj\b/.test(text)) {
    const end = text.indexOf('stream');
    const trailer = text.slice(0, end < 0 ? 0 : end);
    if (!/\/Type\s*\/XRef\b/.test(trailer))
      throw new PadesError('startxref does not point to an xref stream');
    return { kind: 'stream', trailer };
  }
  throw new PadesError('startxref does not point to a cross-reference section; normalise the PDF first');
}

export function toRef(ref: PDFRef): PdfRef {
  return new PdfRef(ref.objectNumber, ref.generationNumber);
}

export function toPdfLibRef(ref: PdfRef): PDFRef {
  return PDFRef.of(ref.objectNumber, ref.generation);
}

/** Copies a pdf-lib object into the writer's model; leaves are kept in their parsed textual form. */
export function fromPdfLib(object: PDFObject): PdfValue {
  if (object instanceof PDFRef) return toRef(object);
  if (object instanceof PDFDict) {
    return new PdfDict(object.entries().map(([key, value]) => [key.toString().slice(1), fromPdfLib(value)]));
  }
  if (object instanceof PDFArray) return object.asArray().map(fromPdfLib);
  if (object instanceof PDFStream) throw new PadesError('a stream cannot be copied as a direct object');
  return new PdfRaw(object.toString());
}

/** The object `value` designates: itself, or what its reference points to. */
export function resolve(revision: PdfRevision, value: PDFObject | undefined): PDFObject | undefined {
  return value instanceof PDFRef ? revision.document.context.lookup(value) : value;
}

export function lookupDict(revision: PdfRevision, ref: PdfRef): PDFDict {
  const object = revision.document.context.lookup(toPdfLibRef(ref));
  if (!(object instanceof PDFDict)) throw new PadesError(`object ${ref.objectNumber} is not a dictionary`);
  return object;
}

/**
 * A stream's decoded bytes (filters applied), refused past the cap on streams held in memory: the
 * validation data read back from a document (certificates, CRLs, OCSP responses) is far smaller.
 */
export function streamBytes(object: PDFObject | undefined): Buffer | undefined {
  if (!(object instanceof PDFRawStream)) return undefined;
  return Buffer.from(decodeStreamCapped(object, PDF_LIMITS.containerStreamMaxBytes));
}

/**
 * The page at `pageIndex`, found by walking the page tree as the revision has it (pages an update added
 * included), counting leaves in order as pdf-lib does: /Type /Pages nodes are walked, /Type /Page leaves
 * counted, anything else skipped.
 */
export function pageRef(revision: PdfRevision, pageIndex: number): PdfRef {
  const { context } = revision.document;
  const visited = new Set<string>();
  let seen = 0;
  const walk = (tree: PDFDict): PDFRef | undefined => {
    const kids = resolve(revision, tree.get(PDFName.of('Kids')));
    if (!(kids instanceof PDFArray)) return undefined;
    for (const kid of kids.asArray()) {
      if (!(kid instanceof PDFRef)) continue;
      if (visited.has(kid.tag)) throw new PadesError('the page tree has a cycle');
      visited.add(kid.tag);
      const node = context.lookup(kid);
      if (!(node instanceof PDFDict)) continue;
      const type = node.get(PDFName.of('Type'));
      if (type === PDFName.of('Pages')) {
        const found = walk(node);
        if (found) return found;
      } else if (type === PDFName.of('Page')) {
        if (seen === pageIndex) return kid;
        seen += 1;
      }
    }
    return undefined;
  };
  const root = resolve(revision, lookupDict(revision, revision.catalogRef).get(PDFName.of('Pages')));
  const found = root instanceof PDFDict ? walk(root) : undefined;
  if (!found) throw new PadesError(`page index ${pageIndex} is outside the document (${seen} pages)`);
  return toRef(found);
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
