import {
  PAGE_SIZE,
  loadFontFiles,
  checkAndNormalisePdf,
  sha256Hex,
  PdfRejection,
  TooManySignaturesError,
} from '@esign/pdf-signing';
import { renderPrintableDocument } from '../templates/document-renderer';
import { signatureReport } from '../../verification/signature-report';
import { serveTasks } from './child-channel';
import { type PdfOutcome, type PdfTask, type PdfTaskOutcomes, type PdfTaskReply } from './pdf-task';
import { isAllocationFailure } from './worker-bootstrap';

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

const asBuffer = (bytes: Uint8Array): Buffer => Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);

async function perform(task: PdfTask): Promise<PdfTaskOutcomes[PdfTask['kind']]> {
  switch (task.kind) {
    case 'check':
      return checkAndNormalisePdf(task.bytes, task.limits);
    case 'render':
      return render(task);
    case 'verify':
      return signatureReport(asBuffer(task.bytes), task);
  }
}

function failure(task: PdfTask, error: unknown): PdfTaskReply {
  if (error instanceof PdfRejection) return { ok: false, code: error.code, reason: error.reason };
  if (error instanceof TooManySignaturesError) {
    return { ok: false, code: 'PDF_TOO_MANY_SIGNATURES', reason: 'too many signatures' };
  }
  // Only the error's class: a parser's message may quote bytes of the file.
  const name = error instanceof Error ? error.name : 'unknown error';
  const reason = isAllocationFailure(error) ? 'memory limit' : `parser failure (${name})`;
  // Whatever else reading a file trips over, the file made the parser fail.
  return task.kind === 'render'
    ? { ok: false, code: 'FAILED', reason: name }
    : { ok: false, code: 'INVALID_PDF', reason };
}

serveTasks<object, PdfTask, PdfTaskReply>((task) =>
  perform(task).then(
    (outcome): PdfTaskReply => ({ ok: true, outcome }),
    (error: unknown) => failure(task, error),
  ),
);
