import { EventEmitter } from 'node:events';
import { availableParallelism } from 'node:os';

/**
 * PDF checks one caller (a member; a client address on the public verification) may have in flight, queued
 * or running: past it, 429 with Retry-After. A member uploading a batch gets three files checked at once
 * and retries the rest; a flood gets nothing more.
 */
export const MAX_PDF_CHECKS_PER_CALLER = 3;
/** What a refusal asks to wait: about one check of the caller's, or of the queue ahead, ends by then. */
export const PDF_WORK_RETRY_AFTER_MS = 5_000;

/** The queue refused a task: too many of this caller's, or too many altogether. */
export class PdfWorkBusyError extends Error {
  override name = 'PdfWorkBusyError';

  constructor(
    readonly scope: 'caller' | 'everyone',
    readonly retryAfterMs = PDF_WORK_RETRY_AFTER_MS,
  ) {
    super(scope === 'caller' ? 'too many PDF checks of this caller' : 'the PDF work queue is full');
  }
}

export interface PdfWorkQueueSizes {
  /** Processes checking, rendering and verifying files at once. */
  checkSlots: number;
  /** Processes signing and sealing at once: a lane of their own, never behind checks. */
  signingSlots: number;
  /** Checks one caller may have in flight. */
  perCaller: number;
  /** Checks in flight altogether (each may hold a 10 MB file in the API while it waits). */
  checksInFlight: number;
  /** Signatures and seals waiting for their lane. */
  signingWaiting: number;
}

/** Signatures a signatory waits for go before seals, which a job waits for. */
export type SigningUrgency = 'interactive' | 'background';

/** Emitted as 'queued' when a task asks for its turn, and as 'start' when it gets it: which lane, for whom. */
export interface PdfWorkStart {
  lane: 'checks' | 'signing';
  owner: string;
}

interface Owner {
  tickets: number;
  waiting: (() => void)[];
  /** When the owner was last given a slot (a counter); -1 for never, since its tickets were all used. */
  lastServed: number;
}

/**
 * Decides when each piece of PDF work runs, for the whole process (every module's PDF work shares it). Two
 * lanes with slots of their own: signing and sealing never wait behind uploads. In the checks lane each
 * owner (a member, or the public verification) has its own queue, and a free slot goes to the waiting owner
 * served least recently, so one member's backlog delays another's check by at most one check per slot.
 */
export class PdfWorkQueue extends EventEmitter {
  private checksRunning = 0;
  private checksReserved = 0;
  private signingRunning = 0;
  private served = 0;
  private readonly owners = new Map<string, Owner>();
  private readonly perCaller = new Map<string, number>();
  private readonly signing: Record<SigningUrgency, (() => void)[]> = { interactive: [], background: [] };

  constructor(readonly sizes: PdfWorkQueueSizes) {
    super();
  }

  /**
   * A place in the checks lane for `owner`'s next task, counted against `caller` (the owner itself unless
   * told), and `ownerLimit` places at most for the owner's callers together: reserved before the caller's
   * file is even read, refused with PdfWorkBusyError past the limits.
   */
  reserve(owner: string, caller = owner, ownerLimit = Number.POSITIVE_INFINITY): PdfWorkTicket {
    const state = this.owners.get(owner) ?? { tickets: 0, waiting: [], lastServed: -1 };
    if ((this.perCaller.get(caller) ?? 0) >= this.sizes.perCaller) throw new PdfWorkBusyError('caller');
    if (this.checksReserved >= this.sizes.checksInFlight || state.tickets >= ownerLimit) {
      throw new PdfWorkBusyError('everyone');
    }
    this.checksReserved += 1;
    this.perCaller.set(caller, (this.perCaller.get(caller) ?? 0) + 1);
    state.tickets += 1;
    this.owners.set(owner, state);
    return new PdfWorkTicket(this, owner, caller);
  }

