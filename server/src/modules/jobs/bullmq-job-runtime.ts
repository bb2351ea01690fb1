import { Logger } from '@nestjs/common';
import { Queue, Worker, UnrecoverableError, type Job } from 'bullmq';
import IORedis, { type Redis } from 'ioredis';
import { type DataSource } from 'typeorm';
import { type JobRegistry } from './job-registry';
import { type JobQueue } from './job-queue.service';
import { type ClaimedJob, type JobRuntime } from './job-runtime';
import { UnrecoverableJobError } from './job-handler.decorator';

export const BULLMQ_QUEUE_NAME = 'esign-jobs';

interface RelayRow extends ClaimedJob {
  delay_ms: number;
}

/**
 * Runs jobs with BullMQ. Jobs are first written to `queued_job` (in the caller's transaction); the relay moves
 * them to Redis and marks them DISPATCHED in one database transaction, using the row id as the BullMQ job id,
 * so a relay that dies between the two steps only re-adds a job BullMQ already knows and ignores.
 * While Redis is down, jobs wait in the table.
 */
export class BullmqJobRuntime implements JobRuntime {
  private readonly logger = new Logger('BullmqJobs');
  private readonly producerConnection: Redis;
  private readonly workerConnection: Redis;
  private readonly queue: Queue;
  private worker: Worker | undefined;
  private relayTimer: NodeJS.Timeout | undefined;
  private relayInFlight: Promise<void> | undefined;
  private stopped = true;
  private unsubscribe: (() => void) | undefined;

  constructor(
    redisUrl: string,
    private readonly dataSource: DataSource,
    private readonly registry: JobRegistry,
    private readonly jobQueue: JobQueue,
    private readonly options: { concurrency: number; pollMs: number; processJobs: boolean; prefix: string },
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
  }

  async start(): Promise<void> {
    this.stopped = false;
    if (this.options.processJobs) {
      this.worker = new Worker(BULLMQ_QUEUE_NAME, (job: Job) => this.process(job), {
        connection: this.workerConnection,
        prefix: this.options.prefix,
        concurrency: this.options.concurrency,
      });
      this.worker.on('failed', (job, error) =>
        this.logger.warn(
          { jobId: job?.id, job: job?.name, attempt: job?.attemptsMade, error: error.message },
          'Job failed',
        ),
      );
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
    await this.relayInFlight;
    const grace = new Promise((resolve) => setTimeout(resolve, graceMs).unref());
    // close() waits for active jobs; past the grace period BullMQ's stalled-job check hands them out again.
    await Promise.race([this.worker?.close(), grace]);
    await this.queue.close();
    this.producerConnection.disconnect();
    this.workerConnection.disconnect();
  }

  private async process(job: Job): Promise<void> {
    if (!this.registry.isKnown(job.name)) throw new UnrecoverableError(`Unknown job ${job.name}`);
    try {
      await this.registry.run(job.name, job.data as never, {
        jobId: job.id ?? '',
        attempt: job.attemptsMade + 1,
      });
    } catch (error) {
      if (error instanceof UnrecoverableJobError) throw new UnrecoverableError(error.message);
      throw error;
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
    } catch (error) {
      this.logger.warn(
        { error: error instanceof Error ? error.message : String(error) },
        'Relay to Redis failed; will retry',
      );
    }
  }

  private async relayBatch(): Promise<number> {
    return this.dataSource.transaction(async (manager) => {
      const rows: RelayRow[] = await manager.query(
        `SELECT id, name, payload, attempts, max_attempts,
                GREATEST(0, EXTRACT(EPOCH FROM (run_at - now())) * 1000)::bigint AS delay_ms
         FROM queued_job WHERE state = 'QUEUED' ORDER BY run_at LIMIT 50 FOR UPDATE SKIP LOCKED`,
      );
      if (rows.length === 0) return 0;
      await this.queue.addBulk(
        rows.map((row) => ({
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
        })),
      );
      await manager.query(`UPDATE queued_job SET state = 'DISPATCHED' WHERE id = ANY($1::uuid[])`, [
        rows.map((r) => r.id),
      ]);
      return rows.length;
    });
  }
}
