import { MAX_PDF_BYTES } from '@esign/shared';
import { describe, expect, it } from 'vitest';
import { pdfFileProblem, titleFromFileName, withPdfExtension } from './pdfFile';

describe('pdfFileProblem', () => {
  it('accepts a PDF up to 10 MB', () => {
    expect(
      pdfFileProblem({ name: 'compromis.pdf', type: 'application/pdf', size: MAX_PDF_BYTES }),
    ).toBeNull();
  });

  it('accepts an untyped file named .pdf, as some systems give no type', () => {
    expect(pdfFileProblem({ name: 'Mandat.PDF', type: '', size: 10 })).toBeNull();
  });

  it('refuses other types, empty files and files over 10 MB', () => {
    expect(pdfFileProblem({ name: 'photo.png', type: 'image/png', size: 10 })).toBe('not_pdf');
    expect(pdfFileProblem({ name: 'fake.pdf', type: 'text/plain', size: 10 })).toBe('not_pdf');
    expect(pdfFileProblem({ name: 'a.pdf', type: 'application/pdf', size: 0 })).toBe('empty');
    expect(pdfFileProblem({ name: 'a.pdf', type: 'application/pdf', size: MAX_PDF_BYTES + 1 })).toBe(
      'too_large',
    );
  });
});

describe('file names', () => {
  it('appends .pdf only when absent', () => {
    expect(withPdfExtension('Compromis Dupont')).toBe('Compromis Dupont.pdf');
    expect(withPdfExtension('acte.PDF')).toBe('acte.PDF');
    expect(withPdfExtension('  ')).toBe('document.pdf');
  });

  it('proposes a title without the extension and underscores', () => {
    expect(titleFromFileName('compromis_rue_de_la_gare.pdf')).toBe('compromis rue de la gare');
  });
});
