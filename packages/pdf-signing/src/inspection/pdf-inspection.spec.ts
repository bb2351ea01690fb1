import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { deflateSync } from 'node:zlib';
import {
  activeContentPdf,
  alreadySignedPdf,
  buildPdf,
  certifiedPdf,
  DAMAGED_PDFS,
  decompressionBombPdf,
  deeplyNestedPdf,
  garbageXrefPdf,
  malformedPageTreePdf,
  manyPagesPdf,
  NOT_PDFS,
  pageTreeCyclePdf,
  referenceCyclePdf,
  simplePdf,
  streamObject,
  truncatedPdf,
} from '../testing/hostile-pdfs';
import { checkAndNormalisePdf, type CheckedPdf } from './pdf-inspection';
import { PdfRejection, type PdfLimits, type PdfRejectionCode } from './pdf-rejection';
import { PDF_LIMITS } from './pdf-rejection';
import { FIXTURES_DIR } from '../testing/pades-test-kit';

const fixture = (name: string): Buffer => readFileSync(join(FIXTURES_DIR, name));
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

/** Runs a poppler or qpdf tool on `input` in a scratch folder; `output` names the file it writes, if any. */
function withFile<T>(input: Uint8Array, run: (file: string, folder: string) => T): T {
  const folder = mkdtempSync(join(tmpdir(), 'pdf-check-'));
  try {
    const file = join(folder, 'in.pdf');
    writeFileSync(file, input);
    return run(file, folder);
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

const pdfText = (bytes: Uint8Array): string =>
  withFile(bytes, (file) => execFileSync('pdftotext', [file, '-'], { encoding: 'utf8' }));

/** qpdf --check's exit status: 0 sound, 2 errors, 3 warnings (what it had to recover from). */
const qpdfCheck = (bytes: Uint8Array): number | null =>
  withFile(bytes, (file) => spawnSync('qpdf', ['--check', file]).status);

/** `input` rewritten by qpdf with `options` (ending with `--`). */
const qpdf = (options: string[], input: Uint8Array): Buffer =>
  withFile(input, (file, folder) => {
    const output = join(folder, 'out.pdf');
    execFileSync('qpdf', [...options, file, output]);
    return readFileSync(output);
  });

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
    expect(qpdfCheck(result.bytes)).toBe(0);
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

  it.each(Object.keys(NOT_PDFS))('refuses %s bytes as not a PDF', async (kind) => {
    expect((await rejection(NOT_PDFS[kind] ?? Buffer.alloc(0))).code).toBe('NOT_A_PDF');
  });

  it.each([
    ['with objects nested 1,000 deep', () => deeplyNestedPdf(1000), 'objects nested too deeply'],
    ['whose page tree is a reference cycle', referenceCyclePdf, 'reference chain too long or circular'],
    ['whose page tree loops', pageTreeCyclePdf, 'page tree cycle'],
  ])('refuses a file %s', async (_title, build, reason) => {
    expect(await rejection(build())).toEqual({ code: 'INVALID_PDF', reason });
  });

  it('refuses a file cut in half: its pages are missing, not damaged', async () => {
    expect((await rejection(truncatedPdf())).code).toBe('INVALID_PDF');
  });

  describe('repairs what standard readers recover from', () => {
    const repaired = async (bytes: Uint8Array, pages: number): Promise<CheckedPdf> => {
      const result = await checkAndNormalisePdf(bytes, LIMITS);
      expect(result.repairs).toEqual(['REPAIRED']);
      expect(result.pageCount).toBe(pages);
      // The rewrite is sound as it stands: nothing to repair the second time, and qpdf finds no fault.
      const again = await checkAndNormalisePdf(result.bytes, LIMITS);
      expect(again.repairs).toEqual([]);
      expect(again.pages).toEqual(result.pages);
      expect(qpdfCheck(result.bytes)).toBe(0);
      return result;
    };

    it.each(Object.entries(DAMAGED_PDFS))('a file with %s', async (_title, build) => {
      const result = await repaired(build(), 2);
      expect(pdfText(result.bytes)).toContain('Contrat de bail');
    });

    it('a file with a garbage cross-reference table', async () => {
      await repaired(garbageXrefPdf(), 2);
    });

    it('a cross-reference entry that points at the wrong object', async () => {
      const bytes = Buffer.from(simplePdf());
      const xref = bytes.lastIndexOf('\nxref\n') + 1;
      // Entry of object 2 (third row) now claims object 1's offset.
      const rows = bytes.subarray(xref).toString('latin1').split('\n');
      const shifted = rows.map((row, index) => (index === 4 ? (rows[3] ?? row) : row)).join('\n');
      bytes.write(shifted, xref, 'latin1');
      await repaired(bytes, 1);
    });

    it('a cross-reference stream whose entries no longer match the objects', async () => {
      const original = fixture('pdflatex-4-pages.pdf').toString('latin1');
      const startxref = Number(/startxref\s+(\d+)\s+%%EOF\s*$/.exec(original)?.[1]);
      // Two bytes early in the body shift every object; startxref is corrected, the stream's entries are not.
      const shifted = original
        .replace('\n', '\n  ')
        .replace(/startxref\s+\d+/, `startxref\n${startxref + 2}`);
      await repaired(Buffer.from(shifted, 'latin1'), 4);
    });

    it('a malformed page tree, rebuilt flat with what each page inherited', async () => {
      const result = await repaired(malformedPageTreePdf(), 3);
      // The page listed twice is two pages; the one without /Type is a page; null is skipped.
      expect(result.pages).toEqual([
        { width: 400, height: 600 },
        { width: 400, height: 600 },
        { width: 595, height: 842 },
      ]);
      const output = text(result);
      expect(output).toMatch(/\/Type \/Pages\s*\/Kids \[ \d+ 0 R \d+ 0 R \d+ 0 R \]\s*\/Count 3/);
      expect(pdfText(result.bytes).match(/Contrat de bail/g)).toHaveLength(3);
    });

    it('leaves a sound file as it is', async () => {
      expect((await checkAndNormalisePdf(simplePdf({ pages: 2 }), LIMITS)).repairs).toEqual([]);
    });
  });

  describe('encrypted files', () => {
    const encrypted = (...options: string[]): Buffer =>
      qpdf([...options, '--'], fixture('pdflatex-4-pages.pdf'));

    it.each([
      ['AES-256', ['--encrypt', '', 'owner-secret', '256']],
      ['AES-128', ['--encrypt', '', 'owner-secret', '128', '--use-aes=y']],
      ['RC4-128', ['--allow-weak-crypto', '--encrypt', '', 'owner-secret', '128', '--use-aes=n']],
      [
        'AES-256, printing and copying forbidden',
        ['--encrypt', '', 'o', '256', '--print=none', '--extract=n'],
      ],
    ])('decrypts one that opens without a password (%s) and allows changes', async (_title, options) => {
      const result = await checkAndNormalisePdf(encrypted(...options), LIMITS);
      expect(result.repairs).toEqual(['DECRYPTED']);
      expect(result.pageCount).toBe(4);
      expect(text(result)).not.toContain('/Encrypt');
      expect(pdfText(result.bytes)).toContain(pdfText(fixture('pdflatex-4-pages.pdf')).slice(0, 40));
    });

    it.each([
      ['no changes at all', ['--modify=none']],
      ['no annotations or form fields', ['--modify=assembly']],
    ])('refuses one whose author allows %s', async (_title, restriction) => {
      expect(await rejection(encrypted('--encrypt', '', 'owner-secret', '256', ...restriction))).toEqual({
        code: 'PDF_CHANGES_FORBIDDEN',
        reason: 'permissions forbid changes',
      });
    });

    it('refuses one that needs a password to open', async () => {
      expect(await rejection(encrypted('--encrypt', 'user-secret', 'owner-secret', '256'))).toEqual({
        code: 'PDF_ENCRYPTED',
        reason: 'needs a password to open',
      });
      expect((await rejection(fixture('libreoffice-writer-password.pdf'))).code).toBe('PDF_ENCRYPTED');
    });

    it('checks the decrypted file again: a signed one is still refused', async () => {
      const signed = qpdf(['--encrypt', '', 'owner-secret', '256', '--'], alreadySignedPdf());
      expect((await rejection(signed)).code).toBe('PDF_ALREADY_SIGNED');
    });
  });

  it('refuses a decompression bomb before inflating it all', async () => {
    // 'decompression bomb', not 'time limit': the budget stopped it, without inflating the gigabyte.
    expect(await rejection(await decompressionBombPdf(64 * 1024 * 1024))).toEqual({
      code: 'INVALID_PDF',
      reason: 'decompression bomb (FlateDecode, stage 1 of 1)',
    });
  });

  it('refuses an object stream that inflates past its cap, before the parser inflates it', async () => {
    const objectStream = streamObject(
      '/Type /ObjStm /N 1 /First 4 /Filter /FlateDecode',
      deflateSync(Buffer.concat([Buffer.from('5 0 '), Buffer.alloc(4 * 1024 * 1024, 0x20)])),
    );
    expect(await rejection(simplePdf({ extra: [objectStream] }))).toEqual({
      code: 'INVALID_PDF',
      reason: 'decompression bomb (FlateDecode, stage 1 of 1)',
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
