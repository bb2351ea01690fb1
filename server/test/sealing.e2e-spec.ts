import { createHash } from 'node:crypto';
import { readdirSync } from 'node:fs';
import { getDataSourceToken } from '@nestjs/typeorm';
import { type DataSource } from 'typeorm';
import { PDFArray, PDFDict, PDFDocument, PDFName, type PDFNumber } from '@cantoo/pdf-lib';
import request from 'supertest';
import { FLAT_SALES_AGREEMENT, type PdfTemplateResponse } from '@esign/shared';
import { signatureAreaOf } from '../src/modules/documents/templates/document-renderer';
import { auditReportTexts } from '../src/modules/signing/pdf-work/audit-report-texts';
import { type Member } from './support/members';
import {
  ValidationBench,
  downloadSigned,
  expectNameIn,
  memberWithLogo,
  pdfText,
  waitUntilSigned,
} from './support/sealing';
import { FIXTURES_DIR, fixturePdf, uploadPdf } from './support/signature-fixtures';
import { SigningDriver, type Invitee } from './support/signing-flow';
import { startTestApp, type TestApp } from './support/test-app';

const FIXTURES = readdirSync(FIXTURES_DIR)
  .filter((file) => file.endsWith('.pdf') && file !== 'libreoffice-writer-password.pdf')
  .sort();
const AUDIT_TITLE = auditReportTexts('fr').title;
const HARD_NAMES = [
  'Łukasz Żółć',
  'Ayşe Yılmaz',
  'محمد علي',
  'שרה לוי',
  '张伟',
  '<img src=x onerror=alert(1)>',
];

