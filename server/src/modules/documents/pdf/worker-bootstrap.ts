import { extname, join } from 'node:path';

/** A worker module beside `directory`: compiled JavaScript in production, the TypeScript source in tests. */
export function workerEntry(directory: string, baseName: string): string {
  return join(directory, `${baseName}${extname(__filename)}`);
}

export const PDF_WORKER_ENTRY = workerEntry(__dirname, 'pdf-worker');

/**
 * Evaluated as a PDF process's first code (`node -e`), the entry module's path as its one argument. The
 * process does not inherit the test runner's TypeScript transform, so when the entry is a .ts file this
 * registers a require hook compiling TypeScript with SWC (a development dependency, resolved from the
 * entry's location), with the legacy decorators the ASN.1 schemas use. Compiled builds only ever load .js
 * and never reach that branch.
 */
export const WORKER_BOOTSTRAP = `
'use strict';
const entry = process.argv[1];
if (entry.endsWith('.ts')) {
  const Module = require('node:module');
  const { readFileSync } = require('node:fs');
  const { transformSync } = Module.createRequire(entry)('@swc/core');
  Module._extensions['.ts'] = (module, filename) => {
    const { code } = transformSync(readFileSync(filename, 'utf8'), {
      filename,
      sourceMaps: 'inline',
      module: { type: 'commonjs' },
      jsc: {
        parser: { syntax: 'typescript', decorators: true },
        transform: { legacyDecorator: true, decoratorMetadata: true },
        target: 'es2022',
      },
    });
    module._compile(code, filename);
  };
}
require(entry);
`;

/** What one PDF process may take. */
export interface ProcessLimits {
  /** The JavaScript heap (V8's old generation); past it the process is stopped. */
  heapLimitMb: number;
  /**
   * The whole process: its resident memory, decoded buffers and every native allocation included. The
   * kernel refuses allocations past it (RLIMIT_DATA, where `prlimit` exists) and a watchdog stops the
   * process when its resident memory passes it.
   */
  memoryLimitMb: number;
  /** Scheduling niceness (0 to 19): PDF work yields the CPU to the API's own event loop. */
  niceness: number;
  /** Tests only: false leaves the kernel's limit unset, so that the watchdog alone stops the process. */
  kernelLimit?: boolean;
}

export interface WorkerLimits extends ProcessLimits {
  /**
   * Processor time the task may spend, from when its process has loaded its modules; on the clock, three
   * times as long at most (a process kept waiting for the processor on a busy host).
   */
  timeLimitMs: number;
}

/** The process's one answer to a task, or why there is none. */
export type WorkerOutcome<Reply> =
  | { settled: true; reply: Reply }
  | { settled: false; reason: 'time limit' | 'memory limit' | 'worker stopped' };

/** An allocation the process's memory limit refused (a buffer past RLIMIT_DATA): a refusal, not a fault. */
export function isAllocationFailure(error: unknown): boolean {
  return error instanceof RangeError && /allocation failed/i.test(error.message);
}
