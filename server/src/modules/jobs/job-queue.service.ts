import { Injectable } from '@nestjs/common';
import { type EntityManager } from 'typeorm';
import { type EnqueueOptions, type JobName, type JobPayloads } from '@esign/shared';
import { randomUUID } from 'node:crypto';
import { JobStore } from './job-store';

type Nudge = () => void;

/**
 * Adds jobs to the durable job table. Given the caller's transaction (`manager`), the job exists if and only
 * if the transaction commits: the outbox that lets a state change and its follow-up work never part.
 * The runner (embedded) or the relay to BullMQ (Redis) takes it from there.
 */
@Injectable()
export class JobQueue {
  private readonly listeners = new Set<Nudge>();

  constructor(private readonly store: JobStore) {}

  /** Returns the job key, or null when a job with the same `jobId` already exists. */
  async enqueue<N extends JobName>(
    name: N,
    payload: JobPayloads[N],
    options: EnqueueOptions = {},
    manager?: EntityManager,
  ): Promise<string | null> {
    const key = options.jobId ?? randomUUID();
    const added = await this.store.add(
      { key, name, payload, maxAttempts: options.attempts ?? 5, delayMs: options.delayMs ?? 0 },
      manager,
    );
    // Within a transaction the job is not there for the runner yet: the caller nudges once it committed.
    if (added && !manager?.queryRunner?.isTransactionActive) this.nudge();
    return added ? key : null;
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
