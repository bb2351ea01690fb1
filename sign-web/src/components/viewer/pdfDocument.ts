import { type DocumentProps, type TextContent } from 'react-pdf';
import { type TextItemLike } from './textSearch';
import { type PageGeometry } from './types';
import { CSS_PIXELS_PER_POINT } from './zoom';

/** pdf.js's document, as react-pdf hands it over. */
export type PdfDocument = Parameters<NonNullable<DocumentProps['onLoadSuccess']>>[0];

export async function pageGeometries(pdf: PdfDocument): Promise<PageGeometry[]> {
  const numbers = Array.from({ length: pdf.numPages }, (_, index) => index + 1);
  return Promise.all(
    numbers.map(async (number) => {
      const page = await pdf.getPage(number);
      const viewport = page.getViewport({ scale: CSS_PIXELS_PER_POINT, rotation: 0 });
      return { width: viewport.width, height: viewport.height, rotate: page.rotate, view: [...page.view] };
    }),
  );
}

/** Each text item's string, and where it is printed (for highlights drawn where the characters are). */
function textItems(content: TextContent): TextItemLike[] {
  // Marked-content entries stay as empty items, so indices match the content's own.
  return content.items.map((item) => {
    if (!('str' in item)) return { str: '' };
    const style = content.styles[item.fontName];
    return {
      str: item.str,
      hasEOL: item.hasEOL,
      transform: item.transform as number[],
      width: item.width,
      fontName: item.fontName,
      ascent: style?.ascent ?? 0.8,
      descent: style?.descent ?? -0.2,
    };
  });
}

/** The text of every page, for search. */
export async function documentText(pdf: PdfDocument): Promise<TextItemLike[][]> {
  const pages: TextItemLike[][] = [];
  for (let number = 1; number <= pdf.numPages; number += 1) {
    const page = await pdf.getPage(number);
    pages.push(textItems(await page.getTextContent()));
  }
  return pages;
}
