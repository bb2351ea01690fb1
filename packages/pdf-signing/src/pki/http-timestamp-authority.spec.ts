import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer, type IncomingHttpHeaders, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { ContentInfo, EncapsulatedContent, SignedData } from '@peculiar/asn1-cms';
import { AsnConvert } from '@peculiar/asn1-schema';
import { DEVELOPMENT_PKI_FILES, ensureDevelopmentPki } from './development-pki';
import { HttpTimestampAuthority } from './http-timestamp-authority';
import { LocalTimestampAuthority } from './local-timestamp-authority';
import { OID } from './oids';
import { TimestampAuthorityError } from './timestamp-authority';
import { decodeTimestampRequest, decodeTimestampResponse, encodeGrantedResponse } from './timestamp-protocol';

/**
 * The token re-encoded as Bouncy Castle based TSAs send it: the TSTInfo in a constructed, segmented
 * OCTET STRING (BER). Signature and digests still hold, since they cover the content octets only.
 */
function withSegmentedContent(token: Buffer): Buffer {
  const contentInfo = AsnConvert.parse(token, ContentInfo);
  const signedData = AsnConvert.parse(contentInfo.content, SignedData);
  const content = Buffer.from(signedData.encapContentInfo.eContent?.single?.buffer ?? new ArrayBuffer(0));
  const segments: Buffer[] = [];
  for (let offset = 0; offset < content.length; offset += 100) {
    const segment = content.subarray(offset, offset + 100);
    segments.push(Buffer.from([0x04, segment.length]), segment);
  }
  const constructed = Buffer.concat([Buffer.from([0x24, 0x80]), ...segments, Buffer.from([0, 0])]);
  signedData.encapContentInfo.eContent = new EncapsulatedContent({
    any: Uint8Array.from(constructed).buffer,
  });
  contentInfo.content = AsnConvert.serialize(signedData);
  return Buffer.from(AsnConvert.serialize(contentInfo));
}

type Behaviour = (request: Buffer, authority: LocalTimestampAuthority) => Promise<Buffer | 'hang' | number>;

/** How the test TSA answers, by request path: honestly, or with a reply that does not fit the request. */
const BEHAVIOURS: Record<string, Behaviour> = {
  '/honest': (request, authority) => authority.handleTimestampRequest(request),
  '/wrong-nonce': (request, authority) => {
    const altered = decodeTimestampRequest(request);
    altered.nonce = Uint8Array.from([0x01, 0x02, 0x03]).buffer;
    return authority.handleTimestampRequest(Buffer.from(AsnConvert.serialize(altered)));
  },
  '/wrong-imprint': (request, authority) => {
    const altered = decodeTimestampRequest(request);
    altered.messageImprint.hashedMessage = new Uint8Array(32).fill(9).buffer;
    return authority.handleTimestampRequest(Buffer.from(AsnConvert.serialize(altered)));
  },
  '/tampered-signature': async (request, authority) => {
    const token = decodeTimestampResponse(await authority.handleTimestampRequest(request)).token as Buffer;
    token.writeUInt8(token.readUInt8(token.length - 1) ^ 0xff, token.length - 1);
    return encodeGrantedResponse(token);
  },
  '/segmented-content': async (request, authority) => {
    const token = decodeTimestampResponse(await authority.handleTimestampRequest(request)).token as Buffer;
    return encodeGrantedResponse(withSegmentedContent(token));
  },
  '/server-error': () => Promise.resolve(500),
  '/not-tsp': () => Promise.resolve(Buffer.from('<html>maintenance</html>')),
  '/hang': () => Promise.resolve('hang'),
  '/oversized': () => Promise.resolve(Buffer.alloc(2 * 1024 * 1024)),
};

