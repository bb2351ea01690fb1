import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import fontkit from '@cantoo/fontkit';
import { PDFDocument, StandardFonts } from '@cantoo/pdf-lib';
import { SIGNATURE_SIZES } from '@esign/shared';
import { markedAreas } from '../pades';
import { FIXTURES_DIR } from '../testing/pades-test-kit';
import { pageArea, placeSeal } from './page-geometry';
import { intersects, type Rectangle } from './signature-box';

/**
 * On an uploaded document the seal's stamp goes where the page prints nothing: checked against the word
 * boxes poppler's pdftotext reads on real PDFs from several producers, at every seal size, alone and with
 * the signature blocks of two signatories on the same page.
 */

interface Word {
  text: string;
  rect: Rectangle;
}

/** The words pdftotext finds on a page, in PDF points from the bottom left. */
function popplerWords(file: string, page: number, pageHeight: number): Word[] {
  const html = execFileSync('pdftotext', ['-f', String(page), '-l', String(page), '-bbox', file, '-'], {
    encoding: 'utf8',
  });
  return [
    ...html.matchAll(
      /<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">([^<]*)<\/word>/g,
    ),
  ].map(([, xMin, yMin, xMax, yMax, text]) => ({
    text: text ?? '',
    rect: {
      x: Number(xMin),
      y: pageHeight - Number(yMax),
      width: Number(xMax) - Number(xMin),
      height: Number(yMax) - Number(yMin),
    },
  }));
}

const FILES = [
  'pdflatex-4-pages.pdf',
  'google-doc-document.pdf',
  'libreoffice-form.pdf',
  'minimal-document.pdf',
];

describe('the seal on an uploaded document', () => {
  for (const name of FILES) {
    const file = path.join(FIXTURES_DIR, name);

    it(`covers none of the words of ${name}, at every seal size`, async () => {
      const document = await PDFDocument.load(readFileSync(file), { updateMetadata: false });
      const last = document.getPageCount();
      const page = pageArea(document, last - 1);
      const words = popplerWords(file, last, page.y + page.height);
      expect(words.length).toBeGreaterThan(0);
      for (const size of SIGNATURE_SIZES) {
        const alone = placeSeal(document, { page: last, size, avoid: [] }, 'default');
        expect(words.filter((word) => intersects(word.rect, alone.rect)).map((word) => word.text)).toEqual(
          [],
        );
        const blocks = [
          { page: last, position: 'bottom-right' as const, slot: 0 },
          { page: last, position: 'bottom-left' as const, slot: 0 },
        ];
        const withBlocks = placeSeal(document, { page: last, size, avoid: blocks }, size);
        expect(
          words.filter((word) => intersects(word.rect, withBlocks.rect)).map((word) => word.text),
        ).toEqual([]);
      }
    });
  }

  it('moves off a footer where it used to go: the page number and the line above it stay readable', async () => {
    // A word processor's last page: a paragraph at the top, a closing line and a footer near the bottom.
    const source = await PDFDocument.create();
    source.registerFontkit(fontkit);
    const helvetica = await source.embedFont(StandardFonts.Helvetica);
    const dejaVu = await source.embedFont(
      readFileSync(require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans.ttf')),
    );
    const page = source.addPage([595.28, 841.89]);
    for (let line = 0; line < 12; line += 1) {
      page.drawText('Les parties déclarent avoir pris connaissance du présent acte et l’approuver.', {
        x: 72,
        y: 760 - line * 16,
        size: 11,
        font: helvetica,
      });
    }
    page.drawText('Fait à Luxembourg, en deux exemplaires originaux.', {
      x: 200,
      y: 90,
      size: 11,
      font: dejaVu,
    });
    page.drawText('Page 1 sur 1', { x: 270, y: 40, size: 9, font: dejaVu });
    const bytes = await source.save({ useObjectStreams: false });
    const folder = mkdtempSync(path.join(tmpdir(), 'upload-seal-'));
    try {
      const file = path.join(folder, 'footer.pdf');
      writeFileSync(file, bytes);
      const document = await PDFDocument.load(bytes, { updateMetadata: false });
      const words = popplerWords(file, 1, 841.89);
      expect(words.map((word) => word.text)).toEqual(expect.arrayContaining(['Page', 'Fait', 'originaux.']));
      for (const size of SIGNATURE_SIZES) {
        const seal = placeSeal(document, { page: 1, size, avoid: [] }, 'default');
        expect(words.filter((word) => intersects(word.rect, seal.rect)).map((word) => word.text)).toEqual([]);
      }
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });

  it('reads where a page prints: every word poppler finds lies in a marked area', async () => {
    const file = path.join(FIXTURES_DIR, 'pdflatex-4-pages.pdf');
    const document = await PDFDocument.load(readFileSync(file), { updateMetadata: false });
    const page = pageArea(document, 0);
    const marks = markedAreas(document, 0);
    const words = popplerWords(file, 1, page.y + page.height);
    const centre = (rect: Rectangle): Rectangle => ({
      x: rect.x + rect.width / 2,
      y: rect.y + rect.height / 2,
      width: 0.01,
      height: 0.01,
    });
    const unmarked = words.filter((word) => !marks.some((mark) => intersects(mark, centre(word.rect))));
    expect(unmarked.map((word) => word.text)).toEqual([]);
    // The page number at the bottom centre is among them: where the stamp used to go.
    expect(words.some((word) => word.text === '1' && word.rect.y < 150)).toBe(true);
  });
});
