// @ts-check
// The programs the browser journeys and the user-guide generator run, and the Debian package of each.
// `node e2e/system-tools.mjs` (the first step of `npm run test:e2e`) stops at once, with one message naming
// the packages to install, when one is missing.
import { accessSync, constants } from 'node:fs';
import { delimiter, isAbsolute, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** @type {Record<string, string>} */
const PACKAGES = { chromium: 'chromium', pdftotext: 'poppler-utils', pdfinfo: 'poppler-utils' };

/** @param {string} file */
function executable(file) {
  try {
    accessSync(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/**
 * The absolute path of `program` on PATH, or undefined.
 * @param {string} program
 */
function onPath(program) {
  const directories = (process.env.PATH ?? '').split(delimiter).filter(Boolean);
  return directories.map((directory) => join(directory, program)).find(executable);
}

/** Debian's Chromium (the `chromium` on PATH), or the browser CHROMIUM_PATH names. */
export function chromiumExecutable() {
  const configured = process.env.CHROMIUM_PATH;
  if (configured) return isAbsolute(configured) && executable(configured) ? configured : onPath(configured);
  return onPath('chromium');
}

/** Throws one error naming every missing program and the packages that provide them. */
export function requireSystemTools(programs = Object.keys(PACKAGES)) {
  const missing = programs.filter((program) =>
    program === 'chromium' ? !chromiumExecutable() : !onPath(program),
  );
  if (missing.length === 0) return;
  const packages = [...new Set(missing.map((program) => PACKAGES[program]))];
  const error = new Error(
    `Missing programs: ${missing.join(', ')}. Install them with: apt-get install ${packages.join(' ')}` +
      (missing.includes('chromium') ? ' (or point CHROMIUM_PATH at a Chromium)' : ''),
  );
  error.stack = error.message;
  throw error;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  try {
    requireSystemTools();
  } catch (error) {
    console.error(`The browser journeys cannot run. ${/** @type {Error} */ (error).message}`);
    process.exit(1);
  }
}
