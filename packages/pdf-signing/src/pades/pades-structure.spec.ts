import { readFileSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import {
  PDFArray,
  type PDFDict,
  PDFDocument,
  PDFName,
  PDFRef,
  type PDFString,
  type PDFObject,
} from '@cantoo/pdf-lib';
import { issueCrl } from '../pki/crl';
import { PadesError, addValidationData, signPdf, signPdfWithReport } from './index';
import {
  FIXTURES_DIR,
  checkSignedPdf,
  createTestPki,
  normalise,
  type TestPki,
} from '../testing/pades-test-kit';

const fixture = (name: string): Buffer => readFileSync(path.join(FIXTURES_DIR, name));
const dejaVu = (file: string): Buffer => readFileSync(require.resolve(`dejavu-fonts-ttf/ttf/${file}`));

async function catalogOf(pdf: Buffer): Promise<{ document: PDFDocument; catalog: PDFDict }> {
  const document = await PDFDocument.load(pdf, { updateMetadata: false });
  return { document, catalog: document.catalog };
}

function lookup(document: PDFDocument, value: PDFObject | undefined): PDFObject | undefined {
  return value instanceof PDFRef ? document.context.lookup(value) : value;
}

function arrayOf(document: PDFDocument, value: PDFObject | undefined): PDFObject[] {
  const array = lookup(document, value);
  return array instanceof PDFArray ? array.asArray() : [];
}

describe('PAdES update structure', () => {
  let pki: TestPki;
  const sign = (pdf: Buffer, options: Partial<Parameters<typeof signPdf>[1]> = {}): Promise<Buffer> =>
    signPdf(pdf, { signer: pki.material.seal, ...options });

  beforeAll(async () => {
    pki = await createTestPki();
  });

  afterAll(async () => {
    await pki.cleanup();
  });

  it('ends the update with an xref stream after an xref stream, and with a table after a table', async () => {
    const streamBased = fixture('minimal-document.pdf');
    const afterStream = (await sign(streamBased)).subarray(streamBased.length).toString('latin1');
    expect(afterStream).toMatch(/\/Type \/XRef/);
    expect(afterStream).not.toMatch(/^xref$/m);
    expect(afterStream).toMatch(/\/Prev 16675\b/);

    const tableBased = await normalise(streamBased);
    const afterTable = (await sign(tableBased)).subarray(tableBased.length).toString('latin1');
    expect(afterTable).toMatch(/^xref$/m);
    expect(afterTable).toMatch(/^trailer$/m);
    expect(afterTable).not.toMatch(/\/Type \/XRef/);
  });

  it('keeps the existing form fields, adds the signature field and turns NeedAppearances off', async () => {
    const input = fixture('libreoffice-form.pdf');
    const before = await catalogOf(input);
    const beforeForm = lookup(before.document, before.catalog.get(PDFName.of('AcroForm'))) as PDFDict;
    const fieldCount = arrayOf(before.document, beforeForm.get(PDFName.of('Fields'))).length;

    const { document, catalog } = await catalogOf(await sign(input, { fieldName: 'Seal' }));
    const acroForm = lookup(document, catalog.get(PDFName.of('AcroForm'))) as PDFDict;
    const fields = arrayOf(document, acroForm.get(PDFName.of('Fields')));
    expect(fields).toHaveLength(fieldCount + 1);
    expect(acroForm.get(PDFName.of('SigFlags'))?.toString()).toBe('3');
    expect(acroForm.has(PDFName.of('NeedAppearances'))).toBe(false);
    const widget = lookup(document, fields[fields.length - 1]) as PDFDict;
    expect((widget.get(PDFName.of('T')) as PDFString).decodeText()).toBe('Seal');
    expect(widget.get(PDFName.of('FT'))?.toString()).toBe('/Sig');
    const annots = arrayOf(document, document.getPage(0).node.get(PDFName.of('Annots')));
    expect(annots.map(String)).toContain(String(fields[fields.length - 1]));
  });

  it('names fields Signature1, Signature2… and refuses a name already taken', async () => {
    const first = await sign(await normalise(fixture('minimal-document.pdf')));
    const second = await signPdfWithReport(first, { signer: pki.material.seal });
    expect(second.fieldName).toBe('Signature2');
    await expect(sign(second.pdf, { fieldName: 'Signature1' })).rejects.toBeInstanceOf(PadesError);
  });

  it('writes the signing time, name, reason and location in the signature dictionary', async () => {
    const signingTime = new Date('2026-01-31T09:15:30Z');
    const signed = await sign(await normalise(fixture('minimal-document.pdf')), {
      signingTime,
      name: 'Antonín Dvořák',
      reason: 'Compromis de vente',
      location: 'Luxembourg',
    });
    const { document, catalog } = await catalogOf(signed);
    const acroForm = lookup(document, catalog.get(PDFName.of('AcroForm'))) as PDFDict;
    const [field] = arrayOf(document, acroForm.get(PDFName.of('Fields')));
    const widget = lookup(document, field) as PDFDict;
    const signature = lookup(document, widget.get(PDFName.of('V'))) as PDFDict;
    const text = (key: string): string | undefined =>
      (signature.get(PDFName.of(key)) as PDFString | undefined)?.decodeText();
    expect(signature.get(PDFName.of('SubFilter'))?.toString()).toBe('/ETSI.CAdES.detached');
    expect(text('M')).toBe("D:20260131091530+00'00'");
    expect(text('Name')).toBe('Antonín Dvořák');
    expect(text('Reason')).toBe('Compromis de vente');
    expect(text('Location')).toBe('Luxembourg');
  });

  it('refuses an encrypted PDF with a PadesError', async () => {
    await expect(sign(fixture('libreoffice-writer-password.pdf'))).rejects.toBeInstanceOf(PadesError);
  });

  it('grows a /Contents reservation that is too small instead of failing', async () => {
    const input = await normalise(fixture('minimal-document.pdf'));
    const signed = await sign(input, { reservedBytes: 64, timestampAuthority: pki.timestampAuthority });
    expect(signed.subarray(0, input.length).equals(input)).toBe(true);
    expect(signed.toString('latin1')).toMatch(/\/Contents <3082/);
    const file = path.join(pki.directory, 'grown.pdf');
    writeFileSync(file, signed);
    const check = checkSignedPdf(file, pki.caFile, 1, 'B-T');
    expect(check.output).toMatch(/^OK/m);
  });

  it('extends an existing DSS without duplicating material, leaving the catalog alone', async () => {
    const signed = await sign(await normalise(fixture('minimal-document.pdf')));
    const { seal, timestamping, certificateAuthority } = pki.material;
    const crl = await issueCrl(certificateAuthority);
    const once = await addValidationData(signed, { certificates: [seal.certificateDer], crls: [crl] });
    const twice = await addValidationData(once, {
      certificates: [seal.certificateDer, timestamping.certificateDer, certificateAuthority.certificateDer],
      crls: [crl],
      ocsps: [],
    });
    expect(twice.subarray(once.length).toString('latin1')).not.toMatch(/\/Type \/Catalog/);
    const { document, catalog } = await catalogOf(twice);
    const dss = lookup(document, catalog.get(PDFName.of('DSS'))) as PDFDict;
    expect(dss.get(PDFName.of('Type'))?.toString()).toBe('/DSS');
    expect(arrayOf(document, dss.get(PDFName.of('Certs')))).toHaveLength(3);
    expect(arrayOf(document, dss.get(PDFName.of('CRLs')))).toHaveLength(1);
    expect(dss.has(PDFName.of('OCSPs'))).toBe(false);
  });

  it('reports which font drew which characters, and what no font has', async () => {
    const input = await normalise(fixture('minimal-document.pdf'));
    const appearance = {
      pageIndex: 0,
      rect: { x: 300, y: 40, width: 200, height: 60 },
      lines: ['Dvořák', 'שרה לוי', '张伟'],
      fonts: [dejaVu('DejaVuSerif.ttf'), dejaVu('DejaVuSans.ttf')],
    };
    const result = await signPdfWithReport(input, { signer: pki.material.seal, appearance });
    expect(result.appearance?.missingCharacters).toBe('张伟');
    const byFont = Object.fromEntries(
      (result.appearance?.fonts ?? []).map((font) => [font.fontName, font.characters]),
    );
    expect(byFont.DejaVuSerif).toContain('Dvořák');
    expect(byFont.DejaVuSans).toBe('שרהלוי');
    expect(result.pdf.subarray(input.length).toString('latin1')).toMatch(
      /\/BaseFont \/[A-Z]{6}\+DejaVuSerif/,
    );
  });
});
