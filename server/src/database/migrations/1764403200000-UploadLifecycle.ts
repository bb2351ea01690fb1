import { type MigrationInterface, type QueryRunner } from 'typeorm';

export class UploadLifecycle1764403200000 implements MigrationInterface {
  name = 'UploadLifecycle1764403200000';

  async up(queryRunner: QueryRunner): Promise<void> {
    // An upload's life: the bytes its address may receive (the member's quota counts them until the upload is
    // completed, or until whatever it received is deleted), when the address expires, and when completion took
    // the upload (once: a second completion, or one after a refusal, finds it taken).
    await queryRunner.query(`
      ALTER TABLE document
        ADD COLUMN upload_reserved_bytes integer CHECK (upload_reserved_bytes > 0),
        ADD COLUMN upload_expires_at timestamptz,
        ADD COLUMN upload_consumed_at timestamptz`);
    // Uploads waiting when this runs were issued for 10 MB at most and for 15 minutes.
    await queryRunner.query(`
      UPDATE document SET upload_reserved_bytes = 10485760, upload_expires_at = created_at + interval '15 minutes'
       WHERE status = 'AWAITING_UPLOAD'`);
    await queryRunner.query(
      `CREATE INDEX document_awaiting_upload_idx ON document (created_at) WHERE status = 'AWAITING_UPLOAD'`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP INDEX document_awaiting_upload_idx');
    await queryRunner.query(`
      ALTER TABLE document
        DROP COLUMN upload_reserved_bytes, DROP COLUMN upload_expires_at, DROP COLUMN upload_consumed_at`);
  }
}
