import { Injectable, Logger, Module } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { createHash, randomInt, timingSafeEqual } from 'node:crypto';
import { type DataSource } from 'typeorm';
import { JobName, type JobPayloads } from '@esign/shared';
import { serverMessages } from '../../i18n/messages';
import { HandlesJob, type JobContext } from '../jobs/job-handler.decorator';
import { JobQueue } from '../jobs/job-queue.service';
import { OutboxService } from '../outbox/outbox.service';
import { UsersService } from '../users/users.service';

/** A code is good for an hour after it was sent, like Cognito's. */
const CODE_LIFETIME = "interval '1 hour'";
/** Wrong codes a code survives: then it is spent, and a new one must be asked for (five an hour at most). */
export const CODE_ATTEMPTS = 5;

export type CodeCheck = 'valid' | 'mismatch' | 'expired';

function digest(code: string): Buffer {
  return createHash('sha256').update(code, 'utf8').digest();
}

/**
 * Password reset codes, in the `password_reset_code` table (one code per account, the newest). Asking for a
 * code queues a job whatever the name typed, and answers at once: the request does the same work for an
 * account and for an unknown address, so its timing tells them apart no more than its answer does. The job
 * decides: an active account gets a code by e-mail, anything else nothing.
 *
 * Codes are kept as SHA-256 digests and compared in constant time. Besides the sign-in throttle (per address),
 * each code survives CODE_ATTEMPTS wrong guesses only, so guessers spread over many addresses get no more.
 */
@Injectable()
export class PasswordResetCodes {
  private readonly logger = new Logger('PasswordReset');

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly jobs: JobQueue,
    private readonly users: UsersService,
    private readonly outbox: OutboxService,
  ) {}

  /** `account`: the name typed, lower-cased. */
  async request(account: string): Promise<void> {
    await this.jobs.enqueue(JobName.SendPasswordResetCode, { account });
  }

  @HandlesJob(JobName.SendPasswordResetCode)
  async send(payload: JobPayloads[typeof JobName.SendPasswordResetCode], context: JobContext): Promise<void> {
    const user = await this.users.findBySignInName(payload.account);
    if (!user || user.isDisabled) return;
    const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
    const email = user.email.toLowerCase();
    await this.dataSource.transaction(async (manager) => {
      // A job tried again after it wrote its code sends nothing more.
      const written: unknown[] = await manager.query(
        `INSERT INTO password_reset_code AS c (account, code_digest, job_id, expires_at)
         VALUES ($1, $2, $3, now() + ${CODE_LIFETIME})
         ON CONFLICT (account) DO UPDATE SET code_digest = EXCLUDED.code_digest, job_id = EXCLUDED.job_id,
           attempts = 0, expires_at = EXCLUDED.expires_at
         WHERE c.job_id <> EXCLUDED.job_id
         RETURNING 1`,
        [email, digest(code), context.jobId],
      );
      if (written.length === 0) return;
      const text = serverMessages(user.language).verificationCode;
      await this.outbox.send(
        {
          channel: 'email',
          to: user.email,
          subject: text.subject,
          body: text.body(code),
          redactedBody: text.body('••••••••'),
        },
        manager,
      );
    });
    this.logger.log({ userId: user.id }, 'Password reset code sent');
  }

  /**
   * Checks `code` for the account `email`: a valid code is spent at once (it serves once), a wrong one counts
   * against the code.
   */
  async check(email: string, code: string): Promise<CodeCheck> {
    return this.dataSource.transaction(async (manager) => {
      const [row]: Array<{ code_digest: Buffer; attempts: number; expired: boolean }> = await manager.query(
        `SELECT code_digest, attempts, expires_at <= now() AS expired
           FROM password_reset_code WHERE account = $1 FOR UPDATE`,
        [email.toLowerCase()],
      );
      if (!row) return 'mismatch';
      const right = timingSafeEqual(digest(code), Buffer.from(row.code_digest));
      if (right) {
        await manager.query('DELETE FROM password_reset_code WHERE account = $1', [email.toLowerCase()]);
        return row.expired ? 'expired' : 'valid';
      }
      await manager.query(
        Number(row.attempts) + 1 >= CODE_ATTEMPTS
          ? 'DELETE FROM password_reset_code WHERE account = $1'
          : 'UPDATE password_reset_code SET attempts = attempts + 1 WHERE account = $1',
        [email.toLowerCase()],
      );
      return 'mismatch';
    });
  }
}

/** In every process: the API queues the job, a worker (or the API itself, embedded) runs it. */
@Module({ providers: [PasswordResetCodes], exports: [PasswordResetCodes] })
export class PasswordResetModule {}
