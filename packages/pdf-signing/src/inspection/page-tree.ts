import { PDFDict, PDFNumber, PDFRef, type PDFArray, type PDFContext, type PDFObject } from '@cantoo/pdf-lib';
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
  /** What the page has or takes from its ancestors. */
  inherited: Inherited;
}

/** The attributes a page takes from its ancestors when it has none of its own (ISO 32000-1, 7.7.3.4). */
const INHERITABLE = ['Resources', 'MediaBox', 'CropBox', 'Rotate'] as const;
type Inherited = Partial<Record<(typeof INHERITABLE)[number], PDFObject>>;

interface PendingNode {
  node: PDFObject | undefined;
  inherited: Inherited;
  depth: number;
  /** The internal nodes above this one, root first. */
  ancestors: PDFDict[];
  /** The node that lists this one, and where: a page listed twice is copied there. */
  parent?: { ref: PDFObject | undefined; kids: PDFArray; index: number };
}

/** The pages, and whether the tree had to be mended to give them (see `flattenPageTree`). */
export interface PageTree {
  pages: PageEntry[];
  damaged: boolean;
}

function inherit(dict: PDFDict, inherited: Inherited): Inherited {
  const merged: Inherited = { ...inherited };
  for (const key of INHERITABLE) merged[key] = dict.get(pdfName(key)) ?? inherited[key];
  return merged;
}

function validBox(box: number[] | undefined): box is [number, number, number, number] {
  return box !== undefined && box.length === 4 && box.every(Number.isFinite);
}

/** The visible area: the CropBox clipped to the MediaBox, as viewers show it. */
function visibleBox(context: PDFContext, inherited: Inherited): [number, number, number, number] {
  const media = resolveNumbers(context, inherited.MediaBox);
  const [mx1, my1, mx2, my2] = validBox(media) ? media : DEFAULT_BOX;
  const crop = resolveNumbers(context, inherited.CropBox);
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
  const rotation = resolveNumber(context, inherited.Rotate) ?? 0;
  const quarterTurns = ((Math.round(rotation / 90) % 4) + 4) % 4;
  return quarterTurns % 2 === 1 ? { width: height, height: width } : { width, height };
}

function isInternalNode(context: PDFContext, dict: PDFDict): boolean {
  const type = resolveName(context, dict.get(pdfName('Type')));
  return type === 'Pages' || (type !== 'Page' && dict.get(pdfName('Kids')) !== undefined);
}

function childrenOf(context: PDFContext, dict: PDFDict, pending: PendingNode): PendingNode[] {
  const kids = resolveArray(context, dict.get(pdfName('Kids')));
  // A node without kids holds no page; readers skip it.
  if (!kids) return [];
  const inherited = inherit(dict, pending.inherited);
  const ref = pending.node;
  // One list for all the kids: a node with many pages does not copy its ancestry once per page.
  const ancestors = [...pending.ancestors, dict];
  // Reversed, so that popping from the stack visits pages in document order.
  return kids
    .asArray()
    .map((kid, index) => ({
      node: kid,
      inherited,
      depth: pending.depth + 1,
      ancestors,
      parent: { ref, kids, index },
    }))
    .reverse();
}

/** Leaves under a node as it declares them; compared with what the walk finds. */
const declaredCount = (context: PDFContext, dict: PDFDict): number | undefined =>
  resolveNumber(context, dict.get(pdfName('Count')));

/** A reference to an object the file does not contain: the end of a truncated file, not a repairable slip. */
function isMissingObject(context: PDFContext, node: PDFObject | undefined): boolean {
  return node instanceof PDFRef && context.lookup(node) === undefined;
}

/** A second listing of the same page gets a page of its own, as readers show it twice. */
function copyOfSharedPage(context: PDFContext, dict: PDFDict, pending: PendingNode): PDFDict {
  const copy = dict.clone(context);
  const ref = context.register(copy);
  pending.parent?.kids.set(pending.parent.index, ref);
  return copy;
}

