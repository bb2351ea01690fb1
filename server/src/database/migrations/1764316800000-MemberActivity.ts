import { type MigrationInterface, type QueryRunner } from 'typeorm';

export class MemberActivity1764316800000 implements MigrationInterface {
  name = 'MemberActivity1764316800000';

  async up(queryRunner: QueryRunner): Promise<void> {
    // When each member account was active (not an administrator, not deactivated). The monthly fee of a
    // month is owed by every member active at some moment in it, so a later deactivation or deletion never
    // rewrites a month already billed. No foreign key: accounting records outlive a deleted account.
    await queryRunner.query(`
      CREATE TABLE member_activity (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        member_id uuid NOT NULL,
        active_from timestamptz NOT NULL,
        active_until timestamptz,
        CHECK (active_until IS NULL OR active_until >= active_from)
      )`);
    await queryRunner.query(
      `CREATE UNIQUE INDEX member_activity_open ON member_activity (member_id) WHERE active_until IS NULL`,
    );
    await queryRunner.query(
      `CREATE INDEX member_activity_period ON member_activity (active_from, active_until)`,
    );

    // Kept by the database itself, in the transaction that changes the account, whatever code path does it.
    await queryRunner.query(`
      CREATE FUNCTION member_activity_track() RETURNS trigger LANGUAGE plpgsql AS $$
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

    // Accounts that exist already: active since their creation, or until their last change if deactivated
    // (the best record there is of when that happened).
    await queryRunner.query(`
      INSERT INTO member_activity (member_id, active_from, active_until)
      SELECT id, created_at, CASE WHEN is_disabled THEN greatest(updated_at, created_at) END
        FROM app_user WHERE role <> 'ADMIN'`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP TRIGGER member_activity_track ON app_user');
    await queryRunner.query('DROP FUNCTION member_activity_track()');
    await queryRunner.query('DROP TABLE member_activity');
  }
}
