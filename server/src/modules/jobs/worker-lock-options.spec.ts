import { workerLockOptions } from './bullmq-job-runtime';

describe('BullMQ lock settings from QUEUE_LOCK_SECONDS', () => {
  it.each([5_000, 30_000, 31_000, 120_000])(
    'hand a dead worker’s jobs over within %i ms: lock plus one stalled-job check',
    (handoverMs) => {
      const options = workerLockOptions(handoverMs);
      expect(options.lockDuration + options.stalledInterval).toBeLessThanOrEqual(handoverMs);
      // A job is seen running by a check before its lock can expire, so the next check moves it.
      expect(options.stalledInterval * 2).toBeLessThanOrEqual(options.lockDuration);
      // A live worker renews its lock well before it lapses.
      expect(options.lockRenewTime * 4).toBeLessThanOrEqual(options.lockDuration);
    },
  );
});
