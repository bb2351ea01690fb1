import { createHash, randomUUID } from 'node:crypto';
import { constants } from 'node:fs';
import { access, mkdir, open, readdir, readFile, rename, rm, stat, unlink } from 'node:fs/promises';
import { basename, dirname, join, resolve, sep } from 'node:path';
import { type Readable, Transform, type TransformCallback } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ObjectStorage } from './object-storage.port';
import { type DownloadGrant, FileUrlSigner, type UploadGrant } from './signed-file-url';
import {
  InvalidObjectKeyError,
  ObjectNotFoundError,
  ObjectTooLargeError,
  UploadUrlUsedError,
} from './storage-errors';
import { assertPositiveInteger, assertValidObjectKey } from './storage-validation';
import { PRIVATE_DIRECTORY_MODE, PRIVATE_FILE_MODE, syncDirectory } from '../../common/durable-files';

export interface FilesystemStorageOptions {
  /** Directory holding the objects, `{DATA_DIR}/files` in the embedded mode. */
  rootDir: string;
  /** HMAC key of the upload and download URLs, at least 32 bytes. */
  urlSigningSecret: string | Buffer;
  /** Current time in milliseconds; only tests replace it. */
  now?: () => number;
}

/** Partial writes live here until renamed into place; keys cannot name it (no segment starts with a dot). */
const INCOMING_DIRECTORY = '.incoming';
/**
 * One empty file per upload URL already used, named `{expiresAt}-{hash of the signed grant}`; keys cannot
 * name it either. Kept until the URL has expired (plus CLAIM_GRACE_MS), after which the URL is refused anyway.
 */
const CLAIMS_DIRECTORY = '.upload-claims';
/** How long a claim outlives its URL: more than any clock difference between processes sharing the files. */
const CLAIM_GRACE_MS = 5 * 60_000;
/** Route of FilesController under the global `/api` prefix. */
const FILES_ROUTE = '/api/files/';

/**
 * Objects as files under one directory, with uploads and downloads through URLs the API signs and serves.
 * The URLs are relative (`/api/files/...`): the browser resolves them against the address it reached the
 * API at, so they work on any host name, LAN address or reverse proxy, whatever PUBLIC_URL says.
 */
export class FilesystemStorage implements ObjectStorage {
  private readonly rootDir: string;
  private readonly signer: FileUrlSigner;
  private readonly now: () => number;

  constructor(options: FilesystemStorageOptions) {
    this.rootDir = resolve(options.rootDir);
    this.signer = new FileUrlSigner(options.urlSigningSecret, options.now);
    this.now = options.now ?? Date.now;
  }

  createUploadUrl(
    key: string,
    options: { contentType: string; maxBytes: number; expiresInSeconds: number },
  ): Promise<string> {
    // Inside the executor, a refused key or option becomes a rejection rather than a synchronous throw.
    return new Promise((resolve) => resolve(this.fileUrl(key, this.signer.signUpload(key, options))));
  }

  createDownloadUrl(
    key: string,
    options: { downloadName: string; contentType: string; expiresInSeconds: number },
  ): Promise<string> {
    return new Promise((resolve) => resolve(this.fileUrl(key, this.signer.signDownload(key, options))));
  }

  /** What an upload to the file route may store, or FileUrlRejectedError / InvalidObjectKeyError. */
  verifyUploadUrl(key: string, query: Readonly<Record<string, unknown>>): UploadGrant {
    return this.signer.verifyUpload(key, query);
  }

  /** How a download from the file route is served, or FileUrlRejectedError / InvalidObjectKeyError. */
  verifyDownloadUrl(key: string, query: Readonly<Record<string, unknown>>): DownloadGrant {
    return this.signer.verifyDownload(key, query);
  }

  async put(key: string, body: Buffer, _contentType: string): Promise<void> {
    const target = this.pathOf(key);
    const temporary = await this.newTemporaryPath();
    try {
      const handle = await open(temporary, 'wx', PRIVATE_FILE_MODE);
      try {
        await handle.writeFile(body);
        await handle.sync();
      } finally {
        await handle.close();
      }
      await this.moveIntoPlace(temporary, target);
    } catch (error) {
      await rm(temporary, { force: true });
      throw error;
    }
  }

