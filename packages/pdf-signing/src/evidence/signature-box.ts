import type { PlacementPosition, SignatureSize } from '@esign/shared';

/** A rectangle in PDF points, origin at the bottom left of the page's default user space. */
export interface Rectangle {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** Where a signatory's block goes: a page corner, and its rank among the blocks of that corner. */
export interface BoxPlacement {
  /** 1-based page number. */
  page: number;
  position: PlacementPosition;
  /** 0 for the first block in this corner of this page; later ones stack away from the edge. */
  slot: number;
  /**
   * A party's frame on a generated document: the block goes there, centred, whatever its size (the frame
   * holds the largest), and the corner and slot are not used.
   */
  frame?: Rectangle | null;
}

/** Block sizes in points: four lines of text stay legible at the smallest, without crowding an A4 page at the largest. */
const SIGNATURE_BOX_SIZES: Record<SignatureSize, { width: number; height: number }> = {
  small: { width: 140, height: 50 },
  medium: { width: 170, height: 60 },
  default: { width: 200, height: 72 },
  large: { width: 240, height: 90 },
};

/** The seal image is 380 by 114 pixels; its box keeps that ratio. */
export const SEAL_IMAGE_SIZE = { width: 380, height: 114 } as const;
const SEAL_WIDTHS: Record<SignatureSize, number> = { small: 140, medium: 170, default: 200, large: 240 };

/** About one centimetre: clear of printers' unprintable border. */
export const PAGE_MARGIN = 28;
const GAP = 6;
/** Between blocks stacked in a corner: room for the caption generated documents print above each area. */
export const SIGNATURE_STACK_GAP = 16;

export function signatureBoxSize(size: SignatureSize): { width: number; height: number } {
  return SIGNATURE_BOX_SIZES[size];
}

export function sealBoxSize(size: SignatureSize): { width: number; height: number } {
  const width = SEAL_WIDTHS[size];
  return { width, height: round((width * SEAL_IMAGE_SIZE.height) / SEAL_IMAGE_SIZE.width) };
}

/** A signatory as far as placing blocks goes. */
export interface PlacedSignatory {
  id: string;
  order: number;
  page: number;
  position: PlacementPosition;
}

/** A signatory with its party's frame, if it signs for one. */
export interface FramedSignatory extends PlacedSignatory {
  frame: { page: number; rect: Rectangle } | null;
}

/**
 * Where a signatory's block goes: a party's in its frame, an extra's in its corner, ranked among the
 * other extras of that corner (the parties' frames take no corner). The same answer when each ADVANCED
 * signature is applied and when the seal is made.
 */
export function blockPlacement(signatory: FramedSignatory, all: readonly FramedSignatory[]): BoxPlacement {
  if (signatory.frame) {
    return { page: signatory.frame.page, position: signatory.position, slot: 0, frame: signatory.frame.rect };
  }
  const slot = cornerSlots(all.filter((other) => !other.frame)).get(signatory.id) ?? 0;
  return { page: signatory.page, position: signatory.position, slot };
}

/**
 * Each signatory's rank among those sharing its page and corner, by signing order then id: the same
 * answer when each ADVANCED signature is applied and when the seal works out what to avoid.
 */
export function cornerSlots(signatories: PlacedSignatory[]): Map<string, number> {
  const sorted = [...signatories].sort(
    (left, right) => left.order - right.order || left.id.localeCompare(right.id),
  );
  const slots = new Map<string, number>();
  sorted.forEach((signatory, index) => {
    const earlier = sorted
      .slice(0, index)
      .filter((other) => other.page === signatory.page && other.position === signatory.position);
    slots.set(signatory.id, earlier.length);
  });
  return slots;
}

/**
 * A signatory's block in its corner of `page` (the page's CropBox, or MediaBox), a margin from the edges,
 * stacked upwards (bottom corners) or downwards (top corners) by slot, shrunk to fit a small page.
 */
export function signatureBox(page: Rectangle, placement: BoxPlacement, size: SignatureSize): Rectangle {
  if (placement.frame) return centredIn(placement.frame, signatureBoxSize(size));
  const { width, height } = fitted(signatureBoxSize(size), page);
  const left = placement.position.endsWith('left');
  const bottom = placement.position.startsWith('bottom');
  const offset = placement.slot * (height + SIGNATURE_STACK_GAP);
  const x = left ? page.x + PAGE_MARGIN : page.x + page.width - PAGE_MARGIN - width;
  const y = bottom ? page.y + PAGE_MARGIN + offset : page.y + page.height - PAGE_MARGIN - height - offset;
  return clampToPage({ x, y, width, height }, page);
}

/** A box of `size` in the middle of `area`, shrunk to it if it is smaller. */
function centredIn(area: Rectangle, size: { width: number; height: number }): Rectangle {
  const width = Math.min(size.width, area.width);
  const height = Math.min(size.height, area.height);
  return {
    x: round(area.x + (area.width - width) / 2),
    y: round(area.y + (area.height - height) / 2),
    width: round(width),
    height: round(height),
  };
}

/**
 * The seal's stamp. In the area a generated document keeps for it, when it is on this page. Otherwise at
 * the bottom centre of the page, or moved up past what it would cover (signature blocks, a document's
 * frames and boxes) while it stays in the lower half, else at the top centre (moved down past what is
 * there, within the upper half), else at the first free place of the page, looked for from the bottom up;
 * only a page covered all over gets it at the bottom centre anyway.
 */
export function sealBox(
  page: Rectangle,
  size: SignatureSize,
  occupied: Rectangle[],
  area?: Rectangle | null,
): Rectangle {
  if (area) return centredIn(area, sealBoxSize(size));
  const { width, height } = fitted(sealBoxSize(size), page);
  const x = page.x + (page.width - width) / 2;
  const bottom = { x, y: page.y + PAGE_MARGIN, width, height };
  const top = { x, y: page.y + page.height - PAGE_MARGIN - height, width, height };
  return (
    slideClear(bottom, 'up', occupied, page) ??
    slideClear(top, 'down', occupied, page) ??
    firstFreePlace(page, { width, height }, occupied) ??
    clampToPage(bottom, page)
  );
}

/** Rows from the bottom, each tried from the centre outwards, on a grid of a tenth of the stamp. */
function firstFreePlace(
  page: Rectangle,
  size: { width: number; height: number },
  occupied: Rectangle[],
): Rectangle | undefined {
  const left = page.x + PAGE_MARGIN;
  const right = page.x + page.width - PAGE_MARGIN - size.width;
  const centre = page.x + (page.width - size.width) / 2;
  const stepX = Math.max(size.width / 10, 1);
  const stepY = Math.max(size.height / 10, 1);
  const xs = [centre];
  for (let offset = stepX; centre - offset >= left || centre + offset <= right; offset += stepX) {
    if (centre - offset >= left) xs.push(centre - offset);
    if (centre + offset <= right) xs.push(centre + offset);
  }
  for (let y = page.y + PAGE_MARGIN; y + size.height <= page.y + page.height - PAGE_MARGIN; y += stepY) {
    for (const x of xs) {
      const box = { x, y, ...size };
      if (!occupied.some((other) => intersects(other, box))) return clampToPage(box, page);
    }
  }
  return undefined;
}

export function intersects(first: Rectangle, second: Rectangle): boolean {
  return (
    first.x < second.x + second.width &&
    second.x < first.x + first.width &&
    first.y < second.y + second.height &&
    second.y < first.y + first.height
  );
}

function slideClear(
  start: Rectangle,
  direction: 'up' | 'down',
  occupied: Rectangle[],
  page: Rectangle,
): Rectangle | undefined {
  let box = start;
  for (let step = 0; step <= occupied.length; step += 1) {
    const hit = occupied.find((other) => intersects(other, box));
    if (!hit) return step === 0 || withinHalf(box, page, direction) ? box : undefined;
    const y = direction === 'up' ? hit.y + hit.height + GAP : hit.y - box.height - GAP;
    box = { ...box, y };
  }
  return undefined;
}

/** A stamp moved up from the bottom stays in the lower half of the page; moved down from the top, in the upper. */
function withinHalf(box: Rectangle, page: Rectangle, direction: 'up' | 'down'): boolean {
  const middle = page.y + page.height / 2;
  return direction === 'up' ? box.y + box.height <= middle : box.y >= middle;
}

function fitted(size: { width: number; height: number }, page: Rectangle): { width: number; height: number } {
  const scale = Math.min(
    1,
    (page.width - 2 * PAGE_MARGIN) / size.width,
    (page.height - 2 * PAGE_MARGIN) / size.height,
  );
  const safe = Math.max(scale, 0.1);
  return { width: round(size.width * safe), height: round(size.height * safe) };
}

function clampToPage(box: Rectangle, page: Rectangle): Rectangle {
  const maxY = page.y + page.height - box.height;
  return { ...box, y: round(Math.min(Math.max(box.y, page.y), maxY)), x: round(box.x) };
}

function round(value: number): number {
  return Math.round(value * 100) / 100;
}
