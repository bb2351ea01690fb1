import { type MigrationInterface, type QueryRunner } from 'typeorm';

/**
 * QUALIFIED signatures: the mode, its price, and the state of a signatory's round trip to the trust-service
 * provider (two OAuth authorisations, then the signature), kept until it completes, fails or expires.
 */
export class QualifiedSignatures1765008000000 implements MigrationInterface {
  name = 'QualifiedSignatures1765008000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      ALTER TABLE signature_request DROP CONSTRAINT IF EXISTS signature_request_signing_mode_check;
      ALTER TABLE signature_request ADD CONSTRAINT signature_request_signing_mode_check
        CHECK (signing_mode IN ('SIMPLE', 'ADVANCED', 'QUALIFIED'));
      ALTER TABLE price_list ADD COLUMN qualified_request_cents integer NOT NULL DEFAULT 900
        CHECK (qualified_request_cents >= 0);
      ALTER TABLE price_list ALTER COLUMN qualified_request_cents DROP DEFAULT;
      ALTER TABLE billing_event DROP CONSTRAINT IF EXISTS billing_event_kind_check;
      ALTER TABLE billing_event ADD CONSTRAINT billing_event_kind_check
        CHECK (kind IN ('REQUEST_SIMPLE', 'REQUEST_ADVANCED', 'REQUEST_QUALIFIED', 'SMS'));
      CREATE TABLE qualified_signing (
        id uuid PRIMARY KEY,
        request_id uuid NOT NULL REFERENCES signature_request(id) ON DELETE CASCADE,
        signatory_id uuid NOT NULL REFERENCES signatory(id) ON DELETE CASCADE,
        -- service: waiting for the credential's owner to sign in; credential: for the hash's authorisation.
        phase text NOT NULL CHECK (phase IN ('service', 'credential', 'signed', 'failed')),
        -- SHA-256 of the OAuth state of the current phase: the answer must carry it (CSRF, other tabs).
        state_sha256 bytea NOT NULL UNIQUE,
        code_verifier text NOT NULL,
        location text NOT NULL,
        consents jsonb NOT NULL,
        delivery_id uuid NOT NULL,
        delivered_sha256 text NOT NULL,
        client_ip text,
        user_agent text,
        credential_id text,
        certificates bytea[],
        base_revision_sha256 text,
        prepared_key text,
        contents_offset integer,
        reserved_bytes integer,
        signed_attributes bytea,
        signing_time timestamptz,
        failure text,
        created_at timestamptz NOT NULL DEFAULT now(),
        expires_at timestamptz NOT NULL,
        finished_at timestamptz
      );
      CREATE INDEX qualified_signing_signatory ON qualified_signing (signatory_id, created_at DESC);
    `);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      DROP TABLE qualified_signing;
      ALTER TABLE billing_event DROP CONSTRAINT billing_event_kind_check;
      ALTER TABLE billing_event ADD CONSTRAINT billing_event_kind_check
        CHECK (kind IN ('REQUEST_SIMPLE', 'REQUEST_ADVANCED', 'SMS'));
      ALTER TABLE price_list DROP COLUMN qualified_request_cents;
      ALTER TABLE signature_request DROP CONSTRAINT signature_request_signing_mode_check;
      ALTER TABLE signature_request ADD CONSTRAINT signature_request_signing_mode_check
        CHECK (signing_mode IN ('SIMPLE', 'ADVANCED'));
    `);
  }
}
