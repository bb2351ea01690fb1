import { type PDFFont } from '@cantoo/pdf-lib';

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

/** A word too wide for the line, cut between characters (code points, so no half surrogate pair). */
function breakWord(word: string, font: PDFFont, size: number, width: number): string[] {
  const parts: string[] = [];
  let part = '';
  for (const character of word) {
    if (part && font.widthOfTextAtSize(part + character, size) > width) {
      parts.push(part);
      part = '';
    }
    part += character;
  }
  parts.push(part);
  return parts;
}

function wrapParagraph(paragraph: string, font: PDFFont, size: number, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of paragraph.split(' ')) {
    const candidate = line ? `${line} ${word}` : word;
    if (font.widthOfTextAtSize(candidate, size) <= width) {
      line = candidate;
      continue;
    }
    if (line) lines.push(line);
    const parts = breakWord(word, font, size, width);
    line = parts.pop() ?? '';
    lines.push(...parts);
  }
  lines.push(line);
  return lines;
}

/** The lines `text` takes at `size` in a column `width` points wide. */
export function wrapText(text: string, font: PDFFont, size: number, width: number): string[] {
  return printableText(text)
    .split('\n')
    .flatMap((paragraph) => wrapParagraph(paragraph, font, size, width));
}
