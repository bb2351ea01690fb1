import { type MigrationInterface, type QueryRunner } from 'typeorm';

/**
 * `sign_in_alert`: one row each time an account reached fifty failed sign-ins in a row from every address
 * together (it is then slowed down, not locked): what operations count to see attacks, kept 90 days.
 * `password_reset_code`: the newest reset code of each account, as a SHA-256 digest, with the wrong guesses
 * it has survived and the job that sent it (a job tried again sends no second code).
 */
export class SignInSignals1765353600000 implements MigrationInterface {
  name = 'SignInSignals1765353600000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE sign_in_alert (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        account text NOT NULL,
        failures integer NOT NULL,
        raised_at timestamptz NOT NULL DEFAULT now()
      )`);
    await queryRunner.query(`CREATE INDEX sign_in_alert_raised_idx ON sign_in_alert (raised_at)`);
    await queryRunner.query(`
      CREATE TABLE password_reset_code (
        account text PRIMARY KEY,
        code_digest bytea NOT NULL,
        attempts integer NOT NULL DEFAULT 0,
        job_id text NOT NULL,
        expires_at timestamptz NOT NULL
      )`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP TABLE password_reset_code');
    await queryRunner.query('DROP TABLE sign_in_alert');
  }
}
