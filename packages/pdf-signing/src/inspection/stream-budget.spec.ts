import { brotliCompressSync, constants, deflateSync } from 'node:zlib';
import {
  ascii85OverFlateBombPdf,
  deflatedRun,
  doubleFlateBombPdf,
  doubleFlateObjectStreamPdf,
  encryptedObjectStreamBombPdf,
  GIB,
  hexArmouredBombPdf,
  lzwBombPdf,
  MIB,
  pageContentPdf,
  runLengthBombPdf,
} from '../testing/bomb-pdfs';
import { simplePdf, streamObject } from '../testing/hostile-pdfs';
import { checkAndNormalisePdf } from './pdf-inspection';
import { PDF_LIMITS, PdfRejection, type PdfLimits } from './pdf-rejection';

// Small caps keep the tests fast; the bombs stand for a gigabyte or more all the same.
const LIMITS: PdfLimits = { ...PDF_LIMITS, inflateBudgetBytes: 8 * MIB, containerStreamMaxBytes: MIB };
/**
 * What a check may add to the process's peak memory: generous next to the caps above, far below any of
 * the bombs. The peak (maxRSS) only grows, so an earlier, larger peak can hide a later one, never invent it.
 */
const MEMORY_BOUND = 160 * MIB;

async function refusal(bytes: Uint8Array, limits = LIMITS): Promise<{ reason: string; peakGrowth: number }> {
  const before = process.resourceUsage().maxRSS * 1024;
  try {
    await checkAndNormalisePdf(bytes, limits);
  } catch (error) {
    if (!(error instanceof PdfRejection)) throw error;
    expect(error.code).toBe('INVALID_PDF');
    return { reason: error.reason, peakGrowth: process.resourceUsage().maxRSS * 1024 - before };
  }
  throw new Error('The file was accepted');
}

