import { createHash } from 'node:crypto';
import { readdirSync } from 'node:fs';
import { getDataSourceToken } from '@nestjs/typeorm';
import { type DataSource } from 'typeorm';
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
});
