import { readFileSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import { issueCrl } from '../pki/crl';
import { addDocumentTimestamp, addValidationData, signPdf } from '../pades';
import { IncrementalUpdate } from '../pades/incremental-update';
import { fromPdfLib, lookupDict, pageRef, readRevision } from '../pades/pdf-revision';
import { asDict } from '../pades/signature-field';
import { FIXTURES_DIR, createTestPki, normalise, type TestPki } from './pades-test-kit';
import { checkSignedPdf } from './signed-pdf-check';

// The relying party's checks the signing tests rely on: they must accept what is right and refuse each
// kind of wrong, or every test built on them proves nothing.
describe('signed PDF check', () => {
  let pki: TestPki;
  let stranger: TestPki;
  let signedOnce: Buffer;
  let withValidationData: Buffer;
  let archived: Buffer;

  const save = (name: string, pdf: Buffer): string => {
    const file = path.join(pki.directory, name);
    writeFileSync(file, pdf);
    return file;
  };

  beforeAll(async () => {
    [pki, stranger] = await Promise.all([createTestPki(), createTestPki()]);
    const source = await normalise(readFileSync(path.join(FIXTURES_DIR, 'pdflatex-4-pages.pdf')));
    signedOnce = await signPdf(source, {
      signer: pki.material.seal,
      timestampAuthority: pki.timestampAuthority,
      name: 'Chambre Immobilière',
    });
    withValidationData = await addValidationData(signedOnce, {
      certificates: [pki.material.seal.certificateDer, pki.material.certificateAuthority.certificateDer],
      crls: [await issueCrl(pki.material.certificateAuthority)],
    });
    archived = await addDocumentTimestamp(withValidationData, pki.timestampAuthority);
  });

  afterAll(async () => {
    await Promise.all([pki.cleanup(), stranger.cleanup()]);
  });

  it('accepts a B-LTA document and reports what each validator said of each signature', () => {
    const check = checkSignedPdf(save('archived.pdf', archived), {
      trustAnchors: pki.caFile,
      signatures: 1,
      level: 'B-LTA',
    });
    expect(check.problems).toEqual([]);
    expect(check.ok).toBe(true);
    expect(check.signatures).toMatchObject([
      {
        index: 1,
        kind: 'signature',
        subFilter: 'ETSI.CAdES.detached',
        opensslValid: true,
        pdfsig: { signature: 'Signature is Valid.', certificate: 'Certificate is Trusted.' },
        signingCertificateV2: true,
        signingTimeAttribute: false,
        signatureTimestamp: 'verified',
      },
      { index: 2, kind: 'document time-stamp', subFilter: 'ETSI.RFC3161', opensslValid: true },
    ]);
    expect(check.output).toMatch(/^OK: 2 signatures and time-stamps checked$/m);
  });

  it('refuses signatures and time-stamps that do not chain to the given trust anchors', () => {
    const check = checkSignedPdf(save('untrusted.pdf', archived), { trustAnchors: stranger.caFile });
    expect(check.ok).toBe(false);
    expect(check.problems).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^signature 1: openssl cms -verify failed/),
        'signature 1: openssl ts -verify refused its signature time-stamp',
        'document time-stamp 2: openssl ts -verify failed',
        expect.stringMatching(/^pdfsig: signature 1: Certificate issuer isn't Trusted/),
      ]),
    );
    expect(check.output).toMatch(/^FAIL: /m);
  });

  it('accepts validation data added after the last signature, and nothing else', async () => {
    const dssOnly = checkSignedPdf(save('dss.pdf', withValidationData), {
      trustAnchors: pki.caFile,
      level: 'B-LT',
    });
    expect(dssOnly.problems).toEqual([]);

    // A later update that shrinks the signed page: a viewer would show something else than was signed.
    const revision = await readRevision(withValidationData);
    const update = new IncrementalUpdate(revision);
    const page = pageRef(revision, 0);
    update.put(page, asDict(fromPdfLib(lookupDict(revision, page))).set('MediaBox', [0, 0, 200, 200]));
    const reshaped = checkSignedPdf(save('reshaped.pdf', update.write().bytes), { trustAnchors: pki.caFile });
    expect(reshaped.problems).toContain(
      `the update after the last signature changes object ${page.objectNumber} ${page.generation} R`,
    );
  });

  it('holds a file to the level and the number of signatures asked for', () => {
    const file = save('signed-once.pdf', signedOnce);
    expect(checkSignedPdf(file, { trustAnchors: pki.caFile, level: 'B-T', signatures: 1 }).problems).toEqual(
      [],
    );
    expect(checkSignedPdf(file, { trustAnchors: pki.caFile, level: 'B-LT' }).problems).toEqual([
      'B-LT: the catalog has no /DSS',
    ]);
    expect(
      checkSignedPdf(save('dss-only.pdf', withValidationData), { trustAnchors: pki.caFile, level: 'B-LTA' })
        .problems,
    ).toEqual(['B-LTA: no document time-stamp covers the DSS']);
    expect(checkSignedPdf(file, { trustAnchors: pki.caFile, signatures: 2 }).problems).toEqual([
      'expected 2 signatures, found 1',
    ]);
  });

  it('finds no signature in an unsigned file, and a broken structure in a truncated one', () => {
    const unsigned = checkSignedPdf(path.join(FIXTURES_DIR, 'minimal-document.pdf'), {
      trustAnchors: pki.caFile,
    });
    expect(unsigned.problems).toEqual(['no signature found']);

    const truncated = checkSignedPdf(save('truncated.pdf', archived.subarray(0, archived.length - 600)), {
      trustAnchors: pki.caFile,
    });
    expect(truncated.ok).toBe(false);
    expect(truncated.problems).toEqual(
      expect.arrayContaining([expect.stringMatching(/^qpdf --check exit [23]/)]),
    );
  });
});