/**
 * The pages in order with their displayed sizes, walking the page tree without trusting it: depth is
 * bounded, an internal node met twice (a cycle) refuses the file, and the walk stops as soon as there are
 * more pages than `maxPages`. What readers recover from is noted as damage rather than refused: a kid that
 * is not a dictionary (skipped), a node without kids (empty), a page listed twice (copied), counts, types or
 * parents that do not match the tree. A kid pointing at an object the file lacks means it was cut short.
 */
export function readPageTree(context: PDFContext, catalog: PDFDict, maxPages: number): PageTree {
  const pages: PageEntry[] = [];
  const seen = new Set<PDFDict>();
  const leavesUnder = new Map<PDFDict, number>();
  let damaged = false;
  const stack: PendingNode[] = [
    { node: catalog.get(pdfName('Pages')), inherited: {}, depth: 0, ancestors: [] },
  ];
  for (let pending = stack.pop(); pending; pending = stack.pop()) {
    if (pending.depth > MAX_TREE_DEPTH) throw invalidPdf('page tree too deep');
    if (isMissingObject(context, pending.node)) throw invalidPdf('page missing: truncated file');
    let dict = resolveDict(context, pending.node);
    if (!dict) {
      if (!pending.parent) throw invalidPdf('page tree root is not a dictionary');
      damaged = true;
      continue;
    }
    const internal = isInternalNode(context, dict);
    if (seen.has(dict)) {
      if (internal) throw invalidPdf('page tree cycle');
      dict = copyOfSharedPage(context, dict, pending);
      damaged = true;
    }
    seen.add(dict);
    if (pending.parent && dict.get(pdfName('Parent')) !== pending.parent.ref) damaged = true;
    if (internal) {
      leavesUnder.set(dict, 0);
      for (const child of childrenOf(context, dict, pending)) stack.push(child);
      continue;
    }
    if (resolveName(context, dict.get(pdfName('Type'))) !== 'Page') damaged = true;
    for (const ancestor of pending.ancestors) leavesUnder.set(ancestor, (leavesUnder.get(ancestor) ?? 0) + 1);
    const inherited = inherit(dict, pending.inherited);
    pages.push({ dict, inherited, ...pageSize(context, inherited) });
    if (pages.length > maxPages) throw new PdfRejection('PDF_TOO_MANY_PAGES', 'too many pages');
  }
  if (pages.length === 0) throw invalidPdf('no pages');
  for (const [node, found] of leavesUnder) {
    // Viewers number pages by /Count: a wrong one shows pages that are not there, or hides some.
    if (declaredCount(context, node) !== found) damaged = true;
  }
  return { pages, damaged };
}

/**
 * Rebuilds a damaged page tree as one node listing the pages in the order the walk found them, each page
 * carrying the attributes it inherited. Every reader then sees the same pages with the same boxes and
 * resources, whatever it made of the damaged tree; the old nodes become unreachable and are dropped.
 */
export function flattenPageTree(context: PDFContext, catalog: PDFDict, tree: PageTree): void {
  const rootRef = context.nextRef();
  const kids: PDFRef[] = [];
  // One pass: the library's getObjectRef scans every object, which made this pages × objects.
  const refs = new Map<PDFObject, PDFRef>();
  for (const [ref, object] of context.enumerateIndirectObjects()) refs.set(object, ref);
  for (const page of tree.pages) {
    for (const key of INHERITABLE) {
      const value = page.inherited[key];
      if (page.dict.get(pdfName(key)) === undefined && value !== undefined)
        page.dict.set(pdfName(key), value);
    }
    page.dict.set(pdfName('Type'), pdfName('Page'));
    page.dict.set(pdfName('Parent'), rootRef);
    kids.push(refs.get(page.dict) ?? context.register(page.dict));
  }
  const root = PDFDict.withContext(context);
  root.set(pdfName('Type'), pdfName('Pages'));
  root.set(pdfName('Kids'), context.obj(kids));
  root.set(pdfName('Count'), PDFNumber.of(kids.length));
  context.assign(rootRef, root);
  catalog.set(pdfName('Pages'), rootRef);
}