async function readBody(request: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

describe('HttpTimestampAuthority', () => {
  let workDir: string;
  let server: Server;
  let baseUrl: string;
  let rootPem: string;
  let tsaPem: string;
  let lastHeaders: IncomingHttpHeaders = {};
  const digest = createHash('sha256').update('the sealed document').digest();
  const imprint = { hashAlgorithmOid: OID.sha256, hashedMessage: digest };
  const authorityAt = (pathName: string, timeoutMs?: number): HttpTimestampAuthority =>
    new HttpTimestampAuthority({ url: `${baseUrl}${pathName}`, timeoutMs });

  beforeAll(async () => {
    workDir = await mkdtemp(path.join(tmpdir(), 'http-tsa-'));
    const material = await ensureDevelopmentPki(path.join(workDir, 'pki'));
    rootPem = path.join(material.directory, DEVELOPMENT_PKI_FILES.rootCertificate);
    tsaPem = path.join(material.directory, DEVELOPMENT_PKI_FILES.timestampingCertificate);
    const local = new LocalTimestampAuthority(material.timestamping);
    server = createServer((request, response) => {
      lastHeaders = request.headers;
      const behaviour = BEHAVIOURS[request.url ?? ''] ?? BEHAVIOURS['/honest'];
      void readBody(request)
        .then((body) => (behaviour as Behaviour)(body, local))
        .then((reply) => {
          if (reply === 'hang') return;
          if (typeof reply === 'number') return response.writeHead(reply).end();
          response.writeHead(200, { 'content-type': 'application/timestamp-reply' }).end(reply);
        });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });

  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
    await rm(workDir, { recursive: true, force: true });
  });

  it('posts an RFC 3161 query and returns a token that openssl verifies against the digest', async () => {
    const token = await authorityAt('/honest').timestamp(imprint);
    expect(lastHeaders['content-type']).toBe('application/timestamp-query');
    const tokenFile = path.join(workDir, 'token.tst');
    await writeFile(tokenFile, token);
    const verification = spawnSync(
      'openssl',
      [
        'ts',
        '-verify',
        '-digest',
        digest.toString('hex'),
        '-token_in',
        '-in',
        tokenFile,
        '-CAfile',
        rootPem,
        '-untrusted',
        tsaPem,
      ],
      { encoding: 'utf8' },
    );
    expect(verification.stdout).toContain('Verification: OK');
  });

  it('accepts a token whose TSTInfo is in a segmented BER OCTET STRING', async () => {
    const token = await authorityAt('/segmented-content').timestamp(imprint);
    const signedData = AsnConvert.parse(AsnConvert.parse(token, ContentInfo).content, SignedData);
    expect(signedData.encapContentInfo.eContent?.single).toBeUndefined();
    expect(signedData.encapContentInfo.eContent?.any).toBeDefined();
  });

  it('sends URL credentials as Basic authentication and never repeats them in errors', async () => {
    const url = new URL(`${baseUrl}/server-error`);
    url.username = 'seal';
    url.password = 's3cret-password';
    const attempt = new HttpTimestampAuthority({ url: url.toString() }).timestamp(imprint);
    await expect(attempt).rejects.toThrow(`the TSA at ${baseUrl} answered HTTP 500`);
    await attempt.catch((error: Error) => expect(error.message).not.toContain('s3cret'));
    expect(lastHeaders.authorization).toBe(`Basic ${Buffer.from('seal:s3cret-password').toString('base64')}`);
  });

  it.each([
    ['/wrong-nonce', 'answered with another nonce'],
    ['/wrong-imprint', 'time-stamped another message imprint'],
    ['/tampered-signature', 'its signature does not verify'],
    ['/not-tsp', 'did not send a TimeStampResp'],
    ['/oversized', 'sent more than 1048576 bytes'],
  ])('refuses the reply from %s', async (pathName, reason) => {
    const attempt = authorityAt(pathName).timestamp(imprint);
    await expect(attempt).rejects.toBeInstanceOf(TimestampAuthorityError);
    await expect(attempt).rejects.toThrow(reason);
  });

  it('reports the status and failure of a rejected request', async () => {
    const sha1Imprint = { hashAlgorithmOid: OID.sha1, hashedMessage: Buffer.alloc(20) };
    await expect(authorityAt('/honest').timestamp(sha1Imprint)).rejects.toThrow(
      /refused the request \(status rejection: badAlg; unsupported hash algorithm 1\.3\.14\.3\.2\.26\)/,
    );
  });

  it('gives up on a TSA that does not answer in time', async () => {
    await expect(authorityAt('/hang', 200).timestamp(imprint)).rejects.toThrow('could not be reached');
  });
});
