import { type MigrationInterface, type QueryRunner } from 'typeorm';

/**
 * A completion's claim on an upload becomes a lease: `upload_claim` names the completion holding it and
 * `upload_claim_expires_at` when its hold ends unless renewed, so an upload whose completion died (the process
 * killed) can be completed again once the lease has run out, instead of answering 409 until the stale-upload
 * sweep. A claim with no expiry is a spent upload (its file was refused). Uploads taken before this migration
 * cannot be told apart: they stay spent, as they were.
 */
export class UploadClaimLease1765267200000 implements MigrationInterface {
  name = 'UploadClaimLease1765267200000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      ALTER TABLE document
        ADD COLUMN upload_claim uuid,
        ADD COLUMN upload_claim_expires_at timestamptz`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `ALTER TABLE document DROP COLUMN upload_claim, DROP COLUMN upload_claim_expires_at`,
    );
  }
}
