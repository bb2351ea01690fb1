/* global performance */
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import { documentOf } from './documents.mjs';
import { devOutbox, invitationTo } from '@esign/api-client';
import { client, createSimpleRequest, uploadPdf } from './server.mjs';
import { median, min, ratio, round } from './stats.mjs';

const PHONE = { viewport: { width: 390, height: 844 }, deviceScaleFactor: 1 };
const require = createRequire(new URL('../../sign-web/package.json', import.meta.url));
const PDFJS = dirname(require.resolve('pdfjs-dist/package.json'));

/**
 * The floor: a page that does nothing but load pdf.js and paint the first page of the same PDF at the
 * same width, from a local server, as sign-web does. It marks the paint like sign-web.
 */
const BARE_PAGE = `<!doctype html><html><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1"></head>
<body style="margin:0"><canvas id="page"></canvas>
<script type="module">
import * as pdfjs from './pdf.min.mjs';
pdfjs.GlobalWorkerOptions.workerSrc = './pdf.worker.min.mjs';
const pdf = await pdfjs.getDocument({ url: new URL('./document.pdf', location.href).href }).promise;
const page = await pdf.getPage(1);
const viewport = page.getViewport({ scale: (document.body.clientWidth - 16) / page.getViewport({ scale: 1 }).width });
const canvas = document.getElementById('page');
canvas.width = viewport.width;
canvas.height = viewport.height;
await page.render({ canvas, canvasContext: canvas.getContext('2d'), viewport }).promise;
performance.mark('bare:first-page-painted');
</script></body></html>`;

function bareServer(pdf) {
  const files = {
    '/': ['text/html', Buffer.from(BARE_PAGE)],
    '/pdf.min.mjs': ['text/javascript', readFileSync(join(PDFJS, 'build/pdf.min.mjs'))],
    '/pdf.worker.min.mjs': ['text/javascript', readFileSync(join(PDFJS, 'build/pdf.worker.min.mjs'))],
    '/document.pdf': ['application/pdf', pdf],
  };
  const server = createServer((request, response) => {
    const file = files[new URL(request.url, 'http://x').pathname];
    if (!file) return response.writeHead(404).end();
    const gzip = /\bgzip\b/.test(request.headers['accept-encoding'] ?? '') && file[0] !== 'application/pdf';
    const body = gzip ? gzipSync(file[1], { level: 6 }) : file[1];
    response.writeHead(200, {
      'Content-Type': file[0],
      'Content-Length': body.length,
      ...(gzip ? { 'Content-Encoding': 'gzip' } : {}),
    });
    response.end(body);
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve({ url: `http://127.0.0.1:${server.address().port}`, server }),
    ),
  );
}

/** A SIMPLE request on `pdf` for one signatory; answers its signing link. */
async function signingLink(server, admin, member, documentId, run) {
  const email = `premiere-page-${run}@example.lu`;
  await createSimpleRequest(server, member.token, {
    documentId,
    title: `Compromis ${run}`,
    signatories: [{ name: 'Anne Muller', email, mobile: `+35262155${String(1000 + run).padStart(4, '0')}` }],
  });
  const invitation = await invitationTo(devOutbox(client(server, admin)), email);
  return `${server.url}${invitation.path}`;
}

/**
 * Navigation to the mark, in a fresh context (nothing cached). With `scripts`, also the scripts fetched
 * before it (gzip): their bodies are read through the browser's debugging protocol while the page loads,
 * which competes with the page for the CPU, so a timed visit does not ask for them.
 */
async function visit(browser, url, mark, { scripts: collect = false } = {}) {
  const context = await browser.newContext(PHONE);
  const page = await context.newPage();
  const scripts = [];
  page.on('pageerror', (error) => process.stderr.write(`[bench] ${url}: ${error.message}\n`));
  page.on('console', (message) => {
    if (message.type() === 'error') process.stderr.write(`[bench] ${url}: ${message.text()}\n`);
  });
  page.on('response', (response) => {
    const path = new URL(response.url()).pathname;
    if (collect && /\.m?js$/.test(path)) scripts.push(response.body().catch(() => Buffer.alloc(0)));
  });
  try {
    await page.goto(url);
    const paintedMs = await page.waitForFunction(
      (name) => performance.getEntriesByName(name)[0]?.startTime,
      mark,
      { timeout: 60_000, polling: 50 },
    );
    if (process.env.BENCH_DEBUG) {
      const entries = await page.evaluate(() =>
        performance
          .getEntriesByType('resource')
          .map((entry) => `${Math.round(entry.startTime)}→${Math.round(entry.responseEnd)} ${entry.name}`)
          .concat(
            performance
              .getEntriesByType('mark')
              .map((entry) => `${Math.round(entry.startTime)} ${entry.name}`),
          ),
      );
      process.stderr.write(`[bench] ${url}\n  ${entries.join('\n  ')}\n`);
    }
    const bodies = await Promise.all(scripts);
    return {
      ms: await paintedMs.jsonValue(),
      scriptGzipBytes: bodies.reduce((sum, body) => sum + gzipSync(body, { level: 9 }).length, 0),
    };
  } finally {
    await context.close();
  }
}

/**
 * sign-web's navigation → first page painted against the bare pdf.js page, on the same 5 MB PDF, runs
 * interleaved; and the JavaScript each fetched before its paint (gzip), pdf.js's own being the bare page's.
 */
export async function firstPaintBenchmark({ server, admin, member, runs }) {
  const pdf = await documentOf(5);
  const documentId = await uploadPdf(server, member.token, pdf);
  /** @type {{ url: string }} */
  const stored = await client(server, member.token).json('GET', `/api/pdf/${documentId}`);
  const storedPdf = Buffer.from(await (await fetch(new URL(stored.url, server.url))).arrayBuffer());
  const bare = await bareServer(storedPdf);
  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: ['--no-sandbox', '--no-first-run', '--disable-background-networking', '--disable-sync'],
  });
  try {
    const signWeb = [];
    const floor = [];
    // One warm-up each (disk cache of the servers, JIT of the browser), which also counts the scripts;
    // then interleaved timed runs.
    let signWebScripts = 0;
    let floorScripts = 0;
    for (let run = 0; run <= runs; run += 1) {
      const link = await signingLink(server, admin, member, documentId, run);
      const warmUp = run === 0;
      const ours = await visit(browser, link, 'esign:first-page-painted', { scripts: warmUp });
      const theirs = await visit(browser, `${bare.url}/`, 'bare:first-page-painted', { scripts: warmUp });
      if (warmUp) {
        signWebScripts = ours.scriptGzipBytes;
        floorScripts = theirs.scriptGzipBytes;
        continue;
      }
      signWeb.push(ours);
      floor.push(theirs);
    }
    const ms = (list) => list.map((entry) => entry.ms);
    const kb = (bytes) => round(bytes / 1024, 1);
    return {
      pdfMb: round(storedPdf.length / 2 ** 20, 2),
      signWebMs: { min: round(min(ms(signWeb)), 1), median: round(median(ms(signWeb)), 1) },
      barePdfJsMs: { min: round(min(ms(floor)), 1), median: round(median(ms(floor)), 1) },
      signWebVsBare: ratio(median(ms(signWeb)), median(ms(floor))),
      signWebScriptsGzipKb: kb(signWebScripts),
      pdfJsScriptsGzipKb: kb(floorScripts),
      scriptsVsPdfJs: ratio(signWebScripts, floorScripts),
    };
  } finally {
    await browser.close();
    bare.server.close();
  }
}
