import { execFileSync } from 'node:child_process';
import { createHash, randomUUID } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import { DataSource } from 'typeorm';
import {
  ErrorCode,
  MAX_PDF_BYTES,
  type PdfCompleteResponse,
  type PdfTemplateResponse,
  type PdfUploadResponse,
} from '@esign/shared';
import { AppException } from '../src/common/app-exception';
import { DocumentsService } from '../src/modules/documents/documents.service';
import { OBJECT_STORAGE, type ObjectStorage } from '../src/modules/storage/object-storage.port';
import {
  activeContentPdf,
  alreadySignedPdf,
  decompressionBombPdf,
  deeplyNestedPdf,
  garbageXrefPdf,
  manyPagesPdf,
  NOT_PDFS,
  pdfOfSize,
  referenceCyclePdf,
  truncatedPdf,
} from '@esign/pdf-signing/testing';
import { createMember, type Member, signInAdministrator } from './support/members';
import { NATURAL_PERSON_FORM } from './support/signature-fixtures';
import { startTestApp, type TestApp } from './support/test-app';

const FIXTURES = join(__dirname, '../../fixtures/pdfs');
const PASSWORD_FIXTURE = 'libreoffice-writer-password.pdf';

/** A fixture encrypted by qpdf with `encryption` (its `--encrypt` options). */
function qpdfEncrypted(encryption: string[]): Buffer {
  const folder = mkdtempSync(join(tmpdir(), 'encrypted-'));
  try {
    const output = join(folder, 'out.pdf');
    execFileSync('qpdf', [...encryption, '--', join(FIXTURES, 'minimal-document.pdf'), output]);
    return readFileSync(output);
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}
const PAGE_COUNTS: Record<string, number> = { 'pdflatex-4-pages.pdf': 4 };
const sha256 = (bytes: Uint8Array): string => createHash('sha256').update(bytes).digest('hex');

describe('documents: uploads and templates (API, real database)', () => {
  let testApp: TestApp;
  let adminToken: string;
  let alice: Member;
  let bruno: Member;
  const api = () => request(testApp.url);
  const as = (member: Member, test: request.Test) => test.set('Authorization', `Bearer ${member.token}`);
  const storage = (): ObjectStorage => testApp.app.get<ObjectStorage>(OBJECT_STORAGE);

  function issue(member: Member, body: Record<string, unknown> = { documentType: 'CUSTOM' }): request.Test {
    return as(member, api().post('/api/pdf')).send(body);
  }

  async function put(url: string, bytes: Uint8Array): Promise<number> {
    const response = await fetch(new URL(url, testApp.url), {
      method: 'PUT',
      headers: { 'Content-Type': 'application/pdf' },
      body: new Uint8Array(bytes),
    });
    await response.arrayBuffer();
    return response.status;
  }

  /** Issue, PUT, complete; answers the completion response, whatever its status. */
  async function upload(member: Member, bytes: Uint8Array, fileName = 'contract.pdf') {
    const issued = await issue(member, { documentType: 'CUSTOM', size: bytes.length, fileName }).expect(201);
    const { fileId, url } = issued.body as PdfUploadResponse;
    expect(await put(url, bytes)).toBe(204);
    const completed = await as(member, api().post(`/api/pdf/${fileId}/complete`));
    return { fileId, completed };
  }

  async function uploadKeyOf(fileId: string): Promise<string | null> {
    const rows: { upload_key: string | null }[] = await testApp.app
      .get(DataSource)
      .query('SELECT upload_key FROM document WHERE id = $1', [fileId]);
    return rows[0]?.upload_key ?? null;
  }

  beforeAll(async () => {
    testApp = await startTestApp();
    adminToken = await signInAdministrator(testApp);
    alice = await createMember(testApp, adminToken, {
      email: 'alice@agence-alzette.lu',
      name: 'Agence Alzette',
    });
    bruno = await createMember(testApp, adminToken, {
      email: 'bruno@agence-moselle.lu',
      name: 'Agence Moselle',
    });
  });

  afterAll(async () => {
    await testApp.close();
  });

  describe('uploads', () => {
    const fixtures = readdirSync(FIXTURES).filter(
      (name) => name.endsWith('.pdf') && name !== PASSWORD_FIXTURE,
    );

    it.each(fixtures)('accepts %s, stores it normalised under its hash and serves it back', async (name) => {
      const { fileId, completed } = await upload(alice, readFileSync(join(FIXTURES, name)), name);
      expect(completed.status).toBe(200);
      const body = completed.body as PdfCompleteResponse;
      expect(body).toMatchObject({ documentId: fileId, pdfPageCount: PAGE_COUNTS[name] ?? 1 });
      expect(body.pages).toHaveLength(body.pdfPageCount);
      const described = await as(alice, api().get(`/api/pdf/${fileId}`)).expect(200);
      expect(described.body).toMatchObject({ ...body, source: 'CUSTOM', fileName: name });
      const download = await fetch(new URL(described.body.url as string, testApp.url));
      expect(download.headers.get('content-type')).toBe('application/pdf');
      expect(download.headers.get('content-disposition')).toMatch(/^attachment/);
      expect(sha256(new Uint8Array(await download.arrayBuffer()))).toBe(body.sha256);
      expect(await uploadKeyOf(fileId)).toBeNull();
    });

    it('keeps a hostile file name for display only, cleaned of control and direction characters', async () => {
      const bytes = readFileSync(join(FIXTURES, 'minimal-document.pdf'));
      const { fileId } = await upload(alice, bytes, '../../etc/a\r\nSet-Cookie:x\u202Efdp.exe.pdf');
      expect(await uploadKeyOf(fileId)).toBeNull();
      const described = await as(alice, api().get(`/api/pdf/${fileId}`)).expect(200);
      // Cleaned as every name is: a line break becomes a space, a direction control goes.
      expect(described.body.fileName).toBe('../../etc/a Set-Cookie:xfdp.exe.pdf');
      const download = await fetch(new URL(described.body.url as string, testApp.url));
      expect(new URL(described.body.url as string, testApp.url).pathname).toMatch(
        /\/documents\/[0-9a-f]{64}\.pdf$/,
      );
      expect(download.headers.get('content-disposition')).toMatch(/^attachment;/);
      expect(download.headers.get('x-content-type-options')).toBe('nosniff');
      const tooLong = await issue(alice, { documentType: 'CUSTOM', fileName: 'x'.repeat(201) }).expect(422);
      expect(Object.keys(tooLong.body.errors as object)).toEqual(['fileName']);
    });

    it('answers the same data when completion is called again', async () => {
      const { fileId, completed } = await upload(alice, readFileSync(join(FIXTURES, 'minimal-document.pdf')));
      const again = await as(alice, api().post(`/api/pdf/${fileId}/complete`)).expect(200);
      expect(again.body).toEqual(completed.body);
    });

    it('refuses a password-protected file and keeps nothing of it', async () => {
      const { fileId, completed } = await upload(alice, readFileSync(join(FIXTURES, PASSWORD_FIXTURE)));
      expect(completed.status).toBe(422);
      expect(completed.body.code).toBe(ErrorCode.PDF_ENCRYPTED);
      expect(await storage().exists((await uploadKeyOf(fileId)) ?? '')).toBe(false);
      await as(alice, api().get(`/api/pdf/${fileId}`)).expect(409);
    });

    it.each(Object.keys(NOT_PDFS))('refuses %s bytes named contract.pdf as not a PDF', async (kind) => {
      const { completed } = await upload(alice, NOT_PDFS[kind] ?? Buffer.alloc(0));
      expect(completed.status).toBe(415);
      expect(completed.body.code).toBe(ErrorCode.NOT_A_PDF);
    });

    it('refuses an announced size over 10 MB when issuing the address, and accepts exactly 10 MB', async () => {
      const tooLarge = await issue(alice, { documentType: 'CUSTOM', size: MAX_PDF_BYTES + 1 }).expect(413);
      expect(tooLarge.body.code).toBe(ErrorCode.FILE_TOO_LARGE);
      const exact = pdfOfSize(MAX_PDF_BYTES);
      expect(exact.length).toBe(10_485_760);
      const { completed } = await upload(alice, exact);
      expect(completed.status).toBe(200);
    });

    it('refuses an uploaded body over 10 MB, and nothing is stored', async () => {
      const issued = await issue(alice, { documentType: 'CUSTOM', size: 1000 }).expect(201);
      const { fileId, url } = issued.body as PdfUploadResponse;
      const status = await put(url, pdfOfSize(MAX_PDF_BYTES + 1));
      const completed = await as(alice, api().post(`/api/pdf/${fileId}/complete`));
      if (status === 413) {
        // The embedded store counts the bytes and refuses the PUT itself.
        expect(completed.body.code).toBe(ErrorCode.INVALID_UPLOAD);
      } else {
        // S3 cannot cap a pre-signed PUT: the size is checked at completion.
        expect(completed.status).toBe(413);
        expect(completed.body.code).toBe(ErrorCode.FILE_TOO_LARGE);
      }
      expect(await storage().exists((await uploadKeyOf(fileId)) ?? '')).toBe(false);
      await as(alice, api().get(`/api/pdf/${fileId}`)).expect(409);
    });
  });

  describe('hostile files', () => {
    it.each([
      ['truncated at 50 %', () => truncatedPdf(), ErrorCode.INVALID_PDF],
      ['a decompression bomb (> 1 GB)', () => decompressionBombPdf(), ErrorCode.INVALID_PDF],
      ['nested 1,000 deep', () => deeplyNestedPdf(1000), ErrorCode.INVALID_PDF],
      ['with a reference cycle', () => referenceCyclePdf(), ErrorCode.INVALID_PDF],
      ['of 501 pages', () => manyPagesPdf(501), ErrorCode.PDF_TOO_MANY_PAGES],
      ['already signed', () => alreadySignedPdf(), ErrorCode.PDF_ALREADY_SIGNED],
    ])('refuses a file %s, and the API keeps answering', async (_title, build, code) => {
      const bytes = await build();
      // The sandbox's own deadline bounds the time; the code says the file was refused for what it is.
      const { fileId, completed } = await upload(alice, bytes);
      expect(completed.status).toBe(422);
      expect(completed.body.code).toBe(code);
      expect(await storage().exists((await uploadKeyOf(fileId)) ?? '')).toBe(false);
      await api().get('/api/health').expect(200);
    });

    it('accepts a file with scripts, actions and attachments, and stores it without them', async () => {
      const { fileId, completed } = await upload(alice, activeContentPdf());
      expect(completed.status).toBe(200);
      const body = completed.body as PdfCompleteResponse;
      expect(body.removed).toEqual(
        expect.arrayContaining(['JavaScript', 'OpenAction', 'EmbeddedFiles', 'XFA', 'AA', 'Launch']),
      );
      const described = await as(alice, api().get(`/api/pdf/${fileId}`)).expect(200);
      const stored = Buffer.from(
        await (await fetch(new URL(described.body.url as string, testApp.url))).arrayBuffer(),
      ).toString('latin1');
      for (const gone of ['/JavaScript', '/OpenAction', '/EmbeddedFile', '/Launch', '/XFA', 'app.alert']) {
        expect(stored).not.toContain(gone);
      }
    });
  });

  describe('damaged and protected files', () => {
    it('repairs a file with a garbage cross-reference table, says so, and stores the rebuilt file', async () => {
      const { fileId, completed } = await upload(alice, garbageXrefPdf());
      expect(completed.status).toBe(200);
      expect((completed.body as PdfCompleteResponse).repairs).toEqual(['REPAIRED']);
      const described = await as(alice, api().get(`/api/pdf/${fileId}`)).expect(200);
      expect(described.body.repairs).toEqual(['REPAIRED']);
      expect(described.body.pdfPageCount).toBe(2);
      const stored = Buffer.from(
        await (await fetch(new URL(described.body.url as string, testApp.url))).arrayBuffer(),
      );
      // The stored table is sound: its last entry points at the last object's header.
      const text = stored.toString('latin1');
      const rows = [...text.matchAll(/(\d{10}) 00000 n/g)].map((row) => Number(row[1]));
      for (const offset of rows) expect(text.slice(offset)).toMatch(/^\d+ 0 obj/);
    });

    it('decrypts a file that opens without a password, and says so', async () => {
      const { completed } = await upload(alice, qpdfEncrypted(['--encrypt', '', 'owner-secret', '256']));
      expect(completed.status).toBe(200);
      expect((completed.body as PdfCompleteResponse).repairs).toEqual(['DECRYPTED']);
    });

    it('refuses a file whose author forbids changes, and keeps nothing of it', async () => {
      const bytes = qpdfEncrypted(['--encrypt', '', 'owner-secret', '256', '--modify=none']);
      const { fileId, completed } = await upload(alice, bytes);
      expect(completed.status).toBe(422);
      expect(completed.body.code).toBe(ErrorCode.PDF_CHANGES_FORBIDDEN);
      expect(await storage().exists((await uploadKeyOf(fileId)) ?? '')).toBe(false);
    });
  });

  describe('isolation', () => {
    it("answers another member's document exactly like a missing one", async () => {
      const { fileId } = await upload(alice, readFileSync(join(FIXTURES, 'minimal-document.pdf')));
      const missing = await as(bruno, api().get(`/api/pdf/${randomUUID()}`)).expect(404);
      const foreign = await as(bruno, api().get(`/api/pdf/${fileId}`)).expect(404);
      const foreignComplete = await as(bruno, api().post(`/api/pdf/${fileId}/complete`)).expect(404);
      const malformed = await as(bruno, api().post('/api/pdf/not-a-uuid/complete')).expect(404);
      expect(foreign.body).toEqual(missing.body);
      expect(foreignComplete.body).toEqual(missing.body);
      expect(malformed.body).toEqual(missing.body);
      await api().get(`/api/pdf/${fileId}`).expect(401);
    });

    it('gives the signature module ready documents of their owner only', async () => {
      const documents = testApp.app.get(DocumentsService);
      const { fileId } = await upload(alice, readFileSync(join(FIXTURES, 'pdflatex-4-pages.pdf')));
      expect(await documents.findReadyForOwner(alice.id, fileId)).toMatchObject({
        id: fileId,
        source: 'CUSTOM',
        pageCount: 4,
        storageKey: expect.stringMatching(/^documents\/[0-9a-f]{64}\.pdf$/),
      });
      await expect(documents.findReadyForOwner(bruno.id, fileId)).rejects.toMatchObject({
        code: ErrorCode.NOT_FOUND,
      });
      const waiting = (await issue(alice).expect(201)).body as PdfUploadResponse;
      const notReady: unknown = await documents
        .findReadyForOwner(alice.id, waiting.fileId)
        .catch((e: unknown) => e);
      expect(notReady).toBeInstanceOf(AppException);
      expect((notReady as AppException).fieldErrors).toEqual({ documentId: 'validation.documentNotReady' });
    });
  });

  describe('templates', () => {
    it('generates the natural-person form as a PDF and stores it', async () => {
      const response = await issue(alice, {
        documentType: 'TEMPLATE',
        templateType: 'NaturalPerson',
        formData: NATURAL_PERSON_FORM,
      }).expect(201);
      const body = response.body as PdfTemplateResponse;
      const pdf = Buffer.from(body.pdfBase64, 'base64');
      expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
      expect(body.pdfPageCount).toBeGreaterThanOrEqual(1);
      const described = await as(alice, api().get(`/api/pdf/${body.documentId}`)).expect(200);
      expect(described.body).toMatchObject({
        source: 'TEMPLATE',
        templateType: 'NaturalPerson',
        sha256: sha256(pdf),
      });
    });

    it('accepts the template name as the document type', async () => {
      const response = await issue(alice, { documentType: 'NaturalPerson', formData: NATURAL_PERSON_FORM });
      expect(response.status).toBe(201);
    });

    it('refuses incomplete or wrong form data field by field', async () => {
      const { nom: _omitted, ...withoutName } = NATURAL_PERSON_FORM;
      const response = await issue(alice, {
        documentType: 'TEMPLATE',
        templateType: 'NaturalPerson',
        formData: { ...withoutName, matricule: '1893120105733', surprise: 'x' },
      }).expect(422);
      expect(response.body).toMatchObject({
        code: ErrorCode.VALIDATION_FAILED,
        errors: {
          'formData.nom': 'validation.required',
          'formData.matricule': 'validation.nationalRegistrationNumber',
          'formData.surprise': 'validation.unknownField',
        },
      });
      const noType = await issue(alice, { documentType: 'TEMPLATE', formData: NATURAL_PERSON_FORM }).expect(
        422,
      );
      expect(noType.body.errors).toEqual({ templateType: 'validation.required' });
      const empty = await issue(alice, { documentType: 'LegalEntity', formData: {} }).expect(422);
      expect(empty.body.errors).toMatchObject({ 'formData.denomination': 'validation.required' });
    });

    it('regenerates a template document in place, for its owner only', async () => {
      const created = (
        await issue(alice, {
          documentType: 'TEMPLATE',
          templateType: 'NaturalPerson',
          formData: NATURAL_PERSON_FORM,
        })
      ).body as PdfTemplateResponse;
      const update = {
        documentType: 'TEMPLATE',
        templateType: 'NaturalPerson',
        mode: 'UPDATE',
        documentId: created.documentId,
        formData: { ...NATURAL_PERSON_FORM, originePatrimoine: 'Héritage. '.repeat(150) },
      };
      const updated = (await issue(alice, update).expect(201)).body as PdfTemplateResponse;
      expect(updated.documentId).toBe(created.documentId);
      expect(sha256(Buffer.from(updated.pdfBase64, 'base64'))).not.toBe(
        sha256(Buffer.from(created.pdfBase64, 'base64')),
      );
      const described = await as(alice, api().get(`/api/pdf/${created.documentId}`)).expect(200);
      expect(described.body.sha256).toBe(sha256(Buffer.from(updated.pdfBase64, 'base64')));
      const missing = await issue(bruno, { ...update, documentId: randomUUID() }).expect(404);
      const foreign = await issue(bruno, update).expect(404);
      expect(foreign.body).toEqual(missing.body);
    });
  });
});
