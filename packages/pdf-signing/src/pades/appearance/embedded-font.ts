import { createHash } from 'node:crypto';
import type { Font, Glyph, Subset } from '@cantoo/fontkit';
import type { IncrementalUpdate } from '../incremental-update';
import { PdfString, dict, name, type PdfRef, type PdfValue } from '../pdf-syntax';

const BFCHAR_BLOCK = 100;

/**
 * A subset of a TrueType font embedded as a Type0 font with a CIDFontType2 descendant (ISO 32000-1
 * §9.7): Identity-H encoding and CIDToGIDMap, so each CID is a glyph id of the subset, with widths and
 * a ToUnicode CMap so text extraction and search give the characters back.
 */
export class EmbeddedFont {
  private readonly subset: Subset;
  private readonly cidByGlyph = new Map<number, number>();
  private readonly textByCid = new Map<number, string>();
  private readonly widthByCid = new Map<number, number>();

  constructor(readonly font: Font) {
    this.subset = font.createSubset();
  }

  /** The CID to show `glyph` with; the glyph joins the subset. */
  cid(glyph: Glyph): number {
    const known = this.cidByGlyph.get(glyph.id);
    if (known !== undefined) return known;
    const cid = this.subset.includeGlyph(glyph);
    this.cidByGlyph.set(glyph.id, cid);
    this.widthByCid.set(cid, this.toThousandths(glyph.advanceWidth));
    if (glyph.id !== 0 && glyph.codePoints.length > 0) {
      this.textByCid.set(cid, String.fromCodePoint(...glyph.codePoints));
    }
    return cid;
  }

  /** Width of `cid` in thousandths of the font size, as the /W array says. */
  width(cid: number): number {
    return this.widthByCid.get(cid) ?? 0;
  }

  toThousandths(fontUnits: number): number {
    return (fontUnits * 1000) / this.font.unitsPerEm;
  }

  /** Writes the font program, descriptor, CIDFont, ToUnicode and Type0 objects; returns the Type0 font. */
  write(update: IncrementalUpdate): PdfRef {
    const program = Buffer.from(this.subset.encode());
    const baseFont = name(
      `${subsetTag(program)}+${(this.font.postscriptName ?? 'Font').replace(/[^\w-]/g, '')}`,
    );
    const fontFile = update.addStream(dict({ Length1: program.length }), program);
    const descriptor = update.add(this.descriptor(baseFont, fontFile));
    const cidFont = update.add(
      dict({
        Type: name('Font'),
        Subtype: name('CIDFontType2'),
        BaseFont: baseFont,
        CIDSystemInfo: dict({ Registry: ascii('Adobe'), Ordering: ascii('Identity'), Supplement: 0 }),
        FontDescriptor: descriptor,
        W: this.widthArray(),
        CIDToGIDMap: name('Identity'),
      }),
    );
    const toUnicode = update.addStream(dict({}), Buffer.from(this.toUnicodeCMap(), 'latin1'));
    return update.add(
      dict({
        Type: name('Font'),
        Subtype: name('Type0'),
        BaseFont: baseFont,
        Encoding: name('Identity-H'),
        DescendantFonts: [cidFont],
        ToUnicode: toUnicode,
      }),
    );
  }

  private descriptor(baseFont: PdfValue, fontFile: PdfRef): PdfValue {
    const { font } = this;
    const scale = (value: number): number => Math.round(this.toThousandths(value));
    return dict({
      Type: name('FontDescriptor'),
      FontName: baseFont,
      // Symbolic: the glyphs are addressed by CID, not through a standard Latin encoding.
      Flags: 4,
      FontBBox: [font.bbox.minX, font.bbox.minY, font.bbox.maxX, font.bbox.maxY].map(scale),
      ItalicAngle: font.italicAngle,
      Ascent: scale(font.ascent),
      Descent: scale(font.descent),
      CapHeight: scale(font.capHeight || font.ascent),
      StemV: 80,
      FontFile2: fontFile,
    });
  }

  private widthArray(): PdfValue[] {
    return [...this.widthByCid]
      .sort(([left], [right]) => left - right)
      .flatMap(([cid, width]) => [cid, [Math.round(width)]]);
  }

  private toUnicodeCMap(): string {
    const entries = [...this.textByCid].sort(([left], [right]) => left - right);
    const blocks: string[] = [];
    for (let start = 0; start < entries.length; start += BFCHAR_BLOCK) {
      const block = entries.slice(start, start + BFCHAR_BLOCK);
      const lines = block.map(([cid, text]) => `<${hex4(cid)}> <${utf16Hex(text)}>`);
      blocks.push(`${block.length} beginbfchar\n${lines.join('\n')}\nendbfchar`);
    }
    return [
      '/CIDInit /ProcSet findresource begin',
      '12 dict begin',
      'begincmap',
      '/CIDSystemInfo << /Registry (Adobe) /Ordering (UCS) /Supplement 0 >> def',
      '/CMapName /Adobe-Identity-UCS def',
      '/CMapType 2 def',
      '1 begincodespacerange',
      '<0000> <FFFF>',
      'endcodespacerange',
      ...blocks,
      'endcmap',
      'CMapName currentdict /CMap defineresource pop',
      'end',
      'end',
    ].join('\n');
  }
}

export function hex4(value: number): string {
  return value.toString(16).padStart(4, '0').toUpperCase();
}

function utf16Hex(text: string): string {
  return Buffer.from(text, 'utf16le').swap16().toString('hex').toUpperCase();
}

function ascii(text: string): PdfString {
  return new PdfString(Buffer.from(text, 'latin1'));
}

/** §9.6.4: six upper-case letters naming this subset, derived from its content. */
function subsetTag(program: Buffer): string {
  const digest = createHash('sha256').update(program).digest();
  return [...digest.subarray(0, 6)].map((byte) => String.fromCharCode(65 + (byte % 26))).join('');
}
