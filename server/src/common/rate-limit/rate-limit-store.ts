import { type DataSource } from 'typeorm';
import { Batcher } from '../batcher';
import { preparedQuery, preparedStatement } from '../prepared-query';

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

/** Adds each key's hits to its window, or starts a new window where the last one has ended. */
const COUNT_HITS = preparedStatement(
  `INSERT INTO rate_limit_window AS w (key, hits, resets_at)
   SELECT key, hits, now() + make_interval(secs => window_ms / 1000)
     FROM unnest($1::text[], $2::integer[], $3::double precision[]) AS h(key, hits, window_ms)
   ON CONFLICT (key) DO UPDATE SET
     hits = CASE WHEN w.resets_at <= now() THEN EXCLUDED.hits ELSE w.hits + EXCLUDED.hits END,
     resets_at = CASE WHEN w.resets_at <= now() THEN EXCLUDED.resets_at ELSE w.resets_at END
   RETURNING key, hits, GREATEST(0, CEIL(EXTRACT(EPOCH FROM (resets_at - now())) * 1000))::bigint AS reset_in_ms`,
);

interface Hit {
  key: string;
  windowMs: number;
}

/**
 * The counters in the database (`rate_limit_window`, unlogged): one atomic upsert per key and window. Hits
 * arriving together (concurrent requests of one client, or any requests while a previous upsert is under
 * way) are counted with one statement for all their keys, each key once with its number of hits; every
 * caller still gets its own place in the window, so limits hold exactly as with one statement per hit, in
 * every process sharing the database.
 */
export class DatabaseRateLimitStore implements RateLimitStore {
  private hitsSincePrune = 0;
  private readonly batcher = new Batcher<Hit, RateLimitHit>((hits) => this.count(hits));

  constructor(private readonly dataSource: DataSource) {}

  hit(key: string, windowMs: number): Promise<RateLimitHit> {
    return this.batcher.submit({ key, windowMs });
  }

  private async count(hits: Hit[]): Promise<RateLimitHit[]> {
    // One row per key (an upsert touches a row once); a key asked with two windows (which no caller does)
    // goes to a statement of its own. Keys in a fixed order, so two processes never lock them crosswise.
    const groups = new Map<string, Hit & { hits: number }>();
    const apart: number[] = [];
    hits.forEach((hit, index) => {
      const group = groups.get(hit.key);
      if (!group) groups.set(hit.key, { ...hit, hits: 1 });
      else if (group.windowMs === hit.windowMs) group.hits += 1;
      else apart.push(index);
    });
    const rows = [...groups.values()].sort((left, right) => (left.key < right.key ? -1 : 1));
    const counted = await preparedQuery<{ key: string; hits: number; reset_in_ms: string | number }>(
      this.dataSource,
      COUNT_HITS,
      [rows.map((row) => row.key), rows.map((row) => row.hits), rows.map((row) => row.windowMs)],
    );
    await this.pruneNow(hits.length);
    const byKey = new Map(counted.map((row) => [row.key, row]));
    const results: RateLimitHit[] = [];
    // The callers of one key take the window's last places, in the order they called.
    const taken = new Map<string, number>();
    hits.forEach((hit, index) => {
      if (apart.includes(index)) return;
      const row = byKey.get(hit.key);
      const group = groups.get(hit.key);
      if (!row || !group) throw new Error('The rate-limit upsert returned no row');
      const place = taken.get(hit.key) ?? 0;
      taken.set(hit.key, place + 1);
      results[index] = {
        count: Number(row.hits) - group.hits + 1 + place,
        // A statement that waited on the row for another process's upsert measures from its own, earlier
        // start (now() is the transaction's): never more left than the window's length.
        resetInMs: Math.min(group.windowMs, Number(row.reset_in_ms)),
      };
    });
    if (apart.length > 0) {
      const later = await this.count(apart.map((index) => hits[index] as Hit));
      apart.forEach((index, position) => (results[index] = later[position] as RateLimitHit));
    }
    return results;
  }

  private async pruneNow(hits: number): Promise<void> {
    this.hitsSincePrune += hits;
    if (this.hitsSincePrune < PRUNE_EVERY) return;
    this.hitsSincePrune = 0;
    await this.dataSource.query(
      `DELETE FROM rate_limit_window WHERE resets_at < now() - interval '1 minute'`,
    );
  }
}
