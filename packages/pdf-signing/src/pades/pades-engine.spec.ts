import { readFileSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import { issueCrl } from '../pki/crl';
import { issueSignatoryCertificate } from '../pki/signatory-certificate';
import { addDocumentTimestamp, addValidationData, signPdf, signPdfWithReport } from './index';
import {
  FIXTURES_DIR,
  checkSignedPdf,
  cornerBox,
  createTestPki,
  extractText,
  normalise,
  pageSizes,
  sealPng,
  signableFixtures,
  type TestPki,
} from '../testing/pades-test-kit';
import { type PadesLevel } from '../testing/signed-pdf-check';

const SIGNATORY_SETS = [
  ['Łukasz Żółć', 'שרה לוי', 'محمد علي'],
  ['Ayşe Yılmaz', 'Antonín Dvořák', 'محمد علي'],
  ['שרה לוי', 'Ayşe Yılmaz', 'Łukasz Żółć'],
];
const CORNERS = ['bottom-left', 'bottom-right', 'top-left'] as const;
const RIGHT_TO_LEFT = /[\u0590-\u08ff]/;

function expectPrefix(output: Buffer, input: Buffer): void {
  expect(output.length).toBeGreaterThan(input.length);
  expect(output.subarray(0, input.length).equals(input)).toBe(true);
}

function expectValid(file: string, pki: TestPki, expected: number, level: PadesLevel): void {
  const result = checkSignedPdf(file, pki.caFile, expected, level);
  if (!result.ok) throw new Error(`the relying party's checks failed for ${file}:\n${result.output}`);
}

/** Right-to-left names come out in logical order with poppler; check every letter at least. */
function expectNameExtracted(text: string, signatory: string): void {
  if (!RIGHT_TO_LEFT.test(signatory)) {
    expect(text).toContain(signatory);
    return;
  }
  for (const letter of signatory.replace(/\s/g, '')) expect(text).toContain(letter);
}

describe('PAdES engine on the fixture PDFs', () => {
  let pki: TestPki;

  beforeAll(async () => {
    pki = await createTestPki();
  });

  afterAll(async () => {
    await pki.cleanup();
  });

  async function signatory(commonName: string) {
    return issueSignatoryCertificate(pki.material.certificateAuthority, { commonName, validityMinutes: 15 });
  }

  const cases = signableFixtures().flatMap((fixture, index) =>
    (['normalised', 'original'] as const).map((variant) => ({ fixture, variant, index })),
  );

  it.each(cases)(
    '$fixture ($variant): three signatures, a seal, DSS and a document time-stamp make a valid B-LTA',
    async ({ fixture, variant, index }) => {
      const original = readFileSync(path.join(FIXTURES_DIR, fixture));
      let pdf = variant === 'normalised' ? await normalise(original) : original;
      const sizes = await pageSizes(pdf);
      const names = SIGNATORY_SETS[index % SIGNATORY_SETS.length] ?? [];
      const certificates: Buffer[] = [];
      for (const [position, name] of names.entries()) {
        const issued = await signatory(name);
        certificates.push(issued.identity.certificateDer);
        const pageIndex = position % sizes.length;
        const before = pdf;
        const result = await signPdfWithReport(pdf, {
          signer: issued.identity,
          timestampAuthority: pki.timestampAuthority,
          name,
          reason: 'Signature électronique avancée',
          location: 'Luxembourg',
          appearance: {
            pageIndex,
            rect: cornerBox(sizes[pageIndex] ?? { width: 595, height: 842 }, CORNERS[position] ?? 'top-left'),
            lines: [name, '31/01/2026 10:15', 'Luxembourg', 'Signé électroniquement'],
          },
        });
        expect(result.appearance?.missingCharacters).toBe('');
        pdf = result.pdf;
        expectPrefix(pdf, before);
      }
      const lastPage = sizes.length - 1;
      let before = pdf;
      pdf = await signPdf(pdf, {
        signer: pki.material.seal,
        timestampAuthority: pki.timestampAuthority,
        name: 'Chambre Immobilière du Grand-Duché de Luxembourg',
        reason: 'Cachet électronique',
        appearance: {
          pageIndex: lastPage,
          rect: cornerBox(sizes[lastPage] ?? { width: 595, height: 842 }, 'top-right'),
          lines: ['Chambre Immobilière', 'Cachet électronique', '31/01/2026 10:20'],
          image: sealPng(),
        },
      });
      expectPrefix(pdf, before);
      before = pdf;
      pdf = await addValidationData(pdf, {
        certificates: [
          ...certificates,
          pki.material.seal.certificateDer,
          pki.material.timestamping.certificateDer,
          pki.material.certificateAuthority.certificateDer,
        ],
        crls: [await issueCrl(pki.material.certificateAuthority)],
      });
      expectPrefix(pdf, before);
      before = pdf;
      pdf = await addDocumentTimestamp(pdf, pki.timestampAuthority);
      expectPrefix(pdf, before);

      const file = path.join(pki.directory, `${variant}-${fixture}`);
      writeFileSync(file, pdf);
      expectValid(file, pki, 4, 'B-LTA');
      const text = extractText(file);
      for (const name of names) expectNameExtracted(text, name);
      expect(text).toContain('Cachet électronique');
    },
  );

  it.each(cases)(
    '$fixture ($variant): one time-stamped invisible signature is a valid B-T',
    async ({ fixture, variant }) => {
      const original = readFileSync(path.join(FIXTURES_DIR, fixture));
      const input = variant === 'normalised' ? await normalise(original) : original;
      const issued = await signatory('Antonín Dvořák');
      const pdf = await signPdf(input, {
        signer: issued.identity,
        timestampAuthority: pki.timestampAuthority,
      });
      expectPrefix(pdf, input);
      const file = path.join(pki.directory, `single-${variant}-${fixture}`);
      writeFileSync(file, pdf);
      expectValid(file, pki, 1, 'B-T');
    },
  );

  it('a byte changed inside a signed range makes the validators fail', async () => {
    const input = await normalise(readFileSync(path.join(FIXTURES_DIR, 'minimal-document.pdf')));
    const issued = await signatory('Łukasz Żółć');
    const signed = await signPdf(input, {
      signer: issued.identity,
      timestampAuthority: pki.timestampAuthority,
    });
    const intact = path.join(pki.directory, 'intact.pdf');
    writeFileSync(intact, signed);
    expectValid(intact, pki, 1, 'B-T');

    // The binary comment on the second line: the structure stays sound, only the digest changes.
    const tampered = Buffer.from(signed);
    const position = tampered.indexOf('\n%', 0, 'latin1') + 2;
    tampered[position] = (tampered[position] ?? 0) ^ 0x01;
    const file = path.join(pki.directory, 'tampered.pdf');
    writeFileSync(file, tampered);
    const result = checkSignedPdf(file, pki.caFile, 1, 'B-T');
    expect(result.ok).toBe(false);
    expect(result.output).toMatch(/Digest Mismatch|openssl cms -verify failed|Signature is Invalid/);
  });
});
