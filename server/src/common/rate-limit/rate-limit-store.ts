import { type DataSource } from 'typeorm';

/** One hit in a fixed window: how many hits the window holds now, and when it starts again. */
export interface RateLimitHit {
  count: number;
  resetInMs: number;
}

/**
 * Counts hits per key in fixed windows, in a store every API process shares, so a limit holds across replicas
 * and restarts (a limit kept in one process's memory multiplies with every replica).
 */
export interface RateLimitStore {
  hit(key: string, windowMs: number): Promise<RateLimitHit>;
}

export const RATE_LIMIT_STORE = Symbol('RateLimitStore');

/** Expired windows are deleted by the hits themselves, about once every this many hits. */
const PRUNE_EVERY = 500;

/** The counters in the database (`rate_limit_window`): one upsert per hit, atomic under concurrency. */
export class DatabaseRateLimitStore implements RateLimitStore {
  private hitsSincePrune = 0;

  constructor(private readonly dataSource: DataSource) {}

  async hit(key: string, windowMs: number): Promise<RateLimitHit> {
    const rows: Array<{ hits: number; reset_in_ms: string | number }> = await this.dataSource.query(
      `INSERT INTO rate_limit_window AS w (key, hits, resets_at)
       VALUES ($1, 1, now() + make_interval(secs => $2::double precision / 1000))
       ON CONFLICT (key) DO UPDATE SET
         hits = CASE WHEN w.resets_at <= now() THEN 1 ELSE w.hits + 1 END,
         resets_at = CASE WHEN w.resets_at <= now() THEN EXCLUDED.resets_at ELSE w.resets_at END
       RETURNING hits, GREATEST(0, CEIL(EXTRACT(EPOCH FROM (resets_at - now())) * 1000))::bigint AS reset_in_ms`,
      [key, windowMs],
    );
    this.hitsSincePrune += 1;
    if (this.hitsSincePrune >= PRUNE_EVERY) {
      this.hitsSincePrune = 0;
      await this.dataSource.query(
        `DELETE FROM rate_limit_window WHERE resets_at < now() - interval '1 minute'`,
      );
    }
    const [row] = rows;
    if (!row) throw new Error('The rate-limit upsert returned no row');
    return { count: Number(row.hits), resetInMs: Number(row.reset_in_ms) };
  }
}
