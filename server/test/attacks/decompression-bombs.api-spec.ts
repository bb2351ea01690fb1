import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { ErrorCode, type PdfUploadResponse } from '@esign/shared';
import {
  doubleFlateBombPdf,
  doubleFlateObjectStreamPdf,
  encryptedObjectStreamBombPdf,
  GIB,
} from '@esign/pdf-signing/testing';
import { OBJECT_STORAGE, type ObjectStorage } from '../../src/modules/storage/object-storage.port';
import { createMember, type Member, signInAdministrator } from '../support/members';
import { startTestApp, type TestApp } from '../support/test-app';

/**
 * Files of a few kilobytes that stand for a gigabyte once decoded: stacked filters, an object stream the
 * parser inflates on loading, an encrypted file whose object stream is a bomb once decrypted. Each is
 * refused as invalid, and nothing of it is kept.
 */
describe('attacks on uploads with decompression bombs', () => {
  let testApp: TestApp;
  let member: Member;
  const api = () => request(testApp.url);
  const storage = (): ObjectStorage => testApp.app.get<ObjectStorage>(OBJECT_STORAGE);

  function storedDocuments(): string[] {
    const directory = join(testApp.dataDir, 'files', 'documents');
    return existsSync(directory) ? readdirSync(directory) : [];
  }

  async function uploadKeyOf(fileId: string): Promise<string> {
    const rows = await testApp.app
      .get(DataSource)
      .query<{ upload_key: string }[]>('SELECT upload_key FROM document WHERE id = $1', [fileId]);
    const key = rows[0]?.upload_key;
    if (!key) throw new Error(`no upload key for ${fileId}`);
    return key;
  }

  beforeAll(async () => {
    testApp = await startTestApp();
    const adminToken = await signInAdministrator(testApp);
    member = await createMember(testApp, adminToken, { email: 'bombes@agence.test', name: 'Agence Bombes' });
  });

  afterAll(async () => {
    await testApp.close();
  });

  it.each([
    [
      'page content of /Filter [/FlateDecode /FlateDecode] over 1 GiB of zeros',
      () => Promise.resolve(doubleFlateBombPdf(GIB)),
    ],
    ['a double-Flate object stream', () => Promise.resolve(doubleFlateObjectStreamPdf(GIB))],
    [
      'an RC4 file, empty user password, whose object stream inflates to 1 GiB',
      () => encryptedObjectStreamBombPdf(GIB),
    ],
  ])('refuses %s with 422 INVALID_PDF and stores nothing', async (_title, build) => {
    const bytes = await build();
    expect(bytes.length).toBeLessThan(2 * 1024 * 1024);
    const issued = await api()
      .post('/api/pdf')
      .set('Authorization', `Bearer ${member.token}`)
      .send({ documentType: 'CUSTOM', size: bytes.length, fileName: 'bail.pdf' })
      .expect(201);
    const { fileId, url } = issued.body as PdfUploadResponse;
    const uploadKey = await uploadKeyOf(fileId);
    const put = await fetch(new URL(url, testApp.url), {
      method: 'PUT',
      headers: { 'Content-Type': 'application/pdf' },
      body: new Uint8Array(bytes),
    });
    expect(put.ok).toBe(true);
    const stored = storedDocuments();
    const completed = await api()
      .post(`/api/pdf/${fileId}/complete`)
      .set('Authorization', `Bearer ${member.token}`);
    expect(completed.status).toBe(422);
    expect(completed.body.code).toBe(ErrorCode.INVALID_PDF);
    expect(await storage().exists(uploadKey)).toBe(false);
    expect(storedDocuments()).toEqual(stored);
    await api().get(`/api/pdf/${fileId}`).set('Authorization', `Bearer ${member.token}`).expect(409);
    await api().get('/api/health').expect(200);
  });
});
