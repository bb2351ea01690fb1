import ipaddr from 'ipaddr.js';
import { type DataSource } from 'typeorm';

/** Failures allowed from one address before it is first locked out of the account. */
export const FREE_FAILURES = 4;
/**
 * Failures in a row, from every address together, from which the account is under attack: its owner is told,
 * operations get a row in `sign_in_alert`, and every attempt on it is slowed down (ACCOUNT_SLOWDOWN_MS), but no
 * address is refused for failures made elsewhere (NIST 800-63B §5.2.2 allows up to 100 on one account).
 */
export const ACCOUNT_SIGNAL_FAILURES = 50;
/**
 * How long each attempt on an account under attack waits before its password is checked. A bounded delay,
 * not a refusal: the owner, from anywhere, still gets in with the right password, two seconds later; a
 * guesser pays two seconds per guess on top of the locks of each of its addresses.
 */
export const ACCOUNT_SLOWDOWN_MS = 2_000;
/** The longest lock, in minutes. */
export const MAX_LOCK_MINUTES = 60;
/** A failure older than this no longer counts. */
const FAILURE_MEMORY = "interval '24 hours'";
/** The owner is told of a lock or an attack at most once in this long. */
const NOTICE_INTERVAL = "interval '1 hour'";
/** How long operations can count the attacks seen. */
const ALERT_MEMORY = "interval '90 days'";
/** The account's own row, counting the failures from every address. */
const ANY_ADDRESS = '';
/** Rows that no longer count (their failures forgotten, no lock running) are deleted about this often. */
const PRUNE_EVERY = 200;

/**
 * Minutes a lock lasts after the `failures`-th failure in a row from one address: none up to FREE_FAILURES,
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

/** One attempt let through: what it counted, so that its outcome can settle exactly that. */
export interface AttemptTicket {
  account: string;
  address: string;
  /** The address's failures in a row, this attempt counted. */
  failures: number;
  /** Whether counting this attempt started the address's lock. */
  locked: boolean;
}

export type AttemptVerdict =
  { allowed: true; ticket: AttemptTicket; slowDown: boolean } | { allowed: false; retryAfterMs: number };

export interface FailureOutcome {
  /** Tell the owner (a lock started or the account came under attack, and not told within the hour). */
  notifyOwner: boolean;
  /** The account's failures in a row just reached ACCOUNT_SIGNAL_FAILURES. */
  underAttack: boolean;
}

interface AddressRow {
  failures: number;
  stale: boolean;
  retry_ms: string | number | null;
}

