import { parentPort, workerData } from 'node:worker_threads';
import { PAGE_SIZE, loadFontFiles, checkAndNormalisePdf, sha256Hex, PdfRejection } from '@esign/pdf-signing';
import { renderPrintableDocument } from '../templates/document-renderer';
import { type PdfOutcome, type PdfTask, type PdfTaskReply } from './pdf-task';

async function render(task: Extract<PdfTask, { kind: 'render' }>): Promise<PdfOutcome> {
  const { bytes, pageCount, layout } = await renderPrintableDocument(task.content, await loadFontFiles());
  const page = { width: PAGE_SIZE.width, height: PAGE_SIZE.height };
  return {
    bytes,
    sha256: sha256Hex(bytes),
    pageCount,
    pages: Array.from({ length: pageCount }, () => page),
    removed: [],
    repairs: [],
    layout,
  };
}

function perform(task: PdfTask): Promise<PdfOutcome> {
  switch (task.kind) {
    case 'check':
      return checkAndNormalisePdf(task.bytes, task.limits);
    case 'render':
      return render(task);
  }
}

function failure(task: PdfTask, error: unknown): PdfTaskReply {
  if (error instanceof PdfRejection) return { ok: false, code: error.code, reason: error.reason };
  // Only the error's class: a parser's message may quote bytes of the file.
  const name = error instanceof Error ? error.name : 'unknown error';
  // Whatever else a check trips over, the file made the parser fail.
  return task.kind === 'check'
    ? { ok: false, code: 'INVALID_PDF', reason: `parser failure (${name})` }
    : { ok: false, code: 'FAILED', reason: name };
}

/** A buffer of its own, so it can be transferred rather than copied back. */
function detached(bytes: Uint8Array): Uint8Array {
  return bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength ? bytes : bytes.slice();
}

const { task } = workerData as { task: PdfTask };
perform(task).then(
  (outcome) => {
    const bytes = detached(outcome.bytes);
    const reply: PdfTaskReply = { ok: true, outcome: { ...outcome, bytes } };
    parentPort?.postMessage(reply, [bytes.buffer as ArrayBuffer]);
  },
  (error: unknown) => parentPort?.postMessage(failure(task, error)),
);
