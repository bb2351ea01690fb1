import { type Logger } from '@nestjs/common';
import { type JobName, type JobPayloads } from '@esign/shared';
import { type JobQueue } from './job-queue.service';

/**
 * Queues a job once per time slot from every process that runs jobs: the slot's job id lets only the first
 * of them in, so a sweep runs once per slot however many workers there are. Returns a stop function.
 */
export function schedulePeriodicJob<N extends JobName>(
  jobs: JobQueue,
  logger: Logger,
  name: N,
  payload: JobPayloads[N],
  intervalMs: number,
): () => void {
  const queue = () => {
    const slot = Math.floor(Date.now() / intervalMs);
    jobs
      .enqueue(name, payload, { jobId: `${name}:${intervalMs}:${slot}`, attempts: 3 })
      .catch((error: unknown) => logger.warn({ err: error, job: name }, 'Could not queue a periodic job'));
  };
  queue();
  const timer = setInterval(queue, intervalMs);
  timer.unref();
  return () => clearInterval(timer);
}
