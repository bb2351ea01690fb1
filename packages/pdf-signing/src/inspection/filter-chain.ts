import { PDFArray, PDFDict, PDFName, PDFNumber, type PDFObject } from '@cantoo/pdf-lib';

/** The filters that are decoded here, by their full names. */
export type DecodedFilter =
  'FlateDecode' | 'LZWDecode' | 'ASCIIHexDecode' | 'ASCII85Decode' | 'RunLengthDecode' | 'BrotliDecode';

/** Full names and the abbreviations inline images use, which viewers (pdf.js) accept on streams too. */
const DECODED: Readonly<Record<string, DecodedFilter>> = {
  FlateDecode: 'FlateDecode',
  Fl: 'FlateDecode',
  LZWDecode: 'LZWDecode',
  LZW: 'LZWDecode',
  ASCIIHexDecode: 'ASCIIHexDecode',
  AHx: 'ASCIIHexDecode',
  ASCII85Decode: 'ASCII85Decode',
  A85: 'ASCII85Decode',
  RunLengthDecode: 'RunLengthDecode',
  RL: 'RunLengthDecode',
  // PDF 2.0's newest filter; pdf.js decodes it, and Brotli expands even further than Flate.
  BrotliDecode: 'BrotliDecode',
};

/**
 * Image codecs: their output is pixels a viewer sizes from the image's own dimensions, so they are leaves
 * that are never decoded here, and nothing after them either.
 */
const OPAQUE = new Set(['DCTDecode', 'DCT', 'JPXDecode', 'JPX', 'JBIG2Decode', 'CCITTFaxDecode', 'CCF']);

export interface FilterStage {
  filter: DecodedFilter;
  /** Its /DecodeParms entry, when a dictionary. */
  parms?: PDFDict;
  /** 1-based position in the stream's filter list, for the reason of a refusal. */
  position: number;
  of: number;
}

/** How a predictor (ISO 32000-1, 7.4.4.4) lays out rows; only Flate and LZW take one. */
export interface Predictor {
  kind: 'png' | 'tiff';
  /** Bytes in a row of samples, without the PNG filter byte. */
  rowBytes: number;
}

export function stageLabel(stage: FilterStage): string {
  return `${stage.filter}, stage ${stage.position} of ${stage.of}`;
}

function lookupName(dict: PDFDict, object: PDFObject | undefined): string | undefined {
  const value = object === undefined ? undefined : dict.context.lookup(object);
  return value instanceof PDFName ? value.decodeText() : undefined;
}

function stagesOf(dict: PDFDict, filterKey: string, parmsKey: string): FilterStage[] {
  const filter = dict.lookup(PDFName.of(filterKey));
  const parms = dict.lookup(PDFName.of(parmsKey));
  const names = filter instanceof PDFArray ? filter.asArray() : filter instanceof PDFName ? [filter] : [];
  const stages: FilterStage[] = [];
  for (const [index, entry] of names.entries()) {
    const name = lookupName(dict, entry);
    // A list with something other than a name: every reader gives up on the stream before decoding any.
    if (name === undefined) return [];
    if (OPAQUE.has(name)) break;
    const decoded = DECODED[name];
    // Unknown names (Crypt included) are passed through by pdf.js, which then applies the next filter.
    if (!decoded) continue;
    const own =
      filter instanceof PDFArray ? (parms instanceof PDFArray ? parms.lookup(index) : undefined) : parms;
    stages.push({
      filter: decoded,
      parms: own instanceof PDFDict ? own : undefined,
      position: index + 1,
      of: names.length,
    });
  }
  return stages;
}

/**
 * The filter chains readers apply to a stream: /Filter with /DecodeParms (pdf-lib, qpdf, poppler), and
 * the abbreviated /F with /DP that pdf.js reads first when present. Usually one chain.
 */
export function filterChains(dict: PDFDict): FilterStage[][] {
  const chains = [stagesOf(dict, 'Filter', 'DecodeParms')];
  const abbreviated = dict.has(PDFName.of('F')) || dict.has(PDFName.of('DP'));
  if (abbreviated) {
    const filterKey = dict.has(PDFName.of('F')) ? 'F' : 'Filter';
    const parmsKey = dict.has(PDFName.of('DP')) ? 'DP' : 'DecodeParms';
    chains.push(stagesOf(dict, filterKey, parmsKey));
  }
  return chains.filter((chain) => chain.length > 0);
}

/** The /Filter chain alone: what the engine itself decodes, as pdf-lib reads the stream. */
export function libraryChain(dict: PDFDict): FilterStage[] {
  return stagesOf(dict, 'Filter', 'DecodeParms');
}

function numberIn(parms: PDFDict, key: string, fallback: number): number {
  const value = parms.lookup(PDFName.of(key));
  const number = value instanceof PDFNumber ? value.asNumber() : 0;
  // As pdf.js reads them: a missing or zero entry takes the default.
  return number || fallback;
}

/** The stage's predictor as pdf.js applies it, or undefined when it has none. */
export function predictorOf(stage: FilterStage): Predictor | undefined {
  if (!stage.parms || (stage.filter !== 'FlateDecode' && stage.filter !== 'LZWDecode')) return undefined;
  const predictor = numberIn(stage.parms, 'Predictor', 1);
  if (predictor <= 1) return undefined;
  const bits = numberIn(stage.parms, 'BitsPerComponent', 8);
  const bitsPerRow = numberIn(stage.parms, 'Columns', 1) * numberIn(stage.parms, 'Colors', 1) * bits;
  const rowBytes = Math.max(1, Math.ceil(bitsPerRow / 8));
  return { kind: predictor === 2 ? 'tiff' : 'png', rowBytes };
}

/**
 * What a predictor turns `inputBytes` into: a whole row for every row started, so a huge /Columns makes
 * each pair of input bytes a row of that size.
 */
export function predictedSize(predictor: Predictor, inputBytes: number): number {
  const consumed = predictor.kind === 'png' ? predictor.rowBytes + 1 : predictor.rowBytes;
  return Math.ceil(inputBytes / consumed) * predictor.rowBytes;
}
