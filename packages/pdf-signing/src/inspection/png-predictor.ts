import { unfilterRows } from '../png/row-filters';
import { invalidPdf } from './pdf-rejection';

/**
 * Undoes the PNG row filters (predictors 10–15) of one-byte-per-sample data, as cross-reference streams
 * use them: each row is a filter byte followed by `columns` bytes.
 */
export function unpredictPng(data: Uint8Array, columns: number): Uint8Array {
  if (columns <= 0) throw invalidPdf('malformed predictor parameters');
  const rows = Math.floor(data.length / (columns + 1));
  // Not a row to undo: a hostile /Columns must not size a buffer.
  if (rows === 0) return new Uint8Array(0);
  const unfiltered = unfilterRows(data, { rows, rowBytes: columns, bytesPerPixel: 1 }, () =>
    invalidPdf('unknown PNG predictor'),
  );
  return Buffer.concat(unfiltered);
}
