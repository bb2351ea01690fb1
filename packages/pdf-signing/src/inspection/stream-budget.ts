import { PDFName, PDFRawStream, PDFRef, type PDFContext } from '@cantoo/pdf-lib';
import { bombRefusal, countDecoded, decodeStage, libraryDecode } from './capped-decoding';
import {
  filterChains,
  predictedSize,
  predictorOf,
  stageLabel,
  type FilterStage,
  type Predictor,
} from './filter-chain';
import { type IndexedObject } from './object-index';
import { invalidPdf, type PdfLimits } from './pdf-rejection';
import { type StreamDecrypter } from './stream-decryption';

const CONTAINER_TYPES = new Set(['ObjStm', 'XRef']);

interface Budget {
  remaining: number;
  limits: PdfLimits;
}

/** A last stage of these is counted as it streams out, never held: images may legitimately be large. */
const STREAMED = new Set<FilterStage['filter']>(['FlateDecode', 'BrotliDecode']);

function isContainer(stream: PDFRawStream): boolean {
  const type = stream.dict.lookup(PDFName.of('Type'));
  return type instanceof PDFName && CONTAINER_TYPES.has(type.decodeText());
}

function charge(budget: Budget, size: number, cap: number, label: string): void {
  if (size > cap) throw bombRefusal(label);
  budget.remaining -= size;
}

/**
 * The last stage, counted without being kept. When zlib meets a fault, pdf.js and pdf-lib decode on past
 * it (a distance too far back reads as zeros), so the stream is decoded again their way, in memory and
 * therefore under the tighter cap.
 */
async function countLastStage(stage: FilterStage, data: Uint8Array, cap: number, heldCap: number) {
  const counted = await countDecoded(stage, data, cap);
  if (!counted.faulted || counted.size > cap || stage.filter !== 'FlateDecode') return counted.size;
  return Math.max(counted.size, libraryDecode(stage, data, Math.min(cap, heldCap)).length);
}

function chargePredictor(budget: Budget, stage: FilterStage, predictor: Predictor, size: number): void {
  const predicted = predictedSize(predictor, size);
  charge(budget, predicted, budget.remaining, `${stageLabel(stage)}, predictor`);
}

/**
 * Decodes the chain stage by stage, each stage's output measured under a cap before the next stage reads
 * it, and charges every stage's output to the file's budget. A last Flate or Brotli stage (images, page
 * content) is only counted, up to what is left of the budget. Any other stage is held in memory, so it
 * gets the tighter container cap: one that feeds another filter, one of an object or cross-reference
 * stream (the parser inflates those whole), and LZW, RunLength and the ASCII armours, which the
 * library's decoders keep whole.
 */
async function measureChain(chain: FilterStage[], contents: Uint8Array, budget: Budget, container: boolean) {
  let data = contents;
  for (const [index, stage] of chain.entries()) {
    const last = index === chain.length - 1;
    const predictor = predictorOf(stage);
    // pdf.js applies it and pdf-lib does not: the next stage would read different bytes in each.
    if (predictor && !last) throw invalidPdf(`predictor before another filter (${stageLabel(stage)})`);
    const heldCap = Math.min(budget.remaining, budget.limits.containerStreamMaxBytes);
    let size: number;
    if (last && !container && STREAMED.has(stage.filter)) {
      size = await countLastStage(stage, data, budget.remaining, heldCap);
      charge(budget, size, budget.remaining, stageLabel(stage));
    } else {
      data = decodeStage(stage, data, heldCap);
      size = data.length;
      charge(budget, size, heldCap, stageLabel(stage));
    }
    if (predictor) chargePredictor(budget, stage, predictor, size);
  }
}

async function measureStream(stream: PDFRawStream, contents: Uint8Array, budget: Budget): Promise<void> {
  for (const chain of filterChains(stream.dict)) {
    await measureChain(chain, contents, budget, isContainer(stream));
  }
}

/**
 * Measures every stream of the file before anything parses it as a document, and refuses the file when
 * decoding them would produce more than the budget: a few kilobytes of Flate can stand for gigabytes, and
 * filters can be stacked. Every stage of every filter chain a reader applies is counted (Flate, LZW,
 * ASCIIHex, ASCII85, RunLength, Brotli, with their abbreviations, and predictors); image codecs are leaves
 * left encoded. With `decrypt`, the streams are measured as the decrypting parse will see them.
 */
export async function assertStreamsWithinBudget(
  objects: readonly IndexedObject[],
  limits: PdfLimits,
  decrypt?: StreamDecrypter,
): Promise<void> {
  const budget: Budget = { remaining: limits.inflateBudgetBytes, limits };
  for (const { stream, objectNumber, generation } of objects) {
    if (!stream) continue;
    const contents = decrypt ? decrypt(objectNumber, generation, stream.contents) : stream.contents;
    await measureStream(stream, contents, budget);
  }
}

/**
 * The streams whose decoding parameters only the parse could resolve (they sit in an object stream),
 * measured again as the parser left them, every reference followed. Nothing decoded them in between: the
 * parser only inflates object and cross-reference streams, whose filters the first measure resolved.
 */
export async function assertParsedStreamsWithinBudget(
  context: PDFContext,
  deferred: readonly IndexedObject[],
  limits: PdfLimits,
): Promise<void> {
  const parsed = deferred.flatMap((entry) => {
    const object = context.lookup(PDFRef.of(entry.objectNumber, entry.generation));
    return object instanceof PDFRawStream ? [{ ...entry, stream: object }] : [];
  });
  await assertStreamsWithinBudget(parsed, limits);
}
