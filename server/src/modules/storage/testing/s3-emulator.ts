import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { buffer } from 'node:stream/consumers';

export interface S3EmulatorCredentials {
  accessKeyId: string;
  secretAccessKey: string;
}

/**
 * For tests, on 127.0.0.1: the slice of the S3 REST API that S3Storage uses (HEAD bucket; PUT, GET, HEAD, DELETE object,
 * path style), checking every request's AWS Signature V4 as S3 does, from the Authorization
 * header or from the query string of a pre-signed URL.
 */
export class S3Emulator {
  /** Stored objects by key. */
  readonly objects = new Map<string, { body: Buffer; contentType: string }>();
  /** Moves the emulator's clock, to expire pre-signed URLs without waiting. */
  clockOffsetMs = 0;
  /** How many coming requests get 500 InternalError, as during an S3 incident. */
  failingRequests = 0;
  /** How many coming requests get no answer at all, as from a stalled store. */
  stalledRequests = 0;
  private readonly server: Server = createServer((request, response) => {
    this.handle(request, response).catch(() => response.destroy());
  });

  constructor(
    private readonly bucket: string,
    private readonly credentials: S3EmulatorCredentials,
  ) {}

  async start(): Promise<string> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  async stop(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise((resolve) => this.server.close(resolve));
  }

  private async handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const body = await buffer(request);
    const url = new URL(request.url ?? '/', 'http://emulator');
    const refusal = sigV4Refusal(request, body, this.credentials, Date.now() + this.clockOffsetMs);
    if (this.stalledRequests > 0) {
      this.stalledRequests -= 1;
      return;
    }
    if (this.failingRequests > 0) {
      this.failingRequests -= 1;
      return answerError(response, 500, 'InternalError');
    }
    if (refusal) return answerError(response, 403, refusal);
    const [bucket, ...keySegments] = url.pathname.slice(1).split('/').map(decodeURIComponent);
    if (bucket !== this.bucket) return answerError(response, 404, 'NoSuchBucket');
    const key = keySegments.join('/');
    if (key === '') return void response.writeHead(200).end();
    if (request.method === 'PUT') {
      const contentType = request.headers['content-type'] ?? 'binary/octet-stream';
      this.objects.set(key, { body, contentType });
      return void response.writeHead(200, { ETag: '"etag"' }).end();
    }
    if (request.method === 'DELETE') {
      this.objects.delete(key);
      return void response.writeHead(204).end();
    }
    this.answerObject(request.method === 'HEAD', key, url.searchParams, response);
  }

  private answerObject(
    headOnly: boolean,
    key: string,
    query: URLSearchParams,
    response: ServerResponse,
  ): void {
    const stored = this.objects.get(key);
    if (!stored) return answerError(response, 404, 'NoSuchKey', headOnly);
    const disposition = query.get('response-content-disposition');
    response.writeHead(200, {
      'Content-Type': query.get('response-content-type') ?? stored.contentType,
      'Content-Length': stored.body.length,
      ...(disposition === null ? {} : { 'Content-Disposition': disposition }),
    });
    response.end(headOnly ? undefined : stored.body);
  }
}

function answerError(response: ServerResponse, status: number, code: string, headOnly = false): void {
  const xml = `<?xml version="1.0" encoding="UTF-8"?><Error><Code>${code}</Code><Message>${code}</Message></Error>`;
  response.writeHead(status, { 'Content-Type': 'application/xml' }).end(headOnly ? undefined : xml);
}

interface SignatureParts {
  credential: string;
  signedHeaders: string;
  signature: string;
  amzDate: string;
  lifetimeSeconds: number;
  payloadHash: string;
}

