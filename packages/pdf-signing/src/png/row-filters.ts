/** The five PNG row filters (PNG §9.2), which PDF also uses as its predictors 10–15. */
const NONE = 0;
const SUB = 1;
const UP = 2;
const AVERAGE = 3;
const PAETH = 4;

function paeth(left: number, up: number, upLeft: number): number {
  const estimate = left + up - upLeft;
  const toLeft = Math.abs(estimate - left);
  const toUp = Math.abs(estimate - up);
  const toUpLeft = Math.abs(estimate - upLeft);
  if (toLeft <= toUp && toLeft <= toUpLeft) return left;
  return toUp <= toUpLeft ? up : upLeft;
}

/** The value filter `kind` predicted for a byte, or undefined for a filter that does not exist. */
function predicted(kind: number, left: number, up: number, upLeft: number): number | undefined {
  switch (kind) {
    case NONE:
      return 0;
    case SUB:
      return left;
    case UP:
      return up;
    case AVERAGE:
      return (left + up) >> 1;
    case PAETH:
      return paeth(left, up, upLeft);
    default:
      return undefined;
  }
}

/**
 * Undoes the row filters of `rows` rows of `rowBytes` bytes, each stored after its filter byte. `left` is the
 * byte one pixel before (`bytesPerPixel` back, at least 1), `up` the same byte of the row above. A filter byte
 * that names no filter throws `unknownFilter(kind)`: the caller says whose data was wrong.
 */
export function unfilterRows(
  data: Uint8Array,
  layout: { rows: number; rowBytes: number; bytesPerPixel: number },
  unknownFilter: (kind: number) => Error,
): Buffer[] {
  const { rows, rowBytes } = layout;
  const bpp = Math.max(1, Math.floor(layout.bytesPerPixel));
  const output: Buffer[] = [];
  let previous = Buffer.alloc(rowBytes);
  for (let y = 0; y < rows; y += 1) {
    const start = y * (rowBytes + 1);
    const kind = data[start] ?? 0;
    const row = Buffer.alloc(rowBytes);
    row.set(data.subarray(start + 1, start + 1 + rowBytes));
    for (let x = 0; x < rowBytes; x += 1) {
      const left = x >= bpp ? (row[x - bpp] ?? 0) : 0;
      const up = previous[x] ?? 0;
      const upLeft = x >= bpp ? (previous[x - bpp] ?? 0) : 0;
      const prediction = predicted(kind, left, up, upLeft);
      if (prediction === undefined) throw unknownFilter(kind);
      row[x] = ((row[x] ?? 0) + prediction) & 0xff;
    }
    output.push(row);
    previous = row;
  }
  return output;
}
