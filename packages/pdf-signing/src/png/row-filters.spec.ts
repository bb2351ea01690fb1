import { unfilterRows } from './row-filters';

const refuse = (kind: number) => new Error(`filter ${kind}`);
const rows = (data: number[], rowBytes: number, bytesPerPixel = 1) =>
  unfilterRows(
    Uint8Array.from(data),
    { rows: data.length / (rowBytes + 1), rowBytes, bytesPerPixel },
    refuse,
  ).map((row) => [...row]);

describe('PNG row filters', () => {
  it('undoes each of the five filters, worked by hand', () => {
    // Row 1 is raw [10, 20, 30, 40]; row 2 is raw [15, 25, 35, 45], encoded with each filter in turn.
    const first = [0, 10, 20, 30, 40];
    expect(rows([...first, 0, 15, 25, 35, 45], 4)).toEqual([
      [10, 20, 30, 40],
      [15, 25, 35, 45],
    ]);
    expect(rows([...first, 1, 15, 10, 10, 10], 4)[1]).toEqual([15, 25, 35, 45]);
    expect(rows([...first, 2, 5, 5, 5, 5], 4)[1]).toEqual([15, 25, 35, 45]);
    // Average: 15 - floor((0 + 10) / 2) = 10, 25 - floor((15 + 20) / 2) = 8, 35 - 27 = 8, 45 - 37 = 8.
    expect(rows([...first, 3, 10, 8, 8, 8], 4)[1]).toEqual([15, 25, 35, 45]);
    // Paeth picks up (10) for the first byte, then the nearest of left, up, upper-left.
    expect(rows([...first, 4, 5, 5, 5, 5], 4)[1]).toEqual([15, 25, 35, 45]);
  });

  it('reaches back a whole pixel for "left", and wraps at 256', () => {
    // Two bytes per pixel: each byte adds the byte two places before it.
    expect(rows([1, 200, 100, 100, 200], 4, 2)).toEqual([[200, 100, 44, 44]]);
  });

  it("refuses a filter byte that names no filter, in the caller's words", () => {
    expect(() => rows([5, 1, 2], 2)).toThrow('filter 5');
  });

  it('reads missing bytes of a short last row as zero', () => {
    expect(unfilterRows(Uint8Array.from([0, 7]), { rows: 1, rowBytes: 3, bytesPerPixel: 1 }, refuse)).toEqual(
      [Buffer.from([7, 0, 0])],
    );
  });
});