/** The S3 error code for a request whose SigV4 signature is missing, wrong or expired; undefined when valid. */
function sigV4Refusal(
  request: IncomingMessage,
  body: Buffer,
  credentials: S3EmulatorCredentials,
  now: number,
): string | undefined {
  const [rawPath = '/', rawQuery = ''] = (request.url ?? '/').split(/\?(.*)/s);
  const query = rawQuery.split('&').filter(Boolean).map(splitPair);
  const parts = signaturePartsOf(request, Object.fromEntries(query));
  if (!parts) return 'AccessDenied';
  const [accessKeyId, day = '', region = '', service = ''] = parts.credential.split('/');
  if (accessKeyId !== credentials.accessKeyId) return 'InvalidAccessKeyId';
  const signedAt = Date.parse(
    parts.amzDate.replace(/^(\d{4})(\d\d)(\d\d)T(\d\d)(\d\d)(\d\d)Z$/, '$1-$2-$3T$4:$5:$6Z'),
  );
  if (!(now <= signedAt + parts.lifetimeSeconds * 1000)) return 'AccessDenied';
  const unsigned = parts.payloadHash === 'UNSIGNED-PAYLOAD';
  if (!unsigned && parts.payloadHash !== sha256(body)) return 'XAmzContentSHA256Mismatch';
  const canonicalQuery = query
    .filter(([name]) => name !== 'X-Amz-Signature')
    .map(([name, value]) => `${uriEncode(name)}=${uriEncode(value)}`)
    .sort()
    .join('&');
  const canonicalHeaders = parts.signedHeaders
    .split(';')
    .map(
      (name) =>
        `${name}:${String(request.headers[name] ?? '')
          .trim()
          .replace(/\s+/g, ' ')}\n`,
    )
    .join('');
  const canonicalRequest = [
    request.method,
    rawPath,
    canonicalQuery,
    canonicalHeaders,
    parts.signedHeaders,
    parts.payloadHash,
  ];
  const scope = [day, region, service, 'aws4_request'];
  const stringToSign = [
    'AWS4-HMAC-SHA256',
    parts.amzDate,
    scope.join('/'),
    sha256(canonicalRequest.join('\n')),
  ];
  const signingKey = scope.reduce<Buffer | string>(
    (key, part) => hmac(key, part),
    `AWS4${credentials.secretAccessKey}`,
  );
  const expected = hmac(signingKey, stringToSign.join('\n'));
  const given = Buffer.from(parts.signature, 'hex');
  return given.length === expected.length && timingSafeEqual(given, expected)
    ? undefined
    : 'SignatureDoesNotMatch';
}

/** Signature fields from a pre-signed URL's query, or else from the Authorization header. */
function signaturePartsOf(
  request: IncomingMessage,
  query: Record<string, string>,
): SignatureParts | undefined {
  if (query['X-Amz-Signature']) {
    return {
      credential: query['X-Amz-Credential'] ?? '',
      signedHeaders: query['X-Amz-SignedHeaders'] ?? '',
      signature: query['X-Amz-Signature'],
      amzDate: query['X-Amz-Date'] ?? '',
      lifetimeSeconds: Number(query['X-Amz-Expires']),
      payloadHash: 'UNSIGNED-PAYLOAD',
    };
  }
  const header = /^AWS4-HMAC-SHA256 Credential=([^,]+), ?SignedHeaders=([^,]+), ?Signature=([0-9a-f]+)$/.exec(
    request.headers.authorization ?? '',
  );
  if (!header) return undefined;
  return {
    credential: header[1] ?? '',
    signedHeaders: header[2] ?? '',
    signature: header[3] ?? '',
    amzDate: String(request.headers['x-amz-date']),
    // S3 accepts a header-signed request for 15 minutes around its X-Amz-Date.
    lifetimeSeconds: 15 * 60,
    payloadHash: String(request.headers['x-amz-content-sha256']),
  };
}

function splitPair(pair: string): [string, string] {
  const [name = '', value = ''] = pair.split(/=(.*)/s);
  return [decodeURIComponent(name), decodeURIComponent(value)];
}

function uriEncode(value: string): string {
  return encodeURIComponent(value).replace(
    /[!'()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
}

function sha256(data: Buffer | string): string {
  return createHash('sha256').update(data).digest('hex');
}

function hmac(key: Buffer | string, data: string): Buffer {
  return createHmac('sha256', key).update(data).digest();
}
