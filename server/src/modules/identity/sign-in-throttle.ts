import ipaddr from 'ipaddr.js';
import { type DataSource } from 'typeorm';

/** Failures allowed from one address before it is first locked out of the account. */
export const FREE_FAILURES = 4;
/**
 * Failures in a row allowed from all addresses together before the account itself is first locked (NIST
 * 800-63B §5.2.2: no more than 100 consecutive failures on one account).
 */
export const ACCOUNT_FREE_FAILURES = 49;
/** The longest lock, in minutes. */
export const MAX_LOCK_MINUTES = 60;
/** A failure older than this no longer counts. */
const FAILURE_MEMORY = "interval '24 hours'";
/** The owner is told of a lock at most once in this long. */
const NOTICE_INTERVAL = "interval '1 hour'";
/** The account's own row, counting the failures from every address. */
const ANY_ADDRESS = '';
/** Rows that no longer count (their failures forgotten, no lock running) are deleted about this often. */
const PRUNE_EVERY = 200;

/**
 * Minutes a lock lasts after the `failures`-th failure in a row when `free` are allowed: none up to `free`,
 * then 1, 2, 4, … doubling up to an hour. From one address a guesser gets about 30 tries a day; a person who
 * mistyped waits a minute.
 */
export function lockMinutes(failures: number, free = FREE_FAILURES): number {
  if (failures <= free) return 0;
  return Math.min(MAX_LOCK_MINUTES, 2 ** (failures - free - 1));
}

/**
 * Where attempts come from, as one key: an IPv4 address, or the /64 network of an IPv6 address (one
 * connection commonly holds a whole /64, so its addresses are one place). An IPv4 address written as IPv6
 * (`::ffff:192.0.2.1`) is that IPv4 address.
 */
export function attemptAddress(ip: string | undefined): string {
  if (!ip || !ipaddr.isValid(ip)) return 'unknown';
  const parsed = ipaddr.parse(ip);
  if (parsed.kind() === 'ipv4') return parsed.toString();
  const v6 = parsed as ipaddr.IPv6;
  if (v6.isIPv4MappedAddress()) return v6.toIPv4Address().toString();
  return `${v6.parts
    .slice(0, 4)
    .map((part) => part.toString(16))
    .join(':')}::/64`;
}

export type AttemptVerdict =
  { allowed: true; notifyOwner: boolean } | { allowed: false; retryAfterMs: number };

interface ThrottleRow {
  address: string;
  failures: number;
  stale: boolean;
  retry_ms: string | number | null;
  notified_recently: boolean;
}

/**
 * Throttling of everything that checks a member's secret (password sign-in, password change, reset code),
 * kept in the database so that it survives restarts and holds across API processes.
 *
 * Failures are counted twice: per account and address (locked from the fifth failure in a row), and per
 * account over every address (locked only from the fiftieth). Someone who knows an address can thus lock
 * it out of the account from where they are, but not its owner elsewhere, unless they fail fifty times in a
 * row from many addresses at once; and a guesser spread over many addresses still gets no more than about
 * fifty tries before the account itself is locked.
 *
 * Keys are lower-cased e-mail addresses whether or not an account exists, so a locked unknown address and a
 * locked account look the same. An attempt is counted as a failure *before* the secret is checked (and
 * forgotten again when it succeeds): a burst of parallel guesses cannot all pass the check before the first
 * failure is written.
 */
export class SignInThrottle {
  private attemptsSincePrune = 0;

  constructor(
    private readonly dataSource: DataSource,
    private readonly pruneEvery = PRUNE_EVERY,
  ) {}

  /** `address`: where the attempt comes from, as `attemptAddress` writes it. */
  async begin(account: string, address: string): Promise<AttemptVerdict> {
    const verdict = await this.count(account, address);
    this.attemptsSincePrune += 1;
    if (this.attemptsSincePrune >= this.pruneEvery) {
      this.attemptsSincePrune = 0;
      await this.prune();
    }
    return verdict;
  }

