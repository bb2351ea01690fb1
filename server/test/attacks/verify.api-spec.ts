import { readFileSync } from 'node:fs';
import request from 'supertest';
import { ErrorCode, MAX_PDF_BYTES, MAX_VERIFIED_SIGNATURES, type VerificationReport } from '@esign/shared';
import { manySignatureEntriesPdf } from '@esign/pdf-signing/testing';
import { MAX_PDF_CHECKS_PER_CALLER } from '../../src/modules/documents/pdf/pdf-work-queue';
import { holdCheckSlots, PdfWorkEvents } from '../support/pdf-work';
import { fixturePdf } from '../support/signature-fixtures';
import { startTestApp, type TestApp } from '../support/test-app';

const MIB = 1024 * 1024;
const VERIFY_RATE_LIMIT = 6;

/** The peak resident memory of this process (the API runs in it), in MiB. */
function peakResidentMb(): number {
  const kib = /VmHWM:\s+(\d+)/.exec(readFileSync('/proc/self/status', 'latin1'))?.[1];
  return Number(kib) / 1024;
}

/**
 * `POST /api/verify` is public: the reproduction, a 9.5 MB file of 200 distinct /ByteRange entries each
 * covering the whole file, froze the API for 14 s and added 1.2 GB to it, every entry a copy of what it covers.
 */
describe('attacks on the public verification', () => {
  let testApp: TestApp;
  let events: PdfWorkEvents;
  let addresses = 0;

  beforeAll(async () => {
    // Each test calls from addresses of its own (X-Forwarded-For, believed from loopback), as separate clients.
    testApp = await startTestApp({
      env: { TRUST_PROXY: 'loopback', VERIFY_RATE_LIMIT_PER_MINUTE: String(VERIFY_RATE_LIMIT) },
    });
  });
  beforeEach(() => {
    events = new PdfWorkEvents();
  });
  afterEach(() => events.stop());
  afterAll(async () => {
    await testApp.close();
  });

  const newAddress = () => {
    addresses += 1;
    return `198.51.100.${addresses}`;
  };
  const verify = (bytes: Buffer, address: string) =>
    request(testApp.url)
      .post('/api/verify')
      .set('X-Forwarded-For', address)
      .attach('file', bytes, { filename: 'document.pdf', contentType: 'application/pdf' });

  it('reads each signature of a file in a PDF process, the covered bytes never copied into the API', async () => {
    const pdf = manySignatureEntriesPdf(MAX_VERIFIED_SIGNATURES, MAX_PDF_BYTES - MIB / 2);
    const before = peakResidentMb();
    const answer = await verify(pdf, newAddress()).expect(200);
    const report = answer.body as VerificationReport;
    expect(report.signatures).toHaveLength(MAX_VERIFIED_SIGNATURES);
    expect(report.signatures.every((signature) => !signature.valid)).toBe(true);
    // Copies in the API would take the file's size once per signature: 570 MB here.
    expect(peakResidentMb() - before).toBeLessThan(128);
    expect(events.starts).toContainEqual({ lane: 'checks', owner: 'public verification' });
  });

  it(`refuses a file with more than ${MAX_VERIFIED_SIGNATURES} signatures with a clear 422`, async () => {
    const pdf = manySignatureEntriesPdf(200, MAX_PDF_BYTES - MIB / 2);
    const refused = await verify(pdf, newAddress()).expect(422);
    expect(refused.body).toMatchObject({ code: ErrorCode.PDF_TOO_MANY_SIGNATURES });
  });

  it(`allows ${VERIFY_RATE_LIMIT} verifications a minute per client address, then 429 with Retry-After`, async () => {
    const address = newAddress();
    const pdf = fixturePdf('minimal-document.pdf');
    for (let call = 0; call < VERIFY_RATE_LIMIT; call += 1) await verify(pdf, address).expect(200);
    const refused = await verify(pdf, address).expect(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    // Another client is not refused for it.
    await verify(pdf, newAddress()).expect(200);
  });

  it(`checks at most ${MAX_PDF_CHECKS_PER_CALLER} files of one address at once, then 429 with Retry-After`, async () => {
    const [address, other] = [newAddress(), newAddress()];
    const pdf = fixturePdf('minimal-document.pdf');
    const held = await holdCheckSlots(events);
    const waiting: Promise<request.Response>[] = [];
    try {
      waiting.push(
        ...Array.from({ length: MAX_PDF_CHECKS_PER_CALLER }, () => verify(pdf, address).then((r) => r)),
      );
      await events.until((seen) => seen.queued.length === MAX_PDF_CHECKS_PER_CALLER);
      const refused = await verify(pdf, address).expect(429);
      expect(refused.body).toMatchObject({ code: ErrorCode.TOO_MANY_REQUESTS });
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      waiting.push(verify(pdf, other).then((r) => r));
      await events.until((seen) => seen.queued.length === MAX_PDF_CHECKS_PER_CALLER + 1);
    } finally {
      await held.release();
    }
    expect((await Promise.all(waiting)).map((answer) => answer.status)).toEqual([200, 200, 200, 200]);
  });
});