/**
 * Throttling of everything that checks a member's secret (password sign-in, password change, reset code),
 * kept in the database so that it survives restarts and holds across API processes.
 *
 * Per account and address, an attempt counts as a failure *before* the secret is checked, so that a burst of
 * parallel guesses cannot all pass the check before the first failure is written; when the secret was right,
 * `succeeded` takes back what the attempt counted, the lock it started included, and the failures before it.
 * The account's count over every address counts failures once checked: it locks nothing (see
 * ACCOUNT_SIGNAL_FAILURES), so a burst needs no exact count there, and an owner's sign-ins at the same moment
 * never look like failures.
 *
 * Keys are the account's lower-cased e-mail when the account exists, else the name typed, so a locked
 * unknown address and a locked account look the same.
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
    await this.dataSource.query(`DELETE FROM sign_in_alert WHERE raised_at < now() - ${ALERT_MEMORY}`);
  }

  private async count(account: string, address: string): Promise<AttemptVerdict> {
    const verdict = await this.dataSource.transaction(async (manager) => {
      await manager.query(
        `INSERT INTO sign_in_throttle (account, address) VALUES ($1, $2) ON CONFLICT (account, address) DO NOTHING`,
        [account, address],
      );
      const [here]: AddressRow[] = await manager.query(
        `SELECT failures, last_failure_at < now() - ${FAILURE_MEMORY} AS stale,
                CASE WHEN locked_until > now()
                  THEN CEIL(EXTRACT(EPOCH FROM (locked_until - now())) * 1000) END AS retry_ms
           FROM sign_in_throttle WHERE account = $1 AND address = $2 FOR UPDATE`,
        [account, address],
      );
      if (!here) throw new Error('The throttle row vanished');
      if (here.retry_ms !== null) return { allowed: false as const, retryAfterMs: Number(here.retry_ms) };
      const failures = (here.stale ? 0 : Number(here.failures)) + 1;
      const minutes = lockMinutes(failures);
      await manager.query(
        `UPDATE sign_in_throttle SET failures = $3, last_failure_at = now(),
           locked_until = CASE WHEN $4::int > 0 THEN now() + make_interval(mins => $4::int) END
         WHERE account = $1 AND address = $2`,
        [account, address, failures, minutes],
      );
      const locked = minutes > 0 && lockMinutes(failures - 1) === 0;
      return { allowed: true as const, ticket: { account, address, failures, locked } };
    });
    if (!verdict.allowed) return verdict;
    return { ...verdict, slowDown: await this.underAttack(account) };
  }

  private async underAttack(account: string): Promise<boolean> {
    const rows: Array<{ attacked: boolean }> = await this.dataSource.query(
      `SELECT failures >= $2 AND last_failure_at >= now() - ${FAILURE_MEMORY} AS attacked
         FROM sign_in_throttle WHERE account = $1 AND address = $3`,
      [account, ACCOUNT_SIGNAL_FAILURES, ANY_ADDRESS],
    );
    return rows[0]?.attacked ?? false;
  }

  /**
   * The secret was right: the failures in a row are over, from this address (its lock too, when this attempt
   * started it and nothing failed from there since) and for the account. Another address's own lock stays
   * until it ends: its failures were not this person's.
   */
  async succeeded(ticket: AttemptTicket): Promise<void> {
    await this.dataSource.query(
      `DELETE FROM sign_in_throttle WHERE account = $1 AND address = $2
         AND (failures = $3 OR locked_until IS NULL OR locked_until <= now())`,
      [ticket.account, ticket.address, ticket.failures],
    );
    await this.dataSource.query(
      `UPDATE sign_in_throttle SET failures = 0 WHERE account = $1 AND address = $2 AND failures > 0`,
      [ticket.account, ANY_ADDRESS],
    );
  }

  /** The secret was wrong: counted for the account over every address; says whom to tell. */
  async failed(ticket: AttemptTicket): Promise<FailureOutcome> {
    const [row]: Array<{ failures: number }> = await this.dataSource.query(
      `INSERT INTO sign_in_throttle AS t (account, address, failures) VALUES ($1, $2, 1)
       ON CONFLICT (account, address) DO UPDATE SET
         failures = CASE WHEN t.last_failure_at < now() - ${FAILURE_MEMORY} THEN 1 ELSE t.failures + 1 END,
         last_failure_at = now()
       RETURNING failures`,
      [ticket.account, ANY_ADDRESS],
    );
    const underAttack = Number(row?.failures) === ACCOUNT_SIGNAL_FAILURES;
    if (underAttack) {
      await this.dataSource.query(`INSERT INTO sign_in_alert (account, failures) VALUES ($1, $2)`, [
        ticket.account,
        ACCOUNT_SIGNAL_FAILURES,
      ]);
    }
    if (!ticket.locked && !underAttack) return { notifyOwner: false, underAttack };
    // Claimed in one statement: of two failures at once, one tells the owner.
    const [claimed]: Array<{ n: number }> = await this.dataSource.query(
      `WITH claimed AS (
         UPDATE sign_in_throttle SET notified_at = now()
          WHERE account = $1 AND address = $2
            AND (notified_at IS NULL OR notified_at <= now() - ${NOTICE_INTERVAL})
         RETURNING 1)
       SELECT count(*)::int AS n FROM claimed`,
      [ticket.account, ANY_ADDRESS],
    );
    return { notifyOwner: Number(claimed?.n) > 0, underAttack };
  }
}
