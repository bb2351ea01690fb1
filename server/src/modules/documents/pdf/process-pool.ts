import { PdfProcess } from './pdf-process';
import { type ProcessLimits, type WorkerOutcome } from './worker-bootstrap';

export interface ProcessPoolOptions extends ProcessLimits {
  /** Idle processes are stopped after this long. */
  idleMs: number;
  /** Processes kept waiting for the next task. */
  maxIdle: number;
  /**
   * A process is replaced after this many tasks: 1 runs each task in a fresh process, so nothing of one file
   * is ever in memory with the next; more spares the start (module loading, fonts, keys) for trusted work.
   */
  maxTasksPerProcess: number;
  /**
   * Processes started ahead when one is taken, so a task seldom waits for one to start (starting costs about
   * what a small task does); they are stopped after `idleMs` without work.
   */
  spares: number;
}

interface Pooled<Task, Reply> {
  process: PdfProcess<Task, Reply>;
  tasks: number;
  idleTimer?: NodeJS.Timeout;
}

/**
 * PDF processes for one kind of work, one task at a time each. A process that passes its time or memory
 * limit, or dies, is discarded, never reused. When a task runs is not the pool's decision: callers run it
 * in their turn of the process-wide PDF work queue, which bounds how many run at once.
 */
export class ProcessPool<Task, Reply> {
  private readonly idle: Pooled<Task, Reply>[] = [];
  private readonly busy = new Set<Pooled<Task, Reply>>();
  private closed = false;

  constructor(
    private readonly entry: string,
    private readonly setup: object,
    private readonly options: ProcessPoolOptions,
  ) {}

  async run(task: Task, timeLimitMs: number): Promise<WorkerOutcome<Reply>> {
    if (this.closed) throw new Error('the process pool is closed');
    const pooled = this.take();
    this.startSpares();
    this.busy.add(pooled);
    try {
      const outcome = await pooled.process.run(task, timeLimitMs);
      if (outcome.settled) this.release(pooled);
      else void this.discard(pooled);
      return outcome;
    } finally {
      this.busy.delete(pooled);
    }
  }

  /** Stops every process; a task still running ends as 'worker stopped'. */
  async close(): Promise<void> {
    this.closed = true;
    const all = [...this.idle.splice(0), ...this.busy];
    await Promise.all(all.map((pooled) => this.discard(pooled)));
  }

  private take(): Pooled<Task, Reply> {
    for (let pooled = this.idle.pop(); pooled; pooled = this.idle.pop()) {
      clearTimeout(pooled.idleTimer);
      if (pooled.process.alive) {
        pooled.tasks += 1;
        return pooled;
      }
    }
    return { process: this.spawn(), tasks: 1 };
  }

  private spawn(): PdfProcess<Task, Reply> {
    const { heapLimitMb, memoryLimitMb, niceness, kernelLimit } = this.options;
    const limits = { heapLimitMb, memoryLimitMb, niceness, kernelLimit };
    return new PdfProcess<Task, Reply>(this.entry, this.setup, limits);
  }

  private startSpares(): void {
    while (!this.closed && this.idle.length < Math.min(this.options.spares, this.options.maxIdle)) {
      this.keepIdle({ process: this.spawn(), tasks: 0 });
    }
  }

  private release(pooled: Pooled<Task, Reply>): void {
    const spent = pooled.tasks >= this.options.maxTasksPerProcess;
    if (this.closed || spent || this.idle.length >= this.options.maxIdle) void this.discard(pooled);
    else this.keepIdle(pooled);
  }

  private keepIdle(pooled: Pooled<Task, Reply>): void {
    pooled.idleTimer = setTimeout(() => {
      const index = this.idle.indexOf(pooled);
      if (index >= 0) this.idle.splice(index, 1);
      void this.discard(pooled);
    }, this.options.idleMs);
    pooled.idleTimer.unref();
    this.idle.push(pooled);
  }

  private discard(pooled: Pooled<Task, Reply>): Promise<void> {
    clearTimeout(pooled.idleTimer);
    return pooled.process.kill();
  }
}
