import { type PDFContext, type PDFDict, type PDFObject } from '@cantoo/pdf-lib';
import {
  pdfName,
  resolveArray,
  resolveDict,
  resolveName,
  resolveNumber,
  resolveNumbers,
} from './pdf-objects';
import { PdfRejection, invalidPdf } from './pdf-rejection';

/** Deeper than any real page tree (balanced trees of 500 pages need 3 or 4 levels). */
const MAX_TREE_DEPTH = 32;
/** What viewers assume when a page has no usable MediaBox: US Letter. */
const DEFAULT_BOX = [0, 0, 612, 792];

export interface PageSize {
  /** Points, as displayed: after the CropBox and the page's rotation. */
  width: number;
  height: number;
}

export interface PageEntry extends PageSize {
  dict: PDFDict;
}

interface Inherited {
  mediaBox?: PDFObject;
  cropBox?: PDFObject;
  rotate?: PDFObject;
}

interface PendingNode {
  node: PDFObject | undefined;
  inherited: Inherited;
  depth: number;
}

function inherit(dict: PDFDict, inherited: Inherited): Inherited {
  return {
    mediaBox: dict.get(pdfName('MediaBox')) ?? inherited.mediaBox,
    cropBox: dict.get(pdfName('CropBox')) ?? inherited.cropBox,
    rotate: dict.get(pdfName('Rotate')) ?? inherited.rotate,
  };
}

function validBox(box: number[] | undefined): box is [number, number, number, number] {
  return box !== undefined && box.length === 4 && box.every(Number.isFinite);
}

/** The visible area: the CropBox clipped to the MediaBox, as viewers show it. */
function visibleBox(context: PDFContext, inherited: Inherited): [number, number, number, number] {
  const media = resolveNumbers(context, inherited.mediaBox);
  const [mx1, my1, mx2, my2] = validBox(media) ? media : DEFAULT_BOX;
  const crop = resolveNumbers(context, inherited.cropBox);
  if (!validBox(crop)) return [mx1 ?? 0, my1 ?? 0, mx2 ?? 0, my2 ?? 0];
  const [cx1, cy1, cx2, cy2] = crop;
  const left = Math.max(Math.min(mx1 ?? 0, mx2 ?? 0), Math.min(cx1, cx2));
  const bottom = Math.max(Math.min(my1 ?? 0, my2 ?? 0), Math.min(cy1, cy2));
  const right = Math.min(Math.max(mx1 ?? 0, mx2 ?? 0), Math.max(cx1, cx2));
  const top = Math.min(Math.max(my1 ?? 0, my2 ?? 0), Math.max(cy1, cy2));
  // A CropBox outside the MediaBox is ignored by viewers.
  return right > left && top > bottom ? [left, bottom, right, top] : [mx1 ?? 0, my1 ?? 0, mx2 ?? 0, my2 ?? 0];
}

const round = (value: number): number => Math.round(value * 100) / 100;

function pageSize(context: PDFContext, inherited: Inherited): PageSize {
  const [x1, y1, x2, y2] = visibleBox(context, inherited);
  const width = round(Math.abs(x2 - x1));
  const height = round(Math.abs(y2 - y1));
  const rotation = resolveNumber(context, inherited.rotate) ?? 0;
  const quarterTurns = ((Math.round(rotation / 90) % 4) + 4) % 4;
  return quarterTurns % 2 === 1 ? { width: height, height: width } : { width, height };
}

function isInternalNode(context: PDFContext, dict: PDFDict): boolean {
  const type = resolveName(context, dict.get(pdfName('Type')));
  return type === 'Pages' || (type !== 'Page' && dict.get(pdfName('Kids')) !== undefined);
}

function childrenOf(context: PDFContext, dict: PDFDict, pending: PendingNode): PendingNode[] {
  const kids = resolveArray(context, dict.get(pdfName('Kids')));
  if (!kids) throw invalidPdf('page tree node without kids');
  const inherited = inherit(dict, pending.inherited);
  // Reversed, so that popping from the stack visits pages in document order.
  return kids
    .asArray()
    .map((kid) => ({ node: kid, inherited, depth: pending.depth + 1 }))
    .reverse();
}

/**
 * The pages in order with their displayed sizes, walking the page tree without trusting it: every node
 * is visited once (a cycle or a shared node refuses the file), depth is bounded, and the walk stops as soon
 * as there are more pages than `maxPages`.
 */
export function readPageTree(context: PDFContext, catalog: PDFDict, maxPages: number): PageEntry[] {
  const pages: PageEntry[] = [];
  const seen = new Set<PDFDict>();
  const stack: PendingNode[] = [{ node: catalog.get(pdfName('Pages')), inherited: {}, depth: 0 }];
  for (let pending = stack.pop(); pending; pending = stack.pop()) {
    const dict = resolveDict(context, pending.node);
    if (!dict) throw invalidPdf('page tree node is not a dictionary');
    if (seen.has(dict)) throw invalidPdf('page tree cycle');
    if (pending.depth > MAX_TREE_DEPTH) throw invalidPdf('page tree too deep');
    seen.add(dict);
    if (isInternalNode(context, dict)) {
      for (const child of childrenOf(context, dict, pending)) stack.push(child);
      continue;
    }
    pages.push({ dict, ...pageSize(context, inherit(dict, pending.inherited)) });
    if (pages.length > maxPages) throw new PdfRejection('PDF_TOO_MANY_PAGES', 'too many pages');
  }
  if (pages.length === 0) throw invalidPdf('no pages');
  return pages;
}
