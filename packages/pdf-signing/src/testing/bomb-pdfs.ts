import { constants, deflateRawSync, deflateSync } from 'node:zlib';
import { PDFDocument, PDFName, PDFRawStream } from '@cantoo/pdf-lib';
import { simplePdf, streamObject } from './hostile-pdfs';

/**
 * Decompression bombs of every kind the upload check must stop, generated in milliseconds (never stored):
 * stacked filters, each filter alone, object streams, and an encrypted file whose object stream is a bomb.
 */

export const MIB = 1024 * 1024;
export const GIB = 1024 * MIB;

/** Adler-32 of `count` repetitions of `block` (zlib's trailer), without going through the bytes again. */
function repeatedAdler(block: Buffer, count: number): number {
  const MOD = 65521;
  let sum = 0;
  let weighted = 0;
  for (const [index, byte] of block.entries()) {
    sum = (sum + byte) % MOD;
    weighted = (weighted + byte * (block.length - index)) % MOD;
  }
  let a = 1;
  let b = 0;
  for (let round = 0; round < count; round += 1) {
    b = (b + block.length * a + weighted) % MOD;
    a = (a + sum) % MOD;
  }
  return b * 65536 + a;
}

const deflatedBlocks = new Map<number, Buffer>();

/**
 * A valid zlib stream of `bytes` bytes (rounded up to a MiB) all equal to `fill`: a 1 MiB block compressed
 * once with a full flush (so each copy stands alone) and repeated. 1 GiB of zeros is about 1 MB.
 */
export function deflatedRun(bytes: number, fill = 0): Buffer {
  if (bytes % MIB !== 0) return deflateSync(Buffer.alloc(bytes, fill), { level: 9 });
  const count = Math.max(1, Math.ceil(bytes / MIB));
  const plain = Buffer.alloc(MIB, fill);
  let block = deflatedBlocks.get(fill);
  if (!block) {
    block = deflateRawSync(plain, { level: 9, finishFlush: constants.Z_FULL_FLUSH });
    deflatedBlocks.set(fill, block);
  }
  const adler = Buffer.alloc(4);
  adler.writeUInt32BE(repeatedAdler(plain, count));
  // 78 DA: zlib header; 03 00: an empty final block.
  return Buffer.concat([
    Buffer.from([0x78, 0xda]),
    ...Array<Buffer>(count).fill(block),
    Buffer.from([3, 0]),
    adler,
  ]);
}

/** A page whose second content stream is `data` under `filter` (a PDF array or name, as written). */
export function pageContentPdf(filter: string, data: Buffer, extraDict = ''): Buffer {
  const bomb = streamObject(`/Filter ${filter} ${extraDict}`, data);
  return simplePdf({ extra: [bomb], page: '/Contents [3 0 R 4 0 R]' });
}

/** Page content of `/Filter [/FlateDecode /FlateDecode]`: a few kilobytes for `inflated` bytes of zeros. */
export function doubleFlateBombPdf(inflated = GIB): Buffer {
  return pageContentPdf('[/FlateDecode /FlateDecode]', deflateSync(deflatedRun(inflated), { level: 9 }));
}

/** A Flate bomb in ASCIIHex armour, both filters abbreviated as in inline images: `[/AHx /Fl]`. */
export function hexArmouredBombPdf(inflated = GIB): Buffer {
  return pageContentPdf('[/AHx /Fl]', Buffer.from(`${deflatedRun(inflated).toString('hex')}>`, 'latin1'));
}

/** ASCII85 over Flate: Flate gives `inflated / 4` bytes of `z`, which ASCII85 makes four zeros each. */
export function ascii85OverFlateBombPdf(inflated = GIB): Buffer {
  const letters = deflatedRun(inflated / 4, 'z'.charCodeAt(0));
  return pageContentPdf('[/FlateDecode /ASCII85Decode]', letters);
}

/** RunLength under Flate: each pair `81 00` is 128 zeros. */
export function runLengthBombPdf(inflated = GIB): Buffer {
  const pairs = Buffer.alloc(Math.ceil(inflated / 64));
  for (let index = 0; index < pairs.length; index += 2) pairs[index] = 0x81;
  return pageContentPdf('[/FlateDecode /RunLengthDecode]', deflateSync(pairs, { level: 9 }));
}

/** LZW codes (most significant bit first, EarlyChange 1) for `bytes` zeros: each code one zero longer. */
function lzwZeros(bytes: number): Buffer {
  const out: number[] = [];
  let buffer = 0;
  let bits = 0;
  const write = (code: number, width: number) => {
    buffer = (buffer << width) | code;
    bits += width;
    while (bits >= 8) {
      out.push((buffer >>> (bits - 8)) & 0xff);
      bits -= 8;
    }
    buffer &= (1 << bits) - 1;
  };
  let width = 9;
  let nextCode = 258;
  write(0, width);
  for (let produced = 1, length = 1; produced < bytes; produced += length) {
    // The next code is the one being defined (its string: the last one and a zero), until the table is full.
    const code = Math.min(nextCode, 4095);
    length = nextCode <= 4095 ? length + 1 : 4095 - 256;
    write(code, width);
    nextCode += 1;
    if (((nextCode + 1) & nextCode) === 0) width = Math.min(Math.log2(nextCode + 1) + 1, 12);
  }
  write(257, width);
  if (bits > 0) out.push((buffer << (8 - bits)) & 0xff);
  return Buffer.from(out);
}

/** An LZW bomb, its filter abbreviated: `/LZW`. */
export function lzwBombPdf(inflated = GIB): Buffer {
  return pageContentPdf('/LZW', lzwZeros(inflated));
}

/** An object stream (the parser inflates these whole, on loading) of `/Filter [/FlateDecode /FlateDecode]`. */
export function doubleFlateObjectStreamPdf(inflated = 512 * MIB): Buffer {
  const data = deflateSync(deflatedRun(inflated), { level: 9 });
  const objectStream = streamObject('/Type /ObjStm /N 1 /First 4 /Filter [/FlateDecode /FlateDecode]', data);
  return simplePdf({ extra: [objectStream] });
}

/**
 * An RC4-128 file with an empty user password (it opens without one) whose object stream inflates to
 * `inflated` bytes once decrypted; encrypted, its bytes are noise, which no decoder inflates.
 */
export async function encryptedObjectStreamBombPdf(inflated = GIB): Promise<Buffer> {
  const document = await PDFDocument.create({ updateMetadata: false });
  document.addPage([595, 842]);
  const { context } = document;
  // The writer leaves out object streams on a full save: the type is written under a name of the same
  // length and set back afterwards (dictionaries are not encrypted, so the bytes are there to change).
  const stand = context.obj({ Type: 'ObjStmX', N: 1, First: 4, Filter: 'FlateDecode' });
  const ref = context.register(PDFRawStream.of(stand, deflatedRun(inflated)));
  document.catalog.set(PDFName.of('PieceInfo'), ref);
  document.encrypt({
    userPassword: '',
    ownerPassword: 'owner-secret',
    algorithm: 'RC4-128',
    allowWeakCryptography: true,
    permissions: { modifying: true, annotating: true, fillingForms: true },
  });
  const bytes = Buffer.from(await document.save({ useObjectStreams: false }));
  const text = bytes.toString('latin1').replace('/Type /ObjStmX', '/Type /ObjStm ');
  return Buffer.from(text, 'latin1');
}
