import { safeDownloadName } from './file-names';

describe('safeDownloadName', () => {
  it('drops control, bidi and zero-width characters, and ends with the real type', () => {
    expect(safeDownloadName('invoice\u202Efdp.exe', 'application/pdf')).toBe('invoicefdp.exe.pdf');
    expect(safeDownloadName('re\u200Bport\r\n', 'text/csv')).toBe('report.csv');
  });

  it('replaces what file systems refuse, falls back to a generic name', () => {
    expect(safeDownloadName('Lot 3/4: "cave"', 'application/pdf')).toBe('Lot 3_4_ _cave_.pdf');
    expect(safeDownloadName(' \t ', 'application/pdf')).toBe('document.pdf');
  });

  it('keeps the extension when it shortens a long name', () => {
    const name = safeDownloadName(`${'é'.repeat(400)}.pdf`, 'application/pdf');
    expect(Array.from(name)).toHaveLength(150);
    expect(name.endsWith('.pdf')).toBe(true);
  });

  it.each([
    ['../../etc/passwd.pdf', '_.._etc_passwd.pdf'],
    ['', 'document.pdf'],
    ['...', 'document.pdf'],
    ['  rapport  annuel  ', 'rapport annuel.pdf'],
    ['Contrat.PDF', 'Contrat.PDF'],
  ])('turns %j into %j', (input, expected) => {
    expect(safeDownloadName(input, 'application/pdf')).toBe(expected);
  });

  it('leaves the name alone for a type with no known extension', () => {
    expect(safeDownloadName('notes.txt', 'application/x-custom')).toBe('notes.txt');
  });
});
