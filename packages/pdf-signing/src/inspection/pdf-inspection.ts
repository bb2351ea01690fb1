import { createHash } from 'node:crypto';
import { type PdfRepair } from '@esign/shared';
import { PDFDict, PDFDocument, ParseSpeeds, type SaveOptions } from '@cantoo/pdf-lib';
import { removeActiveContent } from './active-content';
import { indexObjects, rebuiltForParser, type ObjectIndex } from './object-index';
import { latin1 } from './object-scanner';
import { flattenPageTree, readPageTree, type PageSize } from './page-tree';
import { dropUnreachableObjects, pdfName, renumberObjects, resolveDict, resolveNumber } from './pdf-objects';
import { PdfRejection, invalidPdf, type PdfLimits } from './pdf-rejection';
import { assertNotSigned } from './signature-check';
import { assertParsedStreamsWithinBudget, assertStreamsWithinBudget } from './stream-budget';
import { streamDecrypter } from './stream-decryption';
import { isCrossReferenceIntact } from './xref-check';

/** A checked, normalised PDF, ready to be stored under its hash. */
export interface CheckedPdf {
  bytes: Uint8Array;
  sha256: string;
  pageCount: number;
  pages: PageSize[];
  removed: string[];
  repairs: PdfRepair[];
}

const MAGIC_WINDOW = 1024;

/** `%PDF-` must open the file (within the first kilobyte, as readers allow), whatever its name or type. */
export function assertPdfMagic(bytes: Uint8Array): void {
  if (!latin1(bytes.subarray(0, MAGIC_WINDOW)).includes('%PDF-')) {
    throw new PdfRejection('NOT_A_PDF', 'no PDF header');
  }
}

const LOAD_OPTIONS = { updateMetadata: false, parseSpeed: ParseSpeeds.Fastest, capNumbers: true } as const;
/** A classic cross-reference table and no object streams, so signatures can later be appended. */
const SAVE_OPTIONS: SaveOptions = {
  useObjectStreams: false,
  addDefaultPage: false,
  updateFieldAppearances: false,
  objectsPerTick: Infinity,
};

/** Permission bits (ISO 32000-1, table 22): 4 modify the contents; 6 add annotations and form fields. */
const MAY_MODIFY = 1 << 3;
const MAY_ANNOTATE = 1 << 5;

function unparseable(error: unknown): PdfRejection {
  if (error instanceof PdfRejection) return error;
  return invalidPdf(`unparseable (${error instanceof Error ? error.name : 'unknown'})`);
}

/** The parsed file; an encrypted one is parsed as it is (strings still encrypted), to read its dictionary. */
async function loadDocument(bytes: Uint8Array): Promise<PDFDocument> {
  try {
    return await PDFDocument.load(bytes, { ...LOAD_OPTIONS, ignoreEncryption: true });
  } catch (error) {
    throw unparseable(error);
  }
}

const needsPassword = (error: unknown): boolean => error instanceof Error && /PASSWORD/i.test(error.message);

/**
 * An encrypted file that opens without a password (its user password is empty: viewers open it silently)
 * and whose author allows changes is decrypted; signing it adds fields and an update, which is a change.
 * One that needs a password, or forbids changes, is refused saying which. Its streams are measured again
 * as decrypted before the decrypting parse, which inflates its object streams, may run.
 */
