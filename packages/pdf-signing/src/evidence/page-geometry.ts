import type { PDFDocument } from '@cantoo/pdf-lib';
import { PadesError, markedAreas } from '../pades';
import { sealBox, signatureBox, type BoxPlacement, type Rectangle } from './signature-box';
import type { SignatureSize } from '@esign/shared';

/** A block's rectangle on its page (zero-based index, as the PAdES engine counts). */
export interface PlacedRectangle {
  pageIndex: number;
  rect: Rectangle;
}

/** The visible area of a page: its CropBox, else its MediaBox (both inheritable). */
export function pageArea(document: PDFDocument, pageIndex: number): Rectangle {
  const pages = document.getPages();
  const page = pages[pageIndex];
  if (!page) throw new PadesError(`page ${pageIndex + 1} is outside the document (${pages.length} pages)`);
  const box = page.getCropBox();
  return { x: box.x, y: box.y, width: box.width, height: box.height };
}

/** Where a signatory's block goes in this document; a placement past the last page goes on the last. */
export function placeSignature(
  document: PDFDocument,
  placement: BoxPlacement,
  size: SignatureSize,
): PlacedRectangle {
  const pageIndex = clampPage(document, placement.page);
  return { pageIndex, rect: signatureBox(pageArea(document, pageIndex), placement, size) };
}

/** An area of a generated document, on its 1-based page. */
export interface PageArea {
  page: number;
  rect: Rectangle;
}

/** Around what a page prints: the stamp keeps this far from text and images. */
const INK_CLEARANCE = 2;

/**
 * Where the seal's stamp goes: on `page` (1-based), in the area a generated document keeps for it when
 * that is on this page, else clear of the signature blocks, of the frames and boxes printed there and of
 * what the page already shows (its text and images: a page number, a footer, the last paragraph).
 */
export function placeSeal(
  document: PDFDocument,
  seal: { page: number; size: SignatureSize; avoid: BoxPlacement[]; area?: PageArea; keepClear?: PageArea[] },
  signatureSize: SignatureSize,
): PlacedRectangle {
  const pageIndex = clampPage(document, seal.page);
  const occupied = [
    ...seal.avoid
      .map((placement) => placeSignature(document, placement, signatureSize))
      .filter((placed) => placed.pageIndex === pageIndex)
      .map((placed) => placed.rect),
    ...(seal.keepClear ?? []).filter((kept) => kept.page - 1 === pageIndex).map((kept) => kept.rect),
  ];
  const area = seal.area && seal.area.page - 1 === pageIndex ? seal.area.rect : null;
  if (!area) {
    for (const mark of marksOf(document, pageIndex)) {
      occupied.push({
        x: mark.x - INK_CLEARANCE,
        y: mark.y - INK_CLEARANCE,
        width: mark.width + 2 * INK_CLEARANCE,
        height: mark.height + 2 * INK_CLEARANCE,
      });
    }
  }
  return { pageIndex, rect: sealBox(pageArea(document, pageIndex), seal.size, occupied, area) };
}

/** What the page prints; a page that cannot be read so (odd or hostile syntax) counts as blank. */
function marksOf(document: PDFDocument, pageIndex: number): Rectangle[] {
  try {
    return markedAreas(document, pageIndex);
  } catch {
    return [];
  }
}

function clampPage(document: PDFDocument, page: number): number {
  const count = document.getPageCount();
  if (count === 0) throw new PadesError('the document has no page');
  return Math.min(Math.max(Math.trunc(page) - 1, 0), count - 1);
}
