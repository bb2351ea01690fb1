import { type MigrationInterface, type QueryRunner } from 'typeorm';

export class SignatureRequests1763971200000 implements MigrationInterface {
  name = 'SignatureRequests1763971200000';

  async up(queryRunner: QueryRunner): Promise<void> {
    // A document a member uploaded or generated. Its bytes live in storage under their SHA-256 once checked.
    await queryRunner.query(`
      CREATE TABLE document (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        owner_id uuid NOT NULL REFERENCES app_user (id) ON DELETE CASCADE,
        source text NOT NULL CHECK (source IN ('CUSTOM', 'TEMPLATE')),
        template_type text,
        form_data jsonb,
        file_name text,
        status text NOT NULL DEFAULT 'AWAITING_UPLOAD' CHECK (status IN ('AWAITING_UPLOAD', 'READY')),
        upload_key text,
        sha256 text,
        storage_key text,
        size_bytes integer,
        page_count integer,
        pages jsonb,
        removed jsonb NOT NULL DEFAULT '[]'::jsonb,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await queryRunner.query(`CREATE INDEX document_owner_idx ON document (owner_id, created_at DESC)`);

    await queryRunner.query(`
      CREATE TABLE signature_request (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        owner_id uuid NOT NULL REFERENCES app_user (id) ON DELETE CASCADE,
        document_id uuid NOT NULL REFERENCES document (id),
        title text NOT NULL,
        document_name text NOT NULL,
        document_type text NOT NULL CHECK (document_type IN ('CUSTOM', 'TEMPLATE')),
        template_type text,
        signing_mode text NOT NULL CHECK (signing_mode IN ('SIMPLE', 'ADVANCED')),
        signing_flow text NOT NULL CHECK (signing_flow IN ('CONCURRENT', 'SEQUENCE')),
        signature_size text NOT NULL CHECK (signature_size IN ('small', 'medium', 'default', 'large')),
        seal_page integer NOT NULL CHECK (seal_page >= 1),
        seal_size text NOT NULL CHECK (seal_size IN ('small', 'medium', 'default', 'large')),
        language text NOT NULL CHECK (language IN ('fr', 'en', 'de', 'lu')),
        status text NOT NULL DEFAULT 'INIT'
          CHECK (status IN ('INIT', 'IN_PROGRESS', 'UPDATING_DOCUMENT', 'SIGNED', 'CANCELLED')),
        document_sha256 text NOT NULL,
        signed_document_key text,
        next_reminder_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        sent_at timestamptz,
        completed_at timestamptz,
        sealed_at timestamptz,
        cancelled_at timestamptz
      )`);
    await queryRunner.query(
      `CREATE INDEX signature_request_owner_idx ON signature_request (owner_id, created_at DESC)`,
    );
    await queryRunner.query(`CREATE INDEX signature_request_status_idx ON signature_request (status)`);

    // The signing-link key is HMAC(SIGNING_LINK_SECRET, key_salt): never stored, re-derivable for reminders,
    // looked up by its SHA-256 (key_hash). Voiding a link clears both.
    await queryRunner.query(`
      CREATE TABLE signatory (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        request_id uuid NOT NULL REFERENCES signature_request (id) ON DELETE CASCADE,
        sign_order integer NOT NULL CHECK (sign_order >= 1),
        name text NOT NULL,
        email text NOT NULL,
        mobile text NOT NULL,
        placement_page integer NOT NULL CHECK (placement_page >= 1),
        placement_position text NOT NULL
          CHECK (placement_position IN ('top-left', 'top-right', 'bottom-left', 'bottom-right')),
        status text NOT NULL DEFAULT 'WAITING' CHECK (status IN ('WAITING', 'INVITED', 'SIGNED')),
        key_salt bytea,
        key_hash bytea,
        invited_at timestamptz,
        signed_at timestamptz,
        location text,
        last_reminded_at timestamptz,
        reminder_count integer NOT NULL DEFAULT 0,
        created_at timestamptz NOT NULL DEFAULT now(),
        UNIQUE (request_id, sign_order)
      )`);
    await queryRunner.query(`CREATE INDEX signatory_request_idx ON signatory (request_id, sign_order)`);
    await queryRunner.query(
      `CREATE INDEX signatory_reminder_idx ON signatory (coalesce(last_reminded_at, invited_at)) WHERE status = 'INVITED'`,
    );

    // The audit trail outlives what it describes (no foreign keys): it is the evidence.
    // One hash chain per stream (a request's id, or `member:<id>` for list views).
    // audit_stream holds each chain's head, so deleting the newest rows is detected as well.
    await queryRunner.query(`
      CREATE TABLE audit_stream (
        stream text PRIMARY KEY,
        last_seq integer NOT NULL,
        last_hash text NOT NULL
      )`);
    await queryRunner.query(`
      CREATE TABLE audit_event (
        id bigserial PRIMARY KEY,
        stream text NOT NULL,
        seq integer NOT NULL,
        request_id uuid,
        event text NOT NULL,
        actor_type text NOT NULL CHECK (actor_type IN ('MEMBER', 'ADMIN', 'SIGNATORY', 'SYSTEM')),
        actor_id text,
        actor_name text NOT NULL,
        ip text,
        user_agent text,
        details jsonb NOT NULL DEFAULT '{}'::jsonb,
        created_at timestamptz NOT NULL,
        prev_hash text NOT NULL,
        hash text NOT NULL,
        UNIQUE (stream, seq)
      )`);
    await queryRunner.query(`CREATE INDEX audit_event_request_idx ON audit_event (request_id, seq)`);
    // Append-only: the application can insert, never change or remove (an owner can still disable the
    // trigger, which is why the chain exists).
    await queryRunner.query(`
      CREATE FUNCTION audit_event_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        RAISE EXCEPTION 'audit_event is append-only';
      END $$`);
    await queryRunner.query(`
      CREATE TRIGGER audit_event_no_change BEFORE UPDATE OR DELETE ON audit_event
      FOR EACH ROW EXECUTE FUNCTION audit_event_append_only()`);
    await queryRunner.query(`
      CREATE TRIGGER audit_event_no_truncate BEFORE TRUNCATE ON audit_event
      FOR EACH STATEMENT EXECUTE FUNCTION audit_event_append_only()`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP TABLE audit_event');
    await queryRunner.query('DROP FUNCTION audit_event_append_only');
    await queryRunner.query('DROP TABLE audit_stream');
    await queryRunner.query('DROP TABLE signatory');
    await queryRunner.query('DROP TABLE signature_request');
    await queryRunner.query('DROP TABLE document');
  }
}
