import type { INestApplication } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import { ErrorCode } from '@esign/shared';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import supertest from 'supertest';
import { AllExceptionsFilter } from '../../common/all-exceptions.filter';
import { FilesController } from './files.controller';
import { FilesystemStorage } from './filesystem-storage';
import { OBJECT_STORAGE, type ObjectStorage } from './object-storage.port';

const TEN_MEGABYTES = 10_485_760;
const PDF = 'application/pdf';

async function appWith(storage: ObjectStorage): Promise<INestApplication> {
  const moduleRef = await Test.createTestingModule({
    controllers: [FilesController],
    providers: [{ provide: OBJECT_STORAGE, useValue: storage }],
  }).compile();
  const app = moduleRef.createNestApplication({ logger: false });
  app.setGlobalPrefix('api');
  app.useGlobalFilters(new AllExceptionsFilter());
  await app.listen(0, '127.0.0.1');
  return app;
}

async function filesUnder(directory: string): Promise<string[]> {
  const entries = await readdir(directory, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries.filter((entry) => entry.isFile()).map((entry) => entry.name);
}

function errorBody(code: ErrorCode, statusCode: number) {
  return { statusCode, code, message: `errors.${code}` };
}

describe('FilesController', () => {
  const clock = { now: Date.UTC(2030, 0, 1) };
  let rootDir: string;
  let storage: FilesystemStorage;
  let app: INestApplication;
  let api: ReturnType<typeof supertest>;

  const uploadUrl = (key: string, maxBytes = TEN_MEGABYTES, expiresInSeconds = 600) =>
    storage.createUploadUrl(key, { contentType: PDF, maxBytes, expiresInSeconds });
  const downloadUrl = (key: string, downloadName = 'Contrat élève.pdf') =>
    storage.createDownloadUrl(key, { contentType: PDF, downloadName, expiresInSeconds: 60 });

  beforeEach(async () => {
    rootDir = await mkdtemp(join(tmpdir(), 'esign-files-route-'));
    storage = new FilesystemStorage({
      rootDir,
      urlSigningSecret: 'a-test-secret-of-at-least-32-bytes!!',
      now: () => clock.now,
    });
    app = await appWith(storage);
    api = supertest(app.getHttpServer());
  });

  afterEach(async () => {
    await app.close();
    await rm(rootDir, { recursive: true, force: true });
  });

  it('stores an upload of exactly the signed maximum and serves it back as an attachment', async () => {
    const body = Buffer.alloc(TEN_MEGABYTES, 0x25);
    await api
      .put(await uploadUrl('documents/a.pdf'))
      .set('Content-Type', PDF)
      .send(body)
      .expect(204);
    const response = await api
      .get(await downloadUrl('documents/a.pdf'))
      .buffer(true)
      .expect(200);
    expect(Buffer.compare(response.body as Buffer, body)).toBe(0);
    expect(response.headers).toMatchObject({
      'content-type': PDF,
      'content-length': String(TEN_MEGABYTES),
      'content-disposition': `attachment; filename="Contrat eleve.pdf"; filename*=UTF-8''Contrat%20%C3%A9l%C3%A8ve.pdf`,
      'x-content-type-options': 'nosniff',
      'cache-control': 'private, no-store',
    });
  });

  it('refuses with 409 a second PUT to the same URL and keeps the first body', async () => {
    const path = await uploadUrl('uploads/once.pdf');
    await api.put(path).set('Content-Type', PDF).send(Buffer.from('%PDF-first')).expect(204);
    const replay = await api.put(path).set('Content-Type', PDF).send(Buffer.from('%PDF-second')).expect(409);
    expect(replay.body).toEqual(errorBody(ErrorCode.UPLOAD_URL_USED, 409));
    expect((await storage.get('uploads/once.pdf')).toString()).toBe('%PDF-first');
  });

  it('refuses with 413 an upload one byte over the maximum and keeps nothing', async () => {
    const response = await api
      .put(await uploadUrl('documents/big.pdf'))
      .set('Content-Type', PDF)
      .send(Buffer.alloc(TEN_MEGABYTES + 1))
      .expect(413);
    expect(response.body).toEqual(errorBody(ErrorCode.FILE_TOO_LARGE, 413));
    expect(await filesUnder(rootDir)).toEqual([]);
  });

  it('counts the bytes of an upload sent without Content-Length and refuses it past the maximum', async () => {
    const server = app.getHttpServer() as { address(): AddressInfo };
    const path = await uploadUrl('documents/chunked.pdf', 1000);
    const status = await new Promise<number>((resolve, reject) => {
      const request = httpRequest(
        {
          host: '127.0.0.1',
          port: server.address().port,
          method: 'PUT',
          path,
          headers: { 'Content-Type': PDF },
        },
        (response) => resolve(response.resume().statusCode ?? 0),
      );
      request.on('error', reject);
      for (let index = 0; index < 5; index += 1) request.write(Buffer.alloc(300));
      request.end();
    });
    expect(status).toBe(413);
    expect(await filesUnder(rootDir)).toEqual([]);
  });

  it('leaves no file behind when the client drops the connection mid-upload', async () => {
    const server = app.getHttpServer() as { address(): AddressInfo };
    const path = await uploadUrl('documents/dropped.pdf');
    const request = httpRequest({
      host: '127.0.0.1',
      port: server.address().port,
      method: 'PUT',
      path,
      headers: { 'Content-Type': PDF, 'Content-Length': '100000' },
    });
    request.on('error', () => undefined);
    request.write(Buffer.alloc(5000));
    await sleep(100);
    request.destroy();
    await sleep(200);
    expect(await filesUnder(rootDir)).toEqual([]);
  });

  it('refuses with 403 an upload URL that has expired', async () => {
    const path = await uploadUrl('documents/late.pdf', 1000, 60);
    clock.now += 61_000;
    const response = await api.put(path).set('Content-Type', PDF).send(Buffer.from('%PDF-')).expect(403);
    expect(response.body).toEqual(errorBody(ErrorCode.FORBIDDEN, 403));
    expect(await filesUnder(rootDir)).toEqual([]);
  });

  it('refuses with 403 an upload URL whose signature or limit was altered', async () => {
    const path = await uploadUrl('documents/a.pdf', 10);
    const altered = [path.replace(/sig=.{4}/, 'sig=AAAA'), path.replace('max=10', 'max=1000')];
    for (const url of altered) {
      await api.put(url).set('Content-Type', PDF).send(Buffer.from('%PDF-')).expect(403);
    }
    await api.put(path.replace('documents/a.pdf', 'documents/b.pdf')).set('Content-Type', PDF).expect(403);
    expect(await filesUnder(rootDir)).toEqual([]);
  });

  it('refuses with 403 a download URL used to upload, and an upload URL used to download', async () => {
    await storage.put('documents/a.pdf', Buffer.from('%PDF-'), PDF);
    await api
      .put(await downloadUrl('documents/a.pdf'))
      .set('Content-Type', PDF)
      .send('x')
      .expect(403);
    await api.get(await uploadUrl('documents/a.pdf')).expect(403);
    expect((await storage.get('documents/a.pdf')).toString()).toBe('%PDF-');
  });

  it('refuses with 403 an upload sent with another content type than the one signed', async () => {
    const path = await uploadUrl('documents/a.pdf');
    await api.put(path).set('Content-Type', 'text/html').send('<script>alert(1)</script>').expect(403);
    expect(await filesUnder(rootDir)).toEqual([]);
  });

  it('refuses with 403 a download URL that has expired', async () => {
    await storage.put('documents/a.pdf', Buffer.from('%PDF-'), PDF);
    const path = await downloadUrl('documents/a.pdf');
    clock.now += 5 * 60_000;
    const response = await api.get(path).expect(403);
    expect(response.body).toEqual(errorBody(ErrorCode.FORBIDDEN, 403));
  });

  it('answers 404 for a signed download of an object that is not stored', async () => {
    const response = await api.get(await downloadUrl('documents/missing.pdf')).expect(404);
    expect(response.body).toEqual(errorBody(ErrorCode.NOT_FOUND, 404));
  });

  it('answers 400 for a key outside the allowed pattern', async () => {
    const response = await api
      .put('/api/files/..%2F..%2Fetc%2Fpasswd?op=put')
      .set('Content-Type', PDF)
      .expect(400);
    expect(response.body).toEqual(errorBody(ErrorCode.BAD_REQUEST, 400));
    await api.get('/api/files/a/%2E%2E/b.pdf').expect(400);
  });

  it.each(['a\r\nSet-Cookie:x.pdf', 'invoice\u202Efdp.exe', `${'n'.repeat(1000)}.pdf`])(
    'serves the hostile download name %j as a safe attachment name',
    async (downloadName) => {
      await storage.put('documents/a.pdf', Buffer.from('%PDF-'), PDF);
      const response = await api.get(await downloadUrl('documents/a.pdf', downloadName)).expect(200);
      expect(response.headers['set-cookie']).toBeUndefined();
      const disposition = String(response.headers['content-disposition']);
      expect(disposition).toMatch(/^attachment; filename="[\x20-\x7e]{1,150}"; filename\*=UTF-8''\S+\.pdf$/);
      expect(disposition).not.toContain('%E2%80%AE');
    },
  );

  it('answers 404 on both routes when the storage is not the filesystem', async () => {
    const path = await uploadUrl('documents/a.pdf');
    const s3Like = { createUploadUrl: jest.fn() } as unknown as ObjectStorage;
    const otherApp = await appWith(s3Like);
    try {
      const otherApi = supertest(otherApp.getHttpServer());
      await otherApi.put(path).set('Content-Type', PDF).send('x').expect(404);
      await otherApi.get(await downloadUrl('documents/a.pdf')).expect(404);
    } finally {
      await otherApp.close();
    }
  });
});
