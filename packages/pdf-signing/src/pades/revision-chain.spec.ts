import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { timestampRevision } from './document-timestamp';
import { readRevision, revisionBytes, type PdfRevision } from './pdf-revision';
import { serialize } from './pdf-syntax';
import { signRevision } from './sign-pdf';
import {
  FIXTURES_DIR,
  checkSignedPdf,
  createTestPki,
  normalise,
  type TestPki,
} from '../testing/pades-test-kit';
import { addValidationDataTo } from './validation-data';

/** Every indirect object of the revision's parsed view, serialised, by object number. */
function objectsOf(revision: PdfRevision): Map<string, string> {
  return new Map(
    revision.document.context
      .enumerateIndirectObjects()
      .map(([ref, object]) => [ref.tag, object.toString()] as [string, string]),
  );
}

describe('revision chain in memory', () => {
  let pki: TestPki;

  beforeAll(async () => {
    pki = await createTestPki();
  });

  afterAll(async () => {
    await pki.cleanup();
  });

  it.each(['minimal-document.pdf', 'libreoffice-form.pdf', 'pdflatex-4-pages.pdf'])(
    '%s: signature, validation data and document time-stamp read back as a fresh parse reads them',
    async (fixture) => {
      const source = await normalise(readFileSync(join(FIXTURES_DIR, fixture)));
      const signed = await signRevision(await readRevision(source), {
        signer: pki.material.seal,
        timestampAuthority: pki.timestampAuthority,
        appearance: {
          pageIndex: 0,
          rect: { x: 40, y: 40, width: 180, height: 60 },
          lines: ['Élodie Müller'],
        },
      });
      const withData = addValidationDataTo(signed.revision, {
        certificates: [pki.material.seal.certificateDer, pki.material.certificateAuthority.certificateDer],
        crls: [],
      });
      const chained = await timestampRevision(withData, pki.timestampAuthority);
      const bytes = revisionBytes(chained);
      expect(bytes.subarray(0, source.length).equals(source)).toBe(true);

      const fresh = await readRevision(bytes);
      expect(chained.length).toBe(bytes.length);
      expect({ xref: chained.xrefOffset, kind: chained.xrefKind, size: chained.size }).toEqual({
        xref: fresh.xrefOffset,
        kind: fresh.xrefKind,
        size: fresh.size,
      });
      expect(serialize(chained.id ?? null)).toBe(serialize(fresh.id ?? null));
      // Every object as the file now says it, including the signatures' /ByteRange and /Contents.
      const read = objectsOf(fresh);
      const kept = objectsOf(chained);
      for (const [ref, text] of read) {
        if (text.includes('/Type /XRef')) continue;
        expect([ref, kept.get(ref)]).toEqual([ref, text]);
      }
      const file = join(pki.directory, `chain-${fixture}`);
      writeFileSync(file, bytes);
      const check = checkSignedPdf(file, pki.caFile, 1, 'B-LTA');
      if (!check.ok) throw new Error(check.output);
    },
  );
});
