import { setTimeout as sleep } from 'node:timers/promises';
import { QueueFullError, SerialQueues } from '../../common/serial-queue';
import { PoolCallError, tooManyRequests } from './embedded-user-pool';
import { ACCOUNT_SLOWDOWN_MS, type SignInThrottle } from './sign-in-throttle';

/** Attempts on one account from one address waiting for the one before them; beyond this, 429. */
const MAX_WAITING_PER_ADDRESS = 100;
/** Accounts × addresses with attempts under way in this process; beyond this, 429. */
const MAX_LINES = 10_000;
/**
 * Attempts held back at once by the slow-down of accounts under attack. Beyond this they are not held: each
 * would keep a connection open, and the delay is a cost put on guessers, not the protection itself (the locks
 * of each address are).
 */
const MAX_SLOWED = 1_000;

/** What checking the secret gave; `email`, when the account exists, is whom to tell of a lock. */
export type CheckOutcome<T> =
  { ok: true; value: T } | { ok: false; error: PoolCallError; email?: string; sub?: string };

export interface SignInAttemptsOptions {
  throttle: SignInThrottle;
  /** Tells the account's owner that a lock started, or that the account is under attack. */
  notifyOwner: (email: string) => Promise<void>;
  /** Tells operations that an account came under attack (`sub`: the pool user, when there is one). */
  underAttack: (sub: string | undefined) => void;
  /** Told of each failure once counted, and whether it started the address's lock. */
  failed?: (lockStarted: boolean) => void;
  slowDownMs?: number;
}

/**
 * Every check of a member's secret, through the throttle: refused while the caller's address is locked out of
 * the account, counted, slowed down while the account is under attack, settled by its outcome.
 *
 * Attempts on one account from one address run one after another in this process. Each is counted before its
 * check (see SignInThrottle), so attempts running side by side would each see the others' counts: correct
 * sign-ins at the same moment would add up to a lock. One at a time, each sees the outcome of the one before.
 */
export class SignInAttempts {
  private readonly lines = new SerialQueues(MAX_WAITING_PER_ADDRESS, MAX_LINES);
  private slowed = 0;

  constructor(private readonly options: SignInAttemptsOptions) {}

  /** `account`: the throttle's key; `retryAfter` is told the seconds to wait when the address is locked. */
  async run<T>(
    account: string,
    address: string,
    retryAfter: (seconds: number) => void,
    check: () => Promise<CheckOutcome<T>>,
  ): Promise<T> {
    try {
      return await this.lines.run(`${account}\n${address}`, () =>
        this.attempt(account, address, retryAfter, check),
      );
    } catch (error) {
      if (error instanceof QueueFullError) throw tooManyRequests();
      throw error;
    }
  }

  private async attempt<T>(
    account: string,
    address: string,
    retryAfter: (seconds: number) => void,
    check: () => Promise<CheckOutcome<T>>,
  ): Promise<T> {
    const verdict = await this.options.throttle.begin(account, address);
    if (!verdict.allowed) {
      retryAfter(Math.max(1, Math.ceil(verdict.retryAfterMs / 1000)));
      throw new PoolCallError('TooManyFailedAttemptsException', 'Password attempts exceeded');
    }
    if (verdict.slowDown) await this.slowDown();
    const outcome = await check();
    if (outcome.ok) {
      await this.options.throttle.succeeded(verdict.ticket);
      return outcome.value;
    }
    const failure = await this.options.throttle.failed(verdict.ticket);
    this.options.failed?.(verdict.ticket.locked);
    if (failure.underAttack) this.options.underAttack(outcome.sub);
    if (failure.notifyOwner && outcome.email)
      await this.options.notifyOwner(outcome.email).catch(() => undefined);
    throw outcome.error;
  }

  private async slowDown(): Promise<void> {
    if (this.slowed >= MAX_SLOWED) return;
    this.slowed += 1;
    try {
      await sleep(this.options.slowDownMs ?? ACCOUNT_SLOWDOWN_MS);
    } finally {
      this.slowed -= 1;
    }
  }
}
