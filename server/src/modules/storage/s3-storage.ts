import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { Readable } from 'node:stream';
import { attachmentContentDisposition } from './content-disposition';
import type { ObjectStorage } from './object-storage.port';
import { ObjectNotFoundError, ObjectTooLargeError } from './storage-errors';
import {
  assertPositiveInteger,
  assertValidContentType,
  assertValidObjectKey,
  downloadLifetimeSeconds,
} from './storage-validation';

export interface S3StorageOptions {
  bucket: string;
  region: string;
  /** For S3-compatible stores (MinIO, Scaleway, OVH...); AWS itself needs none. */
  endpoint?: string;
  /** Path-style URLs (`endpoint/bucket/key`), which most S3-compatible stores require. */
  forcePathStyle?: boolean;
  /** Without them, the SDK's default chain applies (environment, instance role). */
  credentials?: { accessKeyId: string; secretAccessKey: string };
  /** Attempts per call, retries included (SDK default 3). */
  maxAttempts?: number;
  /** Limit for one request and its response, in milliseconds (default 60 s). */
  timeoutMs?: number;
}

const DEFAULT_TIMEOUT_MS = 60_000;
const CONNECTION_TIMEOUT_MS = 5_000;

/**
 * Objects in an S3 bucket; browsers upload and download with pre-signed URLs.
 *
 * Upload size: the port hands out one URL string that the browser PUTs to. S3 can enforce "at
 * most N bytes" only through a pre-signed POST policy (`content-length-range`), which needs form
 * fields next to the URL and so does not fit the port. A pre-signed PUT can pin an exact
 * Content-Length, not a maximum. So the PUT URL pins the key, the Content-Type and the lifetime,
 * and the size is enforced when the upload is confirmed: `confirmUploadSize` reads it with a HEAD
 * and deletes an oversized object before anything reads or records it.
 *
 * Single use: a pre-signed PUT stays valid until it expires, however often it is used, and S3 offers no way
 * to refuse a second PUT to it. So the product never reads an upload key twice and never serves it:
 * completion reads the object once (`readUpload`, one GET), stores the checked bytes under their own
 * content-addressed key and deletes the upload key. A later PUT to the old URL only recreates an object that
 * nothing reads, which is deleted once the URL has expired (documents' discard job), and counted in the
 * member's quota until then when the upload was refused.
 */
export class S3Storage implements ObjectStorage {
  private readonly client: S3Client;
  private readonly bucket: string;

