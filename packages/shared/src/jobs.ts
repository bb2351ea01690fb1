/**
 * Background job names and their payloads. A processor exists for every name
 * (the server refuses to start otherwise). Payloads never carry secrets or codes.
 */
export const JobName = {
  DeliverMessage: 'notifications.deliver-message',
  /** Reminds signatories who have not signed after AUTO_REMINDER_DAYS; queued on a timer, once per slot. */
  SweepReminders: 'signatures.sweep-reminders',
  /**
   * Closes the requests whose expiry date has passed (EXPIRED), telling the member and the signatories;
   * queued on a timer, once per slot, and each request claimed once however many workers run it.
   */
  SweepExpiredRequests: 'signatures.sweep-expired-requests',
  /** Seals a request whose signatories have all signed (evidence, seal, validation data, time-stamp). */
  SealDocument: 'signing.seal-document',
  /** Re-queues seals of requests stuck in UPDATING_DOCUMENT; queued on a timer, once per slot. */
  SweepStuckSeals: 'signing.sweep-stuck-seals',
  /**
   * Removes uploads never completed within STALE_UPLOAD_HOURS (row and object) and the partial files the
   * store kept that long; queued on a timer, once per slot.
   */
  SweepStaleUploads: 'documents.sweep-stale-uploads',
  /**
   * Deletes whatever an upload address received after its upload was checked, once the address has expired,
   * and frees what it held of the member's quota (S3 cannot refuse a second PUT to a pre-signed address).
   */
  DiscardUpload: 'documents.discard-upload',
  /**
   * Sends a password reset code to the account named, if it exists and is active; otherwise does nothing.
   * Queued for every request, known account or not, so that answering costs the same for both.
   */
  SendPasswordResetCode: 'identity.send-password-reset-code',
} as const;
export type JobName = (typeof JobName)[keyof typeof JobName];

/**
 * Each job's payload, the one declaration both ends use: `JobQueue.enqueue` takes a job's name with its
 * payload, and the method marked `@HandlesJob(name)` receives it, so neither compiles with another shape.
 */
export interface JobPayloads {
  /** The outbox row to send. */
  [JobName.DeliverMessage]: { outboxMessageId: string };
  [JobName.SweepReminders]: NoPayload;
  [JobName.SweepExpiredRequests]: NoPayload;
  /** The request whose signatories have all signed. */
  [JobName.SealDocument]: { requestId: string };
  [JobName.SweepStuckSeals]: NoPayload;
  [JobName.SweepStaleUploads]: NoPayload;
  /** The checked upload, and the key its address wrote to. */
  [JobName.DiscardUpload]: { documentId: string; uploadKey: string };
  /** `account`: the e-mail (or pool user id) typed, lower-cased. */
  [JobName.SendPasswordResetCode]: { account: string };
}

/** A sweep's payload: it finds its own work. */
export type NoPayload = Record<string, never>;

/** The payload of one job. */
export type JobPayload<N extends JobName> = JobPayloads[N];

export interface EnqueueOptions {
  /** Deduplicates: a job with an id already queued or running is not added again. */
  jobId?: string;
  /** Milliseconds to wait before the job may run. */
  delayMs?: number;
  /** How many times to try in all (default 5), with exponential backoff. */
  attempts?: number;
}
