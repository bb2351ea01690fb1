import { createHash } from 'node:crypto';
import { readdirSync } from 'node:fs';
import { getDataSourceToken } from '@nestjs/typeorm';
import { type DataSource } from 'typeorm';
import {
  PDFArray,
  PDFDict,
  PDFDocument,
  PDFHexString,
  PDFName,
  PDFString,
  type PDFNumber,
} from '@cantoo/pdf-lib';
import { spawnSync } from 'node:child_process';
import request from 'supertest';
import { FLAT_SALES_AGREEMENT, itemsOf, type PdfTemplateResponse, type TemplateItem } from '@esign/shared';
import { intersects, type Rectangle as Rect } from '@esign/pdf-signing';
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
import {
  FIXTURES_DIR,
  fixturePdf,
  nextMobile,
  partySignatories,
  uploadPdf,
} from './support/signature-fixtures';
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

  /** Each signature widget on a page (0-based): its rectangle and the signer's /Name. */
  async function signatureWidgets(pdf: Buffer, pageIndex: number): Promise<{ rect: Rect; name: string }[]> {
    const document = await PDFDocument.load(pdf, { updateMetadata: false });
    const annots = document.getPages()[pageIndex]?.node.lookupMaybe(PDFName.of('Annots'), PDFArray);
    return (annots?.asArray() ?? [])
      .map((ref) => document.context.lookup(ref))
      .filter((annot): annot is PDFDict => annot instanceof PDFDict)
      .filter((annot) => annot.get(PDFName.of('FT')) === PDFName.of('Sig'))
      .map((annot) => {
        const [x1, y1, x2, y2] = (annot.lookup(PDFName.of('Rect'), PDFArray).asArray() as PDFNumber[]).map(
          (n) => n.asNumber(),
        );
        const value = annot.lookup(PDFName.of('V'), PDFDict);
        const name = value.lookup(PDFName.of('Name'));
        return {
          rect: { x: x1 ?? 0, y: y1 ?? 0, width: (x2 ?? 0) - (x1 ?? 0), height: (y2 ?? 0) - (y1 ?? 0) },
          name: name instanceof PDFString || name instanceof PDFHexString ? name.decodeText() : '',
        };
      });
  }

  it('a generated agreement signed by its parties: each signs in the frame that names them, the seal in its own place', async () => {
    const example = FLAT_SALES_AGREEMENT.example ?? {};
    const [seller, companySeller] = itemsOf(example, 'vendeurs');
    const [buyer] = itemsOf(example, 'acquereurs');
    // Reached at numbers of this test's own, so that no other test's codes get in the way.
    const reach = (item: TemplateItem | undefined, index: number) => ({
      ...item,
      email: `partie-${index}@example.lu`,
      mobile: nextMobile(),
    });
    const form = {
      ...example,
      vendeurs: [reach(seller, 1), reach(companySeller, 2)],
      acquereurs: [{ ...reach(buyer, 3), quotePartAcquisition: null }],
    };
    const generated = await request(testApp.url)
      .post('/api/pdf')
      .set('Authorization', `Bearer ${member.token}`)
      .send({ documentType: 'FlatSalesAgreement', formData: form })
      .expect(201);
    const { documentId, pdfPageCount, layout } = generated.body as PdfTemplateResponse;
    const signatories = partySignatories('FlatSalesAgreement', form);
    expect(signatories.map((signatory) => [signatory.party, signatory.name])).toEqual([
      ['vendeurs.0', 'Élodie Marie Müller-Schäfer'],
      ['vendeurs.1', 'François Lefèvre, gérant'],
      ['acquereurs.0', 'Łukasz Jérôme Kowalczyk'],
    ]);
    // Signed in the buyer's order first: where each block goes follows the party, not the order.
    const reversed = [...signatories]
      .reverse()
      .map((signatory, index) => ({ ...signatory, order: index + 1 }));
    const created = await driver.createRequest(documentId, reversed, {
      documentType: 'TEMPLATE',
      templateType: 'FlatSalesAgreement',
      signingMode: 'ADVANCED',
      signingFlow: 'CONCURRENT',
      signatureSize: 'small',
      sealPage: pdfPageCount,
      sealSize: 'large',
      signatories: reversed,
    });
    expect(created.signatories.map(({ name, role }) => [name, role])).toEqual([
      ['Łukasz Jérôme Kowalczyk', 'Acquéreur'],
      ['François Lefèvre, gérant', 'Vendeur'],
      ['Élodie Marie Müller-Schäfer', 'Vendeur'],
    ]);
    await Promise.all(reversed.map((person) => driver.signAs(created.id, person)));
    await waitUntilSigned(testApp, member.token, created.id);
    const pdf = await downloadSigned(testApp, member.token, created.id);
    const file = bench.save(`${created.id}-agreement.pdf`, pdf);
    bench.expectValid(file, signatories.length + 1);

    const frames = layout?.frames ?? [];
    expect(frames.map((frame) => frame.party)).toEqual(signatories.map((signatory) => signatory.party));
    const lastPage = frames[0]?.page ?? 0;
    const widgets = await signatureWidgets(pdf, lastPage - 1);
    const seal = widgets.find(
      (widget) => widget.name !== '' && !signatories.some((s) => s.name === widget.name),
    );
    for (const frame of frames) {
      const signatory = signatories.find((candidate) => candidate.party === frame.party);
      const inFrame = widgets.filter((widget) => inside(widget.rect, frame.rect));
      // One widget in the frame, the signature of the person the frame's caption names.
      expect(inFrame.map((widget) => widget.name)).toEqual([signatory?.name]);
      expectNameIn(textIn(file, frame.page, frame.rect), signatory?.name ?? '?');
    }
    expect(seal).toBeDefined();
    for (const area of [...frames, ...(layout?.boxes ?? [])]) {
      expect(intersects(seal?.rect ?? area.rect, area.rect)).toBe(false);
    }
    expect(
      inside(seal?.rect ?? { x: 0, y: 0, width: 0, height: 0 }, layout?.seal.rect ?? frames[0]!.rect),
    ).toBe(true);
  });

  /** What pdftotext reads in a frame and the caption above it. */
  function textIn(file: string, page: number, rect: Rect): string {
    const top = 841.89 - (rect.y + rect.height + 14);
    const result = spawnSync(
      'pdftotext',
      [
        '-raw',
        '-enc',
        'UTF-8',
        '-f',
        String(page),
        '-l',
        String(page),
        '-x',
        String(Math.floor(rect.x)),
        '-y',
        String(Math.floor(top)),
        '-W',
        String(Math.ceil(rect.width)),
        '-H',
        String(Math.ceil(rect.height + 14)),
        file,
        '-',
      ],
      { encoding: 'utf8' },
    );
    return result.stdout;
  }

  function inside(inner: Rect, outer: Rect): boolean {
    const slack = 0.5;
    return (
      inner.x >= outer.x - slack &&
      inner.y >= outer.y - slack &&
      inner.x + inner.width <= outer.x + outer.width + slack &&
      inner.y + inner.height <= outer.y + outer.height + slack
    );
  }
});
