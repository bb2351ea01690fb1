import { describe, expect, it } from 'vitest';
import { cssPixelsToMillimetres, formatFileSize, readDocumentInfo } from './documentInfo';

describe('readDocumentInfo', () => {
  it('keeps the text entries and drops the rest', () => {
    expect(
      readDocumentInfo({
        Title: ' Compromis ',
        Author: '',
        Producer: 'pdfTeX',
        PDFFormatVersion: '1.5',
        Custom: 3,
      }),
    ).toEqual({
      title: 'Compromis',
      author: null,
      subject: null,
      creator: null,
      producer: 'pdfTeX',
      creationDate: null,
      modificationDate: null,
      pdfVersion: '1.5',
    });
    expect(readDocumentInfo(null).title).toBeNull();
  });
});

describe('formatFileSize', () => {
  it('uses bytes, kilobytes or megabytes', () => {
    expect(formatFileSize(512, 'en-GB')).toBe('512 byte');
    expect(formatFileSize(45_300, 'en-GB')).toBe('45.3 kB');
    expect(formatFileSize(2_500_000, 'fr-LU')).toMatch(/^2,5\sMo$/);
  });
});

describe('cssPixelsToMillimetres', () => {
  it('gives an A4 page as 210 by 297', () => {
    expect(cssPixelsToMillimetres((595.28 * 96) / 72)).toBe(210);
    expect(cssPixelsToMillimetres((841.89 * 96) / 72)).toBe(297);
  });
});
