import { type MigrationInterface, type QueryRunner } from 'typeorm';

const REQUEST_STATUSES = `'INIT', 'IN_PROGRESS', 'UPDATING_DOCUMENT', 'SIGNED', 'CANCELLED'`;
const SIGNATORY_STATUSES = `'WAITING', 'INVITED', 'SIGNED'`;

export class DeliveryDeclineExpiry1764662400000 implements MigrationInterface {
  name = 'DeliveryDeclineExpiry1764662400000';

  async up(queryRunner: QueryRunner): Promise<void> {
    // Every time a signing link receives the document: which bytes (their SHA-256 and the working revision, or
    // NULL for the sealed final document), when the server began and finished sending them, to which client.
    // A code is sent only to a signatory whose link received the complete current revision (completed_at set,
    // same hash).
    await queryRunner.query(`
      CREATE TABLE document_delivery (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        request_id uuid NOT NULL REFERENCES signature_request (id) ON DELETE CASCADE,
        signatory_id uuid NOT NULL REFERENCES signatory (id) ON DELETE CASCADE,
        document_sha256 text NOT NULL,
        revision integer,
        size_bytes integer NOT NULL,
        started_at timestamptz NOT NULL DEFAULT now(),
        completed_at timestamptz,
        aborted_at timestamptz,
        ip text,
        user_agent text
      )`);
    await queryRunner.query(
      `CREATE INDEX document_delivery_signatory_idx ON document_delivery (signatory_id, document_sha256)`,
    );

    // DECLINED (a signatory declined, with a reason) and EXPIRED (the expiry date passed) are final statuses.
    await queryRunner.query(`
      ALTER TABLE signature_request
        DROP CONSTRAINT signature_request_status_check,
        ADD CONSTRAINT signature_request_status_check
          CHECK (status IN (${REQUEST_STATUSES}, 'DECLINED', 'EXPIRED')),
        ADD COLUMN expires_at timestamptz,
        ADD COLUMN expired_at timestamptz,
        ADD COLUMN declined_at timestamptz,
        ADD COLUMN declined_by uuid REFERENCES signatory (id) ON DELETE SET NULL,
        ADD COLUMN decline_reason text`);
    // Requests made before expiry dates existed get 30 days from when they were sent, and never less than 30
    // days from this upgrade: installing a new version closes no request that was open.
    await queryRunner.query(`
      UPDATE signature_request
         SET expires_at = greatest(coalesce(sent_at, created_at), now()) + interval '30 days'`);
    await queryRunner.query(`ALTER TABLE signature_request ALTER COLUMN expires_at SET NOT NULL`);
    await queryRunner.query(
      `CREATE INDEX signature_request_expiry_idx ON signature_request (expires_at)
        WHERE status IN ('INIT', 'IN_PROGRESS')`,
    );

    // language: the language the signatory last used on the signing page, for what is sent to them later.
    await queryRunner.query(`
      ALTER TABLE signatory
        DROP CONSTRAINT signatory_status_check,
        ADD CONSTRAINT signatory_status_check CHECK (status IN (${SIGNATORY_STATUSES}, 'DECLINED')),
        ADD COLUMN declined_at timestamptz,
        ADD COLUMN language text CHECK (language IN ('fr', 'en', 'de', 'lu'))`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      ALTER TABLE signatory
        DROP CONSTRAINT signatory_status_check,
        ADD CONSTRAINT signatory_status_check CHECK (status IN (${SIGNATORY_STATUSES})),
        DROP COLUMN declined_at,
        DROP COLUMN language`);
    await queryRunner.query('DROP INDEX signature_request_expiry_idx');
    await queryRunner.query(`
      ALTER TABLE signature_request
        DROP CONSTRAINT signature_request_status_check,
        ADD CONSTRAINT signature_request_status_check CHECK (status IN (${REQUEST_STATUSES})),
        DROP COLUMN expires_at,
        DROP COLUMN expired_at,
        DROP COLUMN declined_at,
        DROP COLUMN declined_by,
        DROP COLUMN decline_reason`);
    await queryRunner.query('DROP TABLE document_delivery');
  }
}
