import { type MigrationInterface, type QueryRunner } from 'typeorm';

/**
 * Templates' signing parties. A generated document keeps where its signature frames, its agency box and the
 * seal's area are; each signatory the party it signs for, its role and its frame.
 */
export class SigningParties1764835200000 implements MigrationInterface {
  name = 'SigningParties1764835200000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE document ADD COLUMN signature_layout jsonb`);
    await queryRunner.query(`ALTER TABLE signatory ADD COLUMN party text`);
    await queryRunner.query(`ALTER TABLE signatory ADD COLUMN role text`);
    await queryRunner.query(`ALTER TABLE signatory ADD COLUMN frame jsonb`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE signatory DROP COLUMN frame`);
    await queryRunner.query(`ALTER TABLE signatory DROP COLUMN role`);
    await queryRunner.query(`ALTER TABLE signatory DROP COLUMN party`);
    await queryRunner.query(`ALTER TABLE document DROP COLUMN signature_layout`);
  }
}
