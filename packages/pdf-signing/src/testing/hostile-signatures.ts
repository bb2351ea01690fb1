/**
 * Files for the tests of verification: many signature dictionaries, each claiming to cover almost the whole
 * file (`<< /Type /Sig /ByteRange [0 A A+2 rest] /Contents <> >>`, A varying), padded to `size` bytes. A
 * verifier that copies each covered range costs `count` times the file; one that checks each signature costs
 * as many hashes of it.
 */
export function manySignatureEntriesPdf(count: number, size: number): Buffer {
  const header = '%PDF-1.7\n';
  const entries = Array.from({ length: count }, (_, index) => {
    const gapAt = 1_000 + index;
    const rest = size - (gapAt + 2);
    return `${index + 1} 0 obj\n<< /Type /Sig /ByteRange [0 ${gapAt} ${gapAt + 2} ${rest}] /Contents <> >>\nendobj\n`;
  }).join('');
  const trailer = '%%EOF\n';
  const filler = size - header.length - entries.length - trailer.length;
  if (filler < 0) throw new Error(`${count} entries do not fit in ${size} bytes`);
  return Buffer.concat([
    Buffer.from(header + entries, 'latin1'),
    Buffer.alloc(filler, 0x20),
    Buffer.from(trailer, 'latin1'),
  ]);
}

/** A file of `revisions` incremental updates: each a comment and its own %%EOF, so each ends a revision. */
export function manyRevisionsPdf(revisions: number): Buffer {
  const parts = ['%PDF-1.7\n'];
  for (let index = 0; index < revisions; index += 1) parts.push(`% update ${index}\n%%EOF\n`);
  return Buffer.from(parts.join(''), 'latin1');
}
