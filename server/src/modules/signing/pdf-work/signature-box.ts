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
}

/** Block sizes in points: four lines of text stay legible at the smallest, without crowding an A4 page at the largest. */
const SIGNATURE_BOX_SIZES: Record<SignatureSize, { width: number; height: number }> = {
  small: { width: 140, height: 50 },
  medium: { width: 170, height: 60 },
  default: { width: 200, height: 72 },
  large: { width: 240, height: 90 },
};

/** Spec §9: the seal image is 380 by 114 pixels; its box keeps that ratio. */
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
  const { width, height } = fitted(signatureBoxSize(size), page);
  const left = placement.position.endsWith('left');
  const bottom = placement.position.startsWith('bottom');
  const offset = placement.slot * (height + SIGNATURE_STACK_GAP);
  const x = left ? page.x + PAGE_MARGIN : page.x + page.width - PAGE_MARGIN - width;
  const y = bottom ? page.y + PAGE_MARGIN + offset : page.y + page.height - PAGE_MARGIN - height - offset;
  return clampToPage({ x, y, width, height }, page);
}

/**
 * The seal's stamp: at the bottom centre of the page, or moved up past the signature blocks it would
 * cover while it stays in the lower half, else at the top centre (moved down past blocks there, within
 * the upper half); when neither is free, at the bottom centre anyway.
 */
export function sealBox(page: Rectangle, size: SignatureSize, occupied: Rectangle[]): Rectangle {
  const { width, height } = fitted(sealBoxSize(size), page);
  const x = page.x + (page.width - width) / 2;
  const bottom = { x, y: page.y + PAGE_MARGIN, width, height };
  const top = { x, y: page.y + page.height - PAGE_MARGIN - height, width, height };
  return (
    slideClear(bottom, 'up', occupied, page) ??
    slideClear(top, 'down', occupied, page) ??
    clampToPage(bottom, page)
  );
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