async function decryptWithoutPassword(
  parsed: Uint8Array,
  index: ObjectIndex,
  locked: PDFDocument,
  limits: PdfLimits,
): Promise<Uint8Array> {
  // Read from the first parse, which left the file encrypted.
  const encryption = resolveDict(locked.context, locked.context.trailerInfo.Encrypt);
  const permissions = resolveNumber(locked.context, encryption?.get(pdfName('P')));
  if (permissions === undefined) throw invalidPdf('encryption without permissions');
  let document: PDFDocument;
  try {
    await assertStreamsWithinBudget(index.objects, limits, streamDecrypter(locked.context, ''));
    document = await PDFDocument.load(parsed, { ...LOAD_OPTIONS, password: '' });
  } catch (error) {
    if (needsPassword(error)) throw new PdfRejection('PDF_ENCRYPTED', 'needs a password to open');
    throw unparseable(error);
  }
  if ((permissions & MAY_MODIFY) === 0 || (permissions & MAY_ANNOTATE) === 0) {
    throw new PdfRejection('PDF_CHANGES_FORBIDDEN', 'permissions forbid changes');
  }
  // The old cross-reference streams still name the encryption: left in, they would be read as trailers.
  dropUnreachableObjects(document.context);
  renumberObjects(document.context);
  return document.save(SAVE_OPTIONS);
}

export function sha256Hex(bytes: Uint8Array): string {
  return createHash('sha256').update(bytes).digest('hex');
}

/**
 * Checks an upload and rewrites it once (security T1–T6). In order: the PDF header (else NOT_A_PDF), one
 * linear pass over the objects and the decoded size of every stage of every stream (bombs), a full parse
 * of the objects found, encryption (decrypted when no password is needed and changes are allowed, its
 * streams measured again, then checked again from the start; else PDF_ENCRYPTED or PDF_CHANGES_FORBIDDEN),
 * the cross-reference chain, nesting and existing signatures (PDF_ALREADY_SIGNED), the page tree
 * (PDF_TOO_MANY_PAGES), then active content is removed and the file saved with a classic cross-reference
 * table, so that signatures can later be appended as incremental updates.
 *
 * What standard readers recover from is repaired rather than refused, and reported (REPAIRED): a damaged or
 * missing cross-reference table or `endobj` (objects are read in order, as readers rebuilding the table
 * do; one that cannot be parsed is left out), and a malformed page tree (rebuilt flat). The rewrite, its
 * objects numbered without gaps, is what every reader then sees and what gets signed. What stays
 * unreadable (no catalog, no pages, pages cut off) is INVALID_PDF.
 */
export async function checkAndNormalisePdf(bytes: Uint8Array, limits: PdfLimits): Promise<CheckedPdf> {
  assertPdfMagic(bytes);
  const index = indexObjects(bytes);
  await assertStreamsWithinBudget(index.objects, limits);
  // The parser is handed only the objects just measured, in one clean copy (see rebuiltForParser).
  const parsed = rebuiltForParser(bytes, index);
  const document = await loadDocument(parsed);
  const repairs = new Set<PdfRepair>();
  if (index.unreadable > 0 || !isCrossReferenceIntact(bytes)) repairs.add('REPAIRED');
  if (document.isEncrypted) {
    // The decrypted file goes through every check again.
    const decrypted = await checkAndNormalisePdf(
      await decryptWithoutPassword(parsed, index, document, limits),
      limits,
    );
    return { ...decrypted, repairs: [...new Set([...repairs, 'DECRYPTED' as const, ...decrypted.repairs])] };
  }
  const { context } = document;
  await assertParsedStreamsWithinBudget(context, index.deferred, limits);
  const catalog: unknown = document.catalog;
  if (!(catalog instanceof PDFDict)) throw invalidPdf('no catalog');
  assertNotSigned(context, catalog, limits.maxNesting);
  const tree = readPageTree(context, catalog, limits.maxPages);
  if (tree.damaged) {
    flattenPageTree(context, catalog, tree);
    repairs.add('REPAIRED');
  }
  const { pages } = tree;
  const removed = removeActiveContent(
    context,
    catalog,
    pages.map((page) => page.dict),
    limits.maxNesting,
  );
  dropUnreachableObjects(context);
  renumberObjects(context);
  const output = await document.save(SAVE_OPTIONS);
  return {
    bytes: output,
    sha256: sha256Hex(output),
    pageCount: pages.length,
    pages: pages.map(({ width, height }) => ({ width, height })),
    removed,
    repairs: [...repairs],
  };
}
