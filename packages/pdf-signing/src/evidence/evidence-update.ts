import { createHash } from 'node:crypto';
import type { SignatureSize } from '@esign/shared';
import { PDFArray, PDFDict, PDFName, PDFNumber, PDFRef } from '@cantoo/pdf-lib';
import {
  IncrementalUpdate,
  PadesError,
  fromPdfLib,
  lookupDict,
  resolve,
  toRef,
  type PdfRevision,
  PdfDict,
  PdfString,
  dateString,
  dict,
  name,
  textString,
  type PdfRef,
  nextRevision,
  asDict,
} from '../pades';
import { writeAuditPages, type AuditDocument } from './audit-page-writer';
import { placeSeal, placeSignature, type PageArea, type PlacedRectangle } from './page-geometry';
import type { BoxPlacement } from './signature-box';
import { drawVisibleBlocks } from './visible-blocks';

/** A visible block: which page corner, and the lines it shows. */
export interface VisibleBlock {
  placement: BoxPlacement;
  lines: string[];
}

/** What the evidence update holds, all plain data (it crosses to a worker thread). */
export interface EvidenceInput {
  /** The audit pages' content, already in the request's language. */
  audit: AuditDocument;
  /** The hash-chained event log, attached as a JSON file. */
  attachment: { fileName: string; description: string; json: string; createdAt: Date };
  /** SIMPLE requests: each signatory's block, drawn into the page content before the seal. */
  simpleBlocks: VisibleBlock[];
  signatureSize: SignatureSize;
  /** Where the seal that follows will go, worked out before the audit pages are added. */
  seal: {
    /** 1-based. */
    page: number;
    size: SignatureSize;
    /** Signature blocks already on the document, which the stamp must not cover. */
    avoid: BoxPlacement[];
    /** A generated document's area for the seal, and its frames and boxes, which the stamp must not cover. */
    area?: PageArea;
    keepClear?: PageArea[];
  };
}

export interface EvidenceOutcome {
  /** The revision with the evidence update, ready for the seal. */
  revision: PdfRevision;
  /** Where the seal's stamp goes, worked out on the pages as they were before the audit pages. */
  seal: PlacedRectangle;
  missingCharacters: string;
}

/**
 * The evidence, as one incremental update of the signed revision: SIMPLE signatories' blocks, the audit
 * pages at the end of the document and the event log as an embedded JSON file. The seal that follows
 * covers it all. Earlier signatures keep validating: their bytes are untouched.
 */
export function writeEvidenceUpdate(revision: PdfRevision, task: EvidenceInput): EvidenceOutcome {
  const { document } = revision;
  const update = new IncrementalUpdate(revision);
  const seal = placeSeal(document, task.seal, task.signatureSize);
  const blocks = task.simpleBlocks.map((block) => ({
    ...placeSignature(document, block.placement, task.signatureSize),
    lines: block.lines,
  }));
  const missingCharacters = drawVisibleBlocks(update, blocks);
  const root = pagesRoot(revision);
  appendPages(update, root, writeAuditPages(update, task.audit, root));
  attachEventLog(update, task.attachment);
  return { revision: nextRevision(revision, update, update.writeTail()), seal, missingCharacters };
}

function pagesRoot(revision: PdfRevision): PdfRef {
  const pages = lookupDict(revision, revision.catalogRef).get(PDFName.of('Pages'));
  if (!(pages instanceof PDFRef)) throw new PadesError('the catalog has no page tree reference');
  return toRef(pages);
}

/** The new pages become the last children of the page tree's root; its /Count grows with them. */
function appendPages(update: IncrementalUpdate, rootRef: PdfRef, pages: PdfRef[]): void {
  const { revision } = update;
  const root = lookupDict(revision, rootRef);
  const count = resolve(revision, root.get(PDFName.of('Count')));
  if (!(count instanceof PDFNumber)) throw new PadesError('the page tree has no /Count');
  const kidsEntry = root.get(PDFName.of('Kids'));
  const kids = resolve(revision, kidsEntry);
  if (!(kids instanceof PDFArray)) throw new PadesError('the page tree has no /Kids');
  const allKids = [...kids.asArray().map(fromPdfLib), ...pages];
  const newRoot = asDict(fromPdfLib(root)).set('Count', count.asNumber() + pages.length);
  if (kidsEntry instanceof PDFRef) update.put(toRef(kidsEntry), allKids);
  else newRoot.set('Kids', allKids);
  update.put(rootRef, newRoot);
}

/**
 * The event log as an embedded file (ISO 32000-1 §7.11.4) in the catalog's EmbeddedFiles name tree, and
 * as an associated file of the document (/AF, ISO 32000-2 §14.13) with the relationship Supplement.
 */
function attachEventLog(update: IncrementalUpdate, attachment: EvidenceInput['attachment']): void {
  const { revision } = update;
  const data = Buffer.from(attachment.json, 'utf8');
  const file = update.addStream(
    dict({
      Type: name('EmbeddedFile'),
      Subtype: name('application/json'),
      Params: dict({
        Size: data.length,
        CreationDate: dateString(attachment.createdAt),
        ModDate: dateString(attachment.createdAt),
        CheckSum: new PdfString(createHash('md5').update(data).digest()),
      }),
    }),
    data,
  );
  const fileSpec = update.add(
    dict({
      Type: name('Filespec'),
      F: textString(attachment.fileName),
      UF: textString(attachment.fileName),
      Desc: textString(attachment.description),
      AFRelationship: name('Supplement'),
      EF: dict({ F: file, UF: file }),
    }),
  );
  const catalogDict = lookupDict(revision, revision.catalogRef);
  const catalog = asDict(fromPdfLib(catalogDict));
  const associated = resolve(revision, catalogDict.get(PDFName.of('AF')));
  catalog.set('AF', [
    ...(associated instanceof PDFArray ? associated.asArray().map(fromPdfLib) : []),
    fileSpec,
  ]);
  addToNameTree(update, catalog, catalogDict, { key: attachment.fileName, fileSpec });
  update.put(revision.catalogRef, catalog);
}

/**
 * Uploads are refused when they carry embedded files, so the tree is normally absent and made here. An
 * existing one is left as it is (merging name trees with kids is not worth it): the log then stays
 * reachable through /AF.
 */
function addToNameTree(
  update: IncrementalUpdate,
  catalog: PdfDict,
  catalogDict: PDFDict,
  entry: { key: string; fileSpec: PdfRef },
): void {
  const { revision } = update;
  const namesEntry = catalogDict.get(PDFName.of('Names'));
  const names = resolve(revision, namesEntry);
  if (names instanceof PDFDict && names.get(PDFName.of('EmbeddedFiles')) !== undefined) return;
  const namesDict = names instanceof PDFDict ? asDict(fromPdfLib(names)) : new PdfDict();
  namesDict.set('EmbeddedFiles', dict({ Names: [textString(entry.key), entry.fileSpec] }));
  if (namesEntry instanceof PDFRef) update.put(toRef(namesEntry), namesDict);
  else catalog.set('Names', namesDict);
}
