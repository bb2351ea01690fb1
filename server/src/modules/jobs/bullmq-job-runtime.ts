import { Logger } from '@nestjs/common';
import { Queue, Worker, UnrecoverableError, WaitingError, type Job } from 'bullmq';
import IORedis, { type Redis } from 'ioredis';
import { type JobName } from '@esign/shared';
import { type JobRegistry } from './job-registry';
import { type JobQueue } from './job-queue.service';
import { type JobRuntime } from './job-runtime';
import { UnrecoverableJobError } from './job-handler.decorator';
import { type DispatchableJob, type JobStore, type OverdueVerdict, RELAY_BATCH } from './job-store';
import { type Metrics } from '../metrics/metrics.service';

export const BULLMQ_QUEUE_NAME = 'esign-jobs';

/** How often each process looks for jobs handed to Redis and not finished within the deadline. */
const REDISPATCH_CHECK_MS = 5_000;

export interface BullmqJobRuntimeOptions {
  concurrency: number;
  pollMs: number;
  processJobs: boolean;
  prefix: string;
  /** The longest a job stays with a worker that died (killed, out of memory) before another one runs it. */
  handoverMs: number;
  /** A job handed to Redis and not finished this long after it was due is looked for there again. */
  redispatchAfterMs: number;
}

/** A job this process is running, and the way to stop waiting for it at shutdown. */
interface ActiveJob {
  job: Job;
  token: string | undefined;
  handBack: (error: Error) => void;
}

const messageOf = (error: unknown): string => (error instanceof Error ? error.message : String(error));

/**
 * BullMQ's settings that make a dead worker's jobs run elsewhere within `handoverMs`. A job whose worker died
 * keeps its lock until the lock expires (`lockDuration` after its last renewal), and the stalled-job check,
 * which runs every `stalledInterval` on the live workers, moves a job back to the queue only when it saw the
 * job running at its previous run and finds its lock gone: the handover takes up to lockDuration +
 * stalledInterval. With two thirds and one third of the bound (the check's interval at most half the lock's,
 * so a job is always seen once before its lock can expire), that is the bound. The lock is renewed every
 * quarter of its duration: a live worker keeps its jobs through a pause of its event loop of up to three
 * quarters of it (15 s of a 30 s bound).
 */
export function workerLockOptions(handoverMs: number): {
  lockDuration: number;
  stalledInterval: number;
  lockRenewTime: number;
} {
  const lockDuration = Math.floor((handoverMs * 2) / 3);
  return {
    lockDuration,
    stalledInterval: Math.floor(handoverMs / 3),
    lockRenewTime: Math.floor(lockDuration / 4),
  };
}

/** How long stopping waits for Redis to answer a last command before it gives up on it. */
const CLOSE_MS = 5_000;
/**
 * How long the relay waits for Redis. A command in flight when the connection drops can stay unanswered until
 * Redis returns: the relay gives up on it, rolls its transaction back (the rows wait for the next round) and
 * goes on; should the command land after all, the job ids make the next round's add a no-op.
 */
const REDIS_CALL_MS = 10_000;

/** `promise`, or a rejection naming `what` once `ms` have passed without an answer. */
async function answeredWithin<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`Redis did not answer ${what} within ${ms} ms`)), ms);
  });
  try {
    return await Promise.race([promise, late]);
  } finally {
    clearTimeout(timer);
  }
}

