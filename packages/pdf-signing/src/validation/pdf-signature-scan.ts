/** A signature dictionary found in a PDF's bytes: where its byte range is and what it holds. */
export interface FoundSignature {
  byteRange: [number, number, number, number];
  subFilter: string | null;
  /** The claimed signing time (/M), as written. */
  claimedTime: string | null;
  /** The DER CMS (or time-stamp token) in /Contents, without its zero padding. */
  contents: Buffer;
  /** The bytes the signature covers. */
  signedContent: Buffer;
  /** Whether the covered bytes end where the file ends (nothing appended after). */
  coversWholeFile: boolean;
}

const BYTE_RANGE = /\/ByteRange\s*\[\s*(\d+)\s+(\d+)\s+(\d+)\s+(\d+)\s*\]/g;
const SUB_FILTER = /\/SubFilter\s*\/([A-Za-z0-9.#_-]+)/;
const CLAIMED_TIME = /\/M\s*\((D:[0-9Z+\-']+)\)/;
const DICTIONARY_WINDOW = 4096;

/** The length of a DER value from its header (the /Contents gap is padded with zeros after it). */
function derLength(bytes: Buffer): number {
  if (bytes.length < 2) return 0;
  const first = bytes[1] ?? 0;
  if (first < 0x80) return 2 + first;
  const count = first & 0x7f;
  if (count === 0 || count > 4 || bytes.length < 2 + count) return 0;
  let length = 0;
  for (let index = 0; index < count; index += 1) length = length * 256 + (bytes[2 + index] ?? 0);
  return Math.min(bytes.length, 2 + count + length);
}

/** The text of the dictionary around a /ByteRange, bounded by the nearest `obj` and `endobj`. */
function dictionaryAround(text: string, position: number): string {
  const start = Math.max(text.lastIndexOf(' obj', position), position - DICTIONARY_WINDOW, 0);
  const endobj = text.indexOf('endobj', position);
  const end = endobj === -1 ? Math.min(text.length, position + DICTIONARY_WINDOW) : endobj;
  return text.slice(start, Math.min(end, position + DICTIONARY_WINDOW));
}

/**
 * Every signature and document time-stamp of a PDF, by the byte ranges written in the file. The /Contents
 * value is taken as exactly the gap the byte range leaves, which is what a validator checks too. A range
 * that does not start at 0 or runs past the file is reported as found but covering nothing.
 */
export function scanPdfSignatures(pdf: Buffer): FoundSignature[] {
  const text = pdf.toString('latin1');
  const found: FoundSignature[] = [];
  const seen = new Set<string>();
  for (const match of text.matchAll(BYTE_RANGE)) {
    const range = match.slice(1, 5).map(Number) as [number, number, number, number];
    const [start, firstLength, secondStart, secondLength] = range;
    const key = range.join(' ');
    if (seen.has(key)) continue;
    seen.add(key);
    const valid = start === 0 && firstLength < secondStart && secondStart + secondLength <= pdf.length;
    const dictionary = dictionaryAround(text, match.index);
    const hex = valid ? text.slice(firstLength + 1, secondStart - 1).replace(/[^0-9a-fA-F]/g, '') : '';
    const padded = Buffer.from(hex.length % 2 === 0 ? hex : `${hex}0`, 'hex');
    found.push({
      byteRange: range,
      subFilter: SUB_FILTER.exec(dictionary)?.[1] ?? null,
      claimedTime: CLAIMED_TIME.exec(dictionary)?.[1] ?? null,
      contents: padded.subarray(0, derLength(padded)),
      signedContent: valid
        ? Buffer.concat([pdf.subarray(0, firstLength), pdf.subarray(secondStart, secondStart + secondLength)])
        : Buffer.alloc(0),
      coversWholeFile: valid && secondStart + secondLength === pdf.length,
    });
  }
  return found.sort((a, b) => a.byteRange[2] + a.byteRange[3] - (b.byteRange[2] + b.byteRange[3]));
}

/** The end offsets of each revision (after each %%EOF and its line break). */
export function revisionEnds(pdf: Buffer): number[] {
  const text = pdf.toString('latin1');
  return [...text.matchAll(/%%EOF(\r\n|\r|\n)?/g)].map((match) => match.index + match[0].length);
}

/** Whether the file has a /DSS dictionary (validation data: the B-LT level). */
export function hasValidationData(pdf: Buffer): boolean {
  return /\/DSS\s+\d+\s+\d+\s+R|\/DSS\s*<</.test(pdf.toString('latin1'));
}
