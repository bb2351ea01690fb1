import {
  brotliDecompressSync,
  constants,
  createBrotliDecompress,
  createInflateRaw,
  inflateRawSync,
  type BrotliDecompress,
  type InflateRaw,
} from 'node:zlib';
import { PDFContext, PDFRawStream, decodePDFRawStream } from '@cantoo/pdf-lib';
import { libraryChain, stageLabel, type FilterStage } from './filter-chain';
import { PdfRejection, invalidPdf } from './pdf-rejection';

/** Decoders grow their buffer a block ahead of what they write (at most a stored Flate block). */
const GROWTH_SLACK = 64 * 1024;
const CHUNK = 64 * 1024;

export function bombRefusal(label: string): PdfRejection {
  return invalidPdf(`decompression bomb (${label})`);
}

/**
 * Flate as pdf.js and pdf-lib read it: the two header bytes are skipped without the checks zlib makes
 * (window size, preset dictionary) and the trailing checksum is never read, so a stream zlib would refuse
 * at its header is still measured by what viewers make of it.
 */
function deflateBody(data: Uint8Array): Uint8Array {
  return data.subarray(Math.min(2, data.length));
}

const isOverCap = (error: unknown): boolean =>
  (error as NodeJS.ErrnoException | undefined)?.code === 'ERR_BUFFER_TOO_LARGE';

/** The part of a decoder the cap needs: the library's decoders keep all their output in one buffer. */
interface GrowingBuffer {
  ensureBuffer(requested: number): Uint8Array;
  buffer: Uint8Array;
  bufferLength: number;
}

const scratch = PDFContext.create();

/**
 * One filter decoded by the library's own decoder (the pdf.js code pdf-lib carries), refused as soon as
 * its buffer would grow past `cap`. Wrapping the buffer, not the reads, matters: a single Flate block may
 * stand for any length, and the library inflates a whole block at a time. A corrupt stream yields what
 * was decoded before the fault, as a viewer shows it.
 */
export function libraryDecode(stage: FilterStage, data: Uint8Array, cap: number): Uint8Array {
  const dict = scratch.obj({ Filter: stage.filter, ...(stage.parms ? { DecodeParms: stage.parms } : {}) });
  let decoder: ReturnType<typeof decodePDFRawStream>;
  try {
    decoder = decodePDFRawStream(PDFRawStream.of(dict, data));
  } catch {
    // Flate checks its header on construction: a bad one decodes to nothing, in every reader.
    return new Uint8Array(0);
  }
  const growing = decoder as unknown as GrowingBuffer;
  if (typeof growing.ensureBuffer !== 'function') return decoder.decode();
  const grow = growing.ensureBuffer.bind(decoder);
  growing.ensureBuffer = (requested: number) => {
    if (requested > cap + GROWTH_SLACK) throw bombRefusal(stageLabel(stage));
    return grow(requested);
  };
  let output: Uint8Array;
  try {
    output = decoder.decode();
  } catch (error) {
    if (error instanceof PdfRejection) throw error;
    output = growing.buffer.subarray(0, growing.bufferLength);
  }
  if (output.length > cap) throw bombRefusal(stageLabel(stage));
  return output;
}

function inflateCapped(stage: FilterStage, data: Uint8Array, cap: number): Uint8Array {
  try {
    const output = inflateRawSync(deflateBody(data), {
      // A stream cut short still yields what it has, as viewers would show it.
      finishFlush: constants.Z_SYNC_FLUSH,
      maxOutputLength: Math.max(1, cap),
    });
    if (output.length > cap) throw bombRefusal(stageLabel(stage));
    return output;
  } catch (error) {
    if (error instanceof PdfRejection) throw error;
    if (isOverCap(error)) throw bombRefusal(stageLabel(stage));
    // zlib stops at faults (a distance too far back, a bad code table) that pdf.js decodes past.
    return libraryDecode(stage, data, cap);
  }
}

function brotliCapped(stage: FilterStage, data: Uint8Array, cap: number): Uint8Array {
  try {
    const output = brotliDecompressSync(data, { maxOutputLength: Math.max(1, cap) });
    if (output.length > cap) throw bombRefusal(stageLabel(stage));
    return output;
  } catch (error) {
    if (error instanceof PdfRejection) throw error;
    if (isOverCap(error)) throw bombRefusal(stageLabel(stage));
    return new Uint8Array(0);
  }
}

/** One stage's output, held in memory, refused past `cap` without ever producing more than that. */
export function decodeStage(stage: FilterStage, data: Uint8Array, cap: number): Uint8Array {
  if (stage.filter === 'FlateDecode') return inflateCapped(stage, data, cap);
  if (stage.filter === 'BrotliDecode') return brotliCapped(stage, data, cap);
  return libraryDecode(stage, data, cap);
}

/**
 * A stream's data as the engine reads it (its /Filter chain, as pdf-lib applies it: no predictors),
 * every stage decoded under `cap`: past it, the stream is refused naming the stage, and no buffer larger
 * than the cap was ever made. Every decoding the engine does after the upload check goes through here.
 */
export function decodeStreamCapped(stream: PDFRawStream, cap: number): Uint8Array {
  let data: Uint8Array = stream.contents;
  for (const stage of libraryChain(stream.dict)) data = decodeStage(stage, data, cap);
  return data;
}

/** What a last stage decodes to, counted as it streams out and never held; stops once past `limit`. */
export interface StreamedCount {
  size: number;
  /** The decoder met a fault before the end of its input: readers more lenient than zlib may go on. */
  faulted: boolean;
}

export function countDecoded(stage: FilterStage, data: Uint8Array, limit: number): Promise<StreamedCount> {
  const decoder: InflateRaw | BrotliDecompress =
    stage.filter === 'BrotliDecode'
      ? createBrotliDecompress({ chunkSize: CHUNK })
      : createInflateRaw({ finishFlush: constants.Z_SYNC_FLUSH, chunkSize: CHUNK });
  const input = stage.filter === 'BrotliDecode' ? data : deflateBody(data);
  return new Promise((resolve) => {
    let size = 0;
    decoder.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) {
        decoder.destroy();
        resolve({ size, faulted: false });
      }
    });
    decoder.on('end', () => resolve({ size, faulted: false }));
    decoder.on('error', () => resolve({ size, faulted: true }));
    decoder.end(input);
  });
}
