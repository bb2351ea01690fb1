import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import { MAX_VERIFIED_SIGNATURES } from '@esign/shared';
import { issueCrl, issueSignatoryCertificate } from '../pki';
import { addDocumentTimestamp, addValidationData, signPdf } from '../pades';
import { createTestPki, FIXTURES_DIR, normalise, type TestPki } from '../testing/pades-test-kit';
import { manyRevisionsPdf, manySignatureEntriesPdf } from '../testing/hostile-signatures';
import {
  hasValidationData,
  MAX_VERIFIED_REVISIONS,
  revisionDigests,
  revisionEnds,
  scanPdfSignatures,
  TooManySignaturesError,
} from './pdf-signature-scan';
import { checkSignature, rootsFromPem } from './signature-validation';

describe('signature validation of PDFs', () => {
  let pki: TestPki;
  let other: TestPki;
  let signed: Buffer;

  beforeAll(async () => {
    [pki, other] = await Promise.all([createTestPki(), createTestPki()]);
    const source = await normalise(readFileSync(path.join(FIXTURES_DIR, 'minimal-document.pdf')));
    const signatory = await issueSignatoryCertificate(pki.material.certificateAuthority, {
      commonName: 'Ayşe Yılmaz',
      validityMinutes: 15,
    });
    let pdf = await signPdf(source, {
      signer: signatory.identity,
      timestampAuthority: pki.timestampAuthority,
      signingTime: new Date('2026-11-23T10:00:00Z'),
    });
    pdf = await signPdf(pdf, { signer: pki.material.seal, timestampAuthority: pki.timestampAuthority });
    pdf = await addValidationData(pdf, {
      certificates: [signatory.identity.certificateDer, pki.material.certificateAuthority.certificateDer],
      crls: [await issueCrl(pki.material.certificateAuthority, {})],
    });
    signed = await addDocumentTimestamp(pdf, pki.timestampAuthority);
  }, 120_000);

  afterAll(async () => {
    await Promise.all([pki.cleanup(), other.cleanup()]);
  });

  it('finds each signature and time-stamp, in file order, with its covered bytes', () => {
    const found = scanPdfSignatures(signed);
    expect(found.map((item) => item.subFilter)).toEqual([
      'ETSI.CAdES.detached',
      'ETSI.CAdES.detached',
      'ETSI.RFC3161',
    ]);
    expect(found.map((item) => item.coversWholeFile)).toEqual([false, false, true]);
    expect(hasValidationData(signed)).toBe(true);
    expect(revisionEnds(signed).at(-1)).toBe(signed.length);
  });

  it('reports intact, trusted, time-stamped signatures under the right roots', () => {
    const roots = rootsFromPem(pki.material.trustBundlePem());
    const checked = scanPdfSignatures(signed).map((item) => checkSignature(item, roots));
    expect(checked.map((item) => [item.kind, item.intact, item.trusted, item.timestamped])).toEqual([
      ['signature', true, true, true],
      ['signature', true, true, true],
      ['timestamp', true, true, true],
    ]);
    expect(checked[0]?.signer).toBe('Ayşe Yılmaz');
    // The development CA's certificates claim nothing qualified; the issuer is named by its organisation.
    expect(checked[0]?.issuer).toBe('Development only');
    expect(checked[0]?.statements).toEqual({ qcCompliance: false, qcSscd: false, forSignatures: false });
  });

  it("names a qualified certificate's claims, for a signature made with one", async () => {
    const source = await normalise(readFileSync(path.join(FIXTURES_DIR, 'minimal-document.pdf')));
    const qualified = await issueSignatoryCertificate(pki.material.certificateAuthority, {
      commonName: 'Jean Qualifié',
      validityMinutes: 15,
      qualified: true,
    });
    const pdf = await signPdf(source, { signer: qualified.identity });
    const [checked] = scanPdfSignatures(pdf).map((item) => checkSignature(item, []));
    expect(checked).toMatchObject({
      signer: 'Jean Qualifié',
      intact: true,
      trusted: false,
      statements: { qcCompliance: true, qcSscd: true, forSignatures: true },
    });
  });

  it('does not trust signatures under another root', () => {
    const roots = rootsFromPem(other.material.trustBundlePem());
    const checked = scanPdfSignatures(signed).map((item) => checkSignature(item, roots));
    expect(checked.every((item) => item.intact && !item.trusted)).toBe(true);
  });

  it('finds a changed byte inside a signed range', () => {
    const tampered = Buffer.from(signed);
    const [first] = scanPdfSignatures(tampered);
    const position = Math.floor((first?.byteRange[1] ?? 0) / 2);
    tampered[position] = (tampered[position] ?? 0) ^ 0x01;
    const roots = rootsFromPem(pki.material.trustBundlePem());
    const checked = scanPdfSignatures(tampered).map((item) => checkSignature(item, roots));
    expect(checked.every((item) => !item.intact)).toBe(true);
    expect(checked[0]?.problem).toMatch(/digest/);
  });

  it('reports nothing for an unsigned PDF', () => {
    expect(scanPdfSignatures(readFileSync(path.join(FIXTURES_DIR, 'pdflatex-4-pages.pdf')))).toEqual([]);
  });

  it('reads the signed revisions of a sealed file among the digests it looks up', () => {
    const digests = revisionDigests(signed);
    const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');
    expect(digests[0]).toBe(sha256(signed));
    const earlier = revisionEnds(signed).filter((end) => end < signed.length);
    expect(digests.slice(1)).toEqual(earlier.map((end) => sha256(signed.subarray(0, end))));
  });
});

describe('verification of hostile files', () => {
  const MIB = 1024 * 1024;

  it(`refuses a file with more than ${MAX_VERIFIED_SIGNATURES} signatures before checking any`, () => {
    const pdf = manySignatureEntriesPdf(MAX_VERIFIED_SIGNATURES + 1, MIB);
    expect(() => scanPdfSignatures(pdf)).toThrow(TooManySignaturesError);
    expect(scanPdfSignatures(manySignatureEntriesPdf(MAX_VERIFIED_SIGNATURES, MIB))).toHaveLength(
      MAX_VERIFIED_SIGNATURES,
    );
  });

  it("keeps each signature's covered bytes where they lie in the file, never a copy", () => {
    const pdf = manySignatureEntriesPdf(MAX_VERIFIED_SIGNATURES, 4 * MIB);
    const before = process.memoryUsage().arrayBuffers;
    const found = scanPdfSignatures(pdf);
    const grown = process.memoryUsage().arrayBuffers - before;
    // Copies would take the file's size once per signature: 240 MB here.
    expect(grown).toBeLessThan(pdf.length);
    expect(found.every((item) => item.signedRanges.every((range) => range.buffer === pdf.buffer))).toBe(true);
    expect(found.map((item) => checkSignature(item, []).problem)).toEqual(
      found.map(() => 'malformed byte range'),
    );
  });

  it(`looks up the whole file and its first ${MAX_VERIFIED_REVISIONS} revisions, however many it has`, () => {
    const pdf = manyRevisionsPdf(10 * MAX_VERIFIED_REVISIONS);
    const digests = revisionDigests(pdf);
    expect(digests).toHaveLength(1 + MAX_VERIFIED_REVISIONS);
    const firstEnd = revisionEnds(pdf)[0] ?? 0;
    expect(digests[1]).toBe(createHash('sha256').update(pdf.subarray(0, firstEnd)).digest('hex'));
  });
});
