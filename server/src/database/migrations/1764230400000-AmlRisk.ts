import { type MigrationInterface, type QueryRunner } from 'typeorm';

export class AmlRisk1764230400000 implements MigrationInterface {
  name = 'AmlRisk1764230400000';

  async up(queryRunner: QueryRunner): Promise<void> {
    // The risk an AML form's answers led to, computed once when the form is printed (level, score, drivers
    // and the rules' version): the document and the request it is sent with keep the result printed on it,
    // even after the rules change. The level is a column of its own so requests can be filtered by it.
    await queryRunner.query(`ALTER TABLE document ADD COLUMN aml_risk jsonb`);
    await queryRunner.query(`
      ALTER TABLE signature_request
        ADD COLUMN aml_risk jsonb,
        ADD COLUMN aml_risk_level text CHECK (aml_risk_level IN ('low', 'medium', 'high', 'refused'))`);
    await queryRunner.query(
      `CREATE INDEX signature_request_owner_risk ON signature_request (owner_id, aml_risk_level)
         WHERE aml_risk_level IS NOT NULL`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP INDEX signature_request_owner_risk');
    await queryRunner.query('ALTER TABLE signature_request DROP COLUMN aml_risk, DROP COLUMN aml_risk_level');
    await queryRunner.query('ALTER TABLE document DROP COLUMN aml_risk');
  }
}
