import request from 'supertest';
import { type SignatureDownloadResponse, type VerificationReport } from '@esign/shared';
import { Cluster } from './support/cluster';
import { describeReliability, waitFor } from './support/processes';
import { Product } from '../support/product';

/**
 * An incremental update appended to `pdf`, as any PDF editor saves a change: a new document information
 * dictionary (another title), a cross-reference section for it and a trailer pointing back to the previous one.
 * The bytes the signatures cover are left as they were.
 */
function withIncrementalUpdate(pdf: Buffer): Buffer {
  const text = pdf.toString('latin1');
  const previousXref = /startxref\s+(\d+)\s+%%EOF\s*$/.exec(text)?.[1];
  const sizes = [...text.matchAll(/\/Size\s+(\d+)/g)];
  const roots = [...text.matchAll(/\/Root\s+(\d+\s+\d+\s+R)/g)];
  const size = Number(sizes[sizes.length - 1]?.[1]);
  const root = roots[roots.length - 1]?.[1];
  if (!previousXref || !size || !root) throw new Error('not a PDF with a trailer this test can extend');
  const start = text.endsWith('\n') ? '' : '\n';
  const object = `${size} 0 obj\n<< /Title (Changed after sealing) /Producer (an editor) >>\nendobj\n`;
  const objectOffset = pdf.length + start.length;
  const xrefOffset = objectOffset + object.length;
  const update =
    `${start}${object}xref\n${size} 1\n${String(objectOffset).padStart(10, '0')} 00000 n \n` +
    `trailer\n<< /Size ${size + 1} /Root ${root} /Info ${size} 0 R /Prev ${previousXref} >>\n` +
    `startxref\n${xrefOffset}\n%%EOF\n`;
  return Buffer.concat([pdf, Buffer.from(update, 'latin1')]);
}

describeReliability('/api/verify on a document sealed by a worker process', () => {
  let cluster: Cluster;
  let sealed: Buffer;

  const verify = (pdf: Buffer) =>
    request(cluster.url)
      .post('/api/verify')
      .attach('file', pdf, { filename: 'document.pdf', contentType: 'application/pdf' })
      .expect(200)
      .then((response) => response.body as VerificationReport);

  beforeAll(async () => {
    cluster = await Cluster.start({ workers: [{}, {}] });
    await cluster.explain(async () => {
      const product = new Product(cluster);
      const member = await product.createMember(await product.adminToken(), {
        email: 'verification@agence-ouest.lu',
        name: 'Agence de l’Ouest',
      });
      const [invitee] = product.invitees(1, 'verif');
      if (!invitee) throw new Error('no invitee');
      const created = await product.createRequest(member, [invitee]);
      const key = await product.keyOf(invitee.email);
      await product.requestCode(created.id, key);
      await product.sign(
        created.id,
        key,
        Product.codeIn(await product.newestBody(invitee.mobile, 'sms')),
        invitee.mobile,
      );
      await waitFor('the seal', async () =>
        (await product.requestStatus(created.id)) === 'SIGNED' ? true : undefined,
      );
      const { body } = await product
        .api()
        .get(`/api/signatures/${created.id}/download`)
        .set('Authorization', `Bearer ${member.token}`)
        .expect(200);
      const response = await fetch(new URL((body as SignatureDownloadResponse).documentUrl, cluster.url));
      expect(response.status).toBe(200);
      sealed = Buffer.from(await response.arrayBuffer());
    });
  });
  afterAll(() => cluster?.stop());

  it('recognises the sealed document, unchanged, every signature valid', async () => {
    const report = await verify(sealed);
    expect(report).toMatchObject({ sealedByPlatform: true, unchangedSinceSeal: true, auditChainValid: true });
    expect(report.signatures.map((signature) => signature.kind)).toContain('seal');
    expect(report.signatures.every((signature) => signature.valid)).toBe(true);
  });

  it('reports the document modified after an incremental update, the signed revision still recognised', async () => {
    const report = await verify(withIncrementalUpdate(sealed));
    expect(report).toMatchObject({ sealedByPlatform: true, unchangedSinceSeal: false });
    // The signatures cover the revision they signed, which is intact: the change is what came after it.
    expect(report.signatures.every((signature) => signature.intact)).toBe(true);
  });

  it('reports every signature broken and the document unknown after a byte of it changed', async () => {
    const changed = Buffer.from(sealed);
    // A byte of the original document, which every signature covers.
    const offset = Math.floor(sealed.indexOf('/ByteRange') / 3);
    changed[offset] = (changed[offset] ?? 0) ^ 0x01;
    const report = await verify(changed);
    expect(report).toMatchObject({ sealedByPlatform: false, unchangedSinceSeal: false });
    expect(report.signatures.length).toBeGreaterThan(0);
    expect(report.signatures.every((signature) => !signature.intact && !signature.valid)).toBe(true);
  });
});
