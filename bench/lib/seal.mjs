import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { documentOf } from './documents.mjs';
import { SIGNATORY_KEYS, load } from './dist.mjs';
import { advancedTask } from './seal-task.mjs';
import { ratio, round } from './stats.mjs';

const { workerPki } = load('modules/signing/pdf-work/worker-pki.js');
const { signAsSignatory } = load('modules/signing/pdf-work/advanced-sign-task.js');

/** A document of `megabytes` signed by the three signatories, as the seal job receives it. */
async function signedByThree(megabytes, pki) {
  let pdf = await documentOf(megabytes);
  for (let slot = 0; slot < 3; slot += 1) {
    pdf = Buffer.from((await signAsSignatory(advancedTask(pdf, slot), pki)).pdf);
  }
  return pdf;
}

/** Seal B-LTA of a 10 MB document signed by three signatories, against the floor, with its peak memory. */
export async function sealBenchmark({ directory, pkiDirectory, megabytes = 10, runs = 5 }) {
  const pki = await workerPki({
    seal: { kind: 'development', directory: pkiDirectory },
    signatoryCa: { kind: 'development', directory: pkiDirectory },
    signatoryKeys: SIGNATORY_KEYS,
  });
  const small = join(directory, 'seal-small.pdf');
  const large = join(directory, 'seal-large.pdf');
  writeFileSync(small, await signedByThree(0.1, pki));
  writeFileSync(large, await signedByThree(megabytes, pki));
  const output = execFileSync(
    process.execPath,
    [
      '--expose-gc',
      new URL('./seal-child.mjs', import.meta.url).pathname,
      JSON.stringify({ pkiDirectory, small, large, runs }),
    ],
    { encoding: 'utf8', maxBuffer: 1 << 20 },
  );
  const result = JSON.parse(output);
  return {
    sizeMb: megabytes,
    signatories: 3,
    fileBytes: result.fileBytes,
    sealMs: { min: round(result.sealMs.min, 1), median: round(result.sealMs.median, 1) },
    floorMs: { min: round(result.floorMs.min, 1), median: round(result.floorMs.median, 1) },
    sealVsFloor: ratio(result.sealMs.median, result.floorMs.median),
    peakRssGrowthMb: round(result.peakRssGrowthBytes / 1048576, 1),
    peakRssGrowthVsFile: ratio(result.peakRssGrowthBytes, result.fileBytes),
  };
}
