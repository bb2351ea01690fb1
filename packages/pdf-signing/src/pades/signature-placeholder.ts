import type { IncrementalUpdate, WrittenTail } from './incremental-update';
import { PadesError, prefixDigest, type PdfRevision } from './pdf-revision';
import { nextRevision } from './revision-chain';
import { PdfDict, PdfRaw, name, type PdfRef, type PdfValue } from './pdf-syntax';

/** Wide enough for four offsets of ten digits each. */
const BYTE_RANGE_WIDTH = 2 + 4 * 11;
const MAX_ATTEMPTS = 3;

export type SignatureKind = 'signature' | 'document-timestamp';

/**
 * The signature dictionary with placeholders: /ByteRange is padded with spaces and /Contents is a
 * zero-filled hexadecimal string of `reservedBytes`. /Contents comes last and /SubFilter next to
 * /ByteRange, so tools that read the dictionary around the ByteRange find the right SubFilter.
 */
export function signatureDictionary(
  kind: SignatureKind,
  reservedBytes: number,
  entries: Record<string, PdfValue | undefined>,
): PdfDict {
  const result = new PdfDict([
    ['Type', name(kind === 'signature' ? 'Sig' : 'DocTimeStamp')],
    ['Filter', name('Adobe.PPKLite')],
    ['SubFilter', name(kind === 'signature' ? 'ETSI.CAdES.detached' : 'ETSI.RFC3161')],
    ['ByteRange', new PdfRaw(`[${' '.repeat(BYTE_RANGE_WIDTH - 2)}]`)],
    ...Object.entries(entries),
  ]);
  return result.set('Contents', new PdfRaw(`<${'0'.repeat(reservedBytes * 2)}>`));
}

export interface SignedUpdateBuilder {
  /** Builds the update with a /Contents of `reservedBytes`; returns it and its signature dictionary. */
  build(reservedBytes: number): { update: IncrementalUpdate; signature: PdfRef };
  /** The DER to embed (a CMS SignedData or a time-stamp token) for the SHA-256 of what the ByteRange covers. */
  sign(coveredDigest: Buffer): Promise<Buffer>;
}

export interface SignedUpdate {
  /** The revision with the signed update, ready for the next one. */
  revision: PdfRevision;
  /** What was embedded in /Contents. */
  der: Buffer;
}

/**
 * Writes an update holding one signature: lays out the placeholders, fills /ByteRange, signs what it
 * covers and writes the DER into /Contents. Only the update's own bytes are written; what the ByteRange
 * covers is hashed by continuing the previous revision's SHA-256 state, so no copy of the file is made.
 * When the DER outgrows the reservation (a time-stamp authority returned a larger token than estimated)
 * the update is built again with enough room.
 */
export async function writeSignedUpdate(
  builder: SignedUpdateBuilder,
  estimatedBytes: number,
): Promise<SignedUpdate> {
  let reserved = estimatedBytes;
  for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt += 1) {
    const { update, signature } = builder.build(reserved);
    const written = update.writeTail();
    const prepared = preparePlaceholders(update.revision, written, signature);
    const der = await builder.sign(prepared.coveredDigest);
    if (der.length <= reserved) {
      written.tail.write(der.toString('hex').toUpperCase(), prepared.contentsStart + 1, 'latin1');
      return { revision: nextRevision(update.revision, update, written), der };
    }
    reserved = der.length + 4096;
  }
  throw new PadesError('the signature does not fit the space reserved for it');
}

/**
 * The update with its placeholders laid out and /ByteRange filled, /Contents still zeros: what a signature
 * made elsewhere (a provider's, after the signatory authorised it) is computed over.
 */
export function writePlaceholderUpdate(
  build: SignedUpdateBuilder['build'],
  reservedBytes: number,
): { update: IncrementalUpdate; written: WrittenTail } & PreparedSignature {
  const { update, signature } = build(reservedBytes);
  const written = update.writeTail();
  return { update, written, ...preparePlaceholders(update.revision, written, signature) };
}

export interface PreparedSignature {
  /** Positions of /Contents' angle brackets in the tail. */
  contentsStart: number;
  contentsEnd: number;
  coveredDigest: Buffer;
}

function preparePlaceholders(
  revision: PdfRevision,
  written: WrittenTail,
  signature: PdfRef,
): PreparedSignature {
  const { tail } = written;
  const base = revision.length;
  const objectOffset = written.offsets.get(signature.objectNumber);
  if (objectOffset === undefined) throw new PadesError('the signature dictionary was not written');
  const objectStart = objectOffset - base;
  // /ByteRange follows three fixed entries; /Contents is the last entry, its string ends before ">>\nendobj"
  // (string values never hold a raw line feed: they are written in hexadecimal then).
  const byteRangeKey = tail.indexOf('/ByteRange ', objectStart, 'latin1') + '/ByteRange '.length;
  const contentsEnd = tail.indexOf('\nendobj', objectStart, 'latin1') - 2;
  const contentsStart = tail.lastIndexOf('<', contentsEnd);
  const key = tail.toString('latin1', contentsStart - '/Contents '.length, contentsStart);
  if (byteRangeKey < objectStart || contentsStart < objectStart || key !== '/Contents ') {
    throw new PadesError('the signature placeholders were not found');
  }
  const total = base + tail.length;
  const range = [0, base + contentsStart, base + contentsEnd, total - (base + contentsEnd)];
  const text = `[${range.join(' ')}`.padEnd(BYTE_RANGE_WIDTH - 1, ' ') + ']';
  if (text.length !== BYTE_RANGE_WIDTH) throw new PadesError('the file is too large to sign');
  tail.write(text, byteRangeKey, 'latin1');
  const coveredDigest = prefixDigest(revision)
    .update(tail.subarray(0, contentsStart))
    .update(tail.subarray(contentsEnd))
    .digest();
  return { contentsStart, contentsEnd, coveredDigest };
}
