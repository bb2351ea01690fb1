import { withPdfExtension } from '../../pdf/pdfFile';

/** A file name any system accepts, from the document's name or else the request's title, ending in .pdf. */
export function downloadFileName(documentName: string, signatureTitle: string): string {
  const base = (documentName.trim() || signatureTitle.trim() || 'document')
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u001f\u007f<>:"/\\|?*]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return withPdfExtension(base.slice(0, 180));
}
