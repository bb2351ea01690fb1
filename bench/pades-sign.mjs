#!/usr/bin/env node
// Cost of the PDF work behind a signature, by document size: one ADVANCED-style signature with a visible
// appearance and a signature time-stamp, then the seal's validation data and document time-stamp.
// Needs the engine built (`npm run build:packages`). Prints one JSON object; compare the ratios within one run.
//
//   node bench/pades-sign.mjs [--sizes 0.1,1,10] [--runs 3]
import { createRequire } from 'node:module';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { performance } from 'node:perf_hooks';

const require = createRequire(import.meta.url);
const engine = require('@esign/pdf-signing');
const { PDFDocument, StandardFonts } = createRequire(require.resolve('@esign/pdf-signing'))(
  '@cantoo/pdf-lib',
);
const pades = engine;
const pki = engine;
const { issueSignatoryCertificate, issueCrl } = engine;

const args = process.argv.slice(2);
const option = (name, fallback) => (args.includes(name) ? args[args.indexOf(name) + 1] : fallback);
const sizesMb = option('--sizes', '0.1,1,10').split(',').map(Number);
const runs = Number(option('--runs', '3'));

/** A normalised one-page PDF carrying `megabytes` of incompressible data (as a scanned page would). */
async function documentOf(megabytes) {
  const document = await PDFDocument.create();
  const page = document.addPage([595, 842]);
  page.drawText('Compromis de vente', {
    x: 50,
    y: 780,
    size: 18,
    font: await document.embedFont(StandardFonts.Helvetica),
  });
  const payload = document.context.stream(randomBytes(Math.round(megabytes * 1024 * 1024)), {});
  document.catalog.set(document.context.obj('BenchPayload'), document.context.register(payload));
  return Buffer.from(await document.save({ useObjectStreams: false }));
}

function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

const directory = mkdtempSync(join(tmpdir(), 'bench-pades-'));
try {
  const material = await pki.ensureDevelopmentPki(join(directory, 'pki'), {});
  const tsa = new pki.LocalTimestampAuthority(material.timestamping);
  // One unmeasured signature first, so the figures do not include the JIT warming up.
  await pades.signPdf(await documentOf(0.01), { signer: material.seal, timestampAuthority: tsa });
  const results = [];
  for (const megabytes of sizesMb) {
    const source = await documentOf(megabytes);
    const timings = { signMs: [], sealMs: [], validationDataMs: [], documentTimestampMs: [] };
    for (let run = 0; run < runs; run += 1) {
      const signatory = await issueSignatoryCertificate(material.certificateAuthority, {
        commonName: 'Łukasz Żółć',
        validityMinutes: 15,
      });
      let started = performance.now();
      let pdf = await pades.signPdf(source, {
        signer: signatory.identity,
        timestampAuthority: tsa,
        appearance: {
          pageIndex: 0,
          rect: { x: 380, y: 40, width: 180, height: 70 },
          lines: ['Łukasz Żółć', 'Signé électroniquement', '23.11.2026 12:00', 'Luxembourg'],
        },
      });
      timings.signMs.push(performance.now() - started);
      started = performance.now();
      pdf = await pades.signPdf(pdf, { signer: material.seal, timestampAuthority: tsa });
      timings.sealMs.push(performance.now() - started);
      started = performance.now();
      pdf = await pades.addValidationData(pdf, {
        certificates: [
          signatory.identity.certificateDer,
          material.certificateAuthority.certificateDer,
          material.seal.certificateDer,
        ],
        crls: [await issueCrl(material.certificateAuthority, {})],
      });
      timings.validationDataMs.push(performance.now() - started);
      started = performance.now();
      pdf = await pades.addDocumentTimestamp(pdf, tsa);
      timings.documentTimestampMs.push(performance.now() - started);
    }
    const row = { sizeMb: megabytes, bytes: source.length };
    for (const [name, values] of Object.entries(timings)) row[name] = Math.round(median(values));
    row.totalMs = row.signMs + row.sealMs + row.validationDataMs + row.documentTimestampMs;
    results.push(row);
  }
  const smallest = results[0];
  for (const row of results) row.totalVsSmallest = Number((row.totalMs / smallest.totalMs).toFixed(2));
  process.stdout.write(
    `${JSON.stringify({ benchmark: 'pades-sign', runs, node: process.version, results }, null, 2)}\n`,
  );
} finally {
  rmSync(directory, { recursive: true, force: true });
}
