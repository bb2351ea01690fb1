import request from 'supertest';
import { ErrorCode, type VerificationReport } from '@esign/shared';
import { startTestApp, type TestApp } from './support/test-app';
import { fixturePdf } from './support/signature-fixtures';

describe('public verification of a PDF', () => {
  let testApp: TestApp;
  const verify = (bytes: Buffer, name = 'document.pdf') =>
    request(testApp.url)
      .post('/api/verify')
      .attach('file', bytes, { filename: name, contentType: 'application/pdf' });

  beforeAll(async () => {
    testApp = await startTestApp();
  });

  afterAll(async () => {
    await testApp.close();
  });

  it('answers for an unsigned PDF that it holds no signature and is unknown here', async () => {
    const report = (await verify(fixturePdf('pdflatex-4-pages.pdf')).expect(200)).body as VerificationReport;
    expect(report).toEqual({
      signatures: [],
      sealedByPlatform: false,
      unchangedSinceSeal: false,
      auditChainValid: null,
    });
  });

  it('refuses what is not a PDF, a missing file and a file over 10 MB', async () => {
    const png = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');
    expect((await verify(png, 'x.pdf').expect(415)).body.code).toBe(ErrorCode.NOT_A_PDF);
    const missing = await request(testApp.url).post('/api/verify').field('other', 'x').expect(422);
    expect(missing.body.errors.file).toBe('validation.required');
    const big = Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(10 * 1024 * 1024)]);
    expect((await verify(big)).status).toBe(413);
  });
});
