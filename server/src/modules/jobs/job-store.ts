import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { type DataSource, type EntityManager } from 'typeorm';
import { type ClaimedJob } from './job-runtime';
import { type JobCounts } from '../metrics/metrics.service';

/** How long a claim of the embedded runner holds a job before another process may run it. */
const LEASE = "interval '5 minutes'";

/** The most rows one round of the relay to BullMQ takes, or looks for in Redis. */
export const RELAY_BATCH = 50;

export interface NewJob {
  /** Unique: a second job with the same key is not added. */
  key: string;
  name: string;
  payload: unknown;
  maxAttempts: number;
  delayMs: number;
}

/** A job about to be handed to Redis, with what remains of its delay. */
export interface DispatchableJob extends ClaimedJob {
  delay_ms: number;
}

/** What BullMQ says of an overdue job: nothing (it was relayed again), finished either way, or still to finish. */
export type OverdueVerdict =
  { state: 'missing' | 'pending' | 'completed' } | { state: 'failed'; reason: string };

/**
 * The one place that writes `queued_job`, each method named for the change it makes to a job's life. A job is
 * added QUEUED (in the caller's transaction: the outbox). The embedded runner then claims it (RUNNING under a
 * lease) and marks it DONE, FAILED, or QUEUED again for a later attempt; with Redis, the relay dispatches it
 * (DISPATCHED), and the process that runs it in BullMQ marks it DONE or FAILED. Processes sharing the table
 * take rows under `FOR UPDATE SKIP LOCKED`, so two of them never claim, dispatch or review the same job.
 */
@Injectable()
export class JobStore {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** Adds a job QUEUED; false when a job with the same key exists. Given `manager`, in its transaction. */
  async add(job: NewJob, manager: EntityManager = this.dataSource.manager): Promise<boolean> {
    const rows: unknown[] = await manager.query(
      `INSERT INTO queued_job (job_key, name, payload, max_attempts, run_at)
       VALUES ($1, $2, $3, $4, now() + make_interval(secs => $5::double precision / 1000))
       ON CONFLICT (job_key) DO NOTHING
       RETURNING id`,
      [job.key, job.name, JSON.stringify(job.payload), job.maxAttempts, job.delayMs],
    );
    return rows.length > 0;
  }

  /** Throws when the table cannot be reached. */
  async ping(): Promise<void> {
    await this.dataSource.query('SELECT 1 FROM queued_job LIMIT 1');
  }

  /**
   * How many jobs of each type wait (due, not finished: with Redis, this includes the ones a worker is
   * running), are delayed (due later), run in the embedded runner, or failed for good in the last 24 hours,
   * and how long the oldest waiting one has waited. One statement over the unfinished rows and the day's
   * failures, each read through its partial index: its cost follows the backlog, not the table's history.
   */
  async countsByType(): Promise<JobCounts[]> {
    const rows: Array<
      Record<'type' | 'waiting' | 'delayed' | 'active' | 'failed' | 'oldest', string | null>
    > = await this.dataSource.query(
      `SELECT name AS type,
                count(*) FILTER (WHERE state IN ('QUEUED', 'DISPATCHED') AND run_at <= now()) AS waiting,
                count(*) FILTER (WHERE state IN ('QUEUED', 'DISPATCHED') AND run_at > now()) AS delayed,
                count(*) FILTER (WHERE state = 'RUNNING') AS active,
                count(*) FILTER (WHERE state = 'FAILED') AS failed,
                COALESCE(EXTRACT(EPOCH FROM now() - min(run_at) FILTER (
                  WHERE state <> 'FAILED' AND run_at <= now())), 0) AS oldest
           FROM (SELECT name, state, run_at FROM queued_job WHERE state IN ('QUEUED', 'RUNNING')
                 UNION ALL
                 SELECT name, state, run_at FROM queued_job WHERE state = 'DISPATCHED'
                 UNION ALL
                 SELECT name, state, run_at FROM queued_job
                  WHERE state = 'FAILED' AND finished_at > now() - interval '1 day') AS unfinished
          GROUP BY name`,
    );
    return rows.map((row) => ({
      type: row.type ?? '',
      waiting: Number(row.waiting),
      delayed: Number(row.delayed),
      active: Number(row.active),
      failed: Number(row.failed),
      oldestWaitingSeconds: Number(row.oldest),
    }));
  }

  // The embedded runner: jobs run from the table, RUNNING under a lease.

  /** The next due job, RUNNING for this process until its lease runs out, its attempt counted. */
  async claimDue(): Promise<ClaimedJob | undefined> {
    const [rows] = await this.dataSource.query<[ClaimedJob[], number]>(
      `UPDATE queued_job SET state = 'RUNNING', attempts = attempts + 1, locked_until = now() + ${LEASE}
       WHERE id = (
         SELECT id FROM queued_job
         WHERE run_at <= now() AND (state = 'QUEUED' OR (state = 'RUNNING' AND locked_until < now()))
         ORDER BY run_at LIMIT 1 FOR UPDATE SKIP LOCKED)
       RETURNING id, name, payload, attempts, max_attempts`,
    );
    return rows[0];
  }

  /** A claimed job ran. */
  async markDone(id: string): Promise<void> {
    await this.dataSource.query(
      `UPDATE queued_job SET state = 'DONE', finished_at = now(), locked_until = NULL, last_error = NULL WHERE id = $1`,
      [id],
    );
  }

  /** A claimed job failed for good. */
  async markFailed(id: string, error: string): Promise<void> {
    await this.dataSource.query(
      `UPDATE queued_job SET state = 'FAILED', finished_at = now(), locked_until = NULL, last_error = $2 WHERE id = $1`,
      [id, error],
    );
  }

