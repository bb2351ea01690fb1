import {
  PDFArray,
  PDFDict,
  PDFDocument,
  PDFName,
  PDFRawStream,
  decodePDFRawStream,
  type PDFObject,
} from '@cantoo/pdf-lib';

/** What one page shows: each text-showing operator's string, and how many glyphs the font lacked. */
export interface PageText {
  lines: string[];
  missingGlyphs: number;
}

function decodedStream(object: PDFObject | undefined): string {
  if (!(object instanceof PDFRawStream)) return '';
  return Buffer.from(decodePDFRawStream(object).decode()).toString('latin1');
}

const utf16 = (hex: string): string => Buffer.from(hex, 'hex').swap16().toString('utf16le');

/** Glyph code → text, from a ToUnicode CMap (`bfchar` pairs and `bfrange` runs). */
function toUnicodeMap(cmap: string): Map<number, string> {
  const map = new Map<number, string>();
  for (const block of cmap.matchAll(/beginbfchar([\s\S]*?)endbfchar/g)) {
    for (const [, code, text] of (block[1] ?? '').matchAll(/<([0-9a-f]+)>\s*<([0-9a-f]+)>/gi)) {
      map.set(parseInt(code ?? '0', 16), utf16(text ?? ''));
    }
  }
  for (const block of cmap.matchAll(/beginbfrange([\s\S]*?)endbfrange/g)) {
    for (const [, low, high, text] of (block[1] ?? '').matchAll(
      /<([0-9a-f]+)>\s*<([0-9a-f]+)>\s*<([0-9a-f]+)>/gi,
    )) {
      const start = parseInt(low ?? '0', 16);
      const first = parseInt(text ?? '0', 16);
      for (let code = start; code <= parseInt(high ?? '0', 16); code += 1) {
        map.set(code, String.fromCodePoint(first + code - start));
      }
    }
  }
  return map;
}

function fontMaps(resources: PDFDict | undefined): Map<string, Map<number, string>> {
  const maps = new Map<string, Map<number, string>>();
  const fonts = resources?.lookup(PDFName.of('Font'));
  if (!(fonts instanceof PDFDict)) return maps;
  for (const [name, ref] of fonts.entries()) {
    const font = fonts.context.lookup(ref);
    if (!(font instanceof PDFDict)) continue;
    maps.set(name.decodeText(), toUnicodeMap(decodedStream(font.lookup(PDFName.of('ToUnicode')))));
  }
  return maps;
}

function pageContent(contents: PDFObject | undefined, document: PDFDocument): string {
  if (contents instanceof PDFArray) {
    return contents
      .asArray()
      .map((item) => decodedStream(document.context.lookup(item)))
      .join('\n');
  }
  return decodedStream(contents);
}

/**
 * The text of each page, read back through the fonts' ToUnicode maps: enough for what pdf-lib writes
 * (two-byte glyph codes in hex strings), not a general extractor. A glyph code 0 is the font's empty box.
 */
export async function extractPageTexts(bytes: Uint8Array): Promise<PageText[]> {
  const document = await PDFDocument.load(bytes);
  return document.getPages().map((page) => {
    const maps = fontMaps(page.node.Resources());
    const content = pageContent(page.node.Contents(), document);
    const lines: string[] = [];
    let missingGlyphs = 0;
    let font = new Map<number, string>();
    for (const [, fontName, hex] of content.matchAll(/\/([^\s/]+)\s+[-\d.]+\s+Tf|<([0-9a-fA-F]*)>\s*Tj/g)) {
      if (fontName) {
        font = maps.get(fontName) ?? new Map<number, string>();
        continue;
      }
      const codes = (hex ?? '').match(/.{4}/g) ?? [];
      missingGlyphs += codes.filter((code) => code === '0000').length;
      lines.push(codes.map((code) => font.get(parseInt(code, 16)) ?? '\ufffd').join(''));
    }
    return { lines, missingGlyphs };
  });
}
