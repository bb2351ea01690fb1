import { mkdtemp, readdir, rm, writeFile, mkdir, utimes } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { FilesystemStorage } from './filesystem-storage';
import {
  InvalidObjectKeyError,
  ObjectNotFoundError,
  ObjectTooLargeError,
  UploadUrlUsedError,
} from './storage-errors';

const SECRET = 'a-test-secret-of-at-least-32-bytes!!';

async function filesUnder(directory: string): Promise<string[]> {
  const entries = await readdir(directory, { recursive: true, withFileTypes: true });
  return entries.filter((entry) => entry.isFile()).map((entry) => join(entry.parentPath, entry.name));
}

describe('FilesystemStorage', () => {
  let rootDir: string;
  let storage: FilesystemStorage;

  beforeEach(async () => {
    rootDir = join(await mkdtemp(join(tmpdir(), 'esign-fs-storage-')), 'files');
    storage = new FilesystemStorage({
      rootDir,
      urlSigningSecret: SECRET,
    });
  });

  afterEach(async () => {
    await rm(join(rootDir, '..'), { recursive: true, force: true });
  });

  it('stores, reads, streams and deletes an object under a nested key', async () => {
    const body = Buffer.from('%PDF-1.7 Ënnerschrëft');
    await storage.put('documents/2030/abc.pdf', body, 'application/pdf');
    expect(await storage.exists('documents/2030/abc.pdf')).toBe(true);
    expect(await storage.get('documents/2030/abc.pdf')).toEqual(body);
    expect(await text(await storage.getStream('documents/2030/abc.pdf'))).toBe('%PDF-1.7 Ënnerschrëft');
    await storage.delete('documents/2030/abc.pdf');
    expect(await storage.exists('documents/2030/abc.pdf')).toBe(false);
  });

  it('replaces an object whole and leaves no partial file behind', async () => {
    await storage.put('a.pdf', Buffer.from('first'), 'application/pdf');
    await storage.put('a.pdf', Buffer.from('second version'), 'application/pdf');
    expect((await storage.get('a.pdf')).toString()).toBe('second version');
    expect(await filesUnder(rootDir)).toEqual([join(rootDir, 'a.pdf')]);
  });

  it('reports a missing object as ObjectNotFoundError from get, getStream and confirmUploadSize', async () => {
    await expect(storage.get('missing.pdf')).rejects.toThrow(ObjectNotFoundError);
    await expect(storage.getStream('missing.pdf')).rejects.toThrow(ObjectNotFoundError);
    await expect(storage.confirmUploadSize('missing.pdf', 10)).rejects.toThrow(ObjectNotFoundError);
    expect(await storage.exists('missing.pdf')).toBe(false);
  });

  it('treats a key that names a directory as no object', async () => {
    await storage.put('documents/a.pdf', Buffer.from('x'), 'application/pdf');
    expect(await storage.exists('documents')).toBe(false);
    await expect(storage.get('documents')).rejects.toThrow(ObjectNotFoundError);
    await expect(storage.getStream('documents')).rejects.toThrow(ObjectNotFoundError);
    await expect(storage.delete('documents')).resolves.toBeUndefined();
  });

  it('deletes a missing object without complaint', async () => {
    await expect(storage.delete('never-stored.pdf')).resolves.toBeUndefined();
  });

  it.each(['../outside.pdf', '/etc/passwd', 'a//b', 'a/../../b', '.incoming/x', 'a/', 'C:\\x', 'a?b'])(
    'rejects the key %j on every operation',
    async (key) => {
      await expect(storage.put(key, Buffer.from('x'), 'application/pdf')).rejects.toThrow(
        InvalidObjectKeyError,
      );
      await expect(storage.putStream(key, Readable.from([Buffer.from('x')]), 10)).rejects.toThrow(
        InvalidObjectKeyError,
      );
      await expect(storage.get(key)).rejects.toThrow(InvalidObjectKeyError);
      await expect(storage.exists(key)).rejects.toThrow(InvalidObjectKeyError);
      await expect(storage.delete(key)).rejects.toThrow(InvalidObjectKeyError);
      await expect(
        storage.createUploadUrl(key, { contentType: 'application/pdf', maxBytes: 1, expiresInSeconds: 1 }),
      ).rejects.toThrow(InvalidObjectKeyError);
    },
  );

  it('stores a stream up to the limit and returns its size', async () => {
    const chunks = [Buffer.alloc(600, 1), Buffer.alloc(400, 2)];
    expect(await storage.putStream('exact.pdf', Readable.from(chunks), 1000)).toBe(1000);
    expect((await storage.get('exact.pdf')).length).toBe(1000);
  });

  it('stops a stream one byte over the limit and leaves no file', async () => {
    const chunks = [Buffer.alloc(600), Buffer.alloc(401)];
    await expect(storage.putStream('big.pdf', Readable.from(chunks), 1000)).rejects.toThrow(
      ObjectTooLargeError,
    );
    expect(await filesUnder(rootDir)).toEqual([]);
  });

  it('keeps the previous object when a replacing stream fails', async () => {
    await storage.put('kept.pdf', Buffer.from('original'), 'application/pdf');
    const failing = new Readable({
      read() {
        this.push(Buffer.from('partial'));
        this.destroy(new Error('connection lost'));
      },
    });
    await expect(storage.putStream('kept.pdf', failing, 1000)).rejects.toThrow('connection lost');
    expect((await storage.get('kept.pdf')).toString()).toBe('original');
    expect(await filesUnder(rootDir)).toEqual([join(rootDir, 'kept.pdf')]);
  });

  it('removes an uploaded object found larger than allowed', async () => {
    await storage.put('upload.pdf', Buffer.alloc(11), 'application/pdf');
    expect(await storage.confirmUploadSize('upload.pdf', 11)).toBe(11);
    await expect(storage.confirmUploadSize('upload.pdf', 10)).rejects.toThrow(ObjectTooLargeError);
    expect(await storage.exists('upload.pdf')).toBe(false);
  });

  it('builds file URLs relative to the API, the same whatever address the browser used', async () => {
    const uploadUrl = await storage.createUploadUrl('documents/a.pdf', {
      contentType: 'application/pdf',
      maxBytes: 10_485_760,
      expiresInSeconds: 600,
    });
    expect(uploadUrl).toMatch(/^\/api\/files\/documents\/a\.pdf\?/);
    // Resolved against two different origins, it names the same route on each.
    for (const origin of ['http://localhost:3000', 'https://192.168.1.20:8443']) {
      const upload = new URL(uploadUrl, origin);
      expect(upload.origin + upload.pathname).toBe(`${origin}/api/files/documents/a.pdf`);
      expect(Object.fromEntries(upload.searchParams)).toMatchObject({
        op: 'put',
        max: '10485760',
        ct: 'application/pdf',
      });
    }
    const downloadUrl = await storage.createDownloadUrl('documents/a.pdf', {
      contentType: 'application/pdf',
      downloadName: 'Contrat élève.pdf',
      expiresInSeconds: 60,
    });
    expect(downloadUrl).toMatch(/^\/api\/files\/documents\/a\.pdf\?/);
    const download = new URL(downloadUrl, 'http://localhost:3000');
    expect(download.searchParams.get('op')).toBe('get');
    expect(download.searchParams.get('name')).toBe('Contrat élève.pdf');
    expect(download.searchParams.get('sig')).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it('passes the health check once its directory is writable, and fails when it cannot be', async () => {
    await expect(storage.ping()).resolves.toBeUndefined();
    const blocker = join(rootDir, '..', 'not-a-directory');
    await writeFile(blocker, 'x');
    const broken = new FilesystemStorage({
      rootDir: join(blocker, 'files'),
      urlSigningSecret: SECRET,
    });
    await expect(broken.ping()).rejects.toThrow();
  });

  it('never lists a key under the directory of partial writes', async () => {
    await mkdir(join(rootDir, '.incoming'), { recursive: true });
    await expect(storage.exists('.incoming')).rejects.toThrow(InvalidObjectKeyError);
  });

  describe('uploads through signed URLs', () => {
    const clock = { now: Date.UTC(2030, 0, 1) };
    let clocked: FilesystemStorage;

    beforeEach(() => {
      clock.now = Date.UTC(2030, 0, 1);
      clocked = new FilesystemStorage({ rootDir, urlSigningSecret: SECRET, now: () => clock.now });
    });

    async function grantFor(key: string, maxBytes = 100, expiresInSeconds = 600) {
      const url = await clocked.createUploadUrl(key, {
        contentType: 'application/pdf',
        maxBytes,
        expiresInSeconds,
      });
      return clocked.verifyUploadUrl(key, Object.fromEntries(new URL(url, 'http://x').searchParams));
    }

    it('stores the body of the first PUT to a URL and refuses every later one', async () => {
      const grant = await grantFor('uploads/a.pdf');
      expect(await clocked.receiveUpload(grant, Readable.from([Buffer.from('%PDF-first')]))).toBe(10);
      await expect(clocked.receiveUpload(grant, Readable.from([Buffer.from('%PDF-second')]))).rejects.toThrow(
        UploadUrlUsedError,
      );
      expect((await clocked.get('uploads/a.pdf')).toString()).toBe('%PDF-first');
      // Another URL for the same key (a new logo, say) is a use of its own.
      clock.now += 1000;
      await clocked.receiveUpload(await grantFor('uploads/a.pdf'), Readable.from([Buffer.from('%PDF-new')]));
      expect((await clocked.get('uploads/a.pdf')).toString()).toBe('%PDF-new');
    });

    it('gives the URL back when its PUT stored nothing', async () => {
      const grant = await grantFor('uploads/a.pdf', 5);
      await expect(clocked.receiveUpload(grant, Readable.from([Buffer.alloc(6)]))).rejects.toThrow(
        ObjectTooLargeError,
      );
      expect(await filesUnder(rootDir)).toEqual([]);
      await clocked.receiveUpload(grant, Readable.from([Buffer.from('%PDF-')]));
      expect(await clocked.exists('uploads/a.pdf')).toBe(true);
    });

    it('reads an upload whole, and removes one over the limit', async () => {
      await clocked.put('uploads/a.pdf', Buffer.from('%PDF-1.7'), 'application/pdf');
      expect((await clocked.readUpload('uploads/a.pdf', 8)).toString()).toBe('%PDF-1.7');
      await expect(clocked.readUpload('uploads/a.pdf', 7)).rejects.toThrow(ObjectTooLargeError);
      expect(await clocked.exists('uploads/a.pdf')).toBe(false);
      await expect(clocked.readUpload('uploads/a.pdf', 7)).rejects.toThrow(ObjectNotFoundError);
    });

    it('sweeps partial writes past the age given and the claims of expired URLs, nothing else', async () => {
      await clocked.put('uploads/kept.pdf', Buffer.from('%PDF-'), 'application/pdf');
      await clocked.receiveUpload(
        await grantFor('uploads/a.pdf', 100, 600),
        Readable.from([Buffer.from('x')]),
      );
      const incoming = join(rootDir, '.incoming');
      await writeFile(join(incoming, 'old.part'), 'x');
      await writeFile(join(incoming, 'new.part'), 'x');
      const dayAgo = (clock.now - 24 * 3_600_000 - 1000) / 1000;
      await utimes(join(incoming, 'old.part'), dayAgo, dayAgo);
      await utimes(join(incoming, 'new.part'), clock.now / 1000, clock.now / 1000);

      expect(await clocked.sweepUploadLeftovers(24 * 3_600_000)).toBe(1);
      expect((await readdir(incoming)).sort()).toEqual(['new.part']);
      // The claim outlives its URL by a grace period, then goes.
      clock.now += 600_000;
      expect(await clocked.sweepUploadLeftovers(24 * 3_600_000)).toBe(0);
      clock.now += 5 * 60_000;
      expect(await clocked.sweepUploadLeftovers(24 * 3_600_000)).toBe(1);
      expect(await readdir(join(rootDir, '.upload-claims'))).toEqual([]);
      expect(await clocked.exists('uploads/kept.pdf')).toBe(true);
      expect(await clocked.exists('uploads/a.pdf')).toBe(true);
    });
  });
});