describe('sealing: the final PDF through the real API', () => {
  let testApp: TestApp;
  let member: Member;
  let driver: SigningDriver;
  const bench = new ValidationBench();
  const db = () => testApp.app.get<DataSource>(getDataSourceToken());

  beforeAll(async () => {
    testApp = await startTestApp({ env: { SIGNING_RATE_LIMIT_PER_MINUTE: '1000' } });
    member = await memberWithLogo(testApp, { email: 'sceau@agence-est.lu', name: 'Agence de l’Est' });
    driver = new SigningDriver(testApp, member.token);
    await bench.fetchTrustAnchors(testApp);
  });

  afterAll(async () => {
    bench.cleanup();
    await testApp.close();
  });

  /** Upload, request, everyone signs (in order, or all at once), sealed; the final file on disk. */
  async function signedFile(
    fixture: string,
    people: Invitee[],
    options: { mode: 'SIMPLE' | 'ADVANCED'; flow: 'SEQUENCE' | 'CONCURRENT' },
  ): Promise<{ file: string; pageCount: number }> {
    const upload = await uploadPdf(testApp.url, member.token, fixturePdf(fixture), fixture);
    const created = await driver.createRequest(upload.documentId, people, {
      signingMode: options.mode,
      signingFlow: options.flow,
      sealPage: upload.pdfPageCount,
    });
    if (options.flow === 'SEQUENCE') {
      for (const person of people) await driver.signAs(created.id, person);
    } else {
      await Promise.all(people.map((person) => driver.signAs(created.id, person)));
    }
    await waitUntilSigned(testApp, member.token, created.id);
    const pdf = await downloadSigned(testApp, member.token, created.id);
    const [row] = await db().query<{ final_sha256: string }[]>(
      `SELECT final_sha256 FROM signature_request WHERE id = $1`,
      [created.id],
    );
    expect(row?.final_sha256).toBe(createHash('sha256').update(pdf).digest('hex'));
    return { file: bench.save(`${created.id}-${fixture}`, pdf), pageCount: upload.pdfPageCount };
  }

  it.each(FIXTURES)(
    '%s: three ADVANCED signatures in sequence, then the seal: a valid B-LTA with four signatures',
    async (fixture) => {
      const people = driver.invitees(3, 'suite');
      const { file, pageCount } = await signedFile(fixture, people, { mode: 'ADVANCED', flow: 'SEQUENCE' });
      bench.expectValid(file, 4);
      const text = pdfText(file);
      for (const person of people) expect(text).toContain(person.name);
      expect(pdfText(file, { first: pageCount + 1 })).toContain(AUDIT_TITLE);
    },
  );

  it('three ADVANCED signatories signing at the same time: signatures applied one by one, all valid', async () => {
    const people = driver.invitees(3, 'ensemble');
    const { file } = await signedFile('minimal-document.pdf', people, {
      mode: 'ADVANCED',
      flow: 'CONCURRENT',
    });
    bench.expectValid(file, 4);
  });

  it('a SIMPLE request: the blocks drawn before the seal, the seal the one signature', async () => {
    const people = driver.invitees(3, 'simple').map((person, index) => ({
      ...person,
      name: ['Ayşe Yılmaz', 'שרה לוי', 'Jean Dupont'][index] ?? person.name,
    }));
    const { file, pageCount } = await signedFile('pdflatex-4-pages.pdf', people, {
      mode: 'SIMPLE',
      flow: 'CONCURRENT',
    });
    bench.expectValid(file, 1);
    const firstPage = pdfText(file, { first: 1, last: 1 });
    for (const person of people) expectNameIn(firstPage, person.name);
    expect(firstPage).toContain('Signé électroniquement');
    expect(pdfText(file, { first: pageCount + 1 })).toContain(AUDIT_TITLE);
  });

  it('names in any script sign, and show in the signature blocks and on the audit page', async () => {
    const people = driver.invitees(HARD_NAMES.length, 'unicode').map((person, index) => ({
      ...person,
      name: HARD_NAMES[index] ?? person.name,
    }));
    const { file, pageCount } = await signedFile('google-doc-document.pdf', people, {
      mode: 'ADVANCED',
      flow: 'SEQUENCE',
    });
    bench.expectValid(file, HARD_NAMES.length + 1);
    const signedPages = pdfText(file, { first: 1, last: pageCount });
    const auditPages = pdfText(file, { first: pageCount + 1 });
    for (const name of HARD_NAMES) expectNameIn(signedPages, name);
    for (const name of HARD_NAMES) expectNameIn(auditPages, name);
    expect(auditPages).toContain(AUDIT_TITLE);
  });

  /** Each signature field's widget rectangle on a page (0-based), rounded to the point. */
  async function signatureRects(pdf: Buffer, pageIndex: number): Promise<number[][]> {
    const document = await PDFDocument.load(pdf, { updateMetadata: false });
    const annots = document.getPages()[pageIndex]?.node.lookupMaybe(PDFName.of('Annots'), PDFArray);
    return (annots?.asArray() ?? [])
      .map((ref) => document.context.lookup(ref))
      .filter((annot): annot is PDFDict => annot instanceof PDFDict)
      .filter((annot) => annot.get(PDFName.of('FT')) === PDFName.of('Sig'))
      .map((annot) =>
        (annot.lookup(PDFName.of('Rect'), PDFArray).asArray() as PDFNumber[]).map((n) =>
          Math.round(n.asNumber()),
        ),
      );
  }

  it('a generated agreement signed by its parties: each signature lands in the area printed for that party', async () => {
    const generated = await request(testApp.url)
      .post('/api/pdf')
      .set('Authorization', `Bearer ${member.token}`)
      .send({ documentType: 'FlatSalesAgreement', formData: FLAT_SALES_AGREEMENT.example })
      .expect(201);
    const { documentId, pdfPageCount } = generated.body as PdfTemplateResponse;
    // Two sellers, two buyers and the agency: five areas; the placements the wizard offers for them.
    const people = driver.invitees(5, 'partie');
    const created = await driver.createRequest(documentId, people, {
      documentType: 'TEMPLATE',
      templateType: 'FlatSalesAgreement',
      signingMode: 'ADVANCED',
      signingFlow: 'CONCURRENT',
      sealPage: 1,
      signatories: people.map((person, index) => ({
        ...person,
        order: index + 1,
        placement: { page: pdfPageCount, position: index % 2 === 0 ? 'bottom-left' : 'bottom-right' },
      })),
    });
    await Promise.all(people.map((person) => driver.signAs(created.id, person)));
    await waitUntilSigned(testApp, member.token, created.id);
    const pdf = await downloadSigned(testApp, member.token, created.id);
    const expected = people.map((_, index) => {
      const area = signatureAreaOf(index);
      return [area.x, area.y, area.x + area.width, area.y + area.height].map(Math.round);
    });
    const sortRects = (rects: number[][]) => [...rects].sort((a, b) => a[1]! - b[1]! || a[0]! - b[0]!);
    expect(sortRects(await signatureRects(pdf, pdfPageCount - 1))).toEqual(sortRects(expected));
    bench.expectValid(bench.save(`${created.id}-agreement.pdf`, pdf), people.length + 1);
  });
});
