// The embedded database a test's product starts from: a copy of one PGlite cluster initialised once per
// PGlite version and kept in the temporary folder. PGlite's initdb, run in WebAssembly, is most of a first
// start (about 10 s of 11 on a busy two-core machine); a copy of its result is the same empty cluster, opened
// in about 1 s. Used by the API tests' apps and the browser journeys; the journeys that try a first start
// as a person runs it do not use it.
import { cpSync, existsSync, mkdtempSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';

/** The template's folder, built on first use: aside, then renamed into place, so a half-built one is never used. */
async function emptyEmbeddedCluster() {
  const entry = createRequire(import.meta.url).resolve('@electric-sql/pglite');
  const { version } = JSON.parse(readFileSync(join(dirname(dirname(entry)), 'package.json'), 'utf8'));
  const template = join(tmpdir(), `esign-test-pglite-${version}`);
  if (existsSync(join(template, 'PG_VERSION'))) return template;
  const building = mkdtempSync(`${template}-building-`);
  const db = await PGlite.create(building);
  await db.close();
  try {
    renameSync(building, template);
  } catch {
    // Another run put its template in place first: that one is used.
    rmSync(building, { recursive: true, force: true });
  }
  return template;
}

/** Puts a copy of the empty cluster at `directory` (the product's embedded database folder). */
export async function copyEmptyEmbeddedCluster(directory) {
  cpSync(await emptyEmbeddedCluster(), directory, { recursive: true });
}
