import { createHash } from 'node:crypto';
import { PDFArray, PDFDict, PDFName, PDFRef } from '@cantoo/pdf-lib';
import { IncrementalUpdate } from './incremental-update';
import {
  fromPdfLib,
  lookupDict,
  readRevision,
  resolve,
  revisionBytes,
  streamBytes,
  toRef,
  type PdfRevision,
} from './pdf-revision';
import { PdfDict, type PdfRef, dict, name, type PdfValue } from './pdf-syntax';
import { nextRevision } from './revision-chain';
import { asDict } from './signature-field';

/** DER-encoded validation material for the signatures and time-stamps of a document. */
export interface ValidationData {
  certificates: Buffer[];
  crls: Buffer[];
  ocsps?: Buffer[];
}

const DSS_ARRAYS = [
  ['Certs', 'certificates'],
  ['CRLs', 'crls'],
  ['OCSPs', 'ocsps'],
] as const;

/**
 * PAdES B-LT: an incremental update adding the certificates, CRLs and OCSP responses to the
 * document security store (ETSI EN 319 142-1 §5.4.2, the catalog's /DSS), creating it or extending
 * it. Material already in the store is not added twice. No /VRI dictionaries are written.
 */
export async function addValidationData(pdf: Buffer, data: ValidationData): Promise<Buffer> {
  return revisionBytes(addValidationDataTo(await readRevision(pdf), data));
}

/** The same update on a revision already read (or made by an earlier update in memory). */
export function addValidationDataTo(revision: PdfRevision, data: ValidationData): PdfRevision {
  const update = new IncrementalUpdate(revision);
  const catalog = lookupDict(revision, revision.catalogRef);
  const entry = catalog.get(PDFName.of('DSS'));
  const existing = resolve(revision, entry);
  const existingDict = existing instanceof PDFDict ? existing : undefined;
  const dssRef = entry instanceof PDFRef ? toRef(entry) : update.allocate();
  const dss = new PdfDict([['Type', name('DSS')]]);
  if (existingDict) {
    for (const [key, value] of asDict(fromPdfLib(existingDict)).entries)
      if (key !== 'Type') dss.set(key, value);
  }
  // The DSS dictionary is written first, so the whole update reads as a DSS update.
  update.put(dssRef, dss);
  for (const [key, field] of DSS_ARRAYS) {
    const items = mergedStreams(update, existingDict, key, data[field] ?? []);
    if (items.length) dss.set(key, items);
  }
  if (!(entry instanceof PDFRef)) {
    update.put(revision.catalogRef, asDict(fromPdfLib(catalog)).set('DSS', dssRef));
  }
  return nextRevision(revision, update, update.writeTail());
}

/** The array's current stream references followed by new streams for the items not in it yet. */
function mergedStreams(
  update: IncrementalUpdate,
  existingDss: PDFDict | undefined,
  key: string,
  items: Buffer[],
): PdfValue[] {
  const { revision } = update;
  const current = existingArray(revision, existingDss?.get(PDFName.of(key)));
  const known = new Set(current.map((ref) => digest(streamBytes(revision.document.context.lookup(ref)))));
  const added: PdfRef[] = [];
  for (const item of items) {
    const hash = digest(item);
    if (known.has(hash)) continue;
    known.add(hash);
    added.push(update.addStream(dict({}), item));
  }
  return [...current.map(toRef), ...added];
}

function existingArray(revision: PdfRevision, value: Parameters<typeof resolve>[1]): PDFRef[] {
  const array = resolve(revision, value);
  if (!(array instanceof PDFArray)) return [];
  return array.asArray().filter((item): item is PDFRef => item instanceof PDFRef);
}

function digest(bytes: Buffer | undefined): string {
  return bytes ? createHash('sha256').update(bytes).digest('hex') : '';
}
