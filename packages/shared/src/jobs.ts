/**
 * Background job names and their payloads. A processor exists for every name
 * (the server refuses to start otherwise). Payloads never carry secrets or codes.
 */
export const JobName = {
  DeliverMessage: 'notifications.deliver-message',
} as const;
export type JobName = (typeof JobName)[keyof typeof JobName];

export interface JobPayloads {
  [JobName.DeliverMessage]: { outboxMessageId: string };
}

export interface EnqueueOptions {
  /** Deduplicates: a job with an id already queued or running is not added again. */
  jobId?: string;
  /** Milliseconds to wait before the job may run. */
  delayMs?: number;
  /** How many times to try in all (default 5), with exponential backoff. */
  attempts?: number;
}
