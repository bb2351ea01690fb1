import { Inject, Injectable, Logger, type OnApplicationShutdown, Optional } from '@nestjs/common';
import { ErrorCode } from '@esign/shared';
import { AppException } from '../../../common/app-exception';
import { type PrintableDocument } from '../templates/printable-document';
import { PDF_LIMITS } from '@esign/pdf-signing';
import { type SignatureReport, type SignatureReportInput } from '../../verification/signature-report';
import { type PdfOutcome, type PdfTask, type PdfTaskOutcomes, type PdfTaskReply } from './pdf-task';
import { PdfWorkBusyError, pdfWorkQueue, type PdfWorkQueue, type PdfWorkTicket } from './pdf-work-queue';
import { ProcessPool } from './process-pool';
import { PDF_WORKER_ENTRY, type WorkerLimits } from './worker-bootstrap';

export type PdfSandboxOptions = WorkerLimits & {
  /** The process-wide queue, unless a test brings its own. */
  queue?: PdfWorkQueue;
};

/** Optional: only tests change the defaults. */
export const PDF_SANDBOX_OPTIONS = Symbol('PdfSandboxOptions');
const DEFAULT_OPTIONS: PdfSandboxOptions = {
  // Processor time per file once its process has started, 30 s on the clock at most (rejected within seconds).
  timeLimitMs: 10_000,
  heapLimitMb: 256,
  // A 10 MB upload inflating its images to the engine's 256 MB budget, with the heap beside it.
  memoryLimitMb: 640,
  niceness: 10,
};

/** The public verification's checks share one place in the fair queue, beside each member's. */
const PUBLIC_VERIFICATION = 'public verification';
/**
 * Verifications in flight from every address together: each holds its file (up to 10 MB) in the API while it
 * waits, and visitors must not fill the queue members' uploads wait in.
 */
const PUBLIC_VERIFICATIONS_IN_FLIGHT = 8;

/** Whose PDF work it is: a member, or a client address on the public verification. */
export type PdfCaller = { member: string } | { publicAddress: string };

/** A place reserved in the PDF queue before the caller's file is read: check once, then release. */
export interface PdfPlace {
  /** Reads the file in the caller's turn (a waiting check holds no file) and checks it. */
  check(load: () => Promise<Uint8Array>): Promise<PdfOutcome>;
  release(): void;
}

function busy(error: unknown): unknown {
  if (!(error instanceof PdfWorkBusyError)) return error;
  const wait = { retryAfter: error.retryAfterMs };
  return error.scope === 'caller'
    ? new AppException(ErrorCode.TOO_MANY_REQUESTS, undefined, wait)
    : new AppException(ErrorCode.SERVICE_UNAVAILABLE, undefined, wait);
}

/**
 * Every PDF the API reads or writes for a member or a visitor is handled in a separate process with its own
 * heap, memory and time limits, in the caller's turn of the PDF work queue: a hostile file can cost one
 * process, never the API's event loop or memory, and one caller's files never hold up another's beyond
 * their share. Each task runs in a fresh process (one is started ahead), so nothing of one file is ever in
 * memory with the next.
 */
@Injectable()
export class PdfSandbox implements OnApplicationShutdown {
  private readonly logger = new Logger(PdfSandbox.name);
  private readonly options: PdfSandboxOptions;
  private readonly queue: PdfWorkQueue;
  private readonly pool: ProcessPool<PdfTask, PdfTaskReply>;

  constructor(@Optional() @Inject(PDF_SANDBOX_OPTIONS) options?: Partial<PdfSandboxOptions>) {
    this.options = { ...DEFAULT_OPTIONS, ...options };
    this.queue = this.options.queue ?? pdfWorkQueue;
    const { heapLimitMb, memoryLimitMb, niceness } = this.options;
    this.pool = new ProcessPool(
      PDF_WORKER_ENTRY,
      {},
      {
        heapLimitMb,
        memoryLimitMb,
        niceness,
        idleMs: 60_000,
        maxIdle: 1,
        maxTasksPerProcess: 1,
        spares: 1,
      },
    );
  }

  /** 429 TOO_MANY_REQUESTS past the caller's checks in flight, 503 when the queue is full; both with Retry-After. */
  reserve(caller: PdfCaller): PdfPlace {
    const ticket = this.ticketFor(caller);
    return {
      check: (load) =>
        ticket.run(async () =>
          this.answer(await this.runTask({ kind: 'check', bytes: await load(), limits: PDF_LIMITS })),
        ),
      release: () => ticket.release(),
    };
  }

  /** The normalised file, or the AppException naming why it is refused. */
  async check(member: string, bytes: Uint8Array): Promise<PdfOutcome> {
    const place = this.reserve({ member });
    try {
      return await place.check(() => Promise.resolve(bytes));
    } finally {
      place.release();
    }
  }

  async render(member: string, content: PrintableDocument): Promise<PdfOutcome> {
    const reply = await this.inTurn({ member }, { kind: 'render', content });
    if (!reply.ok) throw new Error(`PDF generation failed: ${reply.reason}`);
    return reply.outcome;
  }

  /** The file's signatures and revision digests, or the AppException naming why it is refused. */
  async verify(caller: PdfCaller, bytes: Uint8Array, input: SignatureReportInput): Promise<SignatureReport> {
    return this.answer(await this.inTurn(caller, { kind: 'verify', bytes, ...input }));
  }

  async onApplicationShutdown(): Promise<void> {
    await this.pool.close();
  }

  private async inTurn<K extends PdfTask['kind']>(
    caller: PdfCaller,
    task: Extract<PdfTask, { kind: K }>,
  ): Promise<PdfTaskReply<K>> {
    const ticket = this.ticketFor(caller);
    try {
      return await ticket.run(() => this.runTask(task));
    } finally {
      ticket.release();
    }
  }

  private ticketFor(caller: PdfCaller): PdfWorkTicket {
    try {
      return 'member' in caller
        ? this.queue.reserve(caller.member)
        : this.queue.reserve(
            PUBLIC_VERIFICATION,
            `address:${caller.publicAddress}`,
            PUBLIC_VERIFICATIONS_IN_FLIGHT,
          );
    } catch (error) {
      throw busy(error);
    }
  }

  private async runTask<K extends PdfTask['kind']>(
    task: Extract<PdfTask, { kind: K }>,
  ): Promise<PdfTaskReply<K>> {
    const outcome = await this.pool.run(task, this.options.timeLimitMs);
    // A process answers the task it was given: the reply to a K task carries a K outcome.
    if (outcome.settled) return outcome.reply as PdfTaskReply<K>;
    return { ok: false, code: 'INVALID_PDF', reason: outcome.reason };
  }

  private answer<K extends PdfTask['kind']>(reply: PdfTaskReply<K>): PdfTaskOutcomes[K] {
    if (reply.ok) return reply.outcome;
    if (reply.code === 'FAILED') throw new Error(`PDF work failed: ${reply.reason}`);
    this.logger.warn({ code: reply.code, reason: reply.reason }, 'PDF refused');
    throw new AppException(ErrorCode[reply.code]);
  }
}
