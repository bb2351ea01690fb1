import { PDFArray, PDFDict, PDFName, PDFRef } from '@cantoo/pdf-lib';
import {
  writeAppearance,
  type IncrementalUpdate,
  fromPdfLib,
  pageRef,
  resolve,
  toRef,
  type PdfRevision,
  PdfDict,
  dict,
  formatNumber as n,
  type PdfRef,
  type PdfValue,
  asDict,
} from '../pades';
import type { PlacedRectangle } from './page-geometry';

export interface DrawnBlock extends PlacedRectangle {
  lines: string[];
}

/**
 * Draws SIMPLE signatories' blocks into their pages' content, in the evidence update, before the seal:
 * no signature exists yet, so the page content may still change, and the seal then covers the blocks.
 * Each block is the same form XObject an ADVANCED signature's widget shows, placed with `cm`; the page's
 * own content is wrapped in q/Q so whatever graphics state it leaves cannot move or recolour the blocks.
 * Returns the characters no font could draw.
 */
export function drawVisibleBlocks(update: IncrementalUpdate, blocks: DrawnBlock[]): string {
  const missing = new Set<string>();
  const byPage = new Map<number, DrawnBlock[]>();
  for (const block of blocks) byPage.set(block.pageIndex, [...(byPage.get(block.pageIndex) ?? []), block]);
  for (const [pageIndex, pageBlocks] of byPage) {
    const page = pageRef(update.revision, pageIndex);
    const xobjects = new Map<string, PdfRef>();
    const nextName = blockNames(update.revision, pageIndex);
    const operators: string[] = ['Q'];
    for (const block of pageBlocks) {
      const { xobject, report } = writeAppearance(update, {
        pageIndex,
        rect: block.rect,
        lines: block.lines,
      });
      for (const char of report.missingCharacters) missing.add(char);
      const resourceName = nextName();
      xobjects.set(resourceName, xobject);
      operators.push(`q 1 0 0 1 ${n(block.rect.x)} ${n(block.rect.y)} cm /${resourceName} Do Q`);
    }
    const before = update.addStream(dict({}), Buffer.from('q\n', 'latin1'), false);
    const after = update.addStream(dict({}), Buffer.from(operators.join('\n'), 'latin1'));
    update.put(page, pageWithBlocks(update.revision, pageIndex, { before, after, xobjects }));
  }
  return [...missing].join('');
}

function pageWithBlocks(
  revision: PdfRevision,
  pageIndex: number,
  added: { before: PdfRef; after: PdfRef; xobjects: Map<string, PdfRef> },
): PdfDict {
  const leaf = revision.document.getPages()[pageIndex]?.node;
  if (!leaf) throw new Error(`page ${pageIndex + 1} vanished`);
  const page = asDict(fromPdfLib(leaf));
  // Resources may be inherited from the page tree: the page gets its own, complete copy.
  const inherited = leaf.Resources();
  const resources = inherited ? asDict(fromPdfLib(inherited)) : new PdfDict();
  const xobjectEntry = inherited?.get(PDFName.of('XObject'));
  const xobjects = resolve(revision, xobjectEntry);
  const ownXObjects = xobjects instanceof PDFDict ? asDict(fromPdfLib(xobjects)) : new PdfDict();
  for (const [key, ref] of added.xobjects) ownXObjects.set(key, ref);
  resources.set('XObject', ownXObjects);
  return page
    .set('Resources', resources)
    .set('Contents', [added.before, ...existingContents(revision, leaf), added.after]);
}

function existingContents(revision: PdfRevision, leaf: PDFDict): PdfValue[] {
  const contents = leaf.get(PDFName.of('Contents'));
  const target = resolve(revision, contents);
  // A direct array of streams, a reference to such an array, or a reference to one stream.
  if (target instanceof PDFArray) return target.asArray().map(fromPdfLib);
  return contents instanceof PDFRef ? [toRef(contents)] : [];
}

/** EsBlock1, EsBlock2...: names neither the page's resources nor this update use yet. */
function blockNames(revision: PdfRevision, pageIndex: number): () => string {
  const leaf = revision.document.getPages()[pageIndex]?.node;
  const xobjects = resolve(revision, leaf?.Resources()?.get(PDFName.of('XObject')));
  const taken = new Set(xobjects instanceof PDFDict ? xobjects.keys().map((key) => key.decodeText()) : []);
  let index = 0;
  return () => {
    do index += 1;
    while (taken.has(`EsBlock${index}`));
    return `EsBlock${index}`;
  };
}
