import { type ThrottlerStorage } from '@nestjs/throttler';
import { type RateLimitStore } from './rate-limit-store';

type ThrottlerStorageRecord = Awaited<ReturnType<ThrottlerStorage['increment']>>;

/** Nest's throttler guard on the shared counters instead of its default per-process memory. */
export class SharedThrottlerStorage implements ThrottlerStorage {
  constructor(private readonly store: RateLimitStore) {}

  async increment(
    key: string,
    ttl: number,
    limit: number,
    _blockDuration: number,
    throttlerName: string,
  ): Promise<ThrottlerStorageRecord> {
    const { count, resetInMs } = await this.store.hit(`throttle:${throttlerName}:${key}`, ttl);
    const seconds = Math.max(1, Math.ceil(resetInMs / 1000));
    const isBlocked = count > limit;
    return { totalHits: count, timeToExpire: seconds, isBlocked, timeToBlockExpire: isBlocked ? seconds : 0 };
  }
}
