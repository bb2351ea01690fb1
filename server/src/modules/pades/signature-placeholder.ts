import { assertStartsWith, type IncrementalUpdate, type WrittenUpdate } from './incremental-update';
import { PadesError } from './pdf-revision';
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
  /** The DER to embed (a CMS SignedData or a time-stamp token) for the bytes the ByteRange covers. */
  sign(coveredBytes: Buffer): Promise<Buffer>;
}

/**
 * Writes an update holding one signature: lays out the placeholders, fills /ByteRange, signs what it
 * covers and writes the DER into /Contents. When the DER outgrows the reservation (a time-stamp
 * authority returned a larger token than estimated) the update is built again with enough room.
 */
export async function writeSignedUpdate(
  builder: SignedUpdateBuilder,
  estimatedBytes: number,
): Promise<Buffer> {
  let reserved = estimatedBytes;
  for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt += 1) {
    const { update, signature } = builder.build(reserved);
    const prepared = preparePlaceholders(update.write(), signature);
    const der = await builder.sign(prepared.covered);
    if (der.length <= reserved) {
      const signed = embedContents(prepared, der);
      assertStartsWith(signed, update.revision.bytes);
      return signed;
    }
    reserved = der.length + 4096;
  }
  throw new PadesError('the signature does not fit the space reserved for it');
}

interface PreparedSignature {
  bytes: Buffer;
  contentsStart: number;
  contentsEnd: number;
  covered: Buffer;
}

function preparePlaceholders(written: WrittenUpdate, signature: PdfRef): PreparedSignature {
  const { bytes } = written;
  const objectStart = written.offsets.get(signature.objectNumber);
  if (objectStart === undefined) throw new PadesError('the signature dictionary was not written');
  // /ByteRange follows three fixed entries; /Contents is the last entry, its string ends before ">>\nendobj"
  // (string values never hold a raw line feed: they are written in hexadecimal then).
  const byteRangeKey = bytes.indexOf('/ByteRange ', objectStart, 'latin1') + '/ByteRange '.length;
  const contentsEnd = bytes.indexOf('\nendobj', objectStart, 'latin1') - 2;
  const contentsStart = bytes.lastIndexOf('<', contentsEnd);
  const key = bytes.toString('latin1', contentsStart - '/Contents '.length, contentsStart);
  if (byteRangeKey < objectStart || contentsStart < objectStart || key !== '/Contents ') {
    throw new PadesError('the signature placeholders were not found');
  }
  const range = [0, contentsStart, contentsEnd, bytes.length - contentsEnd];
  const text = `[${range.join(' ')}`.padEnd(BYTE_RANGE_WIDTH - 1, ' ') + ']';
  if (text.length !== BYTE_RANGE_WIDTH) throw new PadesError('the file is too large to sign');
  bytes.write(text, byteRangeKey, 'latin1');
  const covered = Buffer.concat([bytes.subarray(0, contentsStart), bytes.subarray(contentsEnd)]);
  return { bytes, contentsStart, contentsEnd, covered };
}

function embedContents(prepared: PreparedSignature, der: Buffer): Buffer {
  const hex = der.toString('hex').toUpperCase();
  prepared.bytes.write(hex, prepared.contentsStart + 1, 'latin1');
  return prepared.bytes;
}
