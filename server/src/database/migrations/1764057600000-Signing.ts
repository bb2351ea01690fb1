import { type MigrationInterface, type QueryRunner } from 'typeorm';

export class Signing1764057600000 implements MigrationInterface {
  name = 'Signing1764057600000';

  async up(queryRunner: QueryRunner): Promise<void> {
    // A one-time code exists only as an HMAC bound to the request, the signatory, the phone and the document
    // hash. A new code voids the previous one; using it is one guarded UPDATE (used_at IS NULL).
    await queryRunner.query(`
      CREATE TABLE one_time_code (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        request_id uuid NOT NULL REFERENCES signature_request (id) ON DELETE CASCADE,
        signatory_id uuid NOT NULL REFERENCES signatory (id) ON DELETE CASCADE,
        phone text NOT NULL,
        document_sha256 text NOT NULL,
        code_mac bytea NOT NULL,
        failed_attempts integer NOT NULL DEFAULT 0,
        created_at timestamptz NOT NULL DEFAULT now(),
        expires_at timestamptz NOT NULL,
        used_at timestamptz,
        voided_at timestamptz,
        outbox_message_id uuid
      )`);
    await queryRunner.query(
      `CREATE INDEX one_time_code_signatory_idx ON one_time_code (signatory_id, created_at DESC)`,
    );
    await queryRunner.query(`CREATE INDEX one_time_code_phone_idx ON one_time_code (phone, created_at DESC)`);

    await queryRunner.query(`ALTER TABLE outbox_message ADD COLUMN redacted_body text`);
    await queryRunner.query(`
      ALTER TABLE signatory
        ADD COLUMN otp_failures integer NOT NULL DEFAULT 0,
        ADD COLUMN otp_locked_at timestamptz,
        ADD COLUMN consents jsonb,
        ADD COLUMN signed_ip text,
        ADD COLUMN signed_user_agent text,
        ADD COLUMN certificate_serial text,
        ADD COLUMN certificate_fingerprint text,
        ADD COLUMN signed_revision_sha256 text`);

    // The working copy: after each ADVANCED signature the document is a new revision (an incremental
    // update of the previous one), stored under its own key.
    await queryRunner.query(`
      ALTER TABLE signature_request
        ADD COLUMN current_document_key text,
        ADD COLUMN current_document_sha256 text,
        ADD COLUMN revision integer NOT NULL DEFAULT 0,
        ADD COLUMN final_sha256 text,
        ADD COLUMN seal_attempts integer NOT NULL DEFAULT 0,
        ADD COLUMN seal_error text,
        ADD COLUMN updating_since timestamptz`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      ALTER TABLE signature_request
        DROP COLUMN current_document_key, DROP COLUMN current_document_sha256, DROP COLUMN revision,
        DROP COLUMN final_sha256, DROP COLUMN seal_attempts, DROP COLUMN seal_error, DROP COLUMN updating_since`);
    await queryRunner.query(`
      ALTER TABLE signatory
        DROP COLUMN otp_failures, DROP COLUMN otp_locked_at, DROP COLUMN consents, DROP COLUMN signed_ip,
        DROP COLUMN signed_user_agent, DROP COLUMN certificate_serial, DROP COLUMN certificate_fingerprint,
        DROP COLUMN signed_revision_sha256`);
    await queryRunner.query('DROP TABLE one_time_code');
    await queryRunner.query('ALTER TABLE outbox_message DROP COLUMN redacted_body');
  }
}
