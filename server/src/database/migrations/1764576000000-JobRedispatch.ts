import { type MigrationInterface, type QueryRunner } from 'typeorm';

export class JobRedispatch1764576000000 implements MigrationInterface {
  name = 'JobRedispatch1764576000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    // With Redis, a row stays DISPATCHED until the process that ran its job marks it DONE or FAILED. When it
    // was last handed to Redis tells the relay which jobs to look for again (Redis may have lost them).
    await queryRunner.query(`ALTER TABLE queued_job ADD COLUMN dispatched_at timestamptz`);
    // Rows relayed before this column existed are looked for at the next relay: nothing says they finished.
    await queryRunner.query(`UPDATE queued_job SET dispatched_at = created_at WHERE state = 'DISPATCHED'`);
    await queryRunner.query(
      `CREATE INDEX queued_job_dispatched_idx ON queued_job (dispatched_at) WHERE state = 'DISPATCHED'`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP INDEX queued_job_dispatched_idx');
    await queryRunner.query('ALTER TABLE queued_job DROP COLUMN dispatched_at');
  }
}
