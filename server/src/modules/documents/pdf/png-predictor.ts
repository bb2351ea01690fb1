import { invalidPdf } from './pdf-rejection';

function paeth(left: number, up: number, upLeft: number): number {
  const estimate = left + up - upLeft;
  const toLeft = Math.abs(estimate - left);
  const toUp = Math.abs(estimate - up);
  const toUpLeft = Math.abs(estimate - upLeft);
  if (toLeft <= toUp && toLeft <= toUpLeft) return left;
  return toUp <= toUpLeft ? up : upLeft;
}

function predicted(kind: number, left: number, up: number, upLeft: number): number {
  switch (kind) {
    case 0:
      return 0;
    case 1:
      return left;
    case 2:
      return up;
    case 3:
      return (left + up) >> 1;
    case 4:
      return paeth(left, up, upLeft);
    default:
      throw invalidPdf('unknown PNG predictor');
  }
}

/**
 * Undoes the PNG row filters (predictors 10–15) of one-byte-per-sample data, as cross-reference streams
 * use them: each row is a filter byte followed by `columns` bytes.
 */
export function unpredictPng(data: Uint8Array, columns: number): Uint8Array {
  if (columns <= 0) throw invalidPdf('malformed predictor parameters');
  const rows = Math.floor(data.length / (columns + 1));
  const output = new Uint8Array(rows * columns);
  for (let row = 0; row < rows; row += 1) {
    const kind = data[row * (columns + 1)] ?? 0;
    for (let column = 0; column < columns; column += 1) {
      const at = row * columns + column;
      const left = column > 0 ? (output[at - 1] ?? 0) : 0;
      const up = row > 0 ? (output[at - columns] ?? 0) : 0;
      const upLeft = row > 0 && column > 0 ? (output[at - columns - 1] ?? 0) : 0;
      const raw = data[row * (columns + 1) + 1 + column] ?? 0;
      output[at] = (raw + predicted(kind, left, up, upLeft)) & 0xff;
    }
  }
  return output;
}
