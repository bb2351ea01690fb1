import { PDFDocument, PDFName } from '@cantoo/pdf-lib';
import { markedAreas } from './page-marks';

/** A one-page A4 document whose content stream is `content`, as written. */
async function pageWith(content: string): Promise<PDFDocument> {
  const document = await PDFDocument.create();
  const page = document.addPage([595.28, 841.89]);
  const stream = document.context.flateStream(Buffer.from(content, 'latin1'));
  page.node.set(PDFName.of('Contents'), document.context.register(stream));
  return PDFDocument.load(await document.save(), { updateMetadata: false });
}

describe('where a page prints', () => {
  it('follows text positions through Tm, Td, TD, T*, the CTM and q/Q', async () => {
    const document = await pageWith(
      [
        'q 1 0 0 1 100 0 cm',
        'BT /F1 10 Tf 1 0 0 1 50 700 Tm (Hello) Tj ET',
        'Q',
        'BT /F1 20 Tf 14 TL 72 100 Td (AB) Tj T* [(C) -500 (D)] TJ 0 -30 TD (E) Tj ET',
      ].join('\n'),
    );
    const [hello, ab, cd, e] = markedAreas(document, 0);
    // Moved 100 pt right by the CTM; five glyphs at about half an em of 10 pt.
    expect(hello).toMatchObject({ x: 150, width: 25 });
    expect(hello?.y).toBeCloseTo(700 - 2.5);
    expect(ab).toMatchObject({ x: 72, width: 20 });
    expect(ab?.y).toBeCloseTo(100 - 5);
    // The next line, 14 pt lower; the kerning of -500 moves D half an em to the right.
    expect(cd?.x).toBe(72);
    expect(cd?.y).toBeCloseTo(86 - 5);
    expect(cd?.width).toBeCloseTo(30);
    // TD sets the leading and moves: 30 pt under the line before.
    expect(e?.y).toBeCloseTo(56 - 5);
  });

  it('counts images drawn inline and stops at nothing a hostile stream throws at it', async () => {
    const inline = await pageWith(
      'q 200 0 0 100 50 60 cm BI /W 2 /H 2 /CS /G /BPC 8 ID \x00\xff\x10EI\x20 EI Q',
    );
    expect(markedAreas(inline, 0)).toEqual([{ x: 50, y: 60, width: 200, height: 100 }]);
    const hostile = [
      '['.repeat(100_000),
      '(unterminated string \\',
      'BT /F1 1e400 Tf 1 0 0 1 NaN 0 Tm (x) Tj ET',
      '<< /A << /B (>>) >>',
      'Q Q Q cm Tm Td TJ Do BI',
    ];
    for (const content of hostile) {
      const document = await pageWith(content);
      expect(() => markedAreas(document, 0)).not.toThrow();
    }
    expect(markedAreas(await pageWith(''), 0)).toEqual([]);
  });
});
