import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { deflateSync } from 'node:zlib';
import {
  activeContentPdf,
  alreadySignedPdf,
  buildPdf,
  certifiedPdf,
  decompressionBombPdf,
  deeplyNestedPdf,
  garbageXrefPdf,
  manyPagesPdf,
  NOT_PDFS,
  pageTreeCyclePdf,
  referenceCyclePdf,
  simplePdf,
  streamObject,
  truncatedPdf,
} from '../../../../test/support/hostile-pdfs';
import { checkAndNormalisePdf, type CheckedPdf } from './pdf-inspection';
import { PdfRejection, type PdfLimits, type PdfRejectionCode } from './pdf-rejection';
import { PDF_LIMITS } from './pdf-sandbox';

const FIXTURES = join(__dirname, '../../../../../fixtures/pdfs');
const fixture = (name: string): Buffer => readFileSync(join(FIXTURES, name));
// Small budgets keep the bomb tests fast; the production values are checked separately.
const LIMITS: PdfLimits = {
  ...PDF_LIMITS,
  inflateBudgetBytes: 8 * 1024 * 1024,
  containerStreamMaxBytes: 1024 * 1024,
};

async function rejection(
  bytes: Uint8Array,
  limits = LIMITS,
): Promise<{ code: PdfRejectionCode; reason: string }> {
  try {
    await checkAndNormalisePdf(bytes, limits);
  } catch (error) {
    if (error instanceof PdfRejection) return { code: error.code, reason: error.reason };
    throw error;
  }
  throw new Error('The file was accepted');
}

const text = (result: CheckedPdf): string => Buffer.from(result.bytes).toString('latin1');

