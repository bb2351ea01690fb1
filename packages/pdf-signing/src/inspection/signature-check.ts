import { PDFArray, PDFNull, type PDFContext, type PDFDict } from '@cantoo/pdf-lib';
import { forEachDictionary, pdfName, resolveDict, resolveName, resolveObject } from './pdf-objects';
import { PdfRejection } from './pdf-rejection';

const signed = (reason: string): PdfRejection => new PdfRejection('PDF_ALREADY_SIGNED', reason);

function isFilledSignatureField(context: PDFContext, dict: PDFDict): boolean {
  if (resolveName(context, dict.get(pdfName('FT'))) !== 'Sig') return false;
  const value = resolveObject(context, dict.get(pdfName('V')));
  return value !== undefined && value !== PDFNull;
}

function isSignatureDictionary(context: PDFContext, dict: PDFDict): boolean {
  return (
    resolveObject(context, dict.get(pdfName('ByteRange'))) instanceof PDFArray &&
    dict.get(pdfName('Contents')) !== undefined
  );
}

/**
 * Refuses a file that already carries a digital signature or a certification: our normalising rewrite
 * would break it, and a document must be signed only through this platform's own flow (security T9).
 * Walking every dictionary also enforces the nesting limit.
 */
export function assertNotSigned(context: PDFContext, catalog: PDFDict, maxNesting: number): void {
  const permissions = resolveDict(context, catalog.get(pdfName('Perms')));
  if (permissions?.get(pdfName('DocMDP')) !== undefined) throw signed('certified document');
  forEachDictionary(context, maxNesting, (dict) => {
    if (isFilledSignatureField(context, dict)) throw signed('signed signature field');
    if (isSignatureDictionary(context, dict)) throw signed('signature dictionary');
  });
}
