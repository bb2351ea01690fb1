import { MAX_PDF_BYTES } from '@esign/shared';

/** Why a chosen file is refused before anything is sent (PDF only, at most 10 MB). */
export type PdfFileProblem = 'not_pdf' | 'too_large' | 'empty';

// Some systems give no type, or a generic one, to a PDF picked from disk; the name decides then.
const UNTYPED = ['', 'application/octet-stream', 'application/x-pdf'];

export function pdfFileProblem(file: Pick<File, 'name' | 'type' | 'size'>): PdfFileProblem | null {
  const namedPdf = /\.pdf$/i.test(file.name.trim());
  const typedPdf = file.type === 'application/pdf' || (namedPdf && UNTYPED.includes(file.type));
  if (!typedPdf) return 'not_pdf';
  if (file.size === 0) return 'empty';
  if (file.size > MAX_PDF_BYTES) return 'too_large';
  return null;
}

/** The name to save a PDF under: `.pdf` appended when absent. */
export function withPdfExtension(name: string): string {
  const trimmed = name.trim() || 'document';
  return /\.pdf$/i.test(trimmed) ? trimmed : `${trimmed}.pdf`;
}

/** A request title proposed from a file name: without the extension and the separators people use instead of spaces. */
export function titleFromFileName(name: string): string {
  return name
    .trim()
    .replace(/\.pdf$/i, '')
    .replace(/[_]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

/** A generated PDF, kept as a Blob: a Blob can be read again for every render, unlike a buffer handed to pdf.js. */
export function pdfBlobFromBase64(base64: string): Blob {
  const binary = atob(base64);
  const bytes = new Uint8Array(binary.length);
  for (let index = 0; index < binary.length; index += 1) bytes[index] = binary.charCodeAt(index);
  return new Blob([bytes], { type: 'application/pdf' });
}

/** Bytes as people read them in the interface language ("2,4 Mo", "2.4 MB"). */
export function formatFileSize(bytes: number, locale: string): string {
  const megabytes = bytes / (1024 * 1024);
  if (megabytes >= 1) {
    return new Intl.NumberFormat(locale, {
      style: 'unit',
      unit: 'megabyte',
      maximumFractionDigits: 1,
    }).format(megabytes);
  }
  return new Intl.NumberFormat(locale, { style: 'unit', unit: 'kilobyte', maximumFractionDigits: 0 }).format(
    Math.max(1, bytes / 1024),
  );
}
