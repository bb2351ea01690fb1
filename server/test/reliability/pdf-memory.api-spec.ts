import { readFileSync } from 'node:fs';
import { createDeflate, deflateSync } from 'node:zlib';
import type request from 'supertest';
import { simplePdf, streamObject } from '@esign/pdf-signing/testing';
import { fixturePdf, signatureInput, uploadPdf } from '../support/signature-fixtures';
import { Product, type MemberSession } from '../support/product';
import { Cluster } from './support/cluster';
import { describeReliability, waitFor, type ProductProcess } from './support/processes';

const MIB = 1024 * 1024;
/** What hostile input may add to the peak memory of a product process (the PDF processes' own excluded). */
const BOUND_MB = 256;

/** A process's peak resident memory since it started (VmHWM), in MiB. */
function peakMb(process: ProductProcess): number {
  const kib = /VmHWM:\s+(\d+)/.exec(readFileSync(`/proc/${process.pid}/status`, 'latin1'))?.[1];
  return Number(kib) / 1024;
}

/** `bytes` zeros deflated twice: a few kilobytes that a decoder following the filter chain inflates whole. */
async function zerosDeflatedTwice(bytes: number): Promise<Buffer> {
  const deflater = createDeflate({ level: 9 });
  const chunks: Buffer[] = [];
  deflater.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise((resolve) => deflater.on('end', resolve));
  const zeros = Buffer.alloc(16 * MIB);
  for (let written = 0; written < bytes; written += zeros.length) {
    if (!deflater.write(zeros)) await new Promise((resolve) => deflater.once('drain', resolve));
  }
  deflater.end();
  await done;
  return deflateSync(Buffer.concat(chunks), { level: 9 });
}

/**
 * Decoded buffers live outside the JavaScript heap, which was all a worker thread's limit covered: a 2.5 KB
 * object stream deflated twice over 1 GiB of zeros added a gigabyte to the API while it was checked, and a
 * page content deflated the same way added two to whichever process sealed it. The PDF work now runs in
 * processes of its own, each with a memory limit of its own; the product's processes stay within bounds,
 * whatever the engine makes of the file.
 */
describeReliability('memory of the product processes against decompression bombs', () => {
  let cluster: Cluster;
  let product: Product;
  let member: MemberSession;
  let bomb: Buffer;

  beforeAll(async () => {
    cluster = await Cluster.start({ workers: [{}] });
    product = new Product(cluster);
    member = await product.createMember(await product.adminToken(), {
      email: 'bombes@agence-ouest.lu',
      name: 'Agence de l’Ouest',
    });
    bomb = await zerosDeflatedTwice(1024 * MIB);
    // A first check, so that the peaks below start from a process that has done its usual work.
    await uploadPdf(cluster.url, member.token, fixturePdf('minimal-document.pdf'));
  });
  afterAll(() => cluster?.stop());

  async function complete(pdf: Buffer): Promise<request.Response> {
    const issued = await product
      .api()
      .post('/api/pdf')
      .set('Authorization', `Bearer ${member.token}`)
      .send({ documentType: 'CUSTOM', size: pdf.length, fileName: 'bombe.pdf' })
      .expect(201);
    const { fileId, url } = issued.body as { fileId: string; url: string };
    const put = await fetch(new URL(url, cluster.url), {
      method: 'PUT',
      headers: { 'Content-Type': 'application/pdf' },
      body: new Uint8Array(pdf),
    });
    expect(put.ok).toBe(true);
    return product.api().post(`/api/pdf/${fileId}/complete`).set('Authorization', `Bearer ${member.token}`);
  }

  it('checks an object stream deflated twice over 1 GiB without the API growing', () =>
    cluster.explain(async () => {
      const objectStream = streamObject(
        '/Type /ObjStm /N 1 /First 4 /Filter [/FlateDecode /FlateDecode]',
        bomb,
      );
      const before = peakMb(cluster.api);
      const answer = await complete(simplePdf({ extra: [objectStream] }));
      // Refused, or read without the part the limits cut off: never a fault, never the API's memory.
      expect([200, 422]).toContain(answer.status);
      expect(peakMb(cluster.api) - before).toBeLessThan(BOUND_MB);
      expect((await fetch(`${cluster.url}/api/health`)).status).toBe(200);
    }));

  it('seals (or fails to seal) a page content deflated twice over 1 GiB without the worker growing', () =>
    cluster.explain(async () => {
      const [worker] = cluster.workers;
      if (!worker) throw new Error('no worker');
      const content = streamObject('/Filter [/FlateDecode /FlateDecode]', bomb);
      const pdf = simplePdf({ extra: [content], page: '/Contents [3 0 R 4 0 R]' });
      const [apiBefore, workerBefore] = [peakMb(cluster.api), peakMb(worker)];
      const answer = await complete(pdf);
      expect([200, 422]).toContain(answer.status);
      if (answer.status === 200) {
        const documentId = (answer.body as { documentId: string }).documentId;
        const mark = worker.mark();
        const requestId = await signSimply(documentId);
        await waitFor('the seal to end', async () => {
          const failed = worker.entries.slice(mark).some((entry) => entry.msg === 'Job failed');
          return failed || (await product.requestStatus(requestId)) === 'SIGNED' ? true : undefined;
        });
      }
      expect(peakMb(worker) - workerBefore).toBeLessThan(BOUND_MB);
      expect(peakMb(cluster.api) - apiBefore).toBeLessThan(BOUND_MB);
    }));

  /** A SIMPLE request on the document, signed by its one signatory: the seal job follows. */
  async function signSimply(documentId: string): Promise<string> {
    const [invitee] = product.invitees(1, 'bombe');
    if (!invitee) throw new Error('no invitee');
    const created = await product
      .api()
      .post('/api/signatures')
      .set('Authorization', `Bearer ${member.token}`)
      .send(
        signatureInput(documentId, {
          language: 'fr',
          signatories: [{ ...invitee, order: 1, placement: { page: 1, position: 'bottom-left' } }],
        }),
      )
      .expect(201);
    const requestId = (created.body as { id: string }).id;
    const key = await product.keyOf(invitee.email);
    await product.displayDocument(requestId, key);
    await product.requestCode(requestId, key);
    await product.sign(
      requestId,
      key,
      Product.codeIn(await product.newestBody(invitee.mobile, 'sms')),
      invitee.mobile,
    );
    return requestId;
  }
});
