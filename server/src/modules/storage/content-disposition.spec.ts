import { createServer } from 'node:http';
import { attachmentContentDisposition } from './content-disposition';

function encodedName(header: string): string {
  const encoded = /filename\*=UTF-8''(\S+)$/.exec(header)?.[1] ?? '';
  return decodeURIComponent(encoded);
}

function asciiName(header: string): string {
  return /filename="([^"]*)"/.exec(header)?.[1] ?? '';
}

describe('attachmentContentDisposition', () => {
  it('carries an accented name in filename* and an ASCII approximation in filename', () => {
    const header = attachmentContentDisposition('Ënnerschrëft élève.pdf', 'application/pdf');
    expect(header).toMatch(/^attachment; /);
    expect(encodedName(header)).toBe('Ënnerschrëft élève.pdf');
    expect(asciiName(header)).toBe('Ennerschreft eleve.pdf');
  });

  it('keeps a header injection attempt on one line and inside the parameter', () => {
    const header = attachmentContentDisposition('a\r\nSet-Cookie:x.pdf', 'application/pdf');
    expect(header).not.toMatch(/[\r\n]/);
    expect(asciiName(header)).toBe('aSet-Cookie_x.pdf');
    expect(encodedName(header)).toBe('aSet-Cookie_x.pdf');
  });

  it('drops a right-to-left override and appends the real extension', () => {
    const header = attachmentContentDisposition('invoice\u202Efdp.exe', 'application/pdf');
    expect(header).not.toContain('\u202E');
    expect(encodedName(header)).toBe('invoicefdp.exe.pdf');
  });

  it('shortens a 1,000-character name and keeps its extension', () => {
    const header = attachmentContentDisposition(`${'é'.repeat(996)}.pdf`, 'application/pdf');
    const name = encodedName(header);
    expect(Array.from(name)).toHaveLength(150);
    expect(name.endsWith('.pdf')).toBe(true);
    expect(header.length).toBeLessThan(1200);
  });

  it('keeps quotes, backslashes and percent signs out of the quoted filename', () => {
    const header = attachmentContentDisposition('a"b\\c%41.pdf', 'application/pdf');
    expect(asciiName(header)).toBe('a_b_c_41.pdf');
    expect(encodedName(header)).toBe('a_b_c%41.pdf');
  });

  it('encodes the characters RFC 5987 does not allow bare', () => {
    expect(attachmentContentDisposition("l'acte (1)*.pdf", 'application/pdf')).toContain(
      "filename*=UTF-8''l%27acte%20%281%29_.pdf",
    );
  });

  it('is accepted by Node as a header value for every hostile name', async () => {
    const names = [
      'a\r\nSet-Cookie:x.pdf',
      'invoice\u202Efdp.exe',
      'x'.repeat(1000),
      '\uD800broken.pdf',
      '\0',
    ];
    const server = createServer((_request, response) => {
      for (const name of names)
        response.setHeader('Content-Disposition', attachmentContentDisposition(name, 'application/pdf'));
      response.end();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as { port: number };
    const response = await fetch(`http://127.0.0.1:${port}/`);
    server.close();
    expect(response.status).toBe(200);
  });
});
