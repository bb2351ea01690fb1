import { createHash } from 'node:crypto';
import { MAX_VERIFIED_SIGNATURES } from '@esign/shared';

/** A signature dictionary found in a PDF's bytes: where its byte range is and what it holds. */
export interface FoundSignature {
  byteRange: [number, number, number, number];
  subFilter: string | null;
  /** The claimed signing time (/M), as written. */
  claimedTime: string | null;
  /** The DER CMS (or time-stamp token) in /Contents, without its zero padding. */
  contents: Buffer;
  /**
   * The bytes the signature covers: its two ranges, as views of the file, never copied (a file may hold many
   * signatures each covering most of it); none when the byte range is malformed.
   */
  signedRanges: Buffer[];
  /** Whether the covered bytes end where the file ends (nothing appended after). */
  coversWholeFile: boolean;
}

/** A PDF handed to verification holds more signatures than are examined. */
export class TooManySignaturesError extends Error {
  override name = 'TooManySignaturesError';

  constructor(readonly limit: number) {
    super(`the file holds more than ${limit} signatures`);
  }
}

/**
 * Revisions whose hash is looked up among the documents the platform sealed. An upload is rewritten into one
 * revision, and each signature, the evidence and the validation data add one: a sealed file's revisions
 * are among its first this many, whatever was appended to it later.
 */
export const MAX_VERIFIED_REVISIONS = MAX_VERIFIED_SIGNATURES + 4;

const BYTE_RANGE = /\/ByteRange\s*\[\s*(\d+)\s+(\d+)\s+(\d+)\s+(\d+)\s*\]/g;
const SUB_FILTER = /\/SubFilter\s*\/([A-Za-z0-9.#_-]+)/;
const CLAIMED_TIME = /\/M\s*\((D:[0-9Z+\-']+)\)/;
const DICTIONARY_WINDOW = 4096;
/** A /Contents gap wider than this (hexadecimal digits) holds no signature worth decoding: 1 MiB of DER. */
const MAX_CONTENTS_CHARACTERS = 2 * 1024 * 1024;

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

/**
 * The text of the dictionary around a /ByteRange, bounded by the nearest `obj` and `endobj`, searched only
 * within the window: a search over the whole file for each of many entries would cost its size each time.
 */
function dictionaryAround(text: string, position: number): string {
  const from = Math.max(0, position - DICTIONARY_WINDOW);
  const to = Math.min(text.length, position + DICTIONARY_WINDOW);
  const obj = text.slice(from, position).lastIndexOf(' obj');
  const endobj = text.slice(position, to).indexOf('endobj');
  return text.slice(obj === -1 ? from : from + obj, endobj === -1 ? to : position + endobj);
}

function contentsOf(text: string, firstLength: number, secondStart: number): Buffer {
  if (secondStart - firstLength > MAX_CONTENTS_CHARACTERS) return Buffer.alloc(0);
  const hex = text.slice(firstLength + 1, secondStart - 1).replace(/[^0-9a-fA-F]/g, '');
  const padded = Buffer.from(hex.length % 2 === 0 ? hex : `${hex}0`, 'hex');
  return padded.subarray(0, derLength(padded));
}

function foundAt(pdf: Buffer, text: string, match: RegExpMatchArray): FoundSignature {
  const range = match.slice(1, 5).map(Number) as [number, number, number, number];
  const [start, firstLength, secondStart, secondLength] = range;
  const valid = start === 0 && firstLength < secondStart && secondStart + secondLength <= pdf.length;
  const dictionary = dictionaryAround(text, match.index ?? 0);
  return {
    byteRange: range,
    subFilter: SUB_FILTER.exec(dictionary)?.[1] ?? null,
    claimedTime: CLAIMED_TIME.exec(dictionary)?.[1] ?? null,
    contents: valid ? contentsOf(text, firstLength, secondStart) : Buffer.alloc(0),
    signedRanges: valid
      ? [pdf.subarray(0, firstLength), pdf.subarray(secondStart, secondStart + secondLength)]
      : [],
    coversWholeFile: valid && secondStart + secondLength === pdf.length,
  };
}

/**
 * Every signature and document time-stamp of a PDF, by the byte ranges written in the file. The /Contents
 * value is taken as exactly the gap the byte range leaves, which is what a validator checks too. A range
 * that does not start at 0 or runs past the file is reported as found but covering nothing. More than
 * `maxSignatures` distinct ranges: TooManySignaturesError, before any is checked.
 */
export function scanPdfSignatures(pdf: Buffer, maxSignatures = MAX_VERIFIED_SIGNATURES): FoundSignature[] {
  const text = pdf.toString('latin1');
  const found: FoundSignature[] = [];
  const seen = new Set<string>();
  for (const match of text.matchAll(BYTE_RANGE)) {
    const key = match.slice(1, 5).join(' ');
    if (seen.has(key)) continue;
    seen.add(key);
    if (seen.size > maxSignatures) throw new TooManySignaturesError(maxSignatures);
    found.push(foundAt(pdf, text, match));
  }
  return found.sort((a, b) => a.byteRange[2] + a.byteRange[3] - (b.byteRange[2] + b.byteRange[3]));
}

/** The end offsets of each revision (after each %%EOF and its line break), the first `max` of them. */
export function revisionEnds(pdf: Buffer, max = Number.POSITIVE_INFINITY): number[] {
  const text = pdf.toString('latin1');
  const ends: number[] = [];
  const pattern = /%%EOF(\r\n|\r|\n)?/g;
  for (let match = pattern.exec(text); match && ends.length < max; match = pattern.exec(text)) {
    ends.push(match.index + match[0].length);
  }
  return ends;
}

/**
 * The SHA-256 (hex) of the whole file, then of the file as it stood at the end of each of its first
 * `maxRevisions` earlier revisions: one pass over the bytes, the running hash copied at each revision's end,
 * so the cost is the file's size whatever the number of revisions.
 */
export function revisionDigests(pdf: Buffer, maxRevisions = MAX_VERIFIED_REVISIONS): string[] {
  const hash = createHash('sha256');
  const earlier: string[] = [];
  let hashed = 0;
  for (const end of revisionEnds(pdf, maxRevisions)) {
    if (end >= pdf.length) break;
    hash.update(pdf.subarray(hashed, end));
    hashed = end;
    earlier.push(hash.copy().digest('hex'));
  }
  hash.update(pdf.subarray(hashed));
  return [hash.digest('hex'), ...earlier];
}

/** Whether the file has a /DSS dictionary (validation data: the B-LT level). */
export function hasValidationData(pdf: Buffer): boolean {
  return /\/DSS\s+\d+\s+\d+\s+R|\/DSS\s*<</.test(pdf.toString('latin1'));
}
