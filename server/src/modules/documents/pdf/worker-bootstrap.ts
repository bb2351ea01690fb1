import { extname, join } from 'node:path';

/** The worker's module: compiled JavaScript beside this file in production, the TypeScript source in tests. */
export const PDF_WORKER_ENTRY = join(__dirname, `pdf-worker${extname(__filename)}`);

/**
 * Evaluated as the worker's first code. Worker threads do not inherit the test runner's TypeScript
 * transform, so when the entry is a .ts file this registers a require hook compiling TypeScript with SWC
 * (a development dependency, resolved from the entry's location). Compiled builds only ever load .js and
 * never reach that branch.
 */
export const WORKER_BOOTSTRAP = `
'use strict';
const { workerData } = require('node:worker_threads');
const entry = workerData.entry;
if (entry.endsWith('.ts')) {
  const Module = require('node:module');
  const { readFileSync } = require('node:fs');
  const { transformSync } = Module.createRequire(entry)('@swc/core');
  Module._extensions['.ts'] = (module, filename) => {
    const { code } = transformSync(readFileSync(filename, 'utf8'), {
      filename,
      sourceMaps: 'inline',
      module: { type: 'commonjs' },
      jsc: { parser: { syntax: 'typescript' }, target: 'es2022' },
    });
    module._compile(code, filename);
  };
}
require(entry);
`;
