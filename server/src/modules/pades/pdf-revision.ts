import {
  PDFArray,
  PDFDict,
  PDFDocument,
  PDFRawStream,
  PDFRef,
  PDFStream,
  decodePDFRawStream,
  type PDFObject,
} from '@cantoo/pdf-lib';
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
 */
export interface PdfRevision {
  bytes: Buffer;
  document: PDFDocument;
  catalogRef: PdfRef;
  infoRef?: PdfRef;
  /** The trailer's /ID, serialised, when the file has one. */
  id?: PdfValue;
  /** Offset of the last cross-reference section, its kind and the trailer's /Size. */
  xrefOffset: number;
  xrefKind: XrefKind;
  size: number;
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
    bytes: pdf,
    document,
    catalogRef: toRef(info.Root),
    infoRef: info.Info instanceof PDFRef ? toRef(info.Info) : undefined,
    id: info.ID ? fromPdfLib(info.ID) : undefined,
    xrefOffset,
    xrefKind: kind,
    size: Math.max(declaredSize, document.context.largestObjectNumber + 1),
  };
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

/** A stream's decoded bytes (filters applied). */
export function streamBytes(object: PDFObject | undefined): Buffer | undefined {
  if (!(object instanceof PDFRawStream)) return undefined;
  return Buffer.from(decodePDFRawStream(object).decode());
}

export function pageRef(revision: PdfRevision, pageIndex: number): PdfRef {
  const pages = revision.document.getPages();
  const page = pages[pageIndex];
  if (!page) throw new PadesError(`page index ${pageIndex} is outside the document (${pages.length} pages)`);
  return toRef(page.ref);
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
