// Runs in a process of its own, so that its peak resident memory is the seal's: node --expose-gc seal-child.mjs <json>
import { performance } from 'node:perf_hooks';
import { readFileSync } from 'node:fs';
import { SIGNATORY_KEYS, load } from './dist.mjs';
import { floorWork } from './floor.mjs';
import { median, min } from './stats.mjs';
import { sealTask } from './seal-task.mjs';

const { workerPki } = load('modules/signing/pdf-work/worker-pki.js');
const { sealDocument } = load('modules/signing/pdf-work/seal-task.js');

const { pkiDirectory, small, large, runs } = JSON.parse(process.argv[2]);
const pki = await workerPki({
  seal: { kind: 'development', directory: pkiDirectory },
  signatoryCa: { kind: 'development', directory: pkiDirectory },
  signatoryKeys: SIGNATORY_KEYS,
});
const floor = floorWork();
const smallTask = await sealTask(readFileSync(small));
// Warm-up: modules, fonts and the JIT, on a small document.
for (let run = 0; run < 3; run += 1) await sealDocument(smallTask, pki);
floor(readFileSync(small));

const largeTask = await sealTask(readFileSync(large));
globalThis.gc();
globalThis.gc();
const baseline = process.memoryUsage().rss;
let started = performance.now();
const first = await sealDocument(largeTask, pki);
const firstMs = performance.now() - started;
const peak = process.resourceUsage().maxRSS * 1024;
const outputBytes = first.pdf.length;

const sealMs = [firstMs];
const floorMs = [];
for (let run = 0; run < runs; run += 1) {
  started = performance.now();
  floor(largeTask.pdf);
  floorMs.push(performance.now() - started);
  started = performance.now();
  await sealDocument(largeTask, pki);
  sealMs.push(performance.now() - started);
}
process.stdout.write(
  JSON.stringify({
    fileBytes: largeTask.pdf.length,
    outputBytes,
    sealMs: { min: min(sealMs), median: median(sealMs) },
    floorMs: { min: min(floorMs), median: median(floorMs) },
    peakRssGrowthBytes: Math.max(0, peak - baseline),
  }),
);
