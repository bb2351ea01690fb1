import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { FileUrlRejectedError } from './storage-errors';
import {
  assertPositiveInteger,
  assertValidContentType,
  assertValidObjectKey,
  downloadLifetimeSeconds,
} from './storage-validation';

export interface UploadGrant {
  operation: 'put';
  key: string;
  contentType: string;
  maxBytes: number;
  /** Unix seconds. */
  expiresAt: number;
  /**
   * Random per issued URL: an upload URL is used once, and two URLs issued for one key in the same second (a
   * member replacing a logo twice) must not be taken for the same one.
   */
  nonce: string;
}

export interface DownloadGrant {
  operation: 'get';
  key: string;
  contentType: string;
  downloadName: string;
  /** Unix seconds. */
  expiresAt: number;
}

export type FileGrant = UploadGrant | DownloadGrant;

const MIN_SECRET_BYTES = 32;
// Bumped whenever the signed fields change, so an old URL can never be read with a new meaning.
const PAYLOAD_VERSION = 'esign-file-url-v2';

/**
 * Signs and checks the query string of the API's own file URLs: which operation, on which key,
 * until when, and with which limits. Everything the file route trusts is covered by the HMAC.
 */
export class FileUrlSigner {
  private readonly secret: Buffer;

  constructor(
    secret: string | Buffer,
    private readonly now: () => number = Date.now,
  ) {
    this.secret = Buffer.isBuffer(secret) ? Buffer.from(secret) : Buffer.from(secret, 'utf8');
    if (this.secret.length < MIN_SECRET_BYTES) {
      throw new RangeError(`The file URL secret must be at least ${MIN_SECRET_BYTES} bytes`);
    }
  }

  signUpload(
    key: string,
    options: { contentType: string; maxBytes: number; expiresInSeconds: number },
  ): URLSearchParams {
    assertValidObjectKey(key);
    assertValidContentType(options.contentType);
    assertPositiveInteger('maxBytes', options.maxBytes);
    assertPositiveInteger('expiresInSeconds', options.expiresInSeconds);
    return this.toQuery({
      operation: 'put',
      key,
      contentType: options.contentType,
      maxBytes: options.maxBytes,
      expiresAt: this.nowInSeconds() + options.expiresInSeconds,
      nonce: randomBytes(16).toString('base64url'),
    });
  }

  signDownload(
    key: string,
    options: { downloadName: string; contentType: string; expiresInSeconds: number },
  ): URLSearchParams {
    assertValidObjectKey(key);
    assertValidContentType(options.contentType);
    return this.toQuery({
      operation: 'get',
      key,
      contentType: options.contentType,
      downloadName: options.downloadName,
      expiresAt: this.nowInSeconds() + downloadLifetimeSeconds(options.expiresInSeconds),
    });
  }

  /** The upload grant a request's query string carries for `key`, or FileUrlRejectedError. */
  verifyUpload(key: string, query: Readonly<Record<string, unknown>>): UploadGrant {
    const grant = this.verify(key, query);
    if (grant.operation !== 'put') throw new FileUrlRejectedError('operation');
    return grant;
  }

  /** The download grant a request's query string carries for `key`, or FileUrlRejectedError. */
  verifyDownload(key: string, query: Readonly<Record<string, unknown>>): DownloadGrant {
    const grant = this.verify(key, query);
    if (grant.operation !== 'get') throw new FileUrlRejectedError('operation');
    return grant;
  }

  private verify(key: string, query: Readonly<Record<string, unknown>>): FileGrant {
    assertValidObjectKey(key);
    const grant = parseGrant(key, query);
    const given = Buffer.from(singleString(query, 'sig'), 'base64url');
    const expected = this.signatureOf(grant);
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
      throw new FileUrlRejectedError('signature');
    }
    // Checked after the signature, so a client learns nothing about a URL it altered.
    if (grant.expiresAt <= this.nowInSeconds()) throw new FileUrlRejectedError('expired');
    return grant;
  }

  private toQuery(grant: FileGrant): URLSearchParams {
    const query = new URLSearchParams({
      op: grant.operation,
      exp: String(grant.expiresAt),
      ct: grant.contentType,
    });
    if (grant.operation === 'put') {
      query.set('max', String(grant.maxBytes));
      query.set('n', grant.nonce);
    } else query.set('name', grant.downloadName);
    query.set('sig', this.signatureOf(grant).toString('base64url'));
    return query;
  }

  private signatureOf(grant: FileGrant): Buffer {
    const limit = grant.operation === 'put' ? String(grant.maxBytes) : grant.downloadName;
    // JSON keeps the fields apart whatever characters a download name holds.
    const payload = JSON.stringify([
      PAYLOAD_VERSION,
      grant.operation,
      grant.key,
      grant.expiresAt,
      grant.contentType,
      limit,
      grant.operation === 'put' ? grant.nonce : '',
    ]);
    return createHmac('sha256', this.secret).update(payload, 'utf8').digest();
  }

  private nowInSeconds(): number {
    return Math.floor(this.now() / 1000);
  }
}

function parseGrant(key: string, query: Readonly<Record<string, unknown>>): FileGrant {
  const operation = singleString(query, 'op');
  const expiresAt = parseDigits(singleString(query, 'exp'));
  const contentType = singleString(query, 'ct');
  if (operation === 'put') {
    const nonce = singleString(query, 'n');
    if (!/^[\w-]{22}$/.test(nonce)) throw new FileUrlRejectedError('malformed');
    return {
      operation,
      key,
      contentType,
      maxBytes: parseDigits(singleString(query, 'max')),
      expiresAt,
      nonce,
    };
  }
  if (operation === 'get') {
    return { operation, key, contentType, downloadName: singleString(query, 'name'), expiresAt };
  }
  throw new FileUrlRejectedError('malformed');
}

function singleString(query: Readonly<Record<string, unknown>>, name: string): string {
  const value = query[name];
  // A repeated parameter arrives as an array: refuse it rather than guess which one was signed.
  if (typeof value !== 'string') throw new FileUrlRejectedError('malformed');
  return value;
}

function parseDigits(value: string): number {
  if (!/^\d{1,15}$/.test(value)) throw new FileUrlRejectedError('malformed');
  return Number(value);
}
