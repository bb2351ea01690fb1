import { type MigrationInterface, type QueryRunner } from 'typeorm';

/**
 * Failed sign-ins are counted per account and per address the attempts come from (`address`: an IPv4
 * address or an IPv6 /64), besides the account's own count over every address (`address = ''`, the rows
 * that existed before). One address's failures lock that address out of the account; only many failures in
 * a row, from anywhere, lock the account itself. `notified_at` (on the account's row) is when its owner was
 * last told of a lock, so a guesser moving between addresses cannot flood the owner's mailbox.
 */
export class SignInThrottleByAddress1765180800000 implements MigrationInterface {
  name = 'SignInThrottleByAddress1765180800000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE sign_in_throttle ADD COLUMN address text NOT NULL DEFAULT ''`);
    await queryRunner.query(`ALTER TABLE sign_in_throttle ADD COLUMN notified_at timestamptz`);
    await queryRunner.query(`ALTER TABLE sign_in_throttle DROP CONSTRAINT sign_in_throttle_pkey`);
    await queryRunner.query(`ALTER TABLE sign_in_throttle ADD PRIMARY KEY (account, address)`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DELETE FROM sign_in_throttle WHERE address <> ''`);
    await queryRunner.query(`ALTER TABLE sign_in_throttle DROP CONSTRAINT sign_in_throttle_pkey`);
    await queryRunner.query(`ALTER TABLE sign_in_throttle ADD PRIMARY KEY (account)`);
    await queryRunner.query(`ALTER TABLE sign_in_throttle DROP COLUMN notified_at`);
    await queryRunner.query(`ALTER TABLE sign_in_throttle DROP COLUMN address`);
  }
}
