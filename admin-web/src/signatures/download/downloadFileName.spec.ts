import { describe, expect, it } from 'vitest';
import { downloadFileName } from './downloadFileName';

describe('downloadFileName', () => {
  it('uses the document name and appends .pdf when absent', () => {
    expect(downloadFileName('Compromis Dupont', 'Vente')).toBe('Compromis Dupont.pdf');
    expect(downloadFileName('mandat.pdf', 'Vente')).toBe('mandat.pdf');
  });

  it('falls back to the title, then to a generic name', () => {
    expect(downloadFileName('', 'Vente 12 rue Haute')).toBe('Vente 12 rue Haute.pdf');
    expect(downloadFileName(' ', ' ')).toBe('document.pdf');
  });

  it('replaces characters file systems refuse, as the server does', () => {
    expect(downloadFileName('Lot 3/4: "cave"', '')).toBe('Lot 3_4_ _cave_.pdf');
    expect(downloadFileName('facture\u202Efdp.exe', '')).toBe('facturefdp.exe.pdf');
  });
});
