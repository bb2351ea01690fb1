import { type MigrationInterface, type QueryRunner } from 'typeorm';

export class Billing1764144000000 implements MigrationInterface {
  name = 'Billing1764144000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    // Price lists are only ever added, effective from a Luxembourg calendar day; the one in force at a moment
    // is the latest whose day has begun. Amounts in cents so sums are exact; VAT in basis points (1700 = 17 %).
    await queryRunner.query(`
      CREATE TABLE price_list (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        effective_from date NOT NULL UNIQUE,
        simple_request_cents integer NOT NULL CHECK (simple_request_cents >= 0),
        advanced_request_cents integer NOT NULL CHECK (advanced_request_cents >= 0),
        sms_cents integer NOT NULL CHECK (sms_cents >= 0),
        member_monthly_fee_cents integer CHECK (member_monthly_fee_cents >= 0),
        vat_basis_points integer NOT NULL CHECK (vat_basis_points BETWEEN 0 AND 10000),
        created_by uuid REFERENCES app_user (id) ON DELETE SET NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    // Every event needs a list in force; until an administrator sets prices, nothing is charged (not
    // invented prices). Luxembourg's standard VAT rate.
    await queryRunner.query(`
      INSERT INTO price_list (effective_from, simple_request_cents, advanced_request_cents, sms_cents, vat_basis_points)
      VALUES ('2020-01-01', 0, 0, 0, 1700)`);

    // One row per billable event, written in the event's own transaction; the unique key makes a retried
    // job a no-op. The price is copied from the list in force when it happened, so a later list never
    // reprices it. No foreign key to the member: accounting records outlive a deleted account.
    await queryRunner.query(`
      CREATE TABLE billing_event (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        member_id uuid NOT NULL,
        kind text NOT NULL CHECK (kind IN ('REQUEST_SIMPLE', 'REQUEST_ADVANCED', 'SMS')),
        source_id uuid NOT NULL,
        occurred_at timestamptz NOT NULL DEFAULT now(),
        price_list_id uuid NOT NULL REFERENCES price_list (id),
        unit_price_cents integer NOT NULL,
        vat_basis_points integer NOT NULL,
        UNIQUE (kind, source_id)
      )`);
    await queryRunner.query(`CREATE INDEX billing_event_month_idx ON billing_event (occurred_at, member_id)`);
    await queryRunner.query(
      `CREATE INDEX billing_event_member_idx ON billing_event (member_id, occurred_at)`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP TABLE billing_event');
    await queryRunner.query('DROP TABLE price_list');
  }
}