  /** A claimed job failed and is tried again in `delayMs`. */
  async retryLater(id: string, error: string, delayMs: number): Promise<void> {
    await this.dataSource.query(
      `UPDATE queued_job SET state = 'QUEUED', locked_until = NULL, last_error = $2,
             run_at = now() + make_interval(secs => $3::double precision / 1000) WHERE id = $1`,
      [id, error, delayMs],
    );
  }

  /** A claimed job not finished at shutdown goes back to the queue, its attempt not counted. */
  async handBack(id: string): Promise<void> {
    await this.dataSource.query(
      `UPDATE queued_job SET state = 'QUEUED', locked_until = NULL, attempts = attempts - 1 WHERE id = $1 AND state = 'RUNNING'`,
      [id],
    );
  }

  /** Every claim goes back to the queue: for the one process that may run jobs, at its start. */
  async releaseClaims(): Promise<void> {
    await this.dataSource.query(
      `UPDATE queued_job SET state = 'QUEUED', locked_until = NULL WHERE state = 'RUNNING'`,
    );
  }

  // The relay to BullMQ: jobs DISPATCHED to Redis, run there.

  /**
   * Takes up to RELAY_BATCH queued jobs under row locks, lets `handOver` add them to Redis, and marks them
   * DISPATCHED in the same transaction: should `handOver` throw, they stay QUEUED for the next round.
   * Answers how many were dispatched.
   */
  async dispatch(handOver: (jobs: DispatchableJob[]) => Promise<unknown>): Promise<number> {
    return this.dataSource.transaction(async (manager) => {
      const rows: DispatchableJob[] = await manager.query(
        `SELECT id, name, payload, attempts, max_attempts,
                GREATEST(0, EXTRACT(EPOCH FROM (run_at - now())) * 1000)::bigint AS delay_ms
         FROM queued_job WHERE state = 'QUEUED' ORDER BY run_at LIMIT ${RELAY_BATCH} FOR UPDATE SKIP LOCKED`,
      );
      if (rows.length === 0) return 0;
      await handOver(rows);
      await manager.query(
        `UPDATE queued_job SET state = 'DISPATCHED', dispatched_at = now() WHERE id = ANY($1::uuid[])`,
        [rows.map((r) => r.id)],
      );
      return rows.length;
    });
  }

  /**
   * Takes up to RELAY_BATCH jobs dispatched and not finished `afterMs` after they were due, under row locks
   * (processes checking at the same time take different rows), asks `lookUp` what BullMQ says of each, and
   * records it: DONE, FAILED, or dispatched again now (looked at again after another deadline).
   * Answers how many were looked at.
   */
  async reviewOverdue(
    afterMs: number,
    lookUp: (jobs: DispatchableJob[]) => Promise<Array<OverdueVerdict | undefined>>,
  ): Promise<number> {
    return this.dataSource.transaction(async (manager) => {
      const rows: DispatchableJob[] = await manager.query(
        `SELECT id, name, payload, attempts, max_attempts, 0 AS delay_ms
           FROM queued_job
          WHERE state = 'DISPATCHED'
            AND GREATEST(dispatched_at, run_at) < now() - make_interval(secs => $1::double precision / 1000)
          ORDER BY dispatched_at LIMIT ${RELAY_BATCH} FOR UPDATE SKIP LOCKED`,
        [afterMs],
      );
      if (rows.length === 0) return 0;
      const verdicts = await lookUp(rows);
      for (const [index, row] of rows.entries()) {
        await this.recordVerdict(manager, row.id, verdicts[index]);
      }
      return rows.length;
    });
  }

  private async recordVerdict(
    manager: EntityManager,
    id: string,
    verdict: OverdueVerdict | undefined,
  ): Promise<void> {
    if (verdict?.state === 'completed') {
      await manager.query(
        `UPDATE queued_job SET state = 'DONE', finished_at = now(), last_error = NULL WHERE id = $1`,
        [id],
      );
    } else if (verdict?.state === 'failed') {
      await manager.query(
        `UPDATE queued_job SET state = 'FAILED', finished_at = now(), last_error = $2 WHERE id = $1`,
        [id, verdict.reason],
      );
    } else {
      await manager.query(`UPDATE queued_job SET dispatched_at = now() WHERE id = $1`, [id]);
    }
  }

  /** A dispatched job ran, at its `attempts`th attempt: recorded before BullMQ records it. */
  async markDispatchedDone(id: string, attempts: number): Promise<void> {
    await this.dataSource.query(
      `UPDATE queued_job SET state = 'DONE', finished_at = now(), attempts = $2, last_error = NULL WHERE id = $1`,
      [id, attempts],
    );
  }

  /** A dispatched job failed an attempt that BullMQ will try again. */
  async countDispatchedAttempt(id: string, attempts: number, error: string): Promise<void> {
    await this.dataSource.query(
      `UPDATE queued_job SET attempts = $2, last_error = $3 WHERE id = $1 AND state = 'DISPATCHED'`,
      [id, attempts, error],
    );
  }

  /** A dispatched job failed its last attempt: BullMQ gave up. */
  async markDispatchedFailed(id: string, attempts: number, error: string): Promise<void> {
    await this.dataSource.query(
      `UPDATE queued_job SET state = 'FAILED', finished_at = now(), attempts = $2, last_error = $3
              WHERE id = $1 AND state = 'DISPATCHED'`,
      [id, attempts, error],
    );
  }
}
