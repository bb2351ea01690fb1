import { safeDownloadName } from '@esign/shared';

/** A file name any system accepts, from the document's name or else the request's title, ending in .pdf. */
export function downloadFileName(documentName: string, signatureTitle: string): string {
  return safeDownloadName(documentName.trim() || signatureTitle.trim(), 'application/pdf');
}