  /** Runs a signature or a seal in the signing lane; PdfWorkBusyError when too many already wait. */
  async runSigning<T>(urgency: SigningUrgency, job: () => Promise<T>): Promise<T> {
    const waiting = this.signing.interactive.length + this.signing.background.length;
    if (waiting >= this.sizes.signingWaiting) throw new PdfWorkBusyError('everyone');
    this.emit('queued', { lane: 'signing', owner: urgency } satisfies PdfWorkStart);
    await new Promise<void>((start) => {
      this.signing[urgency].push(start);
      this.dispatchSigning();
    });
    this.emit('start', { lane: 'signing', owner: urgency } satisfies PdfWorkStart);
    try {
      return await job();
    } finally {
      this.signingRunning -= 1;
      this.dispatchSigning();
    }
  }

  /** @internal For PdfWorkTicket: waits for the owner's turn in the checks lane. */
  turn(owner: string): Promise<void> {
    const state = this.owners.get(owner);
    if (!state) return Promise.reject(new Error('no place reserved'));
    this.emit('queued', { lane: 'checks', owner } satisfies PdfWorkStart);
    return new Promise<void>((start) => {
      state.waiting.push(start);
      this.dispatchChecks();
    }).then(() => void this.emit('start', { lane: 'checks', owner } satisfies PdfWorkStart));
  }

  /** @internal For PdfWorkTicket: a check ended, its slot goes to the next owner. */
  finished(): void {
    this.checksRunning -= 1;
    this.dispatchChecks();
  }

  /** @internal For PdfWorkTicket: the place is given back. */
  release(owner: string, caller: string): void {
    this.checksReserved -= 1;
    const count = (this.perCaller.get(caller) ?? 1) - 1;
    if (count > 0) this.perCaller.set(caller, count);
    else this.perCaller.delete(caller);
    const state = this.owners.get(owner);
    if (state && (state.tickets -= 1) <= 0) this.owners.delete(owner);
  }

  private dispatchChecks(): void {
    while (this.checksRunning < this.sizes.checkSlots) {
      const next = this.leastRecentlyServed();
      const start = next?.waiting.shift();
      if (!next || !start) return;
      this.served += 1;
      next.lastServed = this.served;
      this.checksRunning += 1;
      start();
    }
  }

  /** Among the owners with a task waiting; ties go to the owner that reserved first. */
  private leastRecentlyServed(): Owner | undefined {
    let best: Owner | undefined;
    for (const state of this.owners.values()) {
      if (state.waiting.length > 0 && (!best || state.lastServed < best.lastServed)) best = state;
    }
    return best;
  }

  private dispatchSigning(): void {
    while (this.signingRunning < this.sizes.signingSlots) {
      const start = this.signing.interactive.shift() ?? this.signing.background.shift();
      if (!start) return;
      this.signingRunning += 1;
      start();
    }
  }
}

/** A place in the checks lane: one task run in the owner's turn, then released (always, even on failure). */
export class PdfWorkTicket {
  private state: 'reserved' | 'used' | 'released' = 'reserved';

  constructor(
    private readonly queue: PdfWorkQueue,
    readonly owner: string,
    private readonly caller: string,
  ) {}

  async run<T>(job: () => Promise<T>): Promise<T> {
    if (this.state !== 'reserved') throw new Error('a place runs one task');
    this.state = 'used';
    await this.queue.turn(this.owner);
    try {
      return await job();
    } finally {
      this.queue.finished();
    }
  }

  release(): void {
    if (this.state === 'released') return;
    this.state = 'released';
    this.queue.release(this.owner, this.caller);
  }
}

const clamp = (value: number, low: number, high: number): number => Math.max(low, Math.min(high, value));

/** The process's slots: a core for the API's own work, the others for PDF processes, each lane its own. */
export function defaultPdfWorkSizes(cores = availableParallelism()): PdfWorkQueueSizes {
  return {
    checkSlots: clamp(cores - 1, 1, 4),
    signingSlots: clamp(cores - 1, 1, 2),
    perCaller: MAX_PDF_CHECKS_PER_CALLER,
    checksInFlight: 24,
    signingWaiting: 64,
  };
}

/** One queue per process, whichever modules do PDF work in it. */
export const pdfWorkQueue = new PdfWorkQueue(defaultPdfWorkSizes());
