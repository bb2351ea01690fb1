import { PLACEMENT_POSITIONS, SIGNATURE_SIZES } from '@esign/shared';
import {
  PAGE_MARGIN,
  SEAL_IMAGE_SIZE,
  cornerSlots,
  intersects,
  sealBox,
  sealBoxSize,
  signatureBox,
  signatureBoxSize,
  type Rectangle,
} from './signature-box';

const A4: Rectangle = { x: 0, y: 0, width: 595.28, height: 841.89 };
const LETTER_CROPPED: Rectangle = { x: 18, y: 36, width: 576, height: 720 };

function inside(box: Rectangle, page: Rectangle): boolean {
  return (
    box.x >= page.x &&
    box.y >= page.y &&
    box.x + box.width <= page.x + page.width &&
    box.y + box.height <= page.y + page.height
  );
}

describe('signature boxes', () => {
  it('grow with the size, from 140 × 50 to 240 × 90 points', () => {
    const sizes = SIGNATURE_SIZES.map(signatureBoxSize);
    expect(sizes[0]).toEqual({ width: 140, height: 50 });
    expect(sizes[sizes.length - 1]).toEqual({ width: 240, height: 90 });
    sizes.slice(1).forEach((size, index) => expect(size.width).toBeGreaterThan(sizes[index]!.width));
  });

  it.each(PLACEMENT_POSITIONS.flatMap((position) => SIGNATURE_SIZES.map((size) => ({ position, size }))))(
    '$position, $size: in its corner, a margin from both edges',
    ({ position, size }) => {
      for (const page of [A4, LETTER_CROPPED]) {
        const box = signatureBox(page, { page: 1, position, slot: 0 }, size);
        expect(inside(box, page)).toBe(true);
        const fromLeft = box.x - page.x;
        const fromRight = page.x + page.width - (box.x + box.width);
        const fromBottom = box.y - page.y;
        const fromTop = page.y + page.height - (box.y + box.height);
        expect(position.endsWith('left') ? fromLeft : fromRight).toBeCloseTo(PAGE_MARGIN, 1);
        expect(position.startsWith('bottom') ? fromBottom : fromTop).toBeCloseTo(PAGE_MARGIN, 1);
      }
    },
  );

  it('stacks blocks sharing a corner away from the edge, without overlap', () => {
    const bottom = [0, 1, 2].map((slot) =>
      signatureBox(A4, { page: 1, position: 'bottom-right', slot }, 'large'),
    );
    expect(bottom[1]!.y).toBeGreaterThan(bottom[0]!.y + bottom[0]!.height);
    expect(bottom[2]!.y).toBeGreaterThan(bottom[1]!.y + bottom[1]!.height);
    const top = [0, 1].map((slot) => signatureBox(A4, { page: 1, position: 'top-left', slot }, 'small'));
    expect(top[1]!.y + top[1]!.height).toBeLessThan(top[0]!.y);
  });

  it('shrinks to fit a page smaller than the block', () => {
    const tiny = { x: 0, y: 0, width: 150, height: 100 };
    const box = signatureBox(tiny, { page: 1, position: 'top-right', slot: 0 }, 'large');
    expect(inside(box, tiny)).toBe(true);
    expect(box.width / box.height).toBeCloseTo(240 / 90, 1);
  });

  it('ranks signatories per page and corner by order, then id', () => {
    const slots = cornerSlots([
      { id: 'c', order: 3, page: 1, position: 'bottom-left' },
      { id: 'a', order: 1, page: 1, position: 'bottom-left' },
      { id: 'b', order: 2, page: 1, position: 'bottom-right' },
      { id: 'e', order: 1, page: 2, position: 'bottom-left' },
      { id: 'd', order: 1, page: 1, position: 'bottom-left' },
    ]);
    expect(Object.fromEntries(slots)).toEqual({ a: 0, d: 1, c: 2, b: 0, e: 0 });
  });
});

describe('the seal box', () => {
  it('keeps the stamp image’s 380 × 114 ratio at every size', () => {
    for (const size of SIGNATURE_SIZES) {
      const { width, height } = sealBoxSize(size);
      expect(width / height).toBeCloseTo(SEAL_IMAGE_SIZE.width / SEAL_IMAGE_SIZE.height, 1);
    }
  });

  it('sits at the bottom centre of a free page', () => {
    const box = sealBox(A4, 'default', []);
    expect(box.x + box.width / 2).toBeCloseTo(A4.width / 2, 1);
    expect(box.y).toBe(PAGE_MARGIN);
  });

  it('moves above the signature blocks it would cover', () => {
    const blocks = [0, 1].map((slot) =>
      signatureBox(A4, { page: 1, position: 'bottom-left', slot }, 'large'),
    );
    const box = sealBox(A4, 'large', blocks);
    expect(blocks.some((block) => intersects(block, box))).toBe(false);
    expect(box.y).toBeGreaterThan(blocks[1]!.y + blocks[1]!.height);
    expect(box.y).toBeLessThan(A4.height / 2);
  });

  it('goes to the top centre when the bottom is full up to the middle of the page', () => {
    const tall = { x: 0, y: 0, width: A4.width, height: 400 };
    const column = { x: 0, y: 0, width: A4.width, height: 250 };
    const box = sealBox(tall, 'default', [column]);
    expect(intersects(box, column)).toBe(false);
    expect(box.y + box.height).toBeCloseTo(tall.height - PAGE_MARGIN, 1);
  });

  it('stays at the bottom centre when nowhere is free', () => {
    const everything = { ...A4 };
    const box = sealBox(A4, 'small', [everything]);
    expect(box.y).toBe(PAGE_MARGIN);
  });
});