/** Whether `promise` settled (either way) within `ms`; a promise still pending after that is left behind. */
async function settlesWithin(promise: Promise<unknown>, ms: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), ms);
  });
  const settled = promise.then(
    () => true as const,
    () => true as const,
  );
  try {
    return await Promise.race([settled, late]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Runs jobs with BullMQ. Jobs are first written to `queued_job` (in the caller's transaction); the relay moves
 * them to Redis and marks them DISPATCHED in one database transaction, using the row id as the BullMQ job id,
 * so a relay that dies between the two steps only re-adds a job BullMQ already knows and ignores.
 * While Redis is down, jobs wait in the table.
 *
 * The table stays the truth until a job has finished: the process that runs a job marks its row DONE before
 * BullMQ records the completion, or FAILED once BullMQ gives up. A row still DISPATCHED past its deadline is
 * looked for in Redis: a job Redis no longer knows (Redis restarted without its data) is relayed again, one
 * BullMQ finished is recorded, and one waiting, delayed or running is left alone. Handlers are idempotent, so
 * a job relayed again after all never does its work twice.
 */
export class BullmqJobRuntime implements JobRuntime {
  private readonly logger = new Logger('BullmqJobs');
  private readonly producerConnection: Redis;
  private readonly workerConnection: Redis;
  private readonly queue: Queue;
  private readonly active = new Map<string, ActiveJob>();
  private worker: Worker | undefined;
  private relayTimer: NodeJS.Timeout | undefined;
  private relayInFlight: Promise<void> | undefined;
  private nextRedispatchCheck = 0;
  private stopped = true;
  private unsubscribe: (() => void) | undefined;

  constructor(
    redisUrl: string,
    private readonly store: JobStore,
    private readonly registry: JobRegistry,
    private readonly jobQueue: JobQueue,
    private readonly metrics: Metrics,
    private readonly options: BullmqJobRuntimeOptions,
  ) {
    // The producer fails fast while Redis is down (jobs then wait in the table); workers block on Redis and
    // need unlimited retries per request (BullMQ docs, "Going to production").
    this.producerConnection = new IORedis(redisUrl, { enableOfflineQueue: false, maxRetriesPerRequest: 1 });
    this.workerConnection = new IORedis(redisUrl, { maxRetriesPerRequest: null });
    for (const connection of [this.producerConnection, this.workerConnection]) {
      connection.on('error', (error: Error) =>
        this.logger.warn({ error: error.message }, 'Redis connection error'),
      );
    }
    this.queue = new Queue(BULLMQ_QUEUE_NAME, {
      connection: this.producerConnection,
      prefix: options.prefix,
    });
    // The connections' own listeners log Redis failures once; BullMQ repeats them on its objects.
    this.queue.on('error', (error: Error) => this.logger.debug({ error: error.message }, 'Queue error'));
  }

  async start(): Promise<void> {
    this.stopped = false;
    if (this.options.processJobs) {
      this.worker = new Worker(BULLMQ_QUEUE_NAME, (job: Job, token?: string) => this.process(job, token), {
        connection: this.workerConnection,
        prefix: this.options.prefix,
        concurrency: this.options.concurrency,
        ...workerLockOptions(this.options.handoverMs),
      });
      this.worker.on('failed', (job, error) => void this.recordFailure(job, error));
      this.worker.on('error', (error: Error) => this.logger.debug({ error: error.message }, 'Worker error'));
    }
    this.unsubscribe = this.jobQueue.onEnqueued(() => this.scheduleRelay(0));
    this.scheduleRelay(0);
    return Promise.resolve();
  }

  async ping(): Promise<void> {
    await this.producerConnection.ping();
  }

  async stop(graceMs: number): Promise<void> {
    this.stopped = true;
    this.unsubscribe?.();
    clearTimeout(this.relayTimer);
    if (this.relayInFlight) await settlesWithin(this.relayInFlight, REDIS_CALL_MS);
    if (this.worker) {
      // close() takes no new job and waits for the running ones; those still running after the grace period
      // go back to the queue at once, for another worker (or the next start), without counting as stalled.
      const closed = this.worker.close();
      const graceEnds = Date.now() + graceMs;
      while (this.active.size > 0 && Date.now() < graceEnds) {
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      if (this.active.size > 0) await this.handBackRunningJobs();
      await settlesWithin(closed, CLOSE_MS);
    }
    // With Redis down, closing waits for a connection that does not come: the process stops all the same.
    await settlesWithin(this.queue.close(), CLOSE_MS);
    this.producerConnection.disconnect();
    this.workerConnection.disconnect();
  }

  private async process(job: Job, token: string | undefined): Promise<void> {
    const name = job.name;
    if (!this.registry.isKnown(name)) throw new UnrecoverableError(`Unknown job ${name}`);
    const id = job.id ?? '';
    const started = performance.now();
    const handedBack = new Promise<never>((_, reject) => {
      this.active.set(id, { job, token, handBack: reject });
    });
    try {
      await Promise.race([this.run(name, job), handedBack]);
    } catch (error) {
      if (!(error instanceof WaitingError)) {
        // BullMQ tries it again unless it cannot help or this was the last attempt.
        const final = error instanceof UnrecoverableError || job.attemptsMade + 1 >= (job.opts.attempts ?? 1);
        this.metrics.jobAttempt(name, final ? 'failed' : 'retried', (performance.now() - started) / 1000);
      }
      throw error;
    } finally {
      this.active.delete(id);
    }
    // Before BullMQ records the completion: a process dying in between leaves a job BullMQ runs again.
    await this.store.markDispatchedDone(id, job.attemptsMade + 1);
    this.metrics.jobAttempt(name, 'done', (performance.now() - started) / 1000);
  }

  private async run(name: JobName, job: Job): Promise<void> {
    try {
      await this.registry.run(name, job.data, {
        jobId: job.id ?? '',
        attempt: job.attemptsMade + 1,
      });
    } catch (error) {
      if (error instanceof UnrecoverableJobError) throw new UnrecoverableError(error.message);
      throw error;
    }
  }

  private async handBackRunningJobs(): Promise<void> {
    for (const [id, running] of this.active) {
      try {
        const moved = running.job.moveToWait(running.token);
        if (!(await settlesWithin(moved, CLOSE_MS))) throw new Error('Redis did not answer');
        await moved;
        this.logger.warn(
          { jobId: id, job: running.job.name },
          'Job not finished within the shutdown grace period; handed back to the queue',
        );
      } catch (error) {
        // Its lock lapses instead, and the stalled-job check of another worker hands it out again.
        this.logger.warn(
          { jobId: id, job: running.job.name, error: messageOf(error) },
          'Could not hand a job back',
        );
      }
      // BullMQ leaves a job that throws WaitingError where it is: in the waiting list.
      running.handBack(new WaitingError());
    }
  }

  /** Every failed attempt: the row keeps the error, and becomes FAILED once BullMQ will not try again. */
  private async recordFailure(job: Job | undefined, error: Error): Promise<void> {
    if (!job?.id) return;
    this.logger.warn(
      { jobId: job.id, job: job.name, attempt: job.attemptsMade, error: error.message },
      'Job failed',
    );
    try {
      const final = await job.isFailed();
      if (final) await this.store.markDispatchedFailed(job.id, job.attemptsMade, error.message);
      else await this.store.countDispatchedAttempt(job.id, job.attemptsMade, error.message);
    } catch (recording) {
      // The relay's check of overdue jobs records it later from what BullMQ says.
      this.logger.warn({ jobId: job.id, error: messageOf(recording) }, 'Could not record a job failure');
    }
  }

  private scheduleRelay(delayMs: number): void {
    if (this.stopped) return;
    clearTimeout(this.relayTimer);
    this.relayTimer = setTimeout(() => {
      this.relayInFlight ??= this.relay().finally(() => {
        this.relayInFlight = undefined;
        this.scheduleRelay(this.options.pollMs);
      });
    }, delayMs);
  }

  private async relay(): Promise<void> {
    try {
      while (!this.stopped && (await this.relayBatch()) > 0);
      if (Date.now() < this.nextRedispatchCheck) return;
      this.nextRedispatchCheck = Date.now() + REDISPATCH_CHECK_MS;
      while (!this.stopped && (await this.redispatchBatch()) === RELAY_BATCH);
    } catch (error) {
      this.logger.warn({ error: messageOf(error) }, 'Relay to Redis failed; will retry');
    }
  }

  private async relayBatch(): Promise<number> {
    return this.store.dispatch((rows) =>
      answeredWithin(this.queue.addBulk(rows.map((row) => this.bullmqJob(row))), REDIS_CALL_MS, 'the relay'),
    );
  }

  /**
   * Rows handed to Redis whose job should have finished by now, each looked up in BullMQ under the row lock;
   * those Redis no longer knows are relayed again.
   */
  private async redispatchBatch(): Promise<number> {
    return this.store.reviewOverdue(this.options.redispatchAfterMs, async (rows) => {
      const states = await answeredWithin(
        Promise.all(rows.map((row) => this.stateInRedis(row.id))),
        REDIS_CALL_MS,
        'the look for overdue jobs',
      );
      const lost = rows.filter((_, index) => states[index]?.state === 'missing');
      if (lost.length > 0) {
        await answeredWithin(
          this.queue.addBulk(lost.map((row) => this.bullmqJob(row))),
          REDIS_CALL_MS,
          'the relay of lost jobs',
        );
        for (const row of lost) this.metrics.jobRelayedAgain(row.name);
        this.logger.warn(
          { jobs: lost.map((row) => ({ jobId: row.id, job: row.name })) },
          'Jobs missing from Redis; relayed again',
        );
      }
      return states;
    });
  }

  /**
   * What BullMQ knows of a job: nothing, finished (completed or failed for good), or still to finish. A job
   * still to finish is not looked for in the waiting list, whose search takes time in proportion to its length.
   */
  private async stateInRedis(id: string): Promise<OverdueVerdict> {
    const job = await this.queue.getJob(id);
    if (!job) return { state: 'missing' };
    if (!job.finishedOn) return { state: 'pending' };
    const state = await this.queue.getJobState(id);
    if (state === 'completed') return { state };
    if (state === 'failed') return { state, reason: job.failedReason || 'failed in BullMQ' };
    return { state: 'pending' };
  }

  private bullmqJob(row: DispatchableJob) {
    return {
      name: row.name,
      data: row.payload,
      opts: {
        jobId: row.id,
        delay: Number(row.delay_ms),
        attempts: row.max_attempts,
        backoff: { type: 'exponential', delay: 1000 },
        removeOnComplete: { age: 7 * 24 * 3600 },
        removeOnFail: { age: 30 * 24 * 3600 },
      },
    };
  }
}
