import { Injectable } from '@nestjs/common';
import { type EntityManager } from 'typeorm';
import { JobName } from '@esign/shared';
import { JobQueue } from '../jobs/job-queue.service';
import { SignatureRequestStore } from '../signatures/signature-request-store';

/**
 * The hand-over from signing to sealing. The guarded UPDATE (status still IN_PROGRESS, nobody left
 * unsigned), run under the request's row lock in the transaction of the last signature, succeeds exactly
 * once, and the seal job is recorded in that same transaction with a fixed id: never sealed twice, never
 * forgotten.
 */
@Injectable()
export class SealingQueue {
  constructor(
    private readonly jobs: JobQueue,
    private readonly requests: SignatureRequestStore,
  ) {}

  async queueIfComplete(manager: EntityManager, requestId: string): Promise<boolean> {
    if (!(await this.requests.startSealingIfComplete(manager, requestId))) return false;
    await this.jobs.enqueue(
      JobName.SealDocument,
      { requestId },
      { jobId: `seal:${requestId}:0`, attempts: 5 },
      manager,
    );
    return true;
  }

  /** Re-queues a request left in UPDATING_DOCUMENT (its job failed for good or was lost) under a new job id. */
  async requeue(manager: EntityManager, requestId: string, generation: number): Promise<void> {
    await this.jobs.enqueue(
      JobName.SealDocument,
      { requestId },
      { jobId: `seal:${requestId}:${generation}`, attempts: 5 },
      manager,
    );
  }
}
