import { Inject, Injectable, Logger, Optional } from '@nestjs/common';
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import { ErrorCode, MAX_PDF_PAGES } from '@esign/shared';
import { AppException } from '../../../common/app-exception';
import { type PrintableDocument } from '../templates/printable-document';
import { type PdfLimits } from './pdf-rejection';
import { type PdfOutcome, type PdfTask, type PdfTaskReply } from './pdf-task';
import { PDF_WORKER_ENTRY, WORKER_BOOTSTRAP } from './worker-bootstrap';

const MIB = 1024 * 1024;

/**
 * A 10 MB upload with Flate images may legitimately inflate past 100 MB; a bomb is stopped at the budget.
 * Object streams are inflated whole by the parser, hence their own, smaller cap.
 */
export const PDF_LIMITS: PdfLimits = {
  maxPages: MAX_PDF_PAGES,
  inflateBudgetBytes: 256 * MIB,
  containerStreamMaxBytes: 16 * MIB,
  maxNesting: 100,
};

export interface PdfSandboxOptions {
  /** Wall-clock limit per file, worker start included (security T6: rejected within seconds). */
  timeLimitMs: number;
  /** The worker's JavaScript heap; past it the worker is stopped and the file refused. */
  heapLimitMb: number;
}

/** Optional: only tests change the defaults. */
export const PDF_SANDBOX_OPTIONS = Symbol('PdfSandboxOptions');
const DEFAULT_OPTIONS: PdfSandboxOptions = { timeLimitMs: 10_000, heapLimitMb: 256 };

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

// One pool per process, however many module instances inject the service.
const slots = new WorkerSlots(Math.max(1, Math.min(4, availableParallelism() - 1)));

const refused = (reason: string): PdfTaskReply => ({ ok: false, code: 'INVALID_PDF', reason });

function isResourceLimit(error: Error): boolean {
  return (error as NodeJS.ErrnoException).code === 'ERR_WORKER_OUT_OF_MEMORY';
}

function runInWorker(task: PdfTask, options: PdfSandboxOptions): Promise<PdfTaskReply> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(WORKER_BOOTSTRAP, {
      eval: true,
      workerData: { entry: PDF_WORKER_ENTRY, task },
      resourceLimits: {
        maxOldGenerationSizeMb: options.heapLimitMb,
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
    const timer = setTimeout(() => finish(() => resolve(refused('time limit'))), options.timeLimitMs);
    const finish = (settle: () => void): void => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      settle();
      void worker.terminate();
    };
    worker.once('message', (reply: PdfTaskReply) => finish(() => resolve(reply)));
    worker.once('error', (error) =>
      finish(() => (isResourceLimit(error) ? resolve(refused('memory limit')) : reject(error))),
    );
    worker.once('exit', () => finish(() => resolve(refused('worker stopped'))));
  });
}

/**
 * Every PDF the API reads or writes is handled in a worker thread with its own heap limit and a deadline,
 * so a hostile file can cost one worker, never the API's event loop or memory.
 */
@Injectable()
export class PdfSandbox {
  private readonly logger = new Logger(PdfSandbox.name);
  private readonly options: PdfSandboxOptions;

  constructor(@Optional() @Inject(PDF_SANDBOX_OPTIONS) options?: Partial<PdfSandboxOptions>) {
    this.options = { ...DEFAULT_OPTIONS, ...options };
  }

  /** The normalised file, or the AppException naming why it is refused. */
  async check(bytes: Uint8Array): Promise<PdfOutcome> {
    const reply = await slots.run(() =>
      runInWorker({ kind: 'check', bytes, limits: PDF_LIMITS }, this.options),
    );
    if (reply.ok) return reply.outcome;
    if (reply.code === 'FAILED') throw new Error(`PDF check failed: ${reply.reason}`);
    this.logger.warn({ code: reply.code, reason: reply.reason }, 'PDF refused');
    throw new AppException(ErrorCode[reply.code]);
  }

  async render(content: PrintableDocument): Promise<PdfOutcome> {
    const reply = await slots.run(() => runInWorker({ kind: 'render', content }, this.options));
    if (!reply.ok) throw new Error(`PDF generation failed: ${reply.reason}`);
    return reply.outcome;
  }
}
