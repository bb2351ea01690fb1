import { Worker } from 'node:worker_threads';
import {
  WORKER_BOOTSTRAP,
  inWorkerSlot,
  isResourceLimit,
  type WorkerOutcome,
} from '../../documents/pdf/worker-bootstrap';

export interface WorkerPoolOptions {
  /** Each worker's JavaScript heap; past it the worker is stopped and its task fails. */
  heapLimitMb: number;
  /** Idle workers are stopped after this long. */
  idleMs: number;
  /** Workers kept waiting for the next task. */
  maxIdle: number;
  /** A worker is replaced after this many tasks, so nothing a library caches grows without bound. */
  maxTasksPerWorker: number;
}

interface PooledWorker {
  worker: Worker;
  tasks: number;
  idleTimer?: NodeJS.Timeout;
}

/**
 * Worker threads kept for the next task, one task at a time each: module loading, JIT warm-up, fonts
 * and the keys the worker loaded are paid for once, not per task (a cold worker costs about a second
 * of CPU, a warm seal of a 10 MB file a few hundred milliseconds). A worker that passes its time limit,
 * its heap limit or dies is discarded, never reused; a task runs only once one of the process-wide
 * worker slots is free, like every other PDF task.
 */
export class WorkerPool<Task, Reply> {
  private readonly idle: PooledWorker[] = [];
  private closed = false;

  constructor(
    private readonly entry: string,
    private readonly workerData: object,
    private readonly options: WorkerPoolOptions,
  ) {}

  run(task: Task, timeLimitMs: number): Promise<WorkerOutcome<Reply>> {
    if (this.closed) return Promise.reject(new Error('the worker pool is closed'));
    return inWorkerSlot(() => this.dispatch(task, timeLimitMs));
  }

  /** Stops the idle workers; busy ones are stopped when their task ends. */
  async close(): Promise<void> {
    this.closed = true;
    const idle = this.idle.splice(0);
    await Promise.all(idle.map((pooled) => this.discard(pooled)));
  }

  private dispatch(task: Task, timeLimitMs: number): Promise<WorkerOutcome<Reply>> {
    const pooled = this.idle.pop() ?? this.spawn();
    clearTimeout(pooled.idleTimer);
    pooled.tasks += 1;
    const { worker } = pooled;
    return new Promise((resolve, reject) => {
      const finish = (settle: () => void, reusable: boolean): void => {
        clearTimeout(timer);
        worker.off('message', onMessage).off('error', onError).off('exit', onExit);
        if (reusable) this.release(pooled);
        else void this.discard(pooled);
        settle();
      };
      const onMessage = (reply: Reply): void => finish(() => resolve({ settled: true, reply }), true);
      const onError = (error: Error): void =>
        finish(
          () =>
            isResourceLimit(error) ? resolve({ settled: false, reason: 'memory limit' }) : reject(error),
          false,
        );
      const onExit = (): void => finish(() => resolve({ settled: false, reason: 'worker stopped' }), false);
      const timer = setTimeout(
        () => finish(() => resolve({ settled: false, reason: 'time limit' }), false),
        timeLimitMs,
      );
      worker.on('message', onMessage).on('error', onError).on('exit', onExit);
      worker.postMessage(task);
    });
  }

  private spawn(): PooledWorker {
    const worker = new Worker(WORKER_BOOTSTRAP, {
      eval: true,
      workerData: { ...this.workerData, entry: this.entry },
      resourceLimits: { maxOldGenerationSizeMb: this.options.heapLimitMb, maxYoungGenerationSizeMb: 32 },
      // Library warnings can quote document content; they are dropped, never logged.
      stdout: true,
      stderr: true,
    });
    worker.stdout.resume();
    worker.stderr.resume();
    // An idle worker must not keep the process alive.
    worker.unref();
    const pooled: PooledWorker = { worker, tasks: 0 };
    worker.once('exit', () => {
      const index = this.idle.indexOf(pooled);
      if (index >= 0) this.idle.splice(index, 1);
    });
    return pooled;
  }

  private release(pooled: PooledWorker): void {
    if (
      this.closed ||
      pooled.tasks >= this.options.maxTasksPerWorker ||
      this.idle.length >= this.options.maxIdle
    ) {
      void this.discard(pooled);
      return;
    }
    pooled.idleTimer = setTimeout(() => {
      const index = this.idle.indexOf(pooled);
      if (index >= 0) this.idle.splice(index, 1);
      void this.discard(pooled);
    }, this.options.idleMs);
    pooled.idleTimer.unref();
    this.idle.push(pooled);
  }

  private async discard(pooled: PooledWorker): Promise<void> {
    clearTimeout(pooled.idleTimer);
    await pooled.worker.terminate();
  }
}
