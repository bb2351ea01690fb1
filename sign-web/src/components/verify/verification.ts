import { ErrorCode, MAX_PDF_BYTES } from '@esign/shared';
import { type ApiFailure } from '../../api/http';
import { type VerificationReport } from '../../api/verify';

export type FileProblem = 'notPdf' | 'tooLarge';
export type VerifyErrorKey = FileProblem | 'invalidPdf' | 'tooManySignatures' | 'tooMany' | 'failed';

/** Refuses what cannot be a PDF to check before sending it; the server checks the bytes anyway. */
export function fileProblem(file: { name: string; type: string; size: number }): FileProblem | null {
  const looksLikePdf = file.type === 'application/pdf' || /\.pdf$/i.test(file.name);
  if (!looksLikePdf) return 'notPdf';
  if (file.size > MAX_PDF_BYTES) return 'tooLarge';
  return null;
}

export function verifyErrorKey(failure: ApiFailure): VerifyErrorKey {
  if (failure.kind === 'network') return 'failed';
  if (failure.status === 413 || failure.code === ErrorCode.FILE_TOO_LARGE) return 'tooLarge';
  if (failure.status === 415 || failure.code === ErrorCode.NOT_A_PDF) return 'notPdf';
  if (failure.code === ErrorCode.PDF_TOO_MANY_SIGNATURES) return 'tooManySignatures';
  if (failure.status === 422) return 'invalidPdf';
  if (failure.status === 429) return 'tooMany';
  return 'failed';
}

export type Finding = 'notSealed' | 'changed' | 'invalidSignature' | 'auditBroken';

/** What is wrong with a checked file, most serious first; nothing means sealed, unchanged and valid. */
export function findingsOf(report: VerificationReport): Finding[] {
  const findings: Finding[] = [];
  if (!report.sealedByPlatform) findings.push('notSealed');
  else if (!report.unchangedSinceSeal) findings.push('changed');
  if (report.signatures.some((signature) => !signature.valid)) findings.push('invalidSignature');
  if (report.auditChainValid === false) findings.push('auditBroken');
  return findings;
}
