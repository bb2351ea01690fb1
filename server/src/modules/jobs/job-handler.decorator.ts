import { SetMetadata } from '@nestjs/common';
import { type JobName, type JobPayload } from '@esign/shared';

export const JOB_HANDLER = 'esign:job-handler';

export interface JobContext {
  /** The durable id of the job (stable across retries). */
  jobId: string;
  /** 1 on the first try. */
  attempt: number;
}

/** What processes a job: its payload as enqueued, and the try. What it answers is ignored. */
export type JobHandlerFunction<N extends JobName> = (
  payload: JobPayload<N>,
  context: JobContext,
) => Promise<unknown>;

/**
 * Marks a provider method as the processor of a job name. Every job name must have exactly one. The method
 * must take that job's payload (`JobPayloads`): a handler of another shape does not compile.
 */
export function HandlesJob<N extends JobName>(name: N) {
  return <H extends JobHandlerFunction<N>>(
    target: object,
    method: string | symbol,
    descriptor: TypedPropertyDescriptor<H>,
  ): void => {
    SetMetadata(JOB_HANDLER, name)(target, method, descriptor);
  };
}

/** Thrown by a processor when retrying cannot help (bad payload, missing row): the job fails at once. */
export class UnrecoverableJobError extends Error {
  override name = 'UnrecoverableJobError';
}

export function backoffMs(attempt: number): number {
  return Math.min(1000 * 2 ** Math.max(0, attempt - 1), 5 * 60_000);
}
