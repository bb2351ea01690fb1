import { inflateSync } from 'node:zlib';
import { unfilterRows } from '../../png/row-filters';
import { PadesError } from '../pdf-revision';

/** Pixels with 8-bit samples, gray or RGB, and a separate 8-bit alpha channel when any pixel is not opaque. */
export interface DecodedImage {
  width: number;
  height: number;
  channels: 1 | 3;
  pixels: Buffer;
  alpha?: Buffer;
}

interface Header {
  width: number;
  height: number;
  bitDepth: number;
  colorType: number;
  interlace: number;
}

const SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const MAX_PIXELS = 4096 * 4096;
/** Samples per pixel by PNG colour type: gray, RGB, palette, gray+alpha, RGBA. */
const SAMPLES: Record<number, number> = { 0: 1, 2: 3, 3: 1, 4: 2, 6: 4 };

/** Decodes a non-interlaced PNG (every colour type and bit depth, tRNS transparency included). */
export function decodePng(png: Buffer): DecodedImage {
  if (!png.subarray(0, 8).equals(SIGNATURE)) throw new PadesError('the image is not a PNG');
  const chunks = readChunks(png);
  const header = parseHeader(chunks.get('IHDR')?.[0]);
  const data = inflateSync(Buffer.concat(chunks.get('IDAT') ?? []));
  const samples = SAMPLES[header.colorType] ?? 0;
  const rows = unfilter(data, header, samples);
  const palette = chunks.get('PLTE')?.[0];
  const transparency = chunks.get('tRNS')?.[0];
  return toPixels(rows, header, samples, palette, transparency);
}

function readChunks(png: Buffer): Map<string, Buffer[]> {
  const chunks = new Map<string, Buffer[]>();
  let offset = 8;
  while (offset + 8 <= png.length) {
    const length = png.readUInt32BE(offset);
    const type = png.toString('latin1', offset + 4, offset + 8);
    const data = png.subarray(offset + 8, offset + 8 + length);
    if (data.length !== length) throw new PadesError('the PNG is truncated');
    chunks.set(type, [...(chunks.get(type) ?? []), data]);
    offset += 12 + length;
    if (type === 'IEND') break;
  }
  return chunks;
}

function parseHeader(ihdr: Buffer | undefined): Header {
  if (!ihdr || ihdr.length < 13) throw new PadesError('the PNG has no header');
  const header = {
    width: ihdr.readUInt32BE(0),
    height: ihdr.readUInt32BE(4),
    bitDepth: ihdr.readUInt8(8),
    colorType: ihdr.readUInt8(9),
    interlace: ihdr.readUInt8(12),
  };
  if (!SAMPLES[header.colorType]) throw new PadesError(`PNG colour type ${header.colorType} is not valid`);
  if (![1, 2, 4, 8, 16].includes(header.bitDepth)) throw new PadesError('the PNG bit depth is not valid');
  if (header.interlace !== 0)
    throw new PadesError('interlaced PNGs are not supported; save it without interlacing');
  if (header.width === 0 || header.height === 0 || header.width * header.height > MAX_PIXELS) {
    throw new PadesError(`a ${header.width}x${header.height} image is not accepted`);
  }
  return header;
}

/** Reverses the per-row filters of PNG §9.2; returns the raw rows. */
function unfilter(data: Buffer, header: Header, samples: number): Buffer[] {
  const stride = Math.ceil((header.width * samples * header.bitDepth) / 8);
  const bpp = Math.max(1, (samples * header.bitDepth) / 8);
  if (data.length < (stride + 1) * header.height) throw new PadesError('the PNG image data is truncated');
  return unfilterRows(
    data,
    { rows: header.height, rowBytes: stride, bytesPerPixel: bpp },
    (kind) => new PadesError(`unknown PNG filter ${kind}`),
  );
}

/** Reads sample `index` of a row at any bit depth, scaled to 0..255 (16-bit keeps the high byte). */
function sample(row: Buffer, index: number, bitDepth: number, scale: boolean): number {
  if (bitDepth === 8) return row[index] ?? 0;
  if (bitDepth === 16) return row[index * 2] ?? 0;
  const perByte = 8 / bitDepth;
  const byte = row[Math.floor(index / perByte)] ?? 0;
  const shift = 8 - bitDepth * ((index % perByte) + 1);
  const value = (byte >> shift) & ((1 << bitDepth) - 1);
  return scale ? Math.round((value * 255) / ((1 << bitDepth) - 1)) : value;
}

function rawSample(row: Buffer, index: number, bitDepth: number): number {
  if (bitDepth === 16) return ((row[index * 2] ?? 0) << 8) | (row[index * 2 + 1] ?? 0);
  return sample(row, index, bitDepth, false);
}

function toPixels(
  rows: Buffer[],
  header: Header,
  samples: number,
  palette: Buffer | undefined,
  transparency: Buffer | undefined,
): DecodedImage {
  const { width, height, bitDepth, colorType } = header;
  const channels = colorType === 0 || colorType === 4 ? 1 : 3;
  const pixels = Buffer.alloc(width * height * channels);
  const alpha = Buffer.alloc(width * height, 255);
  if (colorType === 3 && !palette) throw new PadesError('the PNG has no palette');
  rows.forEach((row, y) => {
    for (let x = 0; x < width; x += 1) {
      const pixel = y * width + x;
      const first = x * samples;
      if (colorType === 3) {
        const index = sample(row, first, bitDepth, false);
        palette?.copy(pixels, pixel * 3, index * 3, index * 3 + 3);
        alpha[pixel] = transparency?.[index] ?? 255;
        continue;
      }
      for (let channel = 0; channel < channels; channel += 1) {
        pixels[pixel * channels + channel] = sample(row, first + channel, bitDepth, true);
      }
      if (colorType === 4 || colorType === 6) alpha[pixel] = sample(row, first + channels, bitDepth, true);
      else if (transparency && matchesKey(row, first, channels, bitDepth, transparency)) alpha[pixel] = 0;
    }
  });
  return { width, height, channels, pixels, alpha: alpha.some((value) => value < 255) ? alpha : undefined };
}

/** tRNS for gray and RGB images: one colour, given as 16-bit values, is fully transparent. */
function matchesKey(row: Buffer, first: number, channels: number, bitDepth: number, key: Buffer): boolean {
  for (let channel = 0; channel < channels; channel += 1) {
    if (key.length < (channel + 1) * 2) return false;
    if (rawSample(row, first + channel, bitDepth) !== key.readUInt16BE(channel * 2)) return false;
  }
  return true;
}
