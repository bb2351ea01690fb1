import { PadesError } from '../pdf-revision';
import { encodePng } from '../../testing/pades-test-kit';
import { decodePng } from './png-image';

describe('decodePng', () => {
  it('splits RGBA into colour samples and an alpha channel', () => {
    const png = encodePng(2, 1, 6, [Buffer.from([255, 0, 0, 255, 0, 0, 255, 128])]);
    const image = decodePng(png);
    expect(image).toMatchObject({ width: 2, height: 1, channels: 3 });
    expect([...image.pixels]).toEqual([255, 0, 0, 0, 0, 255]);
    expect([...(image.alpha ?? [])]).toEqual([255, 128]);
  });

  it('leaves out the alpha channel of an opaque image', () => {
    const image = decodePng(encodePng(1, 2, 2, [Buffer.from([1, 2, 3]), Buffer.from([4, 5, 6])]));
    expect([...image.pixels]).toEqual([1, 2, 3, 4, 5, 6]);
    expect(image.alpha).toBeUndefined();
  });

  it('expands a palette and takes transparency from tRNS', () => {
    const palette = Buffer.from([10, 20, 30, 40, 50, 60]);
    const png = encodePng(2, 1, 3, [Buffer.from([1, 0])], {
      chunks: [
        ['PLTE', palette],
        ['tRNS', Buffer.from([0])],
      ],
    });
    const image = decodePng(png);
    expect([...image.pixels]).toEqual([40, 50, 60, 10, 20, 30]);
    expect([...(image.alpha ?? [])]).toEqual([255, 0]);
  });

  it('reverses the Sub, Up, Average and Paeth filters', () => {
    const rows = [Buffer.from([10, 20]), Buffer.from([5, 5]), Buffer.from([1, 1]), Buffer.from([0, 0])];
    const image = decodePng(encodePng(2, 4, 0, rows, { filters: [1, 2, 3, 4] }));
    expect(image.channels).toBe(1);
    // Sub: 10, 10+20; Up: 10+5, 30+5; Average: 1+⌊(0+15)/2⌋, 1+⌊(8+35)/2⌋; Paeth picks "up" twice.
    expect([...image.pixels]).toEqual([10, 30, 15, 35, 8, 22, 8, 22]);
  });

  it('refuses what is not a PNG', () => {
    expect(() => decodePng(Buffer.from('GIF89a'))).toThrow(PadesError);
  });
});
