import { createHash } from 'node:crypto';
import { EncryptedPDFError, PDFDict, PDFDocument, ParseSpeeds } from '@cantoo/pdf-lib';
import { removeActiveContent } from './active-content';
import { latin1 } from './object-scanner';
import { readPageTree, type PageSize } from './page-tree';
import { dropUnreachableObjects } from './pdf-objects';
import { PdfRejection, invalidPdf, type PdfLimits } from './pdf-rejection';
import { assertNotSigned } from './signature-check';
import { assertStreamsWithinBudget } from './stream-budget';
import { assertCrossReferenceIntact } from './xref-check';

/** A checked, normalised PDF, ready to be stored under its hash. */
export interface CheckedPdf {
  bytes: Uint8Array;
  sha256: string;
  pageCount: number;
  pages: PageSize[];
  removed: string[];
}

const MAGIC_WINDOW = 1024;

/** `%PDF-` must open the file (within the first kilobyte, as readers allow), whatever its name or type. */
export function assertPdfMagic(bytes: Uint8Array): void {
  if (!latin1(bytes.subarray(0, MAGIC_WINDOW)).includes('%PDF-')) {
    throw new PdfRejection('NOT_A_PDF', 'no PDF header');
  }
}

async function loadDocument(bytes: Uint8Array): Promise<PDFDocument> {
  try {
    return await PDFDocument.load(bytes, {
      updateMetadata: false,
      parseSpeed: ParseSpeeds.Fastest,
      capNumbers: true,
    });
  } catch (error) {
    if (error instanceof EncryptedPDFError) throw new PdfRejection('PDF_ENCRYPTED', 'encrypted');
    if (error instanceof PdfRejection) throw error;
    throw invalidPdf(`unparseable (${error instanceof Error ? error.name : 'unknown'})`);
  }
}

export function sha256Hex(bytes: Uint8Array): string {
  return createHash('sha256').update(bytes).digest('hex');
}

/**
 * Checks an upload and rewrites it once (security T1–T6). In order: the PDF header (else NOT_A_PDF), the
 * decompressed size of every stream (bombs), a full parse (encryption: PDF_ENCRYPTED), the cross-reference
 * chain, nesting and existing signatures (PDF_ALREADY_SIGNED), the page tree (PDF_TOO_MANY_PAGES), then
 * active content is removed and the file saved with a classic cross-reference table, so that signatures
 * can later be appended as incremental updates. Anything malformed is INVALID_PDF.
 */
export async function checkAndNormalisePdf(bytes: Uint8Array, limits: PdfLimits): Promise<CheckedPdf> {
  assertPdfMagic(bytes);
  await assertStreamsWithinBudget(bytes, limits);
  const document = await loadDocument(bytes);
  assertCrossReferenceIntact(bytes);
  const { context } = document;
  const catalog: unknown = document.catalog;
  if (!(catalog instanceof PDFDict)) throw invalidPdf('no catalog');
  assertNotSigned(context, catalog, limits.maxNesting);
  const pages = readPageTree(context, catalog, limits.maxPages);
  const removed = removeActiveContent(
    context,
    catalog,
    pages.map((page) => page.dict),
    limits.maxNesting,
  );
  dropUnreachableObjects(context);
  const output = await document.save({
    useObjectStreams: false,
    addDefaultPage: false,
    updateFieldAppearances: false,
    objectsPerTick: Infinity,
  });
  return {
    bytes: output,
    sha256: sha256Hex(output),
    pageCount: pages.length,
    pages: pages.map(({ width, height }) => ({ width, height })),
    removed,
  };
}
