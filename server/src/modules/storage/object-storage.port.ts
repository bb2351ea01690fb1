import type { Readable } from 'node:stream';

/** Where documents, logos and sealed PDFs live. Keys are server-made (UUIDs, hashes), never user input. */
export interface ObjectStorage {
  /**
   * An address the browser can PUT the object to, valid `expiresInSeconds`, for this one key and at most
   * `maxBytes`: absolute for a bucket, relative to the API's origin (`/api/files/...`) for the API's own route.
   */
  createUploadUrl(
    key: string,
    options: { contentType: string; maxBytes: number; expiresInSeconds: number },
  ): Promise<string>;
  /** An address to GET the object from, served as an attachment named `downloadName`; absolute or relative as above. */
  createDownloadUrl(
    key: string,
    options: { downloadName: string; contentType: string; expiresInSeconds: number },
  ): Promise<string>;
  put(key: string, body: Buffer, contentType: string): Promise<void>;
  get(key: string): Promise<Buffer>;
  getStream(key: string): Promise<Readable>;
  exists(key: string): Promise<boolean>;
  delete(key: string): Promise<void>;
  /**
   * The size of an object uploaded through an upload URL; an object over `maxBytes` is deleted and
   * ObjectTooLargeError thrown. Call it before using an upload: S3 cannot cap the size of a pre-signed PUT.
   */
  confirmUploadSize(key: string, maxBytes: number): Promise<number>;
  /**
   * An object uploaded through an upload URL, read whole in one read: the bytes checked are the bytes used,
   * whatever is PUT to the key meanwhile. Over `maxBytes` it is deleted and ObjectTooLargeError thrown.
   */
  readUpload(key: string, maxBytes: number): Promise<Buffer>;
  /**
   * Removes what uploads left inside the store itself: partial writes untouched for `olderThanMs` and the
   * records of upload URLs that have expired. Returns how many went (a bucket keeps neither).
   */
  sweepUploadLeftovers(olderThanMs: number): Promise<number>;
  /** Throws when the store cannot be reached (health check). */
  ping(): Promise<void>;
}

export const OBJECT_STORAGE = Symbol('ObjectStorage');
