import { engine } from './dist.mjs';
import { performance } from 'node:perf_hooks';
import { documentOf } from './documents.mjs';
import { floorWork } from './floor.mjs';
import { median, min, ratio, round } from './stats.mjs';

const pades = engine();
const pki = pades;

/**
 * The PAdES engine alone: one visible signature with a signature time-stamp (PAdES B-T) on documents of
 * each size, against the floor of the same size, interleaved run by run.
 */
export async function engineBenchmark({ pkiDirectory, sizesMb = [0.1, 1, 10], runs = 5 }) {
  const material = await pki.ensureDevelopmentPki(pkiDirectory, {});
  const tsa = new pki.LocalTimestampAuthority(material.timestamping);
  const floor = floorWork();
  const sign = (pdf) =>
    pades.signPdf(pdf, {
      signer: material.seal,
      timestampAuthority: tsa,
      appearance: {
        pageIndex: 0,
        rect: { x: 380, y: 40, width: 180, height: 70 },
        lines: ['Łukasz Żółć', 'Signé électroniquement', '23.11.2026 12:00', 'Luxembourg'],
      },
    });
  await sign(await documentOf(0.01));
  const results = [];
  for (const sizeMb of sizesMb) {
    const source = await documentOf(sizeMb);
    floor(source);
    await sign(source);
    const floorMs = [];
    const engineMs = [];
    for (let run = 0; run < runs; run += 1) {
      let started = performance.now();
      floor(source);
      floorMs.push(performance.now() - started);
      started = performance.now();
      await sign(source);
      engineMs.push(performance.now() - started);
    }
    results.push({
      sizeMb,
      bytes: source.length,
      engineMs: { min: round(min(engineMs), 1), median: round(median(engineMs), 1) },
      floorMs: { min: round(min(floorMs), 1), median: round(median(floorMs), 1) },
      engineVsFloor: ratio(median(engineMs), median(floorMs)),
    });
  }
  return results;
}