  /**
   * Deletes the rows that no longer count: failures older than the memory and no lock running. Addresses
   * and unknown e-mails tried once would otherwise be kept for ever.
   */
  async prune(): Promise<void> {
    await this.dataSource.query(
      `DELETE FROM sign_in_throttle
        WHERE last_failure_at < now() - ${FAILURE_MEMORY} AND (locked_until IS NULL OR locked_until <= now())`,
    );
  }

  private async count(account: string, address: string): Promise<AttemptVerdict> {
    return this.dataSource.transaction(async (manager) => {
      // Both rows made if new and locked in one order (the account's own row first), so that two attempts
      // on one account never wait on each other crosswise.
      await manager.query(
        `INSERT INTO sign_in_throttle (account, address) VALUES ($1, $2), ($1, $3)
         ON CONFLICT (account, address) DO NOTHING`,
        [account, ANY_ADDRESS, address],
      );
      const rows: ThrottleRow[] = await manager.query(
        `SELECT address, failures, last_failure_at < now() - ${FAILURE_MEMORY} AS stale,
                CASE WHEN locked_until > now()
                  THEN CEIL(EXTRACT(EPOCH FROM (locked_until - now())) * 1000) END AS retry_ms,
                coalesce(notified_at > now() - ${NOTICE_INTERVAL}, false) AS notified_recently
           FROM sign_in_throttle WHERE account = $1 AND address IN ($2, $3)
          ORDER BY address FOR UPDATE`,
        [account, ANY_ADDRESS, address],
      );
      const everywhere = rows.find((row) => row.address === ANY_ADDRESS);
      const here = rows.find((row) => row.address === address);
      if (!everywhere || !here) throw new Error('The throttle rows vanished');
      const waits = rows.filter((row) => row.retry_ms !== null).map((row) => Number(row.retry_ms));
      if (waits.length > 0) return { allowed: false, retryAfterMs: Math.max(...waits) };

      const count = (row: ThrottleRow): number => (row.stale ? 0 : Number(row.failures)) + 1;
      const failuresHere = count(here);
      const failuresEverywhere = count(everywhere);
      const minutesHere = lockMinutes(failuresHere);
      const minutesEverywhere = lockMinutes(failuresEverywhere, ACCOUNT_FREE_FAILURES);
      const locksNow =
        (minutesHere > 0 && lockMinutes(failuresHere - 1) === 0) ||
        (minutesEverywhere > 0 && lockMinutes(failuresEverywhere - 1, ACCOUNT_FREE_FAILURES) === 0);
      const notifyOwner = locksNow && !everywhere.notified_recently;
      await manager.query(
        `UPDATE sign_in_throttle AS t SET failures = c.failures, last_failure_at = now(),
           locked_until = CASE WHEN c.minutes > 0 THEN now() + make_interval(mins => c.minutes) END,
           notified_at = CASE WHEN t.address = $2 AND $6 THEN now() ELSE t.notified_at END
         FROM unnest($3::text[], $4::int[], $5::int[]) AS c(address, failures, minutes)
         WHERE t.account = $1 AND t.address = c.address`,
        [
          account,
          ANY_ADDRESS,
          [ANY_ADDRESS, address],
          [failuresEverywhere, failuresHere],
          [minutesEverywhere, minutesHere],
          notifyOwner,
        ],
      );
      return { allowed: true, notifyOwner };
    });
  }

  /**
   * The secret was right: the failures in a row are over, from this address and for the account. Another
   * address's own lock stays until it ends (its failures were not this person's).
   */
  async succeeded(account: string, address: string): Promise<void> {
    await this.dataSource.query(
      `DELETE FROM sign_in_throttle WHERE account = $1 AND address IN ($2, $3)
         AND (locked_until IS NULL OR locked_until <= now())`,
      [account, ANY_ADDRESS, address],
    );
  }
}
