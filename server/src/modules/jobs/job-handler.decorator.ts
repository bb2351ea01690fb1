import { SetMetadata } from '@nestjs/common';
import { type JobName, type JobPayloads } from '@esign/shared';

export const JOB_HANDLER = 'esign:job-handler';

export interface JobContext {
  /** The durable id of the job (stable across retries). */
  jobId: string;
  /** 1 on the first try. */
  attempt: number;
}

export type JobHandlerFunction<N extends JobName> = (
  payload: JobPayloads[N],
  context: JobContext,
) => Promise<void>;

/** Marks a provider method as the processor of a job name. Every job name must have exactly one. */
export const HandlesJob = (name: JobName): MethodDecorator => SetMetadata(JOB_HANDLER, name);

/** Thrown by a processor when retrying cannot help (bad payload, missing row): the job fails at once. */
export class UnrecoverableJobError extends Error {
  override name = 'UnrecoverableJobError';
}

export function backoffMs(attempt: number): number {
  return Math.min(1000 * 2 ** Math.max(0, attempt - 1), 5 * 60_000);
}
