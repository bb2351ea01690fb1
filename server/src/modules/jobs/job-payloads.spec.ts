import { Reflector } from '@nestjs/core';
import { JobName, type JobPayload } from '@esign/shared';
import { HandlesJob, JOB_HANDLER } from './job-handler.decorator';
import { type JobQueue } from './job-queue.service';

class Processors {
  readonly sealed: string[] = [];

  @HandlesJob(JobName.SealDocument)
  async seal(payload: JobPayload<typeof JobName.SealDocument>): Promise<void> {
    this.sealed.push(payload.requestId);
    return Promise.resolve();
  }

  /** A sweep finds its own work: it may ignore its (empty) payload and answer what it did. */
  @HandlesJob(JobName.SweepStuckSeals)
  async sweep(): Promise<number> {
    return Promise.resolve(0);
  }

  // @ts-expect-error a processor of another job's payload is no processor of this job
  @HandlesJob(JobName.DeliverMessage)
  async deliver(payload: JobPayload<typeof JobName.SealDocument>): Promise<void> {
    return Promise.resolve(void payload);
  }
}

/** Compiled, never run: what a processor cannot read, and what `JobQueue.enqueue` refuses. */
export function refusedPayloads(
  queue: JobQueue,
  sealing: JobPayload<typeof JobName.SealDocument>,
): unknown[] {
  return [
    // @ts-expect-error a field the job's payload does not have
    sealing.reqId,
    queue.enqueue(JobName.SealDocument, { requestId: 'request' }),
    // @ts-expect-error a misspelt field
    queue.enqueue(JobName.SealDocument, { reqId: 'request' }),
    // @ts-expect-error another job's payload
    queue.enqueue(JobName.DiscardUpload, { outboxMessageId: 'message' }),
    // @ts-expect-error a sweep takes no payload
    queue.enqueue(JobName.SweepStaleUploads, { hours: 1 }),
  ];
}

describe('a job processor', () => {
  it('is found by the job it names, and given that job’s payload', async () => {
    const reflector = new Reflector();
    const processors = new Processors();
    expect(reflector.get(JOB_HANDLER, Processors.prototype.seal)).toBe(JobName.SealDocument);
    expect(reflector.get(JOB_HANDLER, Processors.prototype.sweep)).toBe(JobName.SweepStuckSeals);
    await processors.seal({ requestId: 'request' });
    expect(processors.sealed).toEqual(['request']);
  });
});
