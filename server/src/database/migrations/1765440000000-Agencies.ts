import { type MigrationInterface, type QueryRunner } from 'typeorm';

/**
 * Agencies: a member company with its staff. `agency` holds the company (its name, the company data of the
 * member's profile, its logo); each member account belongs to one agency as its `MANAGER` or an `AGENT`
 * (administrators and group members to none). A request belongs to an agency, keeps who created it
 * (`owner_id`, unchanged) and names the person in charge of it (`assignee_id`, the creator until a manager
 * reassigns it).
 *
 * Every existing member becomes an agency whose id is the member's own id, with that member as its one
 * manager. The rows that counted per member (billing lines, monthly-fee periods, request counts) already
 * carry that id, so they now count per agency without being rewritten; the audit chain is not touched. The
 * logo stays where it is stored (its key is made from that same id).
 */
export class Agencies1765440000000 implements MigrationInterface {
  name = 'Agencies1765440000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE agency (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        name text NOT NULL,
        additional_info jsonb NOT NULL DEFAULT '{}',
        logo_key text,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await queryRunner.query(`
      ALTER TABLE app_user
        ADD COLUMN agency_id uuid REFERENCES agency (id),
        ADD COLUMN agency_role text CHECK (agency_role IN ('MANAGER', 'AGENT'))`);
    await queryRunner.query(`
      INSERT INTO agency (id, name, additional_info, logo_key, created_at, updated_at)
      SELECT id, coalesce(nullif(trim(additional_info->'company'->>'name'), ''), nullif(trim(name), ''), email),
             additional_info, logo_key, created_at, updated_at
        FROM app_user WHERE role = 'MEMBER'`);
    await queryRunner.query(
      `UPDATE app_user SET agency_id = id, agency_role = 'MANAGER' WHERE role = 'MEMBER'`,
    );
    // A member always has an agency and a role in it; nobody else has either.
    await queryRunner.query(`
      ALTER TABLE app_user ADD CONSTRAINT app_user_agency CHECK (
        (role = 'MEMBER' AND agency_id IS NOT NULL AND agency_role IS NOT NULL)
        OR (role <> 'MEMBER' AND agency_id IS NULL AND agency_role IS NULL))`);
    await queryRunner.query(`CREATE INDEX app_user_agency_idx ON app_user (agency_id)`);

    // Requests: the agency of their creator (none for a group member's), and the creator in charge.
    await queryRunner.query(`
      ALTER TABLE signature_request
        ADD COLUMN agency_id uuid REFERENCES agency (id),
        ADD COLUMN assignee_id uuid REFERENCES app_user (id) ON DELETE SET NULL`);
    await queryRunner.query(`
      UPDATE signature_request r SET agency_id = u.agency_id, assignee_id = r.owner_id
        FROM app_user u WHERE u.id = r.owner_id`);
    await queryRunner.query(
      `CREATE INDEX signature_request_agency_idx ON signature_request (agency_id, created_at DESC)`,
    );
    await queryRunner.query(
      `CREATE INDEX signature_request_assignee_idx ON signature_request (assignee_id, created_at DESC)`,
    );

    // The unfiltered list's exact total, per agency now (the ids of the counted members became their
    // agencies'); a group member's requests still count under their own id.
    await queryRunner.query(`ALTER TABLE member_request_count RENAME COLUMN owner_id TO agency_id`);
    await queryRunner.query('DROP TRIGGER member_request_count_owner ON signature_request');
    await queryRunner.query('DROP FUNCTION member_request_count_move');
    await queryRunner.query(`
      CREATE OR REPLACE FUNCTION member_request_count_change() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF TG_OP IN ('INSERT', 'UPDATE') THEN
          INSERT INTO member_request_count AS c (agency_id, requests)
          SELECT coalesce(agency_id, owner_id) AS counted, count(*) FROM added GROUP BY 1 ORDER BY 1
          ON CONFLICT (agency_id) DO UPDATE SET requests = c.requests + EXCLUDED.requests;
        END IF;
        IF TG_OP IN ('DELETE', 'UPDATE') THEN
          UPDATE member_request_count c SET requests = c.requests - gone.requests
            FROM (SELECT coalesce(agency_id, owner_id) AS counted, count(*) AS requests
                    FROM removed GROUP BY 1) gone
           WHERE c.agency_id = gone.counted;
        END IF;
        RETURN NULL;
      END $$`);
    // Requests never change agency in the product; should one, the counts follow.
    await queryRunner.query(`
      CREATE FUNCTION member_request_count_move() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        UPDATE member_request_count SET requests = requests - 1
         WHERE agency_id = coalesce(OLD.agency_id, OLD.owner_id);
        INSERT INTO member_request_count AS c (agency_id, requests)
        VALUES (coalesce(NEW.agency_id, NEW.owner_id), 1)
        ON CONFLICT (agency_id) DO UPDATE SET requests = c.requests + 1;
        RETURN NULL;
      END $$`);
    await queryRunner.query(`
      CREATE TRIGGER member_request_count_agency AFTER UPDATE OF agency_id, owner_id ON signature_request
      FOR EACH ROW
      WHEN (coalesce(OLD.agency_id, OLD.owner_id) IS DISTINCT FROM coalesce(NEW.agency_id, NEW.owner_id))
      EXECUTE FUNCTION member_request_count_move()`);