describe('checkAndNormalisePdf', () => {
  it.each([
    ['minimal-document.pdf', 1],
    ['pdflatex-4-pages.pdf', 4],
    ['google-doc-document.pdf', 1],
    ['libreoffice-form.pdf', 1],
  ])('accepts %s (%i pages) and rewrites it with a classic cross-reference table', async (name, pages) => {
    const result = await checkAndNormalisePdf(fixture(name), LIMITS);
    expect(result.pageCount).toBe(pages);
    expect(result.pages).toHaveLength(pages);
    expect(result.sha256).toMatch(/^[0-9a-f]{64}$/);
    const output = text(result);
    expect(output.startsWith('%PDF-')).toBe(true);
    expect(output).toMatch(/\nxref\n0 \d+\n/);
    expect(output).not.toMatch(/\/Type\s*\/(ObjStm|XRef)\b/);
    // The rewrite itself passes every check, with the same pages.
    const again = await checkAndNormalisePdf(result.bytes, LIMITS);
    expect(again.pages).toEqual(result.pages);
  });

  it('reports page sizes in points after the crop box and rotation', async () => {
    const latex = await checkAndNormalisePdf(fixture('pdflatex-4-pages.pdf'), LIMITS);
    expect(latex.pages[0]).toEqual({ width: 595.28, height: 841.89 });
    const rotated = await checkAndNormalisePdf(
      simplePdf({ page: '/Rotate 90 /CropBox [0 0 500 800]' }),
      LIMITS,
    );
    expect(rotated.pages).toEqual([{ width: 800, height: 500 }]);
  });

  it('refuses an encrypted file', async () => {
    expect((await rejection(fixture('libreoffice-writer-password.pdf'))).code).toBe('PDF_ENCRYPTED');
  });

  it.each(Object.keys(NOT_PDFS))('refuses %s bytes as not a PDF', async (kind) => {
    expect((await rejection(NOT_PDFS[kind] ?? Buffer.alloc(0))).code).toBe('NOT_A_PDF');
  });

  it.each([
    ['truncated at half', truncatedPdf, 'no end-of-file marker'],
    ['with a garbage cross-reference table', garbageXrefPdf, 'cross-reference offset points nowhere'],
    ['with objects nested 1,000 deep', () => deeplyNestedPdf(1000), 'objects nested too deeply'],
    ['whose page tree is a reference cycle', referenceCyclePdf, 'reference chain too long or circular'],
    ['whose page tree loops', pageTreeCyclePdf, 'page tree cycle'],
  ])('refuses a file %s', async (_title, build, reason) => {
    expect(await rejection(build())).toEqual({ code: 'INVALID_PDF', reason });
  });

  it('refuses a cross-reference entry that points at the wrong object', async () => {
    const bytes = Buffer.from(simplePdf());
    const xref = bytes.lastIndexOf('\nxref\n') + 1;
    // Entry of object 2 (third row) now claims object 1's offset.
    const rows = bytes.subarray(xref).toString('latin1').split('\n');
    const shifted = rows.map((row, index) => (index === 4 ? (rows[3] ?? row) : row)).join('\n');
    bytes.write(shifted, xref, 'latin1');
    expect(await rejection(bytes)).toEqual({
      code: 'INVALID_PDF',
      reason: 'cross-reference entry points nowhere',
    });
  });

  it('refuses a cross-reference stream whose entries no longer match the objects', async () => {
    const original = fixture('pdflatex-4-pages.pdf').toString('latin1');
    const startxref = Number(/startxref\s+(\d+)\s+%%EOF\s*$/.exec(original)?.[1]);
    // Two bytes early in the body shift every object; startxref is corrected, the stream's entries are not.
    const shifted = original
      .replace('obj', 'objXX')
      .replace(/startxref\s+\d+/, `startxref\n${startxref + 2}`);
    expect(await rejection(Buffer.from(shifted, 'latin1'))).toEqual({
      code: 'INVALID_PDF',
      reason: 'cross-reference entry points nowhere',
    });
  });

  it('refuses a decompression bomb before inflating it all', async () => {
    // 'decompression bomb', not 'time limit': the budget stopped it, without inflating the gigabyte.
    expect(await rejection(await decompressionBombPdf(64 * 1024 * 1024))).toEqual({
      code: 'INVALID_PDF',
      reason: 'decompression bomb',
    });
  });

  it('refuses an object stream that inflates past its cap, before the parser inflates it', async () => {
    const objectStream = streamObject(
      '/Type /ObjStm /N 1 /First 4 /Filter /FlateDecode',
      deflateSync(Buffer.concat([Buffer.from('5 0 '), Buffer.alloc(4 * 1024 * 1024, 0x20)])),
    );
    expect(await rejection(simplePdf({ extra: [objectStream] }))).toEqual({
      code: 'INVALID_PDF',
      reason: 'decompression bomb',
    });
  });

  it('accepts 500 pages and refuses 501', async () => {
    expect((await checkAndNormalisePdf(manyPagesPdf(500), LIMITS)).pageCount).toBe(500);
    expect(await rejection(manyPagesPdf(501))).toEqual({
      code: 'PDF_TOO_MANY_PAGES',
      reason: 'too many pages',
    });
  });

  it.each([
    ['a signed signature field', alreadySignedPdf],
    ['a certification (DocMDP)', certifiedPdf],
  ])('refuses a file with %s', async (_title, build) => {
    expect((await rejection(build())).code).toBe('PDF_ALREADY_SIGNED');
  });

  it('removes scripts, actions, attachments and XFA, and keeps web links', async () => {
    const result = await checkAndNormalisePdf(activeContentPdf(), LIMITS);
    expect(result.removed).toEqual(
      expect.arrayContaining([
        'OpenAction',
        'JavaScript',
        'EmbeddedFiles',
        'XFA',
        'AA',
        'Launch',
        'FileAttachment',
      ]),
    );
    const output = text(result);
    for (const gone of [
      '/JavaScript',
      '/OpenAction',
      '/EmbeddedFile',
      '/Launch',
      '/XFA',
      'app.alert',
      'MZ-not',
      'xdp:xdp',
    ]) {
      expect(output).not.toContain(gone);
    }
    expect(output).not.toMatch(/\/AA\b/);
    expect(output).toContain('https://www.cigdl.lu/');
    expect(result.pageCount).toBe(1);
  });

  it('reports nothing removed from a plain file', async () => {
    expect((await checkAndNormalisePdf(simplePdf(), LIMITS)).removed).toEqual([]);
  });

  it('refuses a file without pages', async () => {
    const catalog = '<< /Type /Catalog /Pages 2 0 R >>';
    expect(await rejection(buildPdf([catalog, '<< /Type /Pages /Kids [] /Count 0 >>']))).toEqual({
      code: 'INVALID_PDF',
      reason: 'no pages',
    });
  });
});
