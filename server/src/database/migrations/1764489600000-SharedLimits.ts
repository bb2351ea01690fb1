import { type MigrationInterface, type QueryRunner } from 'typeorm';

export class SharedLimits1764489600000 implements MigrationInterface {
  name = 'SharedLimits1764489600000';

  async up(queryRunner: QueryRunner): Promise<void> {
    // Fixed-window counters of every rate limit (per client IP, per route, per account), kept in the database so
    // that they hold across API replicas and restarts. Unlogged: losing the counters in a crash only resets
    // windows of at most an hour, and the writes on every request skip the WAL.
    await queryRunner.query(`
      CREATE UNLOGGED TABLE rate_limit_window (
        key text PRIMARY KEY,
        hits integer NOT NULL,
        resets_at timestamptz NOT NULL
      )`);
    await queryRunner.query(`CREATE INDEX rate_limit_window_resets_at ON rate_limit_window (resets_at)`);

    // Failed sign-ins (and password changes or resets) per account, keyed by the lower-cased e-mail whether an
    // account exists or not, so the answers never tell which addresses are accounts.
    await queryRunner.query(`
      CREATE TABLE sign_in_throttle (
        account text PRIMARY KEY,
        failures integer NOT NULL DEFAULT 0,
        last_failure_at timestamptz NOT NULL DEFAULT now(),
        locked_until timestamptz
      )`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP TABLE sign_in_throttle');
    await queryRunner.query('DROP TABLE rate_limit_window');
  }
}
