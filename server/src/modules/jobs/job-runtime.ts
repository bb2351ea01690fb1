/** Something that executes queued jobs in this process, started after boot and stopped on shutdown. */
export interface JobRuntime {
  start(): Promise<void>;
  /** Stops taking work, lets running jobs finish within `graceMs`, and hands back the rest. */
  stop(graceMs: number): Promise<void>;
  /** Throws when the queue's backing store cannot be reached. */
  ping(): Promise<void>;
}

export const JOB_RUNTIME = Symbol('JobRuntime');

export interface ClaimedJob {
  id: string;
  name: string;
  payload: unknown;
  attempts: number;
  max_attempts: number;
}
