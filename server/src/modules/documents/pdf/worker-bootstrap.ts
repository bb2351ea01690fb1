import { availableParallelism } from 'node:os';
import { extname, join } from 'node:path';
import { Worker } from 'node:worker_threads';

/** A worker module beside `directory`: compiled JavaScript in production, the TypeScript source in tests. */
export function workerEntry(directory: string, baseName: string): string {
  return join(directory, `${baseName}${extname(__filename)}`);
}

export const PDF_WORKER_ENTRY = workerEntry(__dirname, 'pdf-worker');

/**
 * Evaluated as the worker's first code. Worker threads do not inherit the test runner's TypeScript
 * transform, so when the entry is a .ts file this registers a require hook compiling TypeScript with SWC
 * (a development dependency, resolved from the entry's location), with the legacy decorators the ASN.1
 * schemas use. Compiled builds only ever load .js and never reach that branch.
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

export interface WorkerLimits {
  /** Wall-clock limit, worker start included. */
  timeLimitMs: number;
  /** The worker's JavaScript heap; past it the worker is stopped. */
  heapLimitMb: number;
}

/** The worker's one message, or why there is none. */
export type WorkerOutcome<Reply> =
  | { settled: true; reply: Reply }
  | { settled: false; reason: 'time limit' | 'memory limit' | 'worker stopped' };

/** At most `size` workers at once: each may take a few hundred megabytes. */
class WorkerSlots {
  private active = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(private readonly size: number) {}

  async run<T>(job: () => Promise<T>): Promise<T> {
    if (this.active < this.size) this.active += 1;
    else await new Promise<void>((resolve) => this.waiting.push(resolve));
    try {
      return await job();
    } finally {
      // Hand the slot straight to the next job, or give it back.
      const next = this.waiting.shift();
      if (next) next();
      else this.active -= 1;
    }
  }
}

// One pool per process, shared by every kind of PDF work, however many modules start workers.
const slots = new WorkerSlots(Math.max(1, Math.min(4, availableParallelism() - 1)));

/** Runs `job` once one of the process-wide worker slots is free: bounds the PDF work of every module together. */
export function inWorkerSlot<T>(job: () => Promise<T>): Promise<T> {
  return slots.run(job);
}

/** The worker was stopped for going past its heap limit. */
export function isResourceLimit(error: Error): boolean {
  return (error as NodeJS.ErrnoException).code === 'ERR_WORKER_OUT_OF_MEMORY';
}

function startWorker<Reply>(
  entry: string,
  data: object,
  limits: WorkerLimits,
): Promise<WorkerOutcome<Reply>> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(WORKER_BOOTSTRAP, {
      eval: true,
      workerData: { ...data, entry },
      resourceLimits: {
        maxOldGenerationSizeMb: limits.heapLimitMb,
        maxYoungGenerationSizeMb: 32,
        stackSizeMb: 4,
      },
      // Library warnings can describe the file; they are dropped, never logged.
      stdout: true,
      stderr: true,
    });
    worker.stdout.resume();
    worker.stderr.resume();
    let settled = false;
    const finish = (settle: () => void): void => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      settle();
      void worker.terminate();
    };
    const timer = setTimeout(
      () => finish(() => resolve({ settled: false, reason: 'time limit' })),
      limits.timeLimitMs,
    );
    worker.once('message', (reply: Reply) => finish(() => resolve({ settled: true, reply })));
    worker.once('error', (error) =>
      finish(() =>
        isResourceLimit(error) ? resolve({ settled: false, reason: 'memory limit' }) : reject(error),
      ),
    );
    worker.once('exit', () => finish(() => resolve({ settled: false, reason: 'worker stopped' })));
  });
}

/**
 * Runs `entry` in a fresh worker thread with `data` as its workerData (structured clone: plain data
 * only) and waits for its one message, within the shared pool of slots. The thread is terminated
 * afterwards, so nothing it held (parsed files, keys) outlives the task.
 */
export function runInWorker<Reply>(
  entry: string,
  data: object,
  limits: WorkerLimits,
): Promise<WorkerOutcome<Reply>> {
  return inWorkerSlot(() => startWorker<Reply>(entry, data, limits));
}