    // The monthly fee is the agency's: billable while one of its people is active. A group member is still
    // billed as one account. Changes to one agency's staff take turns on the agency's row, so that two
    // deactivations at once cannot both leave the period open.
    await queryRunner.query(`
      CREATE OR REPLACE FUNCTION member_activity_track() RETURNS trigger LANGUAGE plpgsql AS $$
      DECLARE
        billed uuid[] := ARRAY[]::uuid[];
        member uuid;
        billable boolean;
      BEGIN
        IF TG_OP <> 'INSERT' AND OLD.role <> 'ADMIN' THEN
          billed := billed || coalesce(OLD.agency_id, OLD.id);
        END IF;
        IF TG_OP <> 'DELETE' AND NEW.role <> 'ADMIN' THEN
          billed := billed || coalesce(NEW.agency_id, NEW.id);
        END IF;
        FOREACH member IN ARRAY billed LOOP
          PERFORM 1 FROM agency WHERE id = member FOR UPDATE;
          SELECT EXISTS (SELECT 1 FROM app_user
                          WHERE role <> 'ADMIN' AND NOT is_disabled
                            AND (agency_id = member OR (agency_id IS NULL AND id = member)))
            INTO billable;
          IF billable THEN
            INSERT INTO member_activity (member_id, active_from) VALUES (member, now()) ON CONFLICT DO NOTHING;
          ELSE
            UPDATE member_activity SET active_until = now() WHERE member_id = member AND active_until IS NULL;
          END IF;
        END LOOP;
        RETURN NULL;
      END $$`);
    await queryRunner.query('DROP TRIGGER member_activity_track ON app_user');
    await queryRunner.query(`
      CREATE TRIGGER member_activity_track AFTER INSERT OR DELETE OR UPDATE OF role, is_disabled, agency_id
        ON app_user FOR EACH ROW EXECUTE FUNCTION member_activity_track()`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP TRIGGER member_activity_track ON app_user');
    await queryRunner.query(`
      CREATE OR REPLACE FUNCTION member_activity_track() RETURNS trigger LANGUAGE plpgsql AS $$
      DECLARE
        was_billable boolean := TG_OP = 'UPDATE' AND OLD.role <> 'ADMIN' AND NOT OLD.is_disabled;
        is_billable boolean := TG_OP <> 'DELETE' AND NEW.role <> 'ADMIN' AND NOT NEW.is_disabled;
        member uuid := CASE WHEN TG_OP = 'DELETE' THEN OLD.id ELSE NEW.id END;
      BEGIN
        IF TG_OP = 'DELETE' THEN
          was_billable := OLD.role <> 'ADMIN' AND NOT OLD.is_disabled;
        END IF;
        IF was_billable AND NOT is_billable THEN
          UPDATE member_activity SET active_until = now() WHERE member_id = member AND active_until IS NULL;
        ELSIF is_billable AND NOT was_billable THEN
          INSERT INTO member_activity (member_id, active_from) VALUES (member, now())
          ON CONFLICT DO NOTHING;
        END IF;
        RETURN NULL;
      END $$`);
    await queryRunner.query(`
      CREATE TRIGGER member_activity_track AFTER INSERT OR DELETE OR UPDATE OF role, is_disabled ON app_user
        FOR EACH ROW EXECUTE FUNCTION member_activity_track()`);

    await queryRunner.query('DROP TRIGGER member_request_count_agency ON signature_request');
    await queryRunner.query('DROP FUNCTION member_request_count_move');
    await queryRunner.query(`ALTER TABLE member_request_count RENAME COLUMN agency_id TO owner_id`);
    await queryRunner.query(`
      CREATE OR REPLACE FUNCTION member_request_count_change() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF TG_OP IN ('INSERT', 'UPDATE') THEN
          INSERT INTO member_request_count AS c (owner_id, requests)
          SELECT owner_id, count(*) FROM added GROUP BY owner_id ORDER BY owner_id
          ON CONFLICT (owner_id) DO UPDATE SET requests = c.requests + EXCLUDED.requests;
        END IF;
        IF TG_OP IN ('DELETE', 'UPDATE') THEN
          UPDATE member_request_count c SET requests = c.requests - gone.requests
            FROM (SELECT owner_id, count(*) AS requests FROM removed GROUP BY owner_id) gone
           WHERE c.owner_id = gone.owner_id;
        END IF;
        RETURN NULL;
      END $$`);
    await queryRunner.query(`
      CREATE FUNCTION member_request_count_move() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        UPDATE member_request_count SET requests = requests - 1 WHERE owner_id = OLD.owner_id;
        INSERT INTO member_request_count AS c (owner_id, requests) VALUES (NEW.owner_id, 1)
        ON CONFLICT (owner_id) DO UPDATE SET requests = c.requests + 1;
        RETURN NULL;
      END $$`);
    await queryRunner.query(`
      CREATE TRIGGER member_request_count_owner AFTER UPDATE OF owner_id ON signature_request
      FOR EACH ROW WHEN (OLD.owner_id IS DISTINCT FROM NEW.owner_id)
      EXECUTE FUNCTION member_request_count_move()`);
    // Counted per creator again.
    await queryRunner.query(`DELETE FROM member_request_count`);
    await queryRunner.query(`
      INSERT INTO member_request_count (owner_id, requests)
      SELECT owner_id, count(*) FROM signature_request GROUP BY owner_id`);

    await queryRunner.query('DROP INDEX signature_request_assignee_idx');
    await queryRunner.query('DROP INDEX signature_request_agency_idx');
    await queryRunner.query(`ALTER TABLE signature_request DROP COLUMN assignee_id, DROP COLUMN agency_id`);
    await queryRunner.query('DROP INDEX app_user_agency_idx');
    await queryRunner.query('ALTER TABLE app_user DROP CONSTRAINT app_user_agency');
    await queryRunner.query(`ALTER TABLE app_user DROP COLUMN agency_role, DROP COLUMN agency_id`);
    await queryRunner.query('DROP TABLE agency');
  }
}
