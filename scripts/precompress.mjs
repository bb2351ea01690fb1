#!/usr/bin/env node
// Writes a Brotli (.br) and a gzip (.gz) copy beside every compressible file of a built front end, so the
// Node server and nginx send them as they are instead of compressing on every request.
//
//   node scripts/precompress.mjs admin-web/dist [sign-web/dist …]
//
// Compressible: scripts (pdf.js's .mjs worker included), styles, HTML, SVG, JSON, WebAssembly, source maps,
// plain text and the uncompressed font formats (WOFF and WOFF2 are compressed already). Scripts and styles
// always get both copies: a route's small chunks are fetched on every first visit, and a client that asks for
// compression gets it on every one (the smallest, a few re-exports, may grow by a few bytes). Other files get
// them from 1 KiB, and only when smaller.
import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { extname, join, relative } from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

const TEXT = new Set([
  '.js',
  '.mjs',
  '.cjs',
  '.css',
  '.html',
  '.svg',
  '.json',
  '.map',
  '.txt',
  '.xml',
  '.webmanifest',
]);
const FONTS = new Set(['.ttf', '.otf', '.eot']);
const BINARY = new Set(['.wasm', '.ico']);
export const MIN_BYTES = 1024;

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

async function* files(directory) {
  for (const entry of await readdir(directory, { withFileTypes: true })) {
    const path = join(directory, entry.name);
    if (entry.isDirectory()) yield* files(path);
    else if (entry.isFile()) yield path;
  }
}

function brotliMode(extension) {
  if (TEXT.has(extension)) return constants.BROTLI_MODE_TEXT;
  if (FONTS.has(extension)) return constants.BROTLI_MODE_FONT;
  return constants.BROTLI_MODE_GENERIC;
}

const ALWAYS_COMPRESSED = new Set(['.js', '.mjs', '.cjs', '.css']);

/** Compresses one file both ways; returns what was written. */
async function precompress(file) {
  const extension = extname(file).toLowerCase();
  const always = ALWAYS_COMPRESSED.has(extension);
  const data = await readFile(file);
  const [br, gz] = await Promise.all([
    brotli(data, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_MODE]: brotliMode(extension),
        [constants.BROTLI_PARAM_SIZE_HINT]: data.length,
      },
    }),
    gzipped(data, { level: constants.Z_BEST_COMPRESSION }),
  ]);
  const written = [];
  for (const [suffix, bytes] of [
    ['.br', br],
    ['.gz', gz],
  ]) {
    if (!always && bytes.length >= data.length) continue;
    await writeFile(`${file}${suffix}`, bytes);
    written.push({ suffix, bytes: bytes.length });
  }
  return { size: data.length, written };
}

/** Precompresses every eligible file under `root`; returns a line per file for the build log. */
export async function precompressDirectory(root) {
  const eligible = [];
  for await (const file of files(root)) {
    const extension = extname(file).toLowerCase();
    if (!TEXT.has(extension) && !FONTS.has(extension) && !BINARY.has(extension)) continue;
    if (!ALWAYS_COMPRESSED.has(extension) && (await stat(file)).size < MIN_BYTES) continue;
    eligible.push(file);
  }
  const report = [];
  // File after file (the two codecs of a file run in parallel on zlib's threads): memory stays flat with
  // multi-megabyte bundles.
  for (const file of eligible) {
    const { size, written } = await precompress(file);
    const sizes = written.map(({ suffix, bytes }) => `${suffix} ${Math.round((bytes / size) * 100)}%`);
    report.push(
      `${relative(root, file)} ${(size / 1024).toFixed(1)} kB → ${sizes.join(', ') || 'kept as is'}`,
    );
  }
  return report;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const roots = process.argv.slice(2);
  if (roots.length === 0) {
    console.error('usage: node scripts/precompress.mjs DIST_DIRECTORY…');
    process.exit(2);
  }
  for (const root of roots) {
    const started = Date.now();
    const report = await precompressDirectory(root);
    console.log(`precompressed ${report.length} files of ${root} in ${Date.now() - started} ms`);
    for (const line of report) console.log(`  ${line}`);
  }
}
