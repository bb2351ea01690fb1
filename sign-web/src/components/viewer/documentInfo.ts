/** What the properties dialog shows of a PDF's information dictionary. */
export interface DocumentInfo {
  title: string | null;
  author: string | null;
  subject: string | null;
  creator: string | null;
  producer: string | null;
  creationDate: string | null;
  modificationDate: string | null;
  pdfVersion: string | null;
}

function text(info: Record<string, unknown>, key: string): string | null {
  const value = info[key];
  return typeof value === 'string' && value.trim().length > 0 ? value.trim() : null;
}

/** Reads pdf.js's `info` object, which is untyped and written by whoever made the PDF. */
export function readDocumentInfo(info: unknown): DocumentInfo {
  const record = typeof info === 'object' && info !== null ? (info as Record<string, unknown>) : {};
  return {
    title: text(record, 'Title'),
    author: text(record, 'Author'),
    subject: text(record, 'Subject'),
    creator: text(record, 'Creator'),
    producer: text(record, 'Producer'),
    creationDate: text(record, 'CreationDate'),
    modificationDate: text(record, 'ModDate'),
    pdfVersion: text(record, 'PDFFormatVersion'),
  };
}

/** A file size for people: bytes, kB or MB, in the reader's number format. */
export function formatFileSize(bytes: number, locale: string): string {
  const format = (value: number, unit: 'byte' | 'kilobyte' | 'megabyte') =>
    new Intl.NumberFormat(locale, {
      style: 'unit',
      unit,
      unitDisplay: 'short',
      maximumFractionDigits: 1,
    }).format(value);
  if (bytes < 1000) return format(bytes, 'byte');
  if (bytes < 1_000_000) return format(bytes / 1000, 'kilobyte');
  return format(bytes / 1_000_000, 'megabyte');
}

/** Millimetres from CSS pixels at 100 % (96 per inch). */
export function cssPixelsToMillimetres(pixels: number): number {
  return Math.round((pixels * 25.4) / 96);
}