describe('the decompression budget follows every stage of every filter chain', () => {
  it.each([
    // As uploaded: 2.4 KB standing for 1 GiB, refused under the product's own limits.
    ['double Flate page content', () => doubleFlateBombPdf(GIB), 'FlateDecode, stage 2 of 2', PDF_LIMITS],
    [
      'Flate inside ASCIIHex, abbreviated',
      () => hexArmouredBombPdf(256 * MIB),
      'FlateDecode, stage 2 of 2',
      LIMITS,
    ],
    ['ASCII85 over Flate', () => ascii85OverFlateBombPdf(2 * MIB), 'ASCII85Decode, stage 2 of 2', LIMITS],
    ['LZW, abbreviated', () => lzwBombPdf(GIB), 'LZWDecode, stage 1 of 1', LIMITS],
    ['RunLength under Flate', () => runLengthBombPdf(32 * MIB), 'RunLengthDecode, stage 2 of 2', LIMITS],
  ])('refuses %s, naming the stage, without decoding past the cap', async (_title, build, stage, limits) => {
    const { reason, peakGrowth } = await refusal(build(), limits);
    expect(reason).toBe(`decompression bomb (${stage})`);
    expect(peakGrowth).toBeLessThan(MEMORY_BOUND);
  });

  it('refuses a Brotli bomb, a PDF 2.0 filter viewers decode', async () => {
    const brotli = brotliCompressSync(Buffer.alloc(64 * MIB), {
      params: { [constants.BROTLI_PARAM_QUALITY]: 4 },
    });
    const { reason, peakGrowth } = await refusal(pageContentPdf('/BrotliDecode', brotli));
    expect(reason).toBe('decompression bomb (BrotliDecode, stage 1 of 1)');
    expect(peakGrowth).toBeLessThan(MEMORY_BOUND);
  });

  it('measures the filters pdf.js reads under /F, the abbreviation it looks for first', async () => {
    const data = deflateSync(deflatedRun(512 * MIB), { level: 9 });
    const { reason } = await refusal(simplePdf({ extra: [streamObject('/F [/Fl /Fl]', data)] }));
    expect(reason).toBe('decompression bomb (FlateDecode, stage 2 of 2)');
  });

  it('refuses a predictor before another filter, which pdf.js applies and pdf-lib does not', async () => {
    const data = deflateSync(deflateSync(Buffer.from('BT ET', 'latin1')));
    const parms = '/DecodeParms [<< /Predictor 2 /Columns 4 >> null]';
    const { reason } = await refusal(pageContentPdf('[/FlateDecode /FlateDecode]', data, parms));
    expect(reason).toBe('predictor before another filter (FlateDecode, stage 1 of 2)');
  });

  it('refuses a double-Flate object stream before the parser inflates it', async () => {
    const { reason, peakGrowth } = await refusal(doubleFlateObjectStreamPdf(512 * MIB));
    expect(reason).toBe('decompression bomb (FlateDecode, stage 2 of 2)');
    expect(peakGrowth).toBeLessThan(MEMORY_BOUND);
  });

  it('refuses an encrypted file whose object stream is a bomb once decrypted, before the decrypting parse', async () => {
    const { reason, peakGrowth } = await refusal(await encryptedObjectStreamBombPdf(GIB));
    expect(reason).toBe('decompression bomb (FlateDecode, stage 1 of 1)');
    expect(peakGrowth).toBeLessThan(MEMORY_BOUND);
  });

  it('measures Flate as viewers read it: a header zlib refuses (a 64 KiB window) does not hide a bomb', async () => {
    const zlib = deflatedRun(64 * MIB);
    // CINFO 8 is outside what zlib accepts; pdf.js and pdf-lib never look at it. FCHECK is kept valid.
    const header = Buffer.from([0x88, 0x00]);
    header[1] = 31 - ((header[0]! * 256) % 31);
    const bomb = Buffer.concat([header, zlib.subarray(2)]);
    const objectStream = streamObject('/Type /ObjStm /N 1 /First 4 /Filter /FlateDecode', bomb);
    const { reason, peakGrowth } = await refusal(simplePdf({ extra: [objectStream] }));
    expect(reason).toBe('decompression bomb (FlateDecode, stage 1 of 1)');
    expect(peakGrowth).toBeLessThan(MEMORY_BOUND);
  });

  it('gives the parser only objects it measured: a header broken by a comment hides nothing', async () => {
    // pdf-lib's parser reads `9 0 %…\nobj` as an object header; the measuring scan does not. Parsed, this
    // object stream would list page 4 twice in a new page tree (object 2).
    const pageTree = '<< /Type /Pages /Kids [4 0 R 4 0 R] /Count 2 >>';
    const objects = Buffer.from(`2 0 ${pageTree}`, 'latin1');
    const hidden = Buffer.concat([
      Buffer.from('9 0 %hidden\nobj\n', 'latin1'),
      streamObject('/Type /ObjStm /N 1 /First 4 /Filter /FlateDecode', deflateSync(objects)),
      Buffer.from('\nendobj\n', 'latin1'),
    ]);
    const plain = simplePdf();
    const at = plain.indexOf('4 0 obj');
    const file = Buffer.concat([plain.subarray(0, at), hidden, plain.subarray(at)]);
    expect((await checkAndNormalisePdf(file, LIMITS)).pageCount).toBe(1);
  });

  describe("follows references in a stream's filters, as readers do", () => {
    it('to a filter name: an object stream of /Filter 4 0 R', async () => {
      const objectStream = streamObject('/Type /ObjStm /N 1 /First 4 /Filter 4 0 R', deflatedRun(256 * MIB));
      const { reason, peakGrowth } = await refusal(simplePdf({ extra: ['/FlateDecode', objectStream] }));
      expect(reason).toBe('decompression bomb (FlateDecode, stage 1 of 1)');
      expect(peakGrowth).toBeLessThan(MEMORY_BOUND);
    });

    it('to a filter in a list: page content of [/FlateDecode 4 0 R]', async () => {
      const data = deflateSync(deflatedRun(512 * MIB), { level: 9 });
      const bomb = streamObject('/Filter [/FlateDecode 4 0 R]', data);
      const file = simplePdf({ extra: ['/FlateDecode', bomb], page: '/Contents [3 0 R 5 0 R]' });
      expect((await refusal(file)).reason).toBe('decompression bomb (FlateDecode, stage 2 of 2)');
    });

    it('refuses a filter named by an object it cannot read before the parse', async () => {
      const stream = streamObject('/Filter 40 0 R', deflateSync(Buffer.from('BT ET', 'latin1')));
      expect((await refusal(simplePdf({ extra: [stream] }))).reason).toBe(
        'stream filter in an object that cannot be read',
      );
    });

    it('to parameters inside an object stream: measured again once the file is parsed', async () => {
      const parms = Buffer.from('9 0 << /Predictor 12 /Columns 100000000 >>', 'latin1');
      const objectStream = streamObject('/Type /ObjStm /N 1 /First 4', parms);
      const content = pageContentPdf('/FlateDecode', deflateSync(Buffer.alloc(64)), '/DecodeParms 9 0 R');
      const at = content.indexOf('5 0 obj');
      const file = Buffer.concat([
        content.subarray(0, at),
        Buffer.from('20 0 obj\n', 'latin1'),
        objectStream,
        Buffer.from('\nendobj\n', 'latin1'),
        content.subarray(at),
      ]);
      expect((await refusal(file)).reason).toBe('decompression bomb (FlateDecode, stage 1 of 1, predictor)');
    });
  });

  it('refuses a predictor whose rows would outgrow the budget', async () => {
    const { reason } = await refusal(
      pageContentPdf(
        '/FlateDecode',
        deflateSync(Buffer.alloc(64)),
        '/DecodeParms << /Predictor 12 /Columns 100000000 >>',
      ),
    );
    expect(reason).toBe('decompression bomb (FlateDecode, stage 1 of 1, predictor)');
  });

  it('still accepts stacked filters that stay within the budget, and image codecs it does not decode', async () => {
    const content = Buffer.from('BT /F1 24 Tf 72 700 Td (Annexe) Tj ET', 'latin1');
    const armoured = Buffer.from(`${deflateSync(deflateSync(content)).toString('hex')}>`, 'latin1');
    const image = streamObject('/Subtype /Image /Filter [/FlateDecode /DCTDecode]', Buffer.alloc(16));
    // JBIG2 globals are a stream its parameters refer to: the reference stays as it is.
    const scan = streamObject(
      '/Subtype /Image /Filter /JBIG2Decode /DecodeParms << /JBIG2Globals 7 0 R >>',
      Buffer.alloc(8),
    );
    const file = simplePdf({
      extra: [
        streamObject('/Filter [/AHx /Fl /FlateDecode]', armoured),
        image,
        scan,
        streamObject('', Buffer.alloc(8)),
      ],
      page: '/Contents [3 0 R 4 0 R] /PieceInfo [5 0 R 6 0 R]',
    });
    expect((await checkAndNormalisePdf(file, LIMITS)).pageCount).toBe(1);
  });
});
