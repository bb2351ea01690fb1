import { MAX_PDF_PAGES } from '@esign/shared';

/** Why an uploaded file is refused; each maps to the shared error code of the same name. */
export type PdfRejectionCode =
  | 'NOT_A_PDF'
  | 'INVALID_PDF'
  | 'PDF_ENCRYPTED'
  | 'PDF_CHANGES_FORBIDDEN'
  | 'PDF_ALREADY_SIGNED'
  | 'PDF_TOO_MANY_PAGES';

/**
 * A refusal decided by the checks. `reason` is a short fixed phrase for logs and tests; it never quotes the
 * file, whose bytes are the uploader's and may be personal data.
 */
export class PdfRejection extends Error {
  constructor(
    readonly code: PdfRejectionCode,
    readonly reason: string,
  ) {
    super(`${code}: ${reason}`);
    this.name = 'PdfRejection';
  }
}

export function invalidPdf(reason: string): PdfRejection {
  return new PdfRejection('INVALID_PDF', reason);
}

/** What the checks may cost; the worker's own memory and time limits sit on top of these. */
export interface PdfLimits {
  maxPages: number;
  /**
   * Decoded bytes every stage of every stream together may produce before the file counts as a bomb.
   */
  inflateBudgetBytes: number;
  /**
   * The cap on any stage held whole in memory: every stage of an object or cross-reference stream (the
   * parser inflates them), a stage another filter reads, LZW, RunLength and the ASCII armours.
   */
  containerStreamMaxBytes: number;
  /** Arrays and dictionaries inside one another; real files stay far below. */
  maxNesting: number;
}

const MIB = 1024 * 1024;

/**
 * A 10 MB upload with Flate images may legitimately inflate past 100 MB; a bomb is stopped at the budget.
 * What is held whole in memory (object streams, stacked filters) has its own, smaller cap.
 */
export const PDF_LIMITS: PdfLimits = {
  maxPages: MAX_PDF_PAGES,
  inflateBudgetBytes: 256 * MIB,
  containerStreamMaxBytes: 16 * MIB,
  maxNesting: 100,
};
