import { Logger } from '@nestjs/common';
import { type JobRegistry } from './job-registry';
import { type JobQueue } from './job-queue.service';
import { type ClaimedJob, type JobRuntime } from './job-runtime';
import { backoffMs, UnrecoverableJobError } from './job-handler.decorator';
import { type JobStore } from './job-store';
import { type JobOutcome, type Metrics } from '../metrics/metrics.service';

/**
 * Runs jobs straight from the `queued_job` table (the embedded mode, or any deployment without Redis).
 * Claims use `FOR UPDATE SKIP LOCKED`, so several processes may share the table; a job whose process died
 * is claimed again once its lease runs out (at once in `exclusive` mode, where no other process can hold it).
 */
export class PostgresJobRunner implements JobRuntime {
  private readonly logger = new Logger('JobRunner');
  private readonly running = new Map<string, Promise<void>>();
  /** Jobs given back to the queue at shutdown: whatever their handler does next, the row is no longer theirs. */
  private readonly handedBack = new Set<string>();
  private timer: NodeJS.Timeout | undefined;
  private stopping = true;
  private unsubscribe: (() => void) | undefined;
  private ticking = false;

  constructor(
    private readonly store: JobStore,
    private readonly registry: JobRegistry,
    private readonly queue: JobQueue,
    private readonly metrics: Metrics,
    private readonly options: { concurrency: number; pollMs: number; exclusive: boolean },
  ) {}

  async start(): Promise<void> {
    if (this.options.exclusive) {
      await this.store.releaseClaims();
    }
    this.stopping = false;
    this.unsubscribe = this.queue.onEnqueued(() => this.schedule(0));
    this.schedule(0);
  }

  async ping(): Promise<void> {
    await this.store.ping();
  }

  async stop(graceMs: number): Promise<void> {
    this.stopping = true;
    this.unsubscribe?.();
    clearTimeout(this.timer);
    const grace = new Promise((resolve) => setTimeout(resolve, graceMs).unref());
    await Promise.race([Promise.allSettled([...this.running.values()]), grace]);
    for (const id of this.running.keys()) {
      // Not finished in time: give it back so the next start runs it again (handlers are idempotent).
      this.handedBack.add(id);
      await this.store.handBack(id);
      this.logger.warn(
        { jobId: id },
        'Job not finished within the shutdown grace period; handed back to the queue',
      );
    }
  }

  private schedule(delayMs: number): void {
    if (this.stopping) return;
    clearTimeout(this.timer);
    this.timer = setTimeout(() => void this.tick(), delayMs);
  }

  private async tick(): Promise<void> {
    if (this.ticking || this.stopping) return;
    this.ticking = true;
    try {
      while (!this.stopping && this.running.size < this.options.concurrency) {
        const job = await this.store.claimDue();
        if (!job) break;
        const execution = this.execute(job).finally(() => {
          this.running.delete(job.id);
          this.schedule(0);
        });
        this.running.set(job.id, execution);
      }
    } catch (error) {
      this.logger.error({ err: error }, 'Could not claim a job; will retry');
    } finally {
      this.ticking = false;
      this.schedule(this.options.pollMs);
    }
  }

  private async execute(job: ClaimedJob): Promise<void> {
    const started = performance.now();
    let outcome: unknown;
    let failed = false;
    try {
      if (!this.registry.isKnown(job.name)) throw new UnrecoverableJobError(`Unknown job ${job.name}`);
      await this.registry.run(job.name, job.payload, { jobId: job.id, attempt: job.attempts });
    } catch (error) {
      failed = true;
      outcome = error;
    }
    if (this.handedBack.delete(job.id)) {
      // Shutdown gave the row back (and may have closed the database since): the next start runs it again.
      this.logger.warn(
        { jobId: job.id, job: job.name, failed },
        'Job ended after it was handed back; left queued',
      );
      return;
    }
    try {
      const recorded: JobOutcome = failed ? await this.recordFailure(job, outcome) : 'done';
      if (!failed) await this.store.markDone(job.id);
      this.metrics.jobAttempt(job.name, recorded, (performance.now() - started) / 1000);
    } catch (error) {
      // The row keeps its lease: once it runs out (or at the next exclusive start) the job is claimed again.
      this.logger.error({ err: error, jobId: job.id, job: job.name }, 'Could not record the end of a job');
    }
  }

  private async recordFailure(job: ClaimedJob, error: unknown): Promise<JobOutcome> {
    const message = error instanceof Error ? error.message : String(error);
    const final = error instanceof UnrecoverableJobError || job.attempts >= job.max_attempts;
    this.logger.warn(
      { jobId: job.id, job: job.name, attempt: job.attempts, final, error: message },
      'Job failed',
    );
    if (final) await this.store.markFailed(job.id, message);
    else await this.store.retryLater(job.id, message, backoffMs(job.attempts));
    return final ? 'failed' : 'retried';
  }
}