  /**
   * Stores a stream of unknown length, counting bytes as they arrive: past `maxBytes` it stops,
   * removes the partial file and throws ObjectTooLargeError. Returns the stored size.
   */
  async putStream(key: string, body: Readable, maxBytes: number): Promise<number> {
    assertPositiveInteger('maxBytes', maxBytes);
    const target = this.pathOf(key);
    const temporary = await this.newTemporaryPath();
    const counter = new ByteLimit(key, maxBytes);
    // Open before streaming: a write stream opened lazily could create the file after the cleanup below ran.
    const handle = await open(temporary, 'wx', PRIVATE_FILE_MODE);
    try {
      await pipeline(body, counter, handle.createWriteStream());
      await syncFile(temporary);
      await this.moveIntoPlace(temporary, target);
      return counter.bytes;
    } catch (error) {
      await rm(temporary, { force: true });
      throw error;
    }
  }

  /**
   * Stores the body of a PUT to a signed upload URL, once per URL. The first request claims the URL with an
   * exclusive create (atomic, also between processes sharing the directory) and stores its body; any other,
   * concurrent or later, gets UploadUrlUsedError, so bytes accepted once can never be replaced through the
   * same URL. A PUT that stores nothing (too large, interrupted) gives the claim back: it accepted no bytes.
   */
  async receiveUpload(grant: UploadGrant, body: Readable): Promise<number> {
    const claim = await this.claimUploadUrl(grant);
    try {
      return await this.putStream(grant.key, body, grant.maxBytes);
    } catch (error) {
      await rm(claim, { force: true });
      throw error;
    }
  }

  /** An uploaded object read whole from one open file; over `maxBytes` it is removed (ObjectTooLargeError). */
  async readUpload(key: string, maxBytes: number): Promise<Buffer> {
    assertPositiveInteger('maxBytes', maxBytes);
    const path = this.pathOf(key);
    const handle = await open(path, 'r').catch((error: unknown) => {
      throw notFoundOr(error, key);
    });
    try {
      const stats = await handle.stat();
      if (!stats.isFile()) throw new ObjectNotFoundError(key);
      if (stats.size > maxBytes) {
        await rm(path, { force: true });
        throw new ObjectTooLargeError(key, maxBytes);
      }
      // Writes never happen in place (a new file is renamed over the key), so the open file keeps the bytes
      // whose size was just checked, whatever arrives meanwhile.
      return await handle.readFile();
    } finally {
      await handle.close();
    }
  }

  /**
   * Removes partial writes (`.incoming/*.part`) untouched for `olderThanMs`, left by a crash or a killed
   * process, and the claims of upload URLs that have expired. Returns how many files went.
   */
  async sweepUploadLeftovers(olderThanMs: number): Promise<number> {
    assertPositiveInteger('olderThanMs', olderThanMs);
    const now = this.now();
    let removed = 0;
    for (const path of await this.filesIn(INCOMING_DIRECTORY)) {
      const stats = await stat(path).catch(() => undefined);
      // A write still going on keeps touching its file; one renamed into place meanwhile is gone.
      if (stats?.isFile() && stats.mtimeMs <= now - olderThanMs && (await removeFile(path))) removed += 1;
    }
    for (const path of await this.filesIn(CLAIMS_DIRECTORY)) {
      const expiresAt = /^(\d{1,15})-/.exec(basename(path))?.[1];
      const expired = expiresAt === undefined || Number(expiresAt) * 1000 + CLAIM_GRACE_MS <= now;
      if (expired && (await removeFile(path))) removed += 1;
    }
    return removed;
  }

  async get(key: string): Promise<Buffer> {
    try {
      return await readFile(this.pathOf(key));
    } catch (error) {
      throw notFoundOr(error, key);
    }
  }

  async getStream(key: string): Promise<Readable> {
    return (await this.openObject(key)).stream;
  }

  /** A stream of the object and its size, for answers that announce a Content-Length. */
  async openObject(key: string): Promise<{ stream: Readable; size: number }> {
    const path = this.pathOf(key);
    // Opening first makes a missing file reject here rather than fail later inside the stream.
    const handle = await open(path, 'r').catch((error: unknown) => {
      throw notFoundOr(error, key);
    });
    try {
      const stats = await handle.stat();
      if (!stats.isFile()) throw new ObjectNotFoundError(key);
      return { stream: handle.createReadStream(), size: stats.size };
    } catch (error) {
      await handle.close();
      throw error;
    }
  }

