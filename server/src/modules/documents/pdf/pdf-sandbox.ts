import { Inject, Injectable, Logger, Optional } from '@nestjs/common';
import { ErrorCode } from '@esign/shared';
import { AppException } from '../../../common/app-exception';
import { type PrintableDocument } from '../templates/printable-document';
import { PDF_LIMITS } from '@esign/pdf-signing';
import { type PdfOutcome, type PdfTask, type PdfTaskReply } from './pdf-task';
import { PDF_WORKER_ENTRY, runInWorker } from './worker-bootstrap';

export interface PdfSandboxOptions {
  /** Wall-clock limit per file, worker start included (security T6: rejected within seconds). */
  timeLimitMs: number;
  /** The worker's JavaScript heap; past it the worker is stopped and the file refused. */
  heapLimitMb: number;
}

/** Optional: only tests change the defaults. */
export const PDF_SANDBOX_OPTIONS = Symbol('PdfSandboxOptions');
const DEFAULT_OPTIONS: PdfSandboxOptions = { timeLimitMs: 10_000, heapLimitMb: 256 };

const refused = (reason: string): PdfTaskReply => ({ ok: false, code: 'INVALID_PDF', reason });

async function runTask(task: PdfTask, options: PdfSandboxOptions): Promise<PdfTaskReply> {
  const outcome = await runInWorker<PdfTaskReply>(PDF_WORKER_ENTRY, { task }, options);
  return outcome.settled ? outcome.reply : refused(outcome.reason);
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
    const reply = await runTask({ kind: 'check', bytes, limits: PDF_LIMITS }, this.options);
    if (reply.ok) return reply.outcome;
    if (reply.code === 'FAILED') throw new Error(`PDF check failed: ${reply.reason}`);
    this.logger.warn({ code: reply.code, reason: reply.reason }, 'PDF refused');
    throw new AppException(ErrorCode[reply.code]);
  }

  async render(content: PrintableDocument): Promise<PdfOutcome> {
    const reply = await runTask({ kind: 'render', content }, this.options);
    if (!reply.ok) throw new Error(`PDF generation failed: ${reply.reason}`);
    return reply.outcome;
  }
}
