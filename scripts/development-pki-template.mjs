// The development PKI a test's product starts with. Making it is three RSA-3072 key pairs, about two seconds
// of CPU at every start of a fresh data directory; the API tests and the browser journeys start a product
// hundreds of times. The first product started keeps a copy of the material it made in the temporary folder,
// and later ones start from a copy of that copy. The copy is keyed by the code that makes and names the
// material (the engine's PKI sources and the server's PKI module), so a change there makes a new one. The
// journeys that try a first start as a person runs it, and the engine's own tests, still make it themselves.
import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdtempSync, readFileSync, readdirSync, renameSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const root = join(import.meta.dirname, '..');
const SOURCE_FOLDERS = [
  join(root, 'packages', 'pdf-signing', 'src', 'pki'),
  join(root, 'server', 'src', 'modules', 'pki'),
];
/** The files of a complete set (the engine's DEVELOPMENT_PKI_FILES). */
const MATERIAL = ['root-ca.pem', 'root-ca-key.pem', 'seal.pem', 'seal-key.pem', 'tsa.pem', 'tsa-key.pem'];
const complete = (directory) => MATERIAL.every((name) => existsSync(join(directory, name)));

function templateDirectory() {
  const hash = createHash('sha256');
  for (const folder of SOURCE_FOLDERS) {
    for (const name of readdirSync(folder).sort()) {
      if (!name.endsWith('.ts') || name.endsWith('.spec.ts')) continue;
      hash.update(name).update(readFileSync(join(folder, name)));
    }
  }
  return join(tmpdir(), `esign-test-pki-${hash.digest('hex').slice(0, 16)}`);
}

/** Puts the kept material in `dataDir`'s `pki` folder; false when none is kept yet (the product makes it). */
export function copyDevelopmentPki(dataDir) {
  const template = templateDirectory();
  if (!complete(template)) return false;
  cpSync(template, join(dataDir, 'pki'), { recursive: true });
  return true;
}

/** Keeps the material a product made in `dataDir` for the next starts (aside, then renamed into place). */
export function keepDevelopmentPki(dataDir) {
  const template = templateDirectory();
  const made = join(dataDir, 'pki');
  if (existsSync(template) || !complete(made)) return;
  const building = mkdtempSync(`${template}-building-`);
  cpSync(made, building, { recursive: true });
  try {
    renameSync(building, template);
  } catch {
    // Another run put its copy in place first: that one is used.
    rmSync(building, { recursive: true, force: true });
  }
}
