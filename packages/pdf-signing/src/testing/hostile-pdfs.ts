import { createDeflate } from 'node:zlib';

/**
 * Small PDF factories for upload tests: well-formed files with one twist each (security T1–T6, T9).
 * Objects are written by hand so every byte is known; `buildPdf` computes a correct cross-reference table.
 */

type ObjectBody = string | Buffer;

const HEADER = Buffer.from('%PDF-1.7\n%\xe2\xe3\xcf\xd3\n', 'latin1');

/** A file whose object `n` (from 1) is `objects[n - 1]`, object 1 being the catalog. */
export function buildPdf(objects: readonly ObjectBody[], trailerExtra = ''): Buffer {
  const parts: Buffer[] = [HEADER];
  const offsets: number[] = [];
  let length = HEADER.length;
  objects.forEach((body, index) => {
    offsets.push(length);
    const object = Buffer.concat([
      Buffer.from(`${index + 1} 0 obj\n`, 'latin1'),
      Buffer.isBuffer(body) ? body : Buffer.from(body, 'latin1'),
      Buffer.from('\nendobj\n', 'latin1'),
    ]);
    parts.push(object);
    length += object.length;
  });
  const rows = offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n \n`).join('');
  const xref = `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${rows}`;
  const trailer = `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R ${trailerExtra}>>\nstartxref\n${length}\n%%EOF\n`;
  parts.push(Buffer.from(xref + trailer, 'latin1'));
  return Buffer.concat(parts);
}

export function streamObject(dict: string, data: Buffer): Buffer {
  return Buffer.concat([
    Buffer.from(`<< ${dict} /Length ${data.length} >>\nstream\n`, 'latin1'),
    data,
    Buffer.from('\nendstream', 'latin1'),
  ]);
}

export interface SimplePdfOptions {
  pages?: number;
  /** Added inside the catalog dictionary. */
  catalog?: string;
  /** Added inside every page dictionary. */
  page?: string;
  /** Objects numbered from 4 (1: catalog, 2: page tree, 3: page content). */
  extra?: readonly ObjectBody[];
}

/** A valid file with `pages` A4 pages saying "Contrat de bail". */
export function simplePdf(options: SimplePdfOptions = {}): Buffer {
  const pageCount = options.pages ?? 1;
  const extra = options.extra ?? [];
  const firstPage = 4 + extra.length;
  const kids = Array.from({ length: pageCount }, (_, index) => `${firstPage + index} 0 R`).join(' ');
  const content = Buffer.from('BT /F1 24 Tf 72 760 Td (Contrat de bail) Tj ET', 'latin1');
  const page =
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 3 0 R ' +
    '/Resources << /Font << /F1 << /Type /Font /Subtype /Type1 /BaseFont /Helvetica >> >> >> ' +
    `${options.page ?? ''} >>`;
  return buildPdf([
    `<< /Type /Catalog /Pages 2 0 R ${options.catalog ?? ''} >>`,
    `<< /Type /Pages /Kids [${kids}] /Count ${pageCount} >>`,
    streamObject('', content),
    ...extra,
    ...Array.from({ length: pageCount }, () => page),
  ]);
}

/** The first half of a valid file: no cross-reference table, no `%%EOF`. */
export function truncatedPdf(): Buffer {
  const whole = simplePdf({ pages: 3 });
  return whole.subarray(0, Math.floor(whole.length / 2));
}

/** A valid file whose cross-reference table has been overwritten with noise of the same length. */
export function garbageXrefPdf(): Buffer {
  const bytes = Buffer.from(simplePdf({ pages: 2 }));
  const start = bytes.lastIndexOf('\nxref\n') + 1;
  const end = bytes.lastIndexOf('trailer');
  for (let index = start; index < end - 1; index += 1) bytes[index] = 0x41 + (index % 23);
  return bytes;
}

/** A page content stream of a few hundred kilobytes that inflates to `inflatedBytes` (default 1.1 GB). */
export async function decompressionBombPdf(inflatedBytes = 1_100_000_000): Promise<Buffer> {
  const deflater = createDeflate({ level: 9 });
  const chunks: Buffer[] = [];
  deflater.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise((resolve) => deflater.on('end', resolve));
  const zeros = Buffer.alloc(16 * 1024 * 1024);
  for (let written = 0; written < inflatedBytes; written += zeros.length) {
    if (!deflater.write(zeros)) await new Promise((resolve) => deflater.once('drain', resolve));
  }
  deflater.end();
  await done;
  const bomb = streamObject('/Filter /FlateDecode', Buffer.concat(chunks));
  return simplePdf({ extra: [bomb], page: '/Contents [3 0 R 4 0 R]' });
}

/** Arrays and dictionaries nested `depth` deep, hung off the page. */
export function deeplyNestedPdf(depth = 1000): Buffer {
  let nested = '0';
  for (let level = 0; level < depth; level += 1) nested = level % 2 ? `[${nested}]` : `<< /K ${nested} >>`;
  return simplePdf({ extra: [nested], page: '/PieceInfo 4 0 R' });
}

/** The catalog's page tree is object 4, which is a reference to object 5, which refers back to 4. */
export function referenceCyclePdf(): Buffer {
  return buildPdf([
    '<< /Type /Catalog /Pages 4 0 R >>',
    '<< /Type /Pages /Kids [] /Count 0 >>',
    streamObject('', Buffer.from('BT ET', 'latin1')),
    '5 0 R',
    '4 0 R',
  ]);
}

/** A page tree whose second level points back at the root. */
export function pageTreeCyclePdf(): Buffer {
  return buildPdf([
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [4 0 R] /Count 1 >>',
    streamObject('', Buffer.from('BT ET', 'latin1')),
    '<< /Type /Pages /Parent 2 0 R /Kids [2 0 R] /Count 1 >>',
  ]);
}

export function manyPagesPdf(pages = 501): Buffer {
  return simplePdf({ pages });
}

/**
 * Scripts, an open action, additional actions, a Launch action, an attached executable (as an embedded
 * file and as an annotation) and XFA; plus a web link, which must survive.
 */
export function activeContentPdf(): Buffer {
  return simplePdf({
    catalog:
      '/OpenAction 4 0 R /AA << /WC 4 0 R >> /AcroForm << /Fields [] /XFA 7 0 R >> ' +
      '/Names << /JavaScript << /Names [(init) 4 0 R] >> /EmbeddedFiles << /Names [(payload.exe) 5 0 R] >> >>',
    page: '/AA << /O 4 0 R >> /Annots [8 0 R 9 0 R 10 0 R]',
    extra: [
      '<< /Type /Action /S /JavaScript /JS (app.alert\\(document.cookie\\)) >>',
      '<< /Type /Filespec /F (payload.exe) /EF << /F 6 0 R >> >>',
      streamObject('/Type /EmbeddedFile', Buffer.from('MZ-not-really-an-executable', 'latin1')),
      streamObject('', Buffer.from('<xdp:xdp xmlns:xdp="http://ns.adobe.com/xdp/"></xdp:xdp>', 'latin1')),
      '<< /Type /Annot /Subtype /Link /Rect [0 0 50 50] /A << /S /Launch /F (calc.exe) >> >>',
      '<< /Type /Annot /Subtype /FileAttachment /Rect [60 0 80 20] /FS 5 0 R >>',
      '<< /Type /Annot /Subtype /Link /Rect [100 0 200 20] /A << /S /URI /URI (https://www.cigdl.lu/) >> >>',
    ],
  });
}

const SIGNATURE_VALUE =
  '<< /Type /Sig /Filter /Adobe.PPKLite /SubFilter /ETSI.CAdES.detached ' +
  `/ByteRange [0 1000 3000 500] /Contents <${'0'.repeat(128)}> /M (D:20250101120000Z) >>`;

/** A signature field whose value is a signature dictionary (ByteRange and Contents), as signing tools write. */
export function alreadySignedPdf(): Buffer {
  return simplePdf({
    catalog: '/AcroForm << /Fields [4 0 R] /SigFlags 3 >>',
    page: '/Annots [4 0 R]',
    extra: [
      '<< /FT /Sig /T (Signature1) /V 5 0 R /Type /Annot /Subtype /Widget /Rect [0 0 0 0] /F 132 >>',
      SIGNATURE_VALUE,
    ],
  });
}

/** Certified (DocMDP) without a visible signature field. */
export function certifiedPdf(): Buffer {
  return simplePdf({ catalog: '/Perms << /DocMDP 4 0 R >>', extra: [SIGNATURE_VALUE] });
}

/** A valid PDF of exactly `size` bytes, filled with an unused uncompressed stream. */
export function pdfOfSize(size: number): Buffer {
  let filler = Math.max(0, size - simplePdf().length - 64);
  for (let attempt = 0; attempt < 5; attempt += 1) {
    const bytes = simplePdf({ extra: [streamObject('', Buffer.alloc(filler, 0x20))] });
    if (bytes.length === size) return bytes;
    filler += size - bytes.length;
  }
  throw new Error(`Could not build a PDF of ${size} bytes`);
}

/** Things that are not PDFs, as someone might upload them under the name contract.pdf (security T2). */
export const NOT_PDFS: Readonly<Record<string, Buffer>> = {
  png: Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR4nGNgYGD4DwABBAEAwS2OUAAAAABJRU5ErkJggg==',
    'base64',
  ),
  // An empty ZIP archive: just the end-of-central-directory record.
  zip: Buffer.concat([Buffer.from('PK\x05\x06', 'latin1'), Buffer.alloc(18)]),
  html: Buffer.from('<!DOCTYPE html><html><body><script>alert(1)</script></body></html>'),
  // The PDF header only after the first kilobyte, where readers no longer look for it.
  svg: Buffer.from(
    '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'.padEnd(1100, ' ') + '%PDF-1.7',
  ),
};

/**
 * Damaged files of the kinds standard readers still open (qpdf and pdf.js rebuild the table by scanning the
 * objects): each is a valid file with one slip.
 */
export const DAMAGED_PDFS: Readonly<Record<string, () => Buffer>> = {
  /** The cross-reference table cut after its first rows, the trailer and `%%EOF` gone with it. */
  'a cut cross-reference table': () => {
    const whole = simplePdf({ pages: 2 });
    return whole.subarray(0, whole.lastIndexOf('\nxref\n') + 40);
  },
  /** Every offset in the table off by 3 bytes, as after an editor inserted text and kept the old table. */
  'shifted offsets': () => {
    const whole = simplePdf({ pages: 2 }).toString('latin1');
    const shifted = whole.replace('%PDF-1.7\n', '%PDF-1.7\n%x\n');
    return Buffer.from(shifted, 'latin1');
  },
  /** The page tree's `endobj` missing. */
  'an object without endobj': () => {
    const whole = simplePdf({ pages: 2 }).toString('latin1');
    const pageTree = whole.indexOf('2 0 obj');
    const end = whole.indexOf('\nendobj', pageTree);
    return Buffer.from(whole.slice(0, end) + whole.slice(end + '\nendobj'.length), 'latin1');
  },
  /** A page tree that says 5 pages for 2. */
  'a page tree with a wrong count': () => {
    const whole = simplePdf({ pages: 2 }).toString('latin1');
    return Buffer.from(whole.replace('/Count 2', '/Count 5'), 'latin1');
  },
};

/**
 * `count` small objects after the page (9 MB for 200,000), every other one reachable through a chain
 * from the catalog, and a cross-reference table that is wrong: every offset shifted by a few bytes, or
 * the whole table overwritten with letters. qpdf and pdf.js rebuild such a file by scanning its objects.
 */
export function manyObjectsPdf(count: number, damage: 'shifted offsets' | 'garbage table'): Buffer {
  const first = 4;
  const objects = Array.from({ length: count }, (_, index) =>
    index % 2 === 0 ? `[${first + index + 2} 0 R]` : 'null',
  );
  const whole = simplePdf({ catalog: `/PieceInfo ${first} 0 R`, extra: objects });
  if (damage === 'shifted offsets') {
    return Buffer.from(whole.toString('latin1').replace('%PDF-1.7\n', '%PDF-1.7\n%x\n'), 'latin1');
  }
  const start = whole.lastIndexOf('\nxref\n') + 1;
  const end = whole.lastIndexOf('trailer');
  for (let index = start; index < end - 1; index += 1) whole[index] = 0x41 + (index % 23);
  return whole;
}

/**
 * A page tree with a kid that is not a page (null), the same page listed twice, a page without /Type, and
 * the MediaBox inherited from an intermediate node readers disagree about once its /Parent is wrong.
 */
export function malformedPageTreePdf(): Buffer {
  const content = streamObject('', Buffer.from('BT /F1 24 Tf 72 500 Td (Contrat de bail) Tj ET', 'latin1'));
  const font = '/Resources << /Font << /F1 << /Type /Font /Subtype /Type1 /BaseFont /Helvetica >> >> >>';
  return buildPdf([
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [4 0 R 5 0 R 6 0 R] /Count 2 >>',
    content,
    'null',
    `<< /Type /Pages /Parent 2 0 R /Kids [7 0 R 7 0 R] /Count 2 /MediaBox [0 0 400 600] ${font} >>`,
    `<< /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 3 0 R ${font} >>`,
    '<< /Type /Page /Parent 2 0 R /Contents 3 0 R >>',
  ]);
}
