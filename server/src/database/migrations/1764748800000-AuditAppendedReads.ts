import { type MigrationInterface, type QueryRunner } from 'typeorm';

/**
 * Reads (lists, views) append their audit row with one INSERT, without locking their stream; the row is
 * chained (numbered, linked to the previous row, hashed) shortly after. Until then its chain columns are
 * empty, and the trigger allows exactly one change to a row: filling them once, nothing else.
 */
export class AuditAppendedReads1764748800000 implements MigrationInterface {
  name = 'AuditAppendedReads1764748800000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      ALTER TABLE audit_event
        ALTER COLUMN seq DROP NOT NULL,
        ALTER COLUMN prev_hash DROP NOT NULL,
        ALTER COLUMN hash DROP NOT NULL,
        ADD CONSTRAINT audit_event_chained_whole
          CHECK ((seq IS NULL) = (hash IS NULL) AND (prev_hash IS NULL) = (hash IS NULL))`);
    await queryRunner.query(
      `CREATE INDEX audit_event_unchained_idx ON audit_event (stream, id) WHERE hash IS NULL`,
    );
    await queryRunner.query(`
      CREATE OR REPLACE FUNCTION audit_event_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF TG_OP = 'UPDATE' AND OLD.hash IS NULL AND NEW.hash IS NOT NULL
           AND NEW.id = OLD.id AND NEW.stream = OLD.stream
           AND NEW.request_id IS NOT DISTINCT FROM OLD.request_id
           AND NEW.event = OLD.event AND NEW.actor_type = OLD.actor_type
           AND NEW.actor_id IS NOT DISTINCT FROM OLD.actor_id AND NEW.actor_name = OLD.actor_name
           AND NEW.ip IS NOT DISTINCT FROM OLD.ip AND NEW.user_agent IS NOT DISTINCT FROM OLD.user_agent
           AND NEW.details = OLD.details AND NEW.created_at = OLD.created_at THEN
          RETURN NEW;
        END IF;
        RAISE EXCEPTION 'audit_event is append-only';
      END $$`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE OR REPLACE FUNCTION audit_event_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        RAISE EXCEPTION 'audit_event is append-only';
      END $$`);
    await queryRunner.query('DROP INDEX audit_event_unchained_idx');
    await queryRunner.query(`
      ALTER TABLE audit_event
        DROP CONSTRAINT audit_event_chained_whole,
        ALTER COLUMN seq SET NOT NULL,
        ALTER COLUMN prev_hash SET NOT NULL,
        ALTER COLUMN hash SET NOT NULL`);
  }
}
