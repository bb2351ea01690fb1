import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { once } from 'node:events';
import { get, type IncomingHttpHeaders, type Server } from 'node:http';
import { type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import express from 'express';
import request from 'supertest';
import { mountWebApps, negotiateEncoding } from '../src/web-apps';

/** Collects the (decoded) body as bytes, whatever its type. */
function bytes(res: request.Response, callback: (error: Error | null, body: Buffer) => void): void {
  const chunks: Buffer[] = [];
  res.on('data', (chunk: Buffer) => chunks.push(chunk));
  res.on('end', () => callback(null, Buffer.concat(chunks)));
}

/** Text that compresses like a bundle does, of about `size` bytes. */
function bundle(name: string, size: number): string {
  const lines: string[] = [];
  for (let index = 0; lines.join('\n').length < size; index += 1)
    lines.push(
      `export function ${name}${index}(value) { return value * ${index} + ${(index * 7919) % 104729}; }`,
    );
  return lines.join('\n');
}

// Two front ends as `npm run build` leaves them, in temporary folders, compressed by the build's own script.
describe('built front ends: precompressed, cacheable files', () => {
  const root = mkdtempSync(join(tmpdir(), 'web-apps-'));
  const adminWeb = join(root, 'admin-web');
  const signWeb = join(root, 'sign-web');
  const ADMIN_FILES: Record<string, string> = {
    'index.html': `<!doctype html><html><head><title>Back office</title></head><body>${'<div></div>'.repeat(200)}</body></html>`,
    'assets/index-B4xQ9fZ1.js': bundle('admin', 40_000),
    'assets/index-Cq2Lr8Tz.css': `.a{color:red}\n`.repeat(400),
    'assets/pdf.worker.min-Dswkl-cV.mjs': bundle('worker', 60_000),
    // A route's small chunk, and a re-export too small for compression to gain, as the split build makes them.
    'assets/Download-CDJw_utp.js': bundle('download', 190),
    'assets/styled-CqKorzID.js': 'import{ut as e}from"./useTranslate-DWm8r7Nw.js";var t=e();export{t};',
    'favicon.svg': '<svg xmlns="http://www.w3.org/2000/svg"/>',
    'ug/user-guide_fr.pdf': '%PDF-1.7\n%%EOF\n',
  };
  const SIGN_FILES: Record<string, string> = {
    'index.html': `<!doctype html><html><head><title>Signature</title></head><body>${'<p></p>'.repeat(300)}</body></html>`,
    'assets/index-D9kPq2Aa.js': bundle('sign', 30_000),
  };
  const server = express();
  let listener: Server | undefined;

  beforeAll(() => {
    for (const [base, files] of [
      [adminWeb, ADMIN_FILES],
      [signWeb, SIGN_FILES],
    ] as const) {
      for (const [file, content] of Object.entries(files)) {
        mkdirSync(dirname(join(base, file)), { recursive: true });
        writeFileSync(join(base, file), content);
      }
    }
    const script = join(__dirname, '../../scripts/precompress.mjs');
    execFileSync(process.execPath, [script, adminWeb, signWeb], { stdio: 'ignore' });
    server.get('/api/health', (_req, res) => {
      res.json({ status: 'ok' });
    });
    mountWebApps(server, { adminWeb, signWeb });
  });

  afterAll(async () => {
    await new Promise((resolve) => listener?.close(resolve));
    rmSync(root, { recursive: true, force: true });
  });

  /** A GET whose body is read as sent, without the decoding supertest does. */
  async function rawGet(path: string, headers: Record<string, string>) {
    listener ??= server.listen(0, '127.0.0.1');
    if (!listener.listening) await once(listener, 'listening');
    const { port } = listener.address() as AddressInfo;
    return new Promise<{ status?: number; headers: IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
      get({ host: '127.0.0.1', port, path, headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          resolve({ status: res.statusCode, headers: res.headers, body: Buffer.concat(chunks) }),
        );
      }).on('error', reject);
    });
  }

  it('builds a Brotli and a gzip copy of every script and style, and of other text files above 1 KiB', () => {
    for (const file of [
      'index.html',
      'assets/index-B4xQ9fZ1.js',
      'assets/index-Cq2Lr8Tz.css',
      'assets/Download-CDJw_utp.js',
      'assets/styled-CqKorzID.js',
    ]) {
      expect(existsSync(join(adminWeb, `${file}.br`))).toBe(true);
      expect(existsSync(join(adminWeb, `${file}.gz`))).toBe(true);
    }
    expect(existsSync(join(adminWeb, 'assets/pdf.worker.min-Dswkl-cV.mjs.br'))).toBe(true);
    expect(existsSync(join(adminWeb, 'favicon.svg.br'))).toBe(false);
    expect(existsSync(join(adminWeb, 'ug/user-guide_fr.pdf.gz'))).toBe(false);
  });

  it.each([
    ['gzip, deflate, br, zstd', 'br', '.br'],
    ['gzip, deflate', 'gzip', '.gz'],
    ['br;q=0.5, gzip', 'gzip', '.gz'],
    ['*', 'br', '.br'],
  ])('answers Accept-Encoding "%s" with the %s copy of a hashed asset', async (accept, encoding, suffix) => {
    const file = 'assets/index-B4xQ9fZ1.js';
    const res = await request(server)
      .get(`/${file}`)
      .set('Accept-Encoding', accept)
      .buffer(true)
      .parse(bytes)
      .expect(200);
    expect(res.headers['content-encoding']).toBe(encoding);
    expect(res.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(res.headers['content-length']).toBe(String(statSync(join(adminWeb, file + suffix)).size));
    expect(res.headers.vary).toMatch(/Accept-Encoding/);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect((res.body as Buffer).toString()).toBe(ADMIN_FILES[file]);
  });

  it('sends the file as it is to a client that accepts no compression, still saying it varies', async () => {
    const file = 'assets/index-Cq2Lr8Tz.css';
    for (const accept of ['identity', 'gzip;q=0, br;q=0']) {
      const res = await request(server).get(`/${file}`).set('Accept-Encoding', accept).expect(200);
      expect(res.headers['content-encoding']).toBeUndefined();
      expect(res.headers['content-type']).toBe('text/css; charset=utf-8');
      expect(res.headers['content-length']).toBe(String(Buffer.byteLength(ADMIN_FILES[file] ?? '')));
      expect(res.headers.vary).toMatch(/Accept-Encoding/);
      expect(res.text).toBe(ADMIN_FILES[file]);
    }
    const bare = await request(server).get(`/${file}`).unset('Accept-Encoding').expect(200);
    expect(bare.headers['content-encoding']).toBeUndefined();
  });

  it('serves pdf.js worker modules compressed, as JavaScript', async () => {
    const res = await request(server)
      .get('/assets/pdf.worker.min-Dswkl-cV.mjs')
      .set('Accept-Encoding', 'br')
      .buffer(true)
      .parse(bytes)
      .expect(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect((res.body as Buffer).toString()).toBe(ADMIN_FILES['assets/pdf.worker.min-Dswkl-cV.mjs']);
  });

  it('makes index.html and every path of the applications revalidate, compressed as well', async () => {
    for (const path of [
      '/',
      '/index.html',
      '/signatures/create',
      '/sign/2f0c9e0a-7d4c-4b7e-9a51-0c1f3e0b8d55',
    ]) {
      const res = await request(server)
        .get(path)
        .set('Accept-Encoding', 'gzip')
        .buffer(true)
        .parse(bytes)
        .expect(200);
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(res.headers['content-encoding']).toBe('gzip');
      expect(res.headers.vary).toMatch(/Accept-Encoding/);
      const expected = path.startsWith('/sign/') ? SIGN_FILES['index.html'] : ADMIN_FILES['index.html'];
      expect((res.body as Buffer).toString()).toBe(expected);
    }
  });

  it('serves files without a compressed copy as they are, revalidated unless hashed', async () => {
    const icon = await request(server).get('/favicon.svg').set('Accept-Encoding', 'br, gzip').expect(200);
    expect(icon.headers['content-encoding']).toBeUndefined();
    expect(icon.headers.vary).toBeUndefined();
    expect(icon.headers['cache-control']).toBe('no-cache');
    const signAsset = await request(server)
      .get('/sign/assets/index-D9kPq2Aa.js')
      .set('Accept-Encoding', 'br');
    expect(signAsset.headers['content-encoding']).toBe('br');
    expect(signAsset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('answers HEAD with the headers of GET and no body, and ranges over the bytes it sends', async () => {
    const file = 'assets/index-B4xQ9fZ1.js';
    const head = await request(server).head(`/${file}`).set('Accept-Encoding', 'br').expect(200);
    expect(head.headers['content-encoding']).toBe('br');
    expect(head.headers['content-length']).toBe(String(statSync(join(adminWeb, `${file}.br`)).size));
    expect(head.text).toBeUndefined();

    const plain = await request(server)
      .get(`/${file}`)
      .set('Accept-Encoding', 'identity')
      .set('Range', 'bytes=0-99')
      .expect(206);
    expect(plain.headers['content-range']).toBe(`bytes 0-99/${Buffer.byteLength(ADMIN_FILES[file] ?? '')}`);
    expect(plain.text).toBe(ADMIN_FILES[file]?.slice(0, 100));

    // A part of a Brotli stream cannot be decoded on its own: compare the bytes on the wire.
    const compressed = readFileSync(join(adminWeb, `${file}.br`));
    const ranged = await rawGet(`/${file}`, { 'Accept-Encoding': 'br', Range: 'bytes=10-19' });
    expect(ranged.status).toBe(206);
    expect(ranged.headers['content-encoding']).toBe('br');
    expect(ranged.headers['content-range']).toBe(`bytes 10-19/${compressed.length}`);
    expect(ranged.body.equals(compressed.subarray(10, 20))).toBe(true);
  });

  it('answers a conditional request for the compressed copy with 304', async () => {
    const file = '/assets/index-B4xQ9fZ1.js';
    const first = await request(server).get(file).set('Accept-Encoding', 'br').expect(200);
    const etag = first.headers.etag;
    expect(etag).toBeTruthy();
    const identity = await request(server).get(file).set('Accept-Encoding', 'identity').expect(200);
    expect(identity.headers.etag).not.toBe(etag);
    const again = await request(server)
      .get(file)
      .set('Accept-Encoding', 'br')
      .set('If-None-Match', String(etag))
      .expect(304);
    expect(again.headers.vary).toMatch(/Accept-Encoding/);
  });

  it('leaves the API alone, and answers a missing or malformed asset path with 404, not the page', async () => {
    const api = await request(server).get('/api/health').set('Accept-Encoding', 'br').expect(200);
    expect(api.body).toEqual({ status: 'ok' });
    expect(api.headers['content-encoding']).toBeUndefined();
    for (const path of ['/assets/index-0ld0ld00.js', '/sign/assets/index-0ld0ld00.js', '/assets/%E0%A4%A.js'])
      await request(server).get(path).set('Accept-Encoding', 'br').expect(404);
    await request(server).post('/assets/index-B4xQ9fZ1.js').expect(404);
  });

  it('never looks for a file under /api or /cognito, even where the API answers after the files', async () => {
    // As in the product, where the API's routes are registered after the files: a file that happened to
    // sit at an API path must not answer for it, and API calls pay for no file lookup.
    const app = express();
    mountWebApps(app, { adminWeb, signWeb });
    app.get(['/api/health', '/cognito/health'], (_req, res) => {
      res.json({ status: 'ok' });
    });
    for (const path of ['api/health', 'cognito/health']) {
      mkdirSync(dirname(join(adminWeb, path)), { recursive: true });
      writeFileSync(join(adminWeb, path), 'a file');
    }
    try {
      for (const path of ['/api/health', '/cognito/health']) {
        const answer = await request(app).get(path).expect(200);
        expect(answer.body).toEqual({ status: 'ok' });
      }
    } finally {
      for (const path of ['api', 'cognito']) rmSync(join(adminWeb, path), { recursive: true, force: true });
    }
  });
});

describe('Accept-Encoding negotiation', () => {
  const both = new Set(['br', 'gzip'] as const);

  it.each([
    [undefined, undefined],
    ['', undefined],
    ['identity', undefined],
    ['gzip', 'gzip'],
    ['x-gzip', 'gzip'],
    ['GZIP;Q=1', 'gzip'],
    ['gzip, br', 'br'],
    ['br;q=0.8, gzip;q=0.9', 'gzip'],
    ['br;q=0, *', 'gzip'],
    ['*;q=0', undefined],
    ['br;q=nonsense, gzip;q=0.1', 'gzip'],
    ['deflate, zstd', undefined],
  ])('"%s" → %s', (header, expected) => {
    expect(negotiateEncoding(header, both)).toBe(expected);
  });

  it('chooses only among the copies that exist', () => {
    expect(negotiateEncoding('br, gzip', new Set(['gzip'] as const))).toBe('gzip');
    expect(negotiateEncoding('br', new Set(['gzip'] as const))).toBeUndefined();
  });
});
