import { type PDFFont } from '@cantoo/pdf-lib';
import { breakLines } from '../pades';

/**
 * Text as it may be printed: NFC (so "é" typed either way is one glyph), tabs as spaces, and no control
 * characters other than line breaks (they have no glyph and would print as boxes).
 */
export function printableText(text: string): string {
  return (
    text
      .normalize('NFC')
      .replace(/\r\n?/g, '\n')
      .replace(/\t/g, ' ')
      // eslint-disable-next-line no-control-regex
      .replace(/[\u0000-\u0009\u000b-\u001f\u007f-\u009f]/g, '')
  );
}

/** The lines `text` takes at `size` in a column `width` points wide. */
export function wrapText(text: string, font: PDFFont, size: number, width: number): string[] {
  return printableText(text)
    .split('\n')
    .flatMap(
      (paragraph) =>
        breakLines(paragraph.split(' '), (part) => font.widthOfTextAtSize(part, size), width, true) ?? [],
    );
}
