import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { type DataSource, type EntityManager } from 'typeorm';
import { type EnqueueOptions, type JobName, type JobPayloads } from '@esign/shared';
import { randomUUID } from 'node:crypto';

type Nudge = () => void;

/**
 * Adds jobs to the durable job table. Given the caller's transaction (`manager`), the job exists if and only
 * if the transaction commits: the outbox that lets a state change and its follow-up work never part.
 * The runner (embedded) or the relay to BullMQ (Redis) takes it from there.
 */
@Injectable()
export class JobQueue {
  private readonly listeners = new Set<Nudge>();

  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** Returns the job key, or null when a job with the same `jobId` already exists. */
  async enqueue<N extends JobName>(
    name: N,
    payload: JobPayloads[N],
    options: EnqueueOptions = {},
    manager: EntityManager = this.dataSource.manager,
  ): Promise<string | null> {
    const key = options.jobId ?? randomUUID();
    const rows: unknown[] = await manager.query(
      `INSERT INTO queued_job (job_key, name, payload, max_attempts, run_at)
       VALUES ($1, $2, $3, $4, now() + make_interval(secs => $5::double precision / 1000))
       ON CONFLICT (job_key) DO NOTHING
       RETURNING id`,
      [key, name, JSON.stringify(payload), options.attempts ?? 5, options.delayMs ?? 0],
    );
    if (rows.length > 0 && !manager.queryRunner?.isTransactionActive) this.nudge();
    return rows.length > 0 ? key : null;
  }

  /** Lets an in-process runner or relay pick new work up at once instead of at its next poll. */
  onEnqueued(listener: Nudge): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  nudge(): void {
    for (const listener of this.listeners) listener();
  }
}