  constructor(options: S3StorageOptions) {
    this.bucket = options.bucket;
    this.client = new S3Client({
      region: options.region,
      endpoint: options.endpoint,
      forcePathStyle: options.forcePathStyle ?? false,
      credentials: options.credentials,
      maxAttempts: options.maxAttempts,
      // The SDK waits forever by default; a stalled store must fail the upload or the seal job
      // so that it is retried, not hold it.
      requestHandler: {
        connectionTimeout: CONNECTION_TIMEOUT_MS,
        requestTimeout: options.timeoutMs ?? DEFAULT_TIMEOUT_MS,
        throwOnRequestTimeout: true,
      },
      // Since SDK 3.729 (aws-sdk-js-v3 PR #6750) checksums are on by default: a pre-signed PUT then
      // carries the CRC32 of an empty body (x-amz-checksum-crc32=AAAAAA==) and every real upload
      // fails, and several S3-compatible stores reject the new headers. Checksums only where required.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    });
  }

  async createUploadUrl(
    key: string,
    options: { contentType: string; maxBytes: number; expiresInSeconds: number },
  ): Promise<string> {
    assertValidObjectKey(key);
    assertValidContentType(options.contentType);
    assertPositiveInteger('maxBytes', options.maxBytes);
    assertPositiveInteger('expiresInSeconds', options.expiresInSeconds);
    const command = new PutObjectCommand({ Bucket: this.bucket, Key: key, ContentType: options.contentType });
    // The presigner leaves Content-Type out of the signature unless told to sign it; signed, an
    // upload with another type (text/html in place of a PDF) gets 403 from S3.
    return getSignedUrl(this.client, command, {
      expiresIn: options.expiresInSeconds,
      signableHeaders: new Set(['content-type']),
    });
  }

  async createDownloadUrl(
    key: string,
    options: { downloadName: string; contentType: string; expiresInSeconds: number },
  ): Promise<string> {
    assertValidObjectKey(key);
    assertValidContentType(options.contentType);
    const command = new GetObjectCommand({
      Bucket: this.bucket,
      Key: key,
      ResponseContentType: options.contentType,
      ResponseContentDisposition: attachmentContentDisposition(options.downloadName, options.contentType),
    });
    return getSignedUrl(this.client, command, {
      expiresIn: downloadLifetimeSeconds(options.expiresInSeconds),
    });
  }

  async put(key: string, body: Buffer, contentType: string): Promise<void> {
    assertValidObjectKey(key);
    await this.client.send(
      new PutObjectCommand({ Bucket: this.bucket, Key: key, Body: body, ContentType: contentType }),
    );
  }

  async get(key: string): Promise<Buffer> {
    const stream = await this.getStream(key);
    const chunks: Buffer[] = [];
    for await (const chunk of stream) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks);
  }

  async getStream(key: string): Promise<Readable> {
    assertValidObjectKey(key);
    const response = await this.client
      .send(new GetObjectCommand({ Bucket: this.bucket, Key: key }))
      .catch((error: unknown) => {
        throw notFoundOr(error, key);
      });
    if (!(response.Body instanceof Readable)) throw new Error(`S3 returned no readable body for ${key}`);
    return response.Body;
  }

  async exists(key: string): Promise<boolean> {
    try {
      await this.sizeOf(key);
      return true;
    } catch (error) {
      if (error instanceof ObjectNotFoundError) return false;
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    assertValidObjectKey(key);
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: key }));
  }

  async ping(): Promise<void> {
    await this.client.send(new HeadBucketCommand({ Bucket: this.bucket }));
  }

  /** Size of an uploaded object, deleted with ObjectTooLargeError when above `maxBytes`. */
  async confirmUploadSize(key: string, maxBytes: number): Promise<number> {
    const size = await this.sizeOf(key);
    if (size > maxBytes) {
      await this.delete(key);
      throw new ObjectTooLargeError(key, maxBytes);
    }
    return size;
  }

  async readUpload(key: string, maxBytes: number): Promise<Buffer> {
    assertValidObjectKey(key);
    assertPositiveInteger('maxBytes', maxBytes);
    const response = await this.client
      .send(new GetObjectCommand({ Bucket: this.bucket, Key: key }))
      .catch((error: unknown) => {
        throw notFoundOr(error, key);
      });
    const body = response.Body;
    if (!(body instanceof Readable)) throw new Error(`S3 returned no readable body for ${key}`);
    const chunks: Buffer[] = [];
    let size = 0;
    try {
      if ((response.ContentLength ?? 0) > maxBytes) throw new ObjectTooLargeError(key, maxBytes);
      // Counted as well: the announced length is the store's word, the bytes are what gets used.
      for await (const chunk of body) {
        size += (chunk as Buffer).length;
        if (size > maxBytes) throw new ObjectTooLargeError(key, maxBytes);
        chunks.push(chunk as Buffer);
      }
    } catch (error) {
      body.destroy();
      if (error instanceof ObjectTooLargeError) await this.delete(key);
      throw error;
    }
    return Buffer.concat(chunks);
  }

  /** Nothing to do: a PUT to S3 is stored whole or not at all, and no record of used URLs is kept here. */
  sweepUploadLeftovers(olderThanMs: number): Promise<number> {
    return new Promise((resolve) => {
      assertPositiveInteger('olderThanMs', olderThanMs);
      resolve(0);
    });
  }

  private async sizeOf(key: string): Promise<number> {
    assertValidObjectKey(key);
    const head = await this.client
      .send(new HeadObjectCommand({ Bucket: this.bucket, Key: key }))
      .catch((error: unknown) => {
        throw notFoundOr(error, key);
      });
    return head.ContentLength ?? 0;
  }
}

function notFoundOr(error: unknown, key: string): unknown {
  // GET answers NoSuchKey; HEAD has no body, so the SDK can only name it NotFound.
  const missing =
    error instanceof S3ServiceException &&
    (error.name === 'NoSuchKey' || error.name === 'NotFound' || error.$metadata.httpStatusCode === 404);
  return missing ? new ObjectNotFoundError(key) : error;
}
