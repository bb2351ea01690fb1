import { type SignatureLayout } from '@esign/shared';
import { type PrintableDocument } from '../templates/printable-document';
import { type CheckedPdf, type PdfLimits, type PdfRejectionCode } from '@esign/pdf-signing';
import { type SignatureReport, type SignatureReportInput } from '../../verification/signature-report';

/** What the API asks a PDF process to do. Plain data: it crosses to the process by structured clone. */
export type PdfTask =
  | { kind: 'check'; bytes: Uint8Array; limits: PdfLimits }
  | { kind: 'render'; content: PrintableDocument }
  | ({ kind: 'verify'; bytes: Uint8Array } & SignatureReportInput);

/** A PDF ready to store: normalised (checked uploads) or freshly generated (templates). */
export interface PdfOutcome extends CheckedPdf {
  /** A generated document's frames, box and seal area. */
  layout?: SignatureLayout | null;
}

export interface PdfTaskOutcomes {
  check: PdfOutcome;
  render: PdfOutcome;
  verify: SignatureReport;
}

/** Why a file is refused: the engine's codes, and verification's own. */
export type PdfRefusalCode = PdfRejectionCode | 'PDF_TOO_MANY_SIGNATURES';

export type PdfTaskReply<K extends PdfTask['kind'] = PdfTask['kind']> =
  | { ok: true; outcome: PdfTaskOutcomes[K] }
  /** FAILED: not the file's fault (a bug, a missing font); the API answers 500. */
  | { ok: false; code: PdfRefusalCode | 'FAILED'; reason: string };