  async exists(key: string): Promise<boolean> {
    const path = this.pathOf(key);
    try {
      return (await stat(path)).isFile();
    } catch (error) {
      if (isMissingFile(error)) return false;
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    try {
      await unlink(this.pathOf(key));
    } catch (error) {
      // Deleting what is not there succeeds, as on S3, so a retried cleanup job does not fail.
      if (!isMissingFile(error)) throw error;
    }
  }

  async ping(): Promise<void> {
    await mkdir(this.rootDir, { recursive: true });
    await access(this.rootDir, constants.R_OK | constants.W_OK);
  }

  /** Size of an uploaded object, removed with ObjectTooLargeError when above `maxBytes`. */
  async confirmUploadSize(key: string, maxBytes: number): Promise<number> {
    const path = this.pathOf(key);
    const stats = await stat(path).catch((error: unknown) => {
      throw notFoundOr(error, key);
    });
    if (!stats.isFile()) throw new ObjectNotFoundError(key);
    if (stats.size > maxBytes) {
      await rm(path, { force: true });
      throw new ObjectTooLargeError(key, maxBytes);
    }
    return stats.size;
  }

  private fileUrl(key: string, query: URLSearchParams): string {
    const path = key.split('/').map(encodeURIComponent).join('/');
    return `${FILES_ROUTE}${path}?${query.toString()}`;
  }

  private pathOf(key: string): string {
    assertValidObjectKey(key);
    const path = resolve(this.rootDir, ...key.split('/'));
    // The key pattern already forbids escaping the root; this guards against a future change to it.
    if (!path.startsWith(this.rootDir + sep)) throw new InvalidObjectKeyError(key);
    return path;
  }

  private async newTemporaryPath(): Promise<string> {
    const directory = join(this.rootDir, INCOMING_DIRECTORY);
    await mkdir(directory, { recursive: true });
    return join(directory, `${randomUUID()}.part`);
  }

  private async claimUploadUrl(grant: UploadGrant): Promise<string> {
    const directory = join(this.rootDir, CLAIMS_DIRECTORY);
    await mkdir(directory, { recursive: true });
    // Named by the verified grant, not by the query string: `sig` decodes leniently, so two spellings of one
    // signature must not make two claims.
    const grantHash = createHash('sha256')
      .update(JSON.stringify([grant.key, grant.expiresAt, grant.contentType, grant.maxBytes, grant.nonce]))
      .digest('hex');
    const path = join(directory, `${grant.expiresAt}-${grantHash}`);
    try {
      await (await open(path, 'wx')).close();
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'EEXIST') throw new UploadUrlUsedError(grant.key);
      throw error;
    }
    return path;
  }

  private async filesIn(directory: string): Promise<string[]> {
    const path = join(this.rootDir, directory);
    const names = await readdir(path).catch((error: unknown) => {
      if (isMissingFile(error)) return [];
      throw error;
    });
    return names.map((name) => join(path, name));
  }

  private async moveIntoPlace(temporary: string, target: string): Promise<void> {
    await mkdir(dirname(target), { recursive: true, mode: PRIVATE_DIRECTORY_MODE });
    // Same file system as the target, so readers see the old object or the whole new one, never a part.
    await rename(temporary, target);
    // The rename itself is on disk only once its directory is: until then a crash could undo it.
    await syncDirectory(dirname(target));
  }
}

/** Passes bytes through until more than `maxBytes` have gone by, then fails the pipeline. */
class ByteLimit extends Transform {
  bytes = 0;

  constructor(
    private readonly key: string,
    private readonly maxBytes: number,
  ) {
    super();
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback): void {
    this.bytes += chunk.length;
    if (this.bytes > this.maxBytes) callback(new ObjectTooLargeError(this.key, this.maxBytes));
    else callback(null, chunk);
  }
}

// Without it, a crash just after the rename can leave an empty file on file systems that
// delay allocation (ext4, XFS): the rename is durable before the data is.
async function syncFile(path: string): Promise<void> {
  const handle = await open(path, 'r+');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

/** Whether this call removed the file (another sweep may have been first). */
async function removeFile(path: string): Promise<boolean> {
  try {
    await unlink(path);
    return true;
  } catch (error) {
    if (isMissingFile(error)) return false;
    throw error;
  }
}

function isMissingFile(error: unknown): boolean {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  // A key naming a directory (the prefix of other keys) is not an object either.
  return code === 'ENOENT' || code === 'ENOTDIR' || code === 'EISDIR';
}

function notFoundOr(error: unknown, key: string): unknown {
  return isMissingFile(error) ? new ObjectNotFoundError(key) : error;
}
