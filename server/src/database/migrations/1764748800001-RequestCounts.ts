import { type MigrationInterface, type QueryRunner } from 'typeorm';

/**
 * How many requests each member owns, kept by triggers in the transaction that adds or removes one, so the
 * unfiltered list (the one the back office opens) tells its exact total without counting rows.
 */
export class RequestCounts1764748800001 implements MigrationInterface {
  name = 'RequestCounts1764748800001';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE member_request_count (
        owner_id uuid PRIMARY KEY,
        requests integer NOT NULL CHECK (requests >= 0)
      )`);
    await queryRunner.query(`
      CREATE FUNCTION member_request_count_change() RETURNS trigger LANGUAGE plpgsql AS $$
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
      CREATE TRIGGER member_request_count_insert AFTER INSERT ON signature_request
      REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION member_request_count_change()`);
    await queryRunner.query(`
      CREATE TRIGGER member_request_count_delete AFTER DELETE ON signature_request
      REFERENCING OLD TABLE AS removed FOR EACH STATEMENT EXECUTE FUNCTION member_request_count_change()`);
    // Requests never change owner in the product; should one, the counts follow.
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
    await queryRunner.query(`
      INSERT INTO member_request_count (owner_id, requests)
      SELECT owner_id, count(*) FROM signature_request GROUP BY owner_id`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP TRIGGER member_request_count_owner ON signature_request');
    await queryRunner.query('DROP TRIGGER member_request_count_delete ON signature_request');
    await queryRunner.query('DROP TRIGGER member_request_count_insert ON signature_request');
    await queryRunner.query('DROP FUNCTION member_request_count_move');
    await queryRunner.query('DROP FUNCTION member_request_count_change');
    await queryRunner.query('DROP TABLE member_request_count');
  }
}
