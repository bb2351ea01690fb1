import { type DataSource } from 'typeorm';

/** Failures allowed before the first lock. */
export const FREE_FAILURES = 4;
/** The longest lock, in minutes. */
export const MAX_LOCK_MINUTES = 60;
/** A failure older than this no longer counts. */
const FAILURE_MEMORY = "interval '24 hours'";

/**
 * Minutes an account stays locked after its `failures`-th failure in a row: none for the first four, then 1,
 * 2, 4, … doubling up to an hour. A guesser gets about 30 tries a day; a person who mistyped waits a minute.
 */
export function lockMinutes(failures: number): number {
  if (failures <= FREE_FAILURES) return 0;
  return Math.min(MAX_LOCK_MINUTES, 2 ** (failures - FREE_FAILURES - 1));
}

export type AttemptVerdict =
  { allowed: true; failures: number; locksNow: boolean } | { allowed: false; retryAfterMs: number };

/**
 * Per-account throttling of everything that checks a member's secret (password sign-in, password change, reset
 * code), kept in the database so that it survives restarts and holds across API processes.
 *
 * Keys are lower-cased e-mail addresses whether or not an account exists, so a locked unknown address and a
 * locked account look the same. An attempt is counted as a failure *before* the secret is checked (and
 * forgotten again when it succeeds): a burst of parallel guesses cannot all pass the check before the first
 * failure is written.
 */
export class SignInThrottle {
  constructor(private readonly dataSource: DataSource) {}

  async begin(account: string): Promise<AttemptVerdict> {
    return this.dataSource.transaction(async (manager) => {
      await manager.query(
        'INSERT INTO sign_in_throttle (account) VALUES ($1) ON CONFLICT (account) DO NOTHING',
        [account],
      );
      const rows: Array<{ failures: number; stale: boolean; retry_ms: string | number | null }> =
        await manager.query(
          `SELECT failures, last_failure_at < now() - ${FAILURE_MEMORY} AS stale,
                  CASE WHEN locked_until > now()
                    THEN CEIL(EXTRACT(EPOCH FROM (locked_until - now())) * 1000) END AS retry_ms
           FROM sign_in_throttle WHERE account = $1 FOR UPDATE`,
          [account],
        );
      const row = rows[0];
      if (!row) throw new Error('The throttle row vanished');
      if (row.retry_ms !== null) return { allowed: false, retryAfterMs: Number(row.retry_ms) };
      const failures = (row.stale ? 0 : Number(row.failures)) + 1;
      const minutes = lockMinutes(failures);
      await manager.query(
        `UPDATE sign_in_throttle SET failures = $2, last_failure_at = now(),
           locked_until = CASE WHEN $3::int > 0 THEN now() + make_interval(mins => $3::int) END
         WHERE account = $1`,
        [account, failures, minutes],
      );
      return { allowed: true, failures, locksNow: minutes > 0 && lockMinutes(failures - 1) === 0 };
    });
  }

  /** The secret was right: the account's failures are forgotten. */
  async succeeded(account: string): Promise<void> {
    await this.dataSource.query('DELETE FROM sign_in_throttle WHERE account = $1', [account]);
  }
}
