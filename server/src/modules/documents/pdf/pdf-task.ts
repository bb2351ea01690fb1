import { type SignatureLayout } from '@esign/shared';
import { type PrintableDocument } from '../templates/printable-document';
import { type CheckedPdf, type PdfLimits, type PdfRejectionCode } from '@esign/pdf-signing';

/** What the API asks a PDF worker to do. Plain data: it crosses the thread boundary by structured clone. */
export type PdfTask =
  { kind: 'check'; bytes: Uint8Array; limits: PdfLimits } | { kind: 'render'; content: PrintableDocument };

/** A PDF ready to store: normalised (checked uploads) or freshly generated (templates). */
export interface PdfOutcome extends CheckedPdf {
  /** A generated document's frames, box and seal area. */
  layout?: SignatureLayout | null;
}

export type PdfTaskReply =
  | { ok: true; outcome: PdfOutcome }
  /** FAILED: not the file's fault (a bug, a missing font); the API answers 500. */
  | { ok: false; code: PdfRejectionCode | 'FAILED'; reason: string };
