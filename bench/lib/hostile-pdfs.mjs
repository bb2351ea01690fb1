// Hostile PDFs, generated: each is small to send and costly to read carelessly. The shapes are those an
// attacker would send to a public route or an upload; none is kept on disk.
import { createDeflate, deflateSync } from 'node:zlib';

const GIB = 2 ** 30;

/** A PDF from its objects' bodies (object n is `bodies[n - 1]`), with a cross-reference table. */
export function pdfFromObjects(bodies, { shiftOffsets = 0, trailer = '' } = {}) {
  const chunks = [Buffer.from('%PDF-1.7\n%\xe2\xe3\xcf\xd3\n', 'latin1')];
  let length = chunks[0].length;
  const offsets = [];
  bodies.forEach((body, index) => {
    offsets.push(length);
    const head = Buffer.from(`${index + 1} 0 obj\n`, 'latin1');
    const content = Buffer.isBuffer(body) ? body : Buffer.from(body, 'latin1');
    const tail = Buffer.from('\nendobj\n', 'latin1');
    chunks.push(head, content, tail);
    length += head.length + content.length + tail.length;
  });
  const rows = offsets.map((offset) => `${String(offset + shiftOffsets).padStart(10, '0')} 00000 n \n`);
  const xref =
    `xref\n0 ${bodies.length + 1}\n0000000000 65535 f \n${rows.join('')}` +
    `trailer\n<< /Size ${bodies.length + 1} /Root 1 0 R ${trailer}>>\nstartxref\n${length}\n%%EOF\n`;
  chunks.push(Buffer.from(xref, 'latin1'));
  return Buffer.concat(chunks);
}

const stream = (dictionary, data) =>
  Buffer.concat([
    Buffer.from(`<< ${dictionary} /Length ${data.length} >>\nstream\n`, 'latin1'),
    data,
    Buffer.from('\nendstream', 'latin1'),
  ]);

/** `bytes` zeros deflated once, streamed so that the zeros are never held at once. */
async function deflatedZeros(bytes) {
  const deflate = createDeflate({ level: 9 });
  const parts = [];
  deflate.on('data', (part) => parts.push(part));
  const done = new Promise((resolve, reject) => {
    deflate.on('end', resolve);
    deflate.on('error', reject);
  });
  const block = Buffer.alloc(4 * 2 ** 20);
  for (let written = 0; written < bytes; written += block.length) {
    if (!deflate.write(block)) await new Promise((resolve) => deflate.once('drain', resolve));
  }
  deflate.end();
  await done;
  return Buffer.concat(parts);
}

let doubleFlateGiB;
/** 1 GiB of zeros behind two FlateDecode stages (a few kilobytes). */
async function doubleFlatedGiB() {
  doubleFlateGiB ??= deflateSync(await deflatedZeros(GIB), { level: 9 });
  return doubleFlateGiB;
}

const PAGE_TREE = ['<< /Type /Catalog /Pages 2 0 R >>', '<< /Type /Pages /Kids [3 0 R] /Count 1 >>'];

/** One page whose content stream is `/Filter [/FlateDecode /FlateDecode]` over 1 GiB of zeros. */
export async function doubleFlatePageContent() {
  return pdfFromObjects([
    ...PAGE_TREE,
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R >>',
    stream('/Filter [/FlateDecode /FlateDecode]', await doubleFlatedGiB()),
  ]);
}

/** An object stream whose data is 1 GiB behind two FlateDecode stages. */
export async function doubleFlateObjectStream() {
  return pdfFromObjects([
    ...PAGE_TREE,
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] >>',
    stream('/Type /ObjStm /N 1 /First 4 /Filter [/FlateDecode /FlateDecode]', await doubleFlatedGiB()),
  ]);
}

/**
 * About `megabytes` MB holding `entries` signature dictionaries with distinct byte ranges `[0 A A+2 rest]`,
 * each covering almost the whole file: a careless verifier copies each range.
 */
export function manyByteRanges(entries = 200, megabytes = 9.5) {
  const total = Math.round(megabytes * 2 ** 20);
  const width = String(total).length;
  const number = (value) => String(value).padStart(width, '0');
  const signature = (gap) =>
    `<< /Type /Sig /Filter /Adobe.PPKLite /SubFilter /ETSI.CAdES.detached ` +
    `/ByteRange [0 ${number(gap)} ${number(gap + 2)} ${number(total - gap - 2)}] /Contents <> >>`;
  const sample = pdfFromObjects([
    ...PAGE_TREE,
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] >>',
    ...Array.from({ length: entries }, () => signature(0)),
    stream('', Buffer.alloc(0)),
  ]);
  const filler = Buffer.alloc(total - sample.length, 0x20);
  return pdfFromObjects([
    ...PAGE_TREE,
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] >>',
    ...Array.from({ length: entries }, (_, index) => signature(1_000 + index * 37)),
    stream('', filler),
  ]);
}

/** `count` intact objects whose cross-reference offsets are all wrong: readers rebuild the table. */
export function wrongOffsets(count = 200_000) {
  const bodies = [
    ...PAGE_TREE,
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R >>',
    stream('', Buffer.from('BT /F1 12 Tf 72 720 Td (Rebuilt) Tj ET', 'latin1')),
  ];
  for (let index = bodies.length; index < count; index += 1) bodies.push('<<>>');
  return pdfFromObjects(bodies, { shiftOffsets: 7 });
}
