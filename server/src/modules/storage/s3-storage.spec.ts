import { text } from 'node:stream/consumers';
import { S3Storage, type S3StorageOptions } from './s3-storage';
import { InvalidObjectKeyError, ObjectNotFoundError, ObjectTooLargeError } from './storage-errors';
import { S3Emulator } from './testing/s3-emulator';

const CREDENTIALS = {
  accessKeyId: 'AKIDEXAMPLE',
  secretAccessKey: 'wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY',
};
const REGION = 'eu-west-1';
const BUCKET = 'esign-documents';
const PDF = 'application/pdf';

describe('S3Storage', () => {
  const emulator = new S3Emulator(BUCKET, CREDENTIALS);
  let options: S3StorageOptions;
  let storage: S3Storage;

  beforeAll(async () => {
    const endpoint = await emulator.start();
    options = {
      bucket: BUCKET,
      region: REGION,
      endpoint,
      forcePathStyle: true,
      credentials: CREDENTIALS,
      maxAttempts: 1,
    };
  });
  afterAll(() => emulator.stop());
  beforeEach(() => {
    emulator.objects.clear();
    emulator.clockOffsetMs = 0;
    emulator.failingRequests = 0;
    emulator.stalledRequests = 0;
    storage = new S3Storage(options);
  });

  it('stores, reads, streams and deletes an object with signed requests', async () => {
    await storage.put('documents/a.pdf', Buffer.from('%PDF-1.7 Ënnerschrëft'), PDF);
    expect(emulator.objects.get('documents/a.pdf')?.contentType).toBe(PDF);
    expect(await storage.exists('documents/a.pdf')).toBe(true);
    expect((await storage.get('documents/a.pdf')).toString()).toBe('%PDF-1.7 Ënnerschrëft');
    expect(await text(await storage.getStream('documents/a.pdf'))).toBe('%PDF-1.7 Ënnerschrëft');
    await storage.delete('documents/a.pdf');
    expect(await storage.exists('documents/a.pdf')).toBe(false);
  });

  it('reports a missing object as ObjectNotFoundError and deletes it without complaint', async () => {
    await expect(storage.get('missing.pdf')).rejects.toThrow(ObjectNotFoundError);
    await expect(storage.getStream('missing.pdf')).rejects.toThrow(ObjectNotFoundError);
    await expect(storage.confirmUploadSize('missing.pdf', 1)).rejects.toThrow(ObjectNotFoundError);
    await expect(storage.delete('missing.pdf')).resolves.toBeUndefined();
  });

  it('fails every call when the store answers 500, without calling it a missing object', async () => {
    emulator.failingRequests = 10;
    await expect(storage.put('a.pdf', Buffer.from('x'), PDF)).rejects.toMatchObject({
      name: 'InternalError',
    });
    await expect(storage.get('a.pdf')).rejects.not.toThrow(ObjectNotFoundError);
    await expect(storage.exists('a.pdf')).rejects.toMatchObject({ $metadata: { httpStatusCode: 500 } });
    await expect(storage.ping()).rejects.toThrow();
  });

  it('fails a call the store does not answer in time', async () => {
    emulator.stalledRequests = 1;
    const impatient = new S3Storage({ ...options, timeoutMs: 300 });
    await expect(impatient.put('a.pdf', Buffer.from('x'), PDF)).rejects.toMatchObject({
      name: 'TimeoutError',
    });
    expect(emulator.objects.size).toBe(0);
  });

  it('fails its calls with credentials the store does not know', async () => {
    const stranger = new S3Storage({ ...options, credentials: { ...CREDENTIALS, secretAccessKey: 'wrong' } });
    await expect(stranger.put('a.pdf', Buffer.from('x'), PDF)).rejects.toMatchObject({
      name: 'SignatureDoesNotMatch',
    });
    expect(emulator.objects.size).toBe(0);
  });

  it('passes the health check on its bucket only', async () => {
    await expect(storage.ping()).resolves.toBeUndefined();
    await expect(new S3Storage({ ...options, bucket: 'other' }).ping()).rejects.toThrow();
  });

  it('issues an upload URL the browser can PUT the declared type to', async () => {
    const url = await storage.createUploadUrl('documents/up.pdf', {
      contentType: PDF,
      maxBytes: 100,
      expiresInSeconds: 600,
    });
    const parsed = new URL(url);
    expect(parsed.searchParams.get('X-Amz-SignedHeaders')).toBe('content-type;host');
    expect(parsed.searchParams.get('X-Amz-Expires')).toBe('600');
    expect([...parsed.searchParams.keys()].filter((name) => /checksum/i.test(name))).toEqual([]);
    const response = await fetch(url, { method: 'PUT', headers: { 'Content-Type': PDF }, body: '%PDF-1.7' });
    expect(response.status).toBe(200);
    expect((await storage.get('documents/up.pdf')).toString()).toBe('%PDF-1.7');
  });

  it('issues an upload URL that S3 refuses for another content type, another key or once expired', async () => {
    const url = await storage.createUploadUrl('documents/up.pdf', {
      contentType: PDF,
      maxBytes: 100,
      expiresInSeconds: 60,
    });
    const put = (target: string, contentType = PDF) =>
      fetch(target, { method: 'PUT', headers: { 'Content-Type': contentType }, body: '<svg/>' }).then(
        (r) => r.status,
      );
    expect(await put(url, 'image/svg+xml')).toBe(403);
    expect(await put(url.replace('documents/up.pdf', 'documents/other.pdf'))).toBe(403);
    expect(await put(url.replace(/X-Amz-Signature=[0-9a-f]{4}/, 'X-Amz-Signature=0000'))).toBe(403);
    emulator.clockOffsetMs = 61_000;
    expect(await put(url)).toBe(403);
    expect(emulator.objects.size).toBe(0);
  });

  it('deletes an upload found larger than allowed when it is confirmed', async () => {
    const url = await storage.createUploadUrl('documents/big.pdf', {
      contentType: PDF,
      maxBytes: 10,
      expiresInSeconds: 60,
    });
    await fetch(url, { method: 'PUT', headers: { 'Content-Type': PDF }, body: Buffer.alloc(11) });
    await expect(storage.confirmUploadSize('documents/big.pdf', 10)).rejects.toThrow(ObjectTooLargeError);
    expect(emulator.objects.has('documents/big.pdf')).toBe(false);
    await storage.put('documents/fits.pdf', Buffer.alloc(10), PDF);
    expect(await storage.confirmUploadSize('documents/fits.pdf', 10)).toBe(10);
  });

  it('reads an upload whole in one read, and deletes one over the limit', async () => {
    await storage.put('uploads/a.pdf', Buffer.from('%PDF-1.7'), PDF);
    expect((await storage.readUpload('uploads/a.pdf', 8)).toString()).toBe('%PDF-1.7');
    await expect(storage.readUpload('uploads/a.pdf', 7)).rejects.toThrow(ObjectTooLargeError);
    expect(emulator.objects.has('uploads/a.pdf')).toBe(false);
    await expect(storage.readUpload('uploads/a.pdf', 7)).rejects.toThrow(ObjectNotFoundError);
    expect(await storage.sweepUploadLeftovers(3_600_000)).toBe(0);
  });

  it('issues a download URL of at most five minutes, served as an attachment of the given type', async () => {
    await storage.put('documents/a.pdf', Buffer.from('%PDF-1.7'), 'binary/octet-stream');
    const url = await storage.createDownloadUrl('documents/a.pdf', {
      contentType: PDF,
      downloadName: 'a\r\nSet-Cookie:x élève.pdf',
      expiresInSeconds: 3600,
    });
    expect(new URL(url).searchParams.get('X-Amz-Expires')).toBe('300');
    const response = await fetch(url);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe(PDF);
    expect(response.headers.get('content-disposition')).toBe(
      `attachment; filename="aSet-Cookie_x eleve.pdf"; filename*=UTF-8''aSet-Cookie_x%20%C3%A9l%C3%A8ve.pdf`,
    );
    expect(response.headers.get('set-cookie')).toBeNull();
    emulator.clockOffsetMs = 301_000;
    expect((await fetch(url)).status).toBe(403);
  });

  it('rejects an invalid key before any request', async () => {
    emulator.failingRequests = 100;
    await expect(storage.put('../a.pdf', Buffer.from('x'), PDF)).rejects.toThrow(InvalidObjectKeyError);
    await expect(
      storage.createUploadUrl('/a.pdf', { contentType: PDF, maxBytes: 1, expiresInSeconds: 1 }),
    ).rejects.toThrow(InvalidObjectKeyError);
    await expect(storage.exists('a//b')).rejects.toThrow(InvalidObjectKeyError);
    expect(emulator.failingRequests).toBe(100);
  });
});
