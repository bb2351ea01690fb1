import { type MigrationInterface, type QueryRunner } from 'typeorm';

/** What the upload checks mended in a file (rebuilt after damage, decrypted without a password). */
export class UploadRepairs1764921600000 implements MigrationInterface {
  name = 'UploadRepairs1764921600000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE document ADD COLUMN repairs jsonb NOT NULL DEFAULT '[]'::jsonb`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE document DROP COLUMN repairs`);
  }
}
